/// Where one component of a parsed URL is: a range of the URL's UTF-8 bytes, or, for a component
/// whose escapes had to be decoded, the index of its decoded text in `ParsedURL.decoded`.
///
/// Invariant: a byte range lies within the URL's UTF-8 (`start <= end <= count`) and is cut at
/// ASCII delimiters, so its bytes are valid UTF-8 on their own; `start == decodedMark` marks a
/// decoded component, with `end` its index. URLs are shorter than `decodedMark` bytes (the parser
/// refuses longer ones), so no byte range can be mistaken for a decoded one.
struct URLSpan: Sendable {
    let start: UInt32
    let end: UInt32

    /// The `start` of a decoded component.
    static let decodedMark = UInt32.max

    /// An empty range, for a query key without `=` (its value is the empty string).
    static let empty = URLSpan(start: 0, end: 0)

    init(start: UInt32, end: UInt32) {
        self.start = start
        self.end = end
    }

    /// The bytes `start..<end` of the URL; the parser has checked that they fit in 32 bits.
    init(_ start: Int, _ end: Int) {
        self.start = UInt32(truncatingIfNeeded: start)
        self.end = UInt32(truncatingIfNeeded: end)
    }

    /// A decoded component: the text at `index` in `ParsedURL.decoded`.
    init(decodedAt index: Int) {
        start = Self.decodedMark
        end = UInt32(truncatingIfNeeded: index)
    }

    /// Whether the component's text is in `ParsedURL.decoded` rather than in the URL's bytes.
    var isDecoded: Bool { start == Self.decodedMark }

    /// Whether the component is empty (a decoded one never is: it had at least one escape).
    var isEmpty: Bool { start == end }
}

/// A URL's path segments, then its items' keys and values, in order: the first sixteen in place,
/// so the URLs an app really opens are parsed and routed without allocating for them; past that,
/// all of them in an array.
struct URLSpans: Sendable {
    /// How many spans are kept in place.
    static let inlineCapacity = 16

    private var inline:
        (
            URLSpan, URLSpan, URLSpan, URLSpan, URLSpan, URLSpan, URLSpan, URLSpan, URLSpan, URLSpan, URLSpan, URLSpan,
            URLSpan, URLSpan, URLSpan, URLSpan
        ) = (
            .empty, .empty, .empty, .empty, .empty, .empty, .empty, .empty, .empty, .empty, .empty, .empty, .empty, .empty,
            .empty, .empty
        )
    /// Every span once there are more than fit in place; `nil` until then.
    private var spilled: [URLSpan]?
    /// The number of spans.
    private(set) var count = 0

    /// The span at `index` (`0..<count`). A switch, not a pointer into the tuple: safe, and a jump
    /// table is as fast. Always inlined: a call would pass these 144 bytes as a copy (a `memcpy`
    /// per span read, twice per parameter an `open` decodes).
    @inline(__always)
    subscript(index: Int) -> URLSpan {
        if let spilled { return spilled[index] }
        switch index {
        case 0: return inline.0
        case 1: return inline.1
        case 2: return inline.2
        case 3: return inline.3
        case 4: return inline.4
        case 5: return inline.5
        case 6: return inline.6
        case 7: return inline.7
        case 8: return inline.8
        case 9: return inline.9
        case 10: return inline.10
        case 11: return inline.11
        case 12: return inline.12
        case 13: return inline.13
        case 14: return inline.14
        default: return inline.15
        }
    }

    /// Adds a span at the end.
    mutating func append(_ span: URLSpan) {
        if spilled != nil {
            spilled?.append(span)
        } else if count < Self.inlineCapacity {
            setInline(count, span)
        } else {
            var all: [URLSpan] = []
            all.reserveCapacity(Self.inlineCapacity * 4)
            for index in 0..<count { all.append(self[index]) }
            all.append(span)
            spilled = all
        }
        count += 1
    }

    /// Removes the last span (a `..` path segment removes the one before it).
    mutating func removeLast() {
        guard count > 0 else { return }
        spilled?.removeLast()
        count -= 1
    }

    private mutating func setInline(_ index: Int, _ span: URLSpan) {
        switch index {
        case 0: inline.0 = span
        case 1: inline.1 = span
        case 2: inline.2 = span
        case 3: inline.3 = span
        case 4: inline.4 = span
        case 5: inline.5 = span
        case 6: inline.6 = span
        case 7: inline.7 = span
        case 8: inline.8 = span
        case 9: inline.9 = span
        case 10: inline.10 = span
        case 11: inline.11 = span
        case 12: inline.12 = span
        case 13: inline.13 = span
        case 14: inline.14 = span
        default: inline.15 = span
        }
    }
}

/// A URL checked and split into its components by `URLParser`, ready for routing: the URL's text
/// and where each component is in it. A component's string is made only when something reads it,
/// and decoded text exists only for components that had escapes.
struct ParsedURL: Sendable {
    /// The URL, whose UTF-8 the spans index (a contiguous copy when the caller's was not).
    let text: String
    /// Where the scheme ends (it starts at byte 0).
    let schemeEnd: Int
    /// The decoded authority host in its original case; `nil` when the URL has no `//` authority.
    let hostSpan: URLSpan?
    /// The path segments (`0..<segmentCount`), then each item's key and value.
    let spans: URLSpans
    /// The number of path segments, with empty and dot segments already removed.
    let segmentCount: Int
    /// Where the fragment's items start among the items (all items come from the query if none).
    let fragmentStart: Int
    /// The fragment after `#`, not decoded.
    let fragmentSpan: URLSpan?
    /// The decoded text of the components that had escapes (or `+` read as a space); `nil` when none had.
    let decoded: [String]?
    /// Whether the host is the path's first segment (an app scheme's URL); the router sets it.
    var hostIsSegment = false

    init(
        text: String, schemeEnd: Int, host: URLSpan?, spans: URLSpans, segmentCount: Int, fragmentStart: Int,
        fragment: URLSpan?, decoded: [String]
    ) {
        self.text = text
        self.schemeEnd = schemeEnd
        self.hostSpan = host
        self.spans = spans
        self.segmentCount = segmentCount
        self.fragmentStart = fragmentStart
        self.fragmentSpan = fragment
        self.decoded = decoded.isEmpty ? nil : decoded
    }

    // MARK: Bytes

    /// Runs `body` with the URL's UTF-8 bytes. The parser made `text` contiguous, so the copy below
    /// never runs; it keeps this path free of a crash if that ever changed.
    @inline(__always)
    func withBytes<Result>(_ body: (UnsafeRawBufferPointer) -> Result) -> Result {
        text.withUTF8Bytes(body)
    }

    /// Runs `body` with a component's decoded UTF-8 bytes.
    @inline(__always)
    func withBytes<Result>(of span: URLSpan, _ body: (UnsafeRawBufferPointer) -> Result) -> Result {
        if span.isDecoded { return (decoded?[Int(span.end)] ?? "").withUTF8Bytes(body) }
        return withBytes { bytes in
            body(UnsafeRawBufferPointer(rebasing: bytes[Int(span.start)..<Int(span.end)]))
        }
    }

    /// A component's decoded text.
    @inline(__always)
    func string(_ span: URLSpan) -> String {
        if span.isDecoded { return decoded?[Int(span.end)] ?? "" }
        return withBytes(of: span) { String(decoding: $0, as: UTF8.self) }
    }

    /// Whether a component's decoded text is `key`. Equal bytes are equal strings; unequal ones
    /// are unequal strings when both are ASCII; only otherwise does Swift's canonical equivalence
    /// (which the values' readers have always used) need a string.
    @inline(__always)
    func component(_ span: URLSpan, is key: String) -> Bool {
        let answer: Bool? = key.withUTF8Bytes { keyBytes in
            withBytes(of: span) { bytes in
                if bytes.hasSameBytes(as: keyBytes) { return true }
                if bytes.isASCII && keyBytes.isASCII { return false }
                return nil
            }
        }
        return answer ?? (string(span) == key)
    }

    // MARK: Components

    /// The scheme, lowercased.
    var scheme: String {
        withBytes { bytes in
            ASCII.lowercased(String(decoding: UnsafeRawBufferPointer(rebasing: bytes[0..<schemeEnd]), as: UTF8.self))
        }
    }

    /// Whether the scheme is `name` (lowercase ASCII), compared without making a string. Inlined,
    /// as every reader of a `ParsedURL` on the hot path: a call would copy its 225 bytes.
    @inline(__always)
    func schemeIs(_ name: String) -> Bool {
        // Both as bytes: walking `name.utf8` cost more than the comparison (every open asks once
        // per registered scheme).
        name.withUTF8Bytes { expected in
            guard expected.count == schemeEnd else { return false }
            return withBytes { bytes in
                for index in 0..<schemeEnd {
                    // Scheme bytes are ASCII letters, digits, `+`, `-` and `.`: setting bit 5 lowercases a letter.
                    let byte = bytes[index]
                    if (byte.isASCIILetter ? byte | 0x20 : byte) != expected[index] { return false }
                }
                return true
            }
        }
    }

    /// The decoded authority host in its original case; `nil` when the URL has no `//` authority.
    var host: String? { hostSpan.map(string) }

    /// The decoded path segments, with empty and dot segments already removed.
    var segments: [String] { (0..<segmentCount).map { string(spans[$0]) } }

    /// The fragment's text after `#`, not decoded.
    var fragment: String? { fragmentSpan.map(string) }

    /// The number of query (and merged fragment) items.
    var itemCount: Int { (spans.count - segmentCount) / 2 }

    /// The key of item `index`.
    @inline(__always)
    func keySpan(_ index: Int) -> URLSpan { spans[segmentCount + 2 * index] }

    /// The value of item `index`.
    @inline(__always)
    func valueSpan(_ index: Int) -> URLSpan { spans[segmentCount + 2 * index + 1] }

    /// The query (and merged fragment) items as strings, without any path value.
    var values: URLValues {
        let items = (0..<itemCount).map { URLValues.Item(key: string(keySpan($0)), value: string(valueSpan($0))) }
        return URLValues(items: items, fragmentStart: fragmentStart)
    }

    // MARK: Path

    /// Whether the path starts with the host (an app scheme's URL with a non-empty host).
    private var pathHasHost: Bool {
        guard hostIsSegment, let hostSpan else { return false }
        return !hostSpan.isEmpty
    }

    /// The span of path segment `index`, the host counting as the first when it is one.
    @inline(__always)
    func pathSpan(_ index: Int) -> URLSpan {
        guard pathHasHost, let hostSpan else { return spans[index] }
        return index == 0 ? hostSpan : spans[index - 1]
    }

    /// The decoded path segments from `index` on, for a wildcard's value.
    func pathSegments(from index: Int) -> [String] {
        (index..<count).map { string(pathSpan($0)) }
    }

    /// The path as strings, for the paths that are not hot: errors, suggestions, configuration rules.
    var path: URLPath {
        URLPath(first: pathHasHost ? host : nil, rest: segments)
    }

    // MARK: Values

    /// Whether the URL has a value for `key`, and the value when it is one string (a placeholder of
    /// the route's `shape`, or a query item that does not repeat); read in place, making only the
    /// string returned.
    @inline(__always)
    func singleText(_ key: String, shape: RoutePattern.Shape) -> (found: Bool, text: String?) {
        if let index = Self.capture(key, in: shape) {
            guard case .placeholder = shape[index] else { return (true, nil) }
            return (true, string(pathSpan(index)))
        }
        var found: URLSpan?
        for item in 0..<itemCount where component(keySpan(item), is: key) {
            if found != nil { return (true, nil) }
            found = valueSpan(item)
        }
        guard let found else { return (false, nil) }
        return (true, string(found))
    }

    /// The value for a key: a placeholder or wildcard of the route's `shape`, else the query's items
    /// (all of them, if the key repeats), else the fragment's; as `URLValues.raw` reads it.
    func raw(_ key: String, shape: RoutePattern.Shape) -> RawParameter? {
        if let index = Self.capture(key, in: shape) {
            guard case .placeholder = shape[index] else { return .segments(pathSegments(from: index)) }
            return .text(string(pathSpan(index)))
        }
        if let found = collect(key, in: 0..<fragmentStart) { return found }
        return collect(key, in: fragmentStart..<itemCount)
    }

    private func collect(_ key: String, in range: Range<Int>) -> RawParameter? {
        var first: URLSpan?
        var many: [String]?
        for item in range where component(keySpan(item), is: key) {
            if let existing = first {
                if many == nil { many = [string(existing)] }
                many?.append(string(valueSpan(item)))
            } else {
                first = valueSpan(item)
            }
        }
        if let many { return .texts(many) }
        return first.map { .text(string($0)) }
    }

    /// The position of the placeholder or wildcard named `key` in a shape (names are unique in one).
    @inline(__always)
    private static func capture(_ key: String, in shape: RoutePattern.Shape) -> Int? {
        for (index, segment) in shape.enumerated() {
            switch segment {
            case .literal: continue
            case .placeholder(let name), .wildcard(let name): if name == key { return index }
            }
        }
        return nil
    }
}

extension ParsedURL: RoutablePath {
    /// The number of path segments, the host counting as the first when it is one.
    var count: Int { segmentCount + (pathHasHost ? 1 : 0) }

    /// Runs `body` with path segment `index`'s decoded bytes.
    @inline(__always)
    func withSegmentBytes<Result>(_ index: Int, _ body: (UnsafeRawBufferPointer) -> Result) -> Result {
        withBytes(of: pathSpan(index), body)
    }
}

/// A routed URL's values, handed to the pipeline as one immutable reference: the parsed URL and the
/// matched route's shape, read in place. Its one allocation is the only one an `open` makes for
/// the URL's values; each string is made only when a parameter reads it.
@usableFromInline
final class URLInput: Sendable {
    private let parsed: ParsedURL
    /// The matched route's shape, whose placeholders and wildcard name the path's segments.
    private let shape: RoutePattern.Shape
    /// The values as route configuration rewrote them (a redirect, a degraded route); `nil` when
    /// they are the URL's own.
    private let rewritten: URLValues?

    /// The values of a URL that reached a route directly: its placeholders over its query.
    init(_ parsed: consuming ParsedURL, shape: RoutePattern.Shape) {
        self.parsed = parsed
        self.shape = shape
        rewritten = nil
    }

    /// Values route configuration built.
    init(_ parsed: ParsedURL, rewritten values: URLValues) {
        self.parsed = parsed
        shape = RoutePattern.Shape([])
        rewritten = values
    }

    /// The values as routing left them, for everything but the hot reads below.
    var values: URLValues {
        if let rewritten { return rewritten }
        var values = parsed.values
        values.capture(shape, from: parsed.path)
        return values
    }

    /// Whether the URL has a value for `key`, and the value when it is one string (a placeholder,
    /// or a query item that does not repeat); read in place, without building a `RawParameter`.
    func singleText(_ key: String) -> (found: Bool, text: String?) {
        if let rewritten { return rewritten.singleText(key) }
        return parsed.singleText(key, shape: shape)
    }

    /// The value for a key: a capture, else the query's items (all of them, if the key repeats), else the fragment's.
    func raw(_ key: String) -> RawParameter? {
        if let rewritten { return rewritten.raw(key) }
        return parsed.raw(key, shape: shape)
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

    /// Adds a route's placeholder and wildcard values; path values win over query values.
    mutating func capture(_ shape: RoutePattern.Shape, from path: URLPath) {
        for (index, segment) in shape.enumerated() {
            switch segment {
            case .literal: continue
            case .placeholder(let name): capture(name, text: path[index])
            case .wildcard(let name): capture(name, segments: path.segments(from: index))
            }
        }
    }

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

    /// Whether the values have one for `key`, and the value when it is one string (a placeholder,
    /// or a query item that does not repeat).
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

/// The segments a route is matched against when they are strings (a redirect's path, a suggestion's
/// probe, a parsed URL's path on the paths that are not hot), with an optional leading segment (an
/// app scheme's host) kept apart so it never has to be inserted into the array.
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

extension URLPath: RoutablePath {
    /// Runs `body` with segment `index`'s UTF-8 bytes.
    func withSegmentBytes<Result>(_ index: Int, _ body: (UnsafeRawBufferPointer) -> Result) -> Result {
        self[index].withUTF8Bytes(body)
    }
}

extension UnsafeRawBufferPointer {
    /// Whether two buffers hold the same bytes; a plain loop, for the short components of a URL.
    @inline(__always)
    func hasSameBytes(as other: UnsafeRawBufferPointer) -> Bool {
        guard count == other.count else { return false }
        var index = 0
        while index < count {
            if self[index] != other[index] { return false }
            index += 1
        }
        return true
    }

    /// Whether every byte is ASCII.
    var isASCII: Bool {
        var bits: UInt8 = 0
        for byte in self { bits |= byte }
        return bits < 0x80
    }
}

extension String {
    /// Runs `body` with the string's UTF-8 bytes: in place when they are contiguous (every native
    /// string's are), else from a copy.
    @inline(__always)
    func withUTF8Bytes<Result>(_ body: (UnsafeRawBufferPointer) -> Result) -> Result {
        if let result = utf8.withContiguousStorageIfAvailable({ body(UnsafeRawBufferPointer($0)) }) { return result }
        return Array(utf8).withUnsafeBytes(body)
    }
}
