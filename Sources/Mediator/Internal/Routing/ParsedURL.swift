/// A URL split into its components and decoded once, ready for routing.
///
/// Produced by `URLParser` in a single pass; nothing here is re-parsed or re-decoded later.
struct ParsedURL: Sendable {
    /// The scheme, lowercased.
    var scheme: String
    /// The decoded authority host in its original case; `nil` when the URL has no `//` authority.
    var host: String?
    /// The decoded path segments, with empty and dot segments already removed.
    var segments: [String]
    /// The decoded query items (and fragment items when merged), in order.
    var values: URLValues
    /// The fragment's text after `#`, not decoded.
    var fragment: String?

    /// The path the router matches: for an app scheme the host is the first segment.
    func path(hostIsSegment: Bool) -> URLPath {
        URLPath(first: hostIsSegment ? host.flatMap { $0.isEmpty ? nil : $0 } : nil, rest: segments)
    }
}

/// The segments a route is matched against, with an optional leading segment (an app scheme's host)
/// kept apart so it never has to be inserted into the array.
struct URLPath: Sendable {
    let first: String?
    let rest: [String]

    init(first: String?, rest: [String]) {
        self.first = first
        self.rest = rest
    }

    /// The number of segments.
    var count: Int { rest.count + (first == nil ? 0 : 1) }

    /// The segment at `index`.
    subscript(index: Int) -> String {
        if let first {
            return index == 0 ? first : rest[index - 1]
        }
        return rest[index]
    }

    /// The segments from `index` on, for a wildcard's value.
    func segments(from index: Int) -> [String] {
        (index..<count).map { self[$0] }
    }

    /// The path as `/a/b`, for messages.
    var text: String { "/" + segments(from: 0).joined(separator: "/") }
}
