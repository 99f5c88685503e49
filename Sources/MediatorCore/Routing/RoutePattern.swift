/// A URL pattern as an action declares it, parsed into the path shapes it matches.
///
/// Syntax, by example:
/// - `/product/:id` — a literal segment, then a placeholder that captures one segment as `id`.
/// - `/search(/:query)` — an optional group: matches `/search` and `/search/shoes`. Groups nest
///   and must start with `/`; a pattern may have at most ``maximumVariants`` shapes.
/// - `/help/*` — a trailing wildcard: matches zero or more further segments (`/help` too) and
///   captures them, each decoded on its own, as `*`; `/help/*topic` captures them as `topic`. An
///   input field of type `[String]` receives the segments; a `String` field receives them joined by `/`.
/// - `shop://product/:id` — scoped to one app scheme: only `shop:` URLs match it. Without a scheme,
///   a pattern is global: web links and every app scheme that falls back to global routes match it.
/// - `/promo/* priority=10` — options after a space: `priority=N` (default 0) breaks ties between
///   routes of the same shape; higher wins.
///
/// Literal segments are percent-decoded and compared case-sensitively with the URL's decoded segments.
struct RoutePattern: Sendable {
    /// One segment of a path shape.
    enum Segment: Sendable, Hashable {
        case literal(String)
        case placeholder(String)
        case wildcard(String)
    }

    /// A pattern's path shapes, longest first: its `longest`, then its `shorter` ones.
    struct Variants: RandomAccessCollection {
        let longest: [Segment]
        let shorter: [[Segment]]

        var startIndex: Int { 0 }
        var endIndex: Int { 1 + shorter.count }
        subscript(position: Int) -> [Segment] { position == 0 ? longest : shorter[position - 1] }
    }

    /// A path shape as a route set keeps it: a zero-based view of some segments of one array that
    /// holds every route's (an array per route cost ~96 bytes of heap each, kept for the app's lifetime).
    struct Shape: RandomAccessCollection, Sendable {
        private let storage: [Segment]
        private let start: Int32
        private let end: Int32

        /// A shape of all of `segments`.
        init(_ segments: [Segment]) {
            self.init(segments, range: 0..<segments.count)
        }

        /// A shape of `storage[range]`.
        init(_ storage: [Segment], range: Range<Int>) {
            self.storage = storage
            start = Int32(truncatingIfNeeded: range.lowerBound)
            end = Int32(truncatingIfNeeded: range.upperBound)
        }

        var startIndex: Int { 0 }
        var endIndex: Int { Int(end &- start) }
        subscript(position: Int) -> Segment { storage[Int(start) + position] }
    }

    /// The most shapes one pattern may expand to through optional groups.
    static let maximumVariants = 16

    /// The pattern as declared.
    let text: String
    /// The app scheme the pattern is scoped to, lowercased; `nil` for a global pattern.
    let scheme: String?
    /// The tie-breaking priority; higher wins.
    let priority: Int
    /// The pattern's longest path shape (its only one, usually).
    let longest: [Segment]
    /// Its other shapes, longest first: empty for a pattern without optional groups, which then
    /// keeps no array of shapes (a route set keeps every route's pattern for the app's lifetime).
    let shorter: [[Segment]]
    /// Every path shape the pattern matches, longest first, read in place (no array is made).
    var variants: Variants { Variants(longest: longest, shorter: shorter) }
    /// How many path shapes the pattern matches.
    var variantCount: Int { 1 + shorter.count }

    /// Parses a pattern, or throws a one-line problem naming what is wrong.
    init(_ text: String) throws(RoutePatternProblem) {
        self.text = text
        if let simple = Self.simpleShape(text) {
            // A plain path of literals and placeholders: the usual pattern, read in one pass.
            scheme = nil
            priority = 0
            longest = simple
            shorter = []
            return
        }
        var body = Substring(text)
        var priority = 0
        // Patterns are read byte by byte: Character-based scanning made parsing the largest part of
        // building routes (tens of thousands of instructions per pattern).
        if let space = body.utf8.firstIndex(where: { $0 == ASCII.space || $0 == ASCII.tab }) {
            for option in body[space...].split(whereSeparator: { $0 == " " || $0 == "\t" }) {
                guard option.hasPrefix("priority="), let value = Int(option.dropFirst("priority=".count)) else {
                    throw RoutePatternProblem("unknown option \"\(option)\"; the only option is priority=N")
                }
                priority = value
            }
            body = body[..<space]
        }
        self.priority = priority

        var scheme: String?
        if let range = Self.schemeSeparator(in: body) {
            let name = body[..<range.lowerBound]
            guard let first = name.utf8.first, first.isASCIILetter,
                name.utf8.allSatisfy({
                    $0.isASCIILetter || $0.isASCIIDigit || $0 == ASCII.plus || $0 == ASCII.minus || $0 == ASCII.dot
                })
            else { throw RoutePatternProblem("\"\(name)\" is not a valid scheme") }
            scheme = name.lowercased()
            body = Substring("/" + body[range.upperBound...])
        }
        self.scheme = scheme

        guard body.hasPrefix("/") else { throw RoutePatternProblem("it must start with \"/\" (or scheme://)") }
        var variants: [[Segment]] = []
        for path in try Self.expand(body) {
            let variant = try Self.segments(of: path)
            if !variants.contains(variant) { variants.append(variant) }
        }
        let sorted = variants.sorted { $0.count > $1.count }
        self.longest = sorted.first ?? []
        self.shorter = Array(sorted.dropFirst())
    }

    /// The shape of a pattern that is a plain path: `/`-separated literal segments of unreserved
    /// characters and `:name` placeholders with distinct names; `nil` for anything else (options, a
    /// scheme, groups, wildcards, escapes, a problem), which the full parser handles.
    /// A shape as pattern text: `/product/:id`, `/help/*topic`, `/` when empty; each literal
    /// written by `literal` (as is, or percent-encoded where the text is a link).
    static func text(of shape: some Sequence<Segment>, literal: (String) -> String = { $0 }) -> String {
        "/"
            + shape.map { segment in
                switch segment {
                case .literal(let text): literal(text)
                case .placeholder(let name): ":" + name
                case .wildcard(let name): name == "*" ? "*" : "*" + name
                }
            }.joined(separator: "/")
    }

    private static func simpleShape(_ text: String) -> [Segment]? {
        var segments: [Segment] = []
        var firstName: String?
        var otherNames: [String] = []
        var valid = true
        text.utf8.withContiguousStorageIfAvailable { bytes in
            guard bytes.first == ASCII.slash else {
                valid = false
                return
            }
            var index = 1
            while index < bytes.count, valid {
                var end = index
                while end < bytes.count, bytes[end] != ASCII.slash { end += 1 }
                if end > index {
                    let isPlaceholder = bytes[index] == ASCII.colon
                    let start = isPlaceholder ? index + 1 : index
                    guard start < end else {
                        valid = false
                        return
                    }
                    for position in start..<end {
                        let byte = bytes[position]
                        guard
                            isPlaceholder
                                ? byte.isNameCharacter
                                : (byte.isNameCharacter || byte == ASCII.minus || byte == ASCII.dot || byte == ASCII.tilde)
                        else {
                            valid = false
                            return
                        }
                    }
                    let name = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<end]), as: UTF8.self)
                    if isPlaceholder {
                        guard name != firstName, !otherNames.contains(name) else {
                            valid = false
                            return
                        }
                        if firstName == nil { firstName = name } else { otherNames.append(name) }
                        segments.append(.placeholder(name))
                    } else {
                        guard name != ".", name != ".." else {
                            valid = false
                            return
                        }
                        segments.append(.literal(name))
                    }
                }
                index = end + 1
            }
        } ?? { valid = false }()
        return valid ? segments : nil
    }

    /// The placeholder and wildcard names the pattern can capture, in order of first appearance.
    var captureNames: [String] {
        var names: [String] = []
        for variant in variants {
            for segment in variant {
                switch segment {
                case .placeholder(let name), .wildcard(let name):
                    if !names.contains(name) { names.append(name) }
                case .literal:
                    break
                }
            }
        }
        return names
    }

    /// The range of the first `://`, if any.
    private static func schemeSeparator(in text: Substring) -> Range<Substring.Index>? {
        let bytes = text.utf8
        var index = bytes.startIndex
        while let colon = bytes[index...].firstIndex(of: ASCII.colon) {
            let rest = bytes[bytes.index(after: colon)...]
            if rest.count >= 2, rest.first == ASCII.slash, rest.dropFirst().first == ASCII.slash {
                return colon..<bytes.index(colon, offsetBy: 3)
            }
            index = bytes.index(after: colon)
        }
        return nil
    }

    /// Expands optional groups into plain paths: `/a(/b)` → `/a/b`, `/a`.
    private static func expand(_ text: Substring) throws(RoutePatternProblem) -> [String] {
        guard let open = text.utf8.firstIndex(of: ASCII.leftParenthesis) else {
            if text.utf8.contains(ASCII.rightParenthesis) {
                throw RoutePatternProblem("it has a \")\" without a matching \"(\"")
            }
            return [String(text)]
        }
        var depth = 0
        var close: Substring.Index?
        var index = open
        while index < text.endIndex {
            if text[index] == "(" { depth += 1 }
            if text[index] == ")" {
                depth -= 1
                if depth == 0 {
                    close = index
                    break
                }
            }
            index = text.index(after: index)
        }
        guard let close else { throw RoutePatternProblem("it has a \"(\" without a matching \")\"") }
        let prefix = text[..<open]
        let inner = text[text.index(after: open)..<close]
        let rest = text[text.index(after: close)...]
        guard inner.hasPrefix("/") else {
            throw RoutePatternProblem("the optional group \"(\(inner))\" must start with \"/\"")
        }
        if prefix.contains(")") { throw RoutePatternProblem("it has a \")\" without a matching \"(\"") }
        let inners = try expand(inner) + [""]
        let rests = try expand(rest)
        guard inners.count * rests.count <= maximumVariants else {
            throw RoutePatternProblem("its optional groups expand to more than \(maximumVariants) shapes")
        }
        var result: [String] = []
        for middle in inners {
            for tail in rests { result.append(prefix + middle + tail) }
        }
        return result
    }

    /// Splits a plain path into segments, checking names and the wildcard's position.
    private static func segments(of path: String) throws(RoutePatternProblem) -> [Segment] {
        let parts = path.utf8.split(separator: ASCII.slash, omittingEmptySubsequences: true).map { Substring($0) }
        var segments: [Segment] = []
        var names: Set<String> = []
        for (offset, part) in parts.enumerated() {
            if part.utf8.contains(where: { $0 <= ASCII.space || $0 == ASCII.delete }) {
                throw RoutePatternProblem("segment \"\(part)\" contains a space or control character")
            }
            let first = part.utf8.first
            if first == ASCII.colon || first == ASCII.asterisk {
                let isWildcard = first == ASCII.asterisk
                let name = isWildcard && part.utf8.count == 1 ? "*" : String(Substring(part.utf8.dropFirst()))
                guard name == "*" || (!name.isEmpty && name.utf8.allSatisfy(\.isNameCharacter)) else {
                    throw RoutePatternProblem(
                        "\"\(part)\" is not a valid \(isWildcard ? "wildcard" : "placeholder"); names use letters, digits and _")
                }
                guard names.insert(name).inserted else { throw RoutePatternProblem("it captures \"\(name)\" twice") }
                if isWildcard {
                    guard offset == parts.count - 1 else {
                        throw RoutePatternProblem("the wildcard \"\(part)\" must be the last segment")
                    }
                    segments.append(.wildcard(name))
                } else {
                    segments.append(.placeholder(name))
                }
            } else {
                guard let literal = PercentEncoding.decode(part) else {
                    throw RoutePatternProblem("segment \"\(part)\" has a malformed percent escape")
                }
                segments.append(.literal(literal))
            }
        }
        return segments
    }
}

/// Why a URL pattern or template could not be read.
struct RoutePatternProblem: Error, Sendable {
    let message: String
    init(_ message: String) { self.message = message }
}
