/// The links a mediator saw arrive recently: the memory behind ``Mediator/URLOptions/duplicateWindow``.
///
/// A ring of at most `capacity` arrivals, so memory stays bounded however many links arrive; an
/// arrival older than the window no longer counts, and the oldest is overwritten when the ring is
/// full. Guarded by `Mediator.recentLinks`; nothing here runs user code.
struct RecentLinks {
    /// The most links remembered at once.
    static let capacity = 64

    /// What makes two arrivals the same link: the URL as parsed (scheme and host compared without
    /// case, the rest as written) and the call's source.
    struct Key: Equatable {
        let url: String
        let source: MediatorCallSource

        init(url: String, source: MediatorCallSource) {
            self.url = Self.normalized(url)
            self.source = source
        }

        /// The URL with its scheme and authority lowercased, as the router compares them.
        static func normalized(_ url: String) -> String {
            let bytes = Array(url.utf8)
            var index = 0
            // The scheme ends at the first `:`; one that is not followed by `//` has no authority.
            while index < bytes.count, bytes[index] != UInt8(ascii: ":") { index += 1 }
            guard index + 2 < bytes.count, bytes[index + 1] == UInt8(ascii: "/"), bytes[index + 2] == UInt8(ascii: "/")
            else { return url }
            var end = index + 3
            while end < bytes.count, ![UInt8(ascii: "/"), UInt8(ascii: "?"), UInt8(ascii: "#")].contains(bytes[end]) {
                end += 1
            }
            let head = bytes[..<end].map { $0 >= UInt8(ascii: "A") && $0 <= UInt8(ascii: "Z") ? $0 + 32 : $0 }
            return String(decoding: head + bytes[end...], as: UTF8.self)
        }
    }

    private var keys: [Key] = []
    private var arrivals: [ContinuousClock.Instant] = []
    /// Where the next arrival is written once the ring is full.
    private var next = 0

    /// Records an arrival unless the same link arrived within `window` before it.
    /// - Returns: `true` for a first arrival (recorded), `false` for a duplicate (not recorded, so the
    ///   window runs from the first arrival, and a link repeated forever is not kept alive by itself).
    mutating func arrive(_ key: Key, at now: ContinuousClock.Instant, window: Duration) -> Bool {
        for index in keys.indices where keys[index] == key && arrivals[index].duration(to: now) <= window {
            return false
        }
        if keys.count < Self.capacity {
            keys.append(key)
            arrivals.append(now)
        } else {
            keys[next] = key
            arrivals[next] = now
            next = (next + 1) % Self.capacity
        }
        return true
    }

    /// How many arrivals are remembered (at most ``capacity``).
    var count: Int { keys.count }
}

/// De-duplication, part of the entry stage of every door that opens a link (`open`, `openAsync`,
/// a held link continuing, a link held at cold start): the same link arriving again within the
/// URL options' duplicate window does not run.
extension Mediator {
    /// Refuses a link that duplicates one seen within the window, before it is admitted or routed,
    /// so a duplicate of a held link is refused too rather than held. A held link continuing is not
    /// checked again: its first arrival was.
    /// - Parameters:
    ///   - state: The link's call as it entered (observers see it with ``MediatorCall/Outcome/duplicate``).
    ///   - options: The URL options of the snapshot the door read.
    /// - Throws: ``MediatorError/Code/duplicateLink``.
    @inline(__always)
    func refuseDuplicate(_ state: @autoclosure () -> CallState, url: String, options: URLOptions) throws {
        guard options.duplicateWindow > .zero else { return }
        try refuseDuplicate(state(), url: url, window: options.duplicateWindow)
    }

    private func refuseDuplicate(_ state: CallState, url: String, window: Duration) throws {
        guard state.hold == nil else { return }
        let now = ContinuousClock.now
        let key = RecentLinks.Key(url: url, source: state.source)
        guard !recentLinks.withLock({ $0.arrive(key, at: now, window: window) }) else { return }
        // No interceptor ran, so none saw the call: they see it as a duplicate here, with its context.
        report(state.interceptorView, now) { .duplicate }
        throw MediatorError.duplicateLink(url, after: window)
    }
}
