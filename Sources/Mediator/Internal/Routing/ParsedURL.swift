/// A URL split into its components and decoded once by `URLParser`, ready for routing.
struct ParsedURL: Sendable {
    /// The scheme, lowercased.
    let scheme: String
    /// The decoded authority host in its original case; `nil` when the URL has no `//` authority.
    let host: String?
    /// The decoded path segments, with empty and dot segments already removed.
    let segments: [String]
    /// The decoded query (and, when merged, fragment) items, to which routing adds the path's values.
    var values: URLValues
    /// The fragment's text after `#`, not decoded.
    let fragment: String?

    /// The path the router matches: for an app scheme the host is the first segment.
    func path(hostIsSegment: Bool) -> URLPath {
        URLPath(first: hostIsSegment ? host.flatMap { $0.isEmpty ? nil : $0 } : nil, rest: segments)
    }
}

/// A routed URL's values, handed to the pipeline as one immutable reference. Its fields are the
/// routing's result taken apart, so reading one never copies the others.
@usableFromInline
final class URLInput: Sendable {
    private let items: [URLValues.Item]
    private let fragmentStart: Int
    private let captures: [URLValues.Capture]
    private let wildcard: (name: String, segments: [String])?

    init(_ values: URLValues) {
        items = values.items
        fragmentStart = values.fragmentStart
        captures = values.captures
        wildcard = values.wildcard
    }

    /// The values as routing left them, for everything but the hot read below.
    var values: URLValues {
        URLValues(items: items, fragmentStart: fragmentStart, captures: captures, wildcard: wildcard)
    }

    /// Whether the URL has a value for `key`, and the value when it is one string (a placeholder,
    /// or a query item that does not repeat); read in place, without building a `RawParameter`.
    func singleText(_ key: String) -> (found: Bool, text: String?) {
        for capture in captures where capture.name == key { return (true, capture.value) }
        if wildcard?.name == key { return (true, nil) }
        var found: String?
        for item in items where item.key == key {
            if found != nil { return (true, nil) }
            found = item.value
        }
        return (found != nil, found)
    }
}

/// The values a URL supplies: what its route captured from the path, then its query (and fragment) items.
struct URLValues: Sendable {
    /// One query (or fragment) item.
    struct Item: Sendable {
        let key: String
        let value: String
    }

    /// One placeholder's value.
    struct Capture: Sendable {
        let name: String
        var value: String
    }

    /// Query items in order, then fragment items (when merged); the query wins over the fragment.
    private(set) var items: [Item]
    /// Where the fragment's items start in `items`.
    private(set) var fragmentStart: Int
    /// Placeholder values, in the route's order; they win over query items.
    private(set) var captures: [Capture] = []
    /// A trailing wildcard's segments, each decoded on its own.
    private(set) var wildcard: (name: String, segments: [String])?

    init(items: [Item], fragmentStart: Int, captures: [Capture] = [], wildcard: (name: String, segments: [String])? = nil) {
        self.items = items
        self.fragmentStart = fragmentStart
        self.captures = captures
        self.wildcard = wildcard
    }

    // MARK: Routing writes

    /// Sets a placeholder's value, replacing one of the same name.
    mutating func capture(_ name: String, text value: String) {
        if wildcard?.name == name { wildcard = nil }
        for index in captures.indices where captures[index].name == name {
            captures[index].value = value
            return
        }
        if captures.isEmpty { captures.reserveCapacity(4) }
        captures.append(Capture(name: name, value: value))
    }

    /// Sets a wildcard's segments, replacing a value of the same name.
    mutating func capture(_ name: String, segments: [String]) {
        captures.removeAll { $0.name == name }
        wildcard = (name, segments)
    }

    /// Replaces every value with one item: what a degraded route hands its web fallback.
    mutating func replaceAll(with item: Item) {
        items = [item]
        fragmentStart = 1
        captures = []
        wildcard = nil
    }

    // MARK: Reading values

    /// The value for a key: a capture, else the query's items (all of them, if the key repeats), else the fragment's.
    func raw(_ key: String) -> RawParameter? {
        for capture in captures where capture.name == key { return .text(capture.value) }
        if let wildcard, wildcard.name == key { return .segments(wildcard.segments) }
        if let found = collect(key, in: 0..<fragmentStart) { return found }
        return collect(key, in: fragmentStart..<items.count)
    }

    private func collect(_ key: String, in range: Range<Int>) -> RawParameter? {
        var first: String?
        var many: [String]?
        for index in range where items[index].key == key {
            if let existing = first {
                if many == nil { many = [existing] }
                many?.append(items[index].value)
            } else {
                first = items[index].value
            }
        }
        if let many { return .texts(many) }
        return first.map(RawParameter.text)
    }

    /// Every key's value as a call by name would supply it.
    func materialized() -> [String: any Sendable] {
        var result: [String: any Sendable] = [:]
        for item in items where result[item.key] == nil {
            if let value = raw(item.key) { result[item.key] = value.materialized }
        }
        for capture in captures { result[capture.name] = capture.value }
        if let wildcard { result[wildcard.name] = RawParameter.segments(wildcard.segments).materialized }
        return result
    }

    /// A value's string form for filling templates (redirect paths, degraded web URLs), if it has one.
    func text(_ key: String) -> String? {
        switch raw(key) {
        case .text(let text)?: text
        case .texts(let list)?: list.first
        case .segments(let list)?: list.joined(separator: "/")
        case .value(let value)?: value as? String
        case nil: nil
        }
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
