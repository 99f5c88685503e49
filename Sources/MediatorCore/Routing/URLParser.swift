/// Parses `scheme://host/path?query#fragment` in one pass over the URL's UTF-8 bytes (RFC 3986).
///
/// What it accepts and how it decodes, component by component:
/// - **Scheme**: a letter, then letters, digits, `+`, `-`, `.`, then `:`; compared lowercased.
/// - **Authority** (after `//`): `host[:port]`. User information (`user@`) is refused, because a deep
///   link has no use for it and `https://shop.example.com@evil.example` is a phishing classic. The host
///   is percent-decoded; the port must be digits and is otherwise ignored.
/// - **Path**: split on `/`; empty segments (leading, trailing, doubled slashes) are dropped; `.` and
///   `..` segments are resolved as RFC 3986 §5.2.4 says. Each segment is decoded on its own, so `%2F`
///   stays inside one segment. `+` is literal.
/// - **Query**: items split on `&`, each `key=value`. Keys and values are decoded separately; `+`
///   becomes a space only in values and only with ``Mediator/URLOptions/decodesPlusAsSpace``; `%2B` is
///   always `+`. A key without `=` (`?preview`) has the empty string as its value, as WHATWG
///   `URLSearchParams` and Android's `Uri` read it. Items with an empty key are ignored. Items are
///   kept in order; a repeated key's values are collected, in order, when it is read.
/// - **Fragment**: kept as written; with ``Mediator/URLOptions/mergesFragmentParameters`` its
///   `key=value` items are decoded like the query's and added to it (the query wins on a shared key).
///
/// Refused everywhere, each with an error naming the byte offset and the component: control
/// characters, spaces and DEL; a `%` not followed by two hex digits; `%00`; escapes that decode to
/// invalid UTF-8. Raw non-ASCII characters are accepted as the IRI they are.
///
/// Components are checked and located, not copied: the `ParsedURL` keeps the URL and where each
/// component is in it, and only a component with an escape (or a `+` read as a space) is decoded
/// into a string here; the others become strings only when something reads them.
struct URLParser {
    /// Where in the URL a byte is, for error messages; a plain value so the hot path builds no text.
    private enum Component {
        case host
        case pathSegment(Int)
        case queryKey(fragment: Bool)
        case queryValue(keyStart: Int, keyEnd: Int, fragment: Bool)
        case query(fragment: Bool)
    }

    /// The URL's UTF-8, valid only while `parse(_:options:)` runs (it lends the storage).
    private let bytes: UnsafeBufferPointer<UInt8>
    private let url: String
    private let options: Mediator.URLOptions

    private init(bytes: UnsafeBufferPointer<UInt8>, url: String, options: Mediator.URLOptions) {
        self.bytes = bytes
        self.url = url
        self.options = options
    }

    /// Parses a URL, or throws a ``MediatorError`` that says what is wrong and where. Inlined, so
    /// the parsed URL is built where the caller keeps it rather than copied out (225 bytes, twice).
    @inline(__always)
    static func parse(_ url: String, options: Mediator.URLOptions) throws -> ParsedURL {
        let length = url.utf8.count
        guard length <= options.maximumLength else {
            throw MediatorError.urlTooLong(length: length, limit: options.maximumLength)
        }
        // Spans hold 32-bit offsets; a longer URL is refused whatever the options allow.
        let spanLimit = Int(URLSpan.decodedMark) - 1
        guard length <= spanLimit else { throw MediatorError.urlTooLong(length: length, limit: spanLimit) }
        // `withUTF8` hands the parse its bytes and returns what the parse returns as it is; a native
        // string is contiguous already, so neither the copy nor `makeContiguousUTF8` copies bytes.
        var contiguous = url
        contiguous.makeContiguousUTF8()
        let text = contiguous
        return try contiguous.withUTF8 { try URLParser(bytes: $0, url: url, options: options).parse(text: text) }
    }

    // MARK: Components

    /// Checks every component and records where each is; `text` is the URL `bytes` are the UTF-8 of.
    private func parse(text: String) throws -> ParsedURL {
        let end = bytes.count
        guard end > 0 else { throw fail("it is empty; expected scheme://host/path") }
        guard Self.isLetter(bytes[0]) else {
            throw fail("it has no scheme: expected a letter at byte 0 but found \(describe(0)), as in shop://product/42")
        }
        var index = 1
        while index < end, Self.isSchemeCharacter(bytes[index]) { index += 1 }
        guard index < end, bytes[index] == ASCII.colon else {
            throw fail("it has no scheme: expected \":\" at byte \(index) after the letters it starts with")
        }
        let schemeEnd = index
        index += 1

        var decoded: [String] = []
        var host: URLSpan?
        if index + 1 < end, bytes[index] == ASCII.slash, bytes[index + 1] == ASCII.slash {
            let start = index + 2
            index = start
            while index < end, bytes[index] != ASCII.slash, bytes[index] != ASCII.question, bytes[index] != ASCII.hash {
                index += 1
            }
            host = try authority(start, index, decoded: &decoded)
        }

        var spans = URLSpans()
        var segmentStart = index
        while index <= end {
            let byte = index < end ? bytes[index] : ASCII.question
            if byte == ASCII.slash || byte == ASCII.question || byte == ASCII.hash {
                if index > segmentStart { try addSegment(segmentStart, index, to: &spans, decoded: &decoded) }
                if byte != ASCII.slash { break }
                segmentStart = index + 1
            } else if Self.isForbidden(byte) {
                throw forbidden(index, in: .pathSegment(spans.count + 1))
            }
            index += 1
        }
        let segmentCount = spans.count

        if index < end, bytes[index] == ASCII.question {
            let start = index + 1
            index = start
            while index < end, bytes[index] != ASCII.hash { index += 1 }
            try items(start, index, into: &spans, decoded: &decoded, fragment: false)
        }
        let fragmentStart = (spans.count - segmentCount) / 2

        var fragment: URLSpan?
        if index < end, bytes[index] == ASCII.hash {
            let start = index + 1
            for position in start..<end where Self.isForbidden(bytes[position]) {
                throw forbidden(position, in: .query(fragment: true))
            }
            fragment = URLSpan(start, end)
            if options.mergesFragmentParameters {
                try items(start, end, into: &spans, decoded: &decoded, fragment: true)
            }
        }
        return ParsedURL(
            text: text, schemeEnd: schemeEnd, host: host, spans: spans, segmentCount: segmentCount,
            fragmentStart: fragmentStart, fragment: fragment, decoded: decoded)
    }

    /// Reads `host[:port]`, refusing user information and a non-numeric port.
    private func authority(_ start: Int, _ end: Int, decoded: inout [String]) throws -> URLSpan {
        var hostEnd = end
        if start < end, bytes[start] == ASCII.leftBracket {
            var close = start
            while close < end, bytes[close] != ASCII.rightBracket { close += 1 }
            guard close < end else { throw fail("the IPv6 host starting at byte \(start) has no closing \"]\"") }
            hostEnd = close + 1
        } else {
            var index = start
            while index < end {
                let byte = bytes[index]
                if byte == ASCII.at {
                    throw fail("user information (text before \"@\" at byte \(index)) is not accepted in the authority")
                }
                if byte == ASCII.colon, hostEnd == end { hostEnd = index }
                index += 1
            }
        }
        if hostEnd < end {
            guard bytes[hostEnd] == ASCII.colon else {
                throw fail("unexpected \(describe(hostEnd)) at byte \(hostEnd) after the host")
            }
            for index in (hostEnd + 1)..<end where !(ASCII.zero...ASCII.nine).contains(bytes[index]) {
                throw fail("the port must be digits but has \(describe(index)) at byte \(index)")
            }
        }
        for index in start..<hostEnd {
            if Self.isForbidden(bytes[index]) { throw forbidden(index, in: .host) }
            if Self.isForbiddenInHost(bytes[index]), !(bytes[start] == ASCII.leftBracket) {
                throw fail("the host has \(describe(index)) at byte \(index), which a host cannot contain")
            }
        }
        return try span(start, hostEnd, plusAsSpace: false, in: .host, decoded: &decoded)
    }

    /// Records one path segment, decoded, and applies dot-segment removal.
    private func addSegment(_ start: Int, _ end: Int, to spans: inout URLSpans, decoded: inout [String]) throws {
        if bytes[start] == ASCII.dot {
            if end - start == 1 { return }
            if end - start == 2, bytes[start + 1] == ASCII.dot {
                spans.removeLast()
                return
            }
        }
        spans.append(try span(start, end, plusAsSpace: false, in: .pathSegment(spans.count + 1), decoded: &decoded))
    }

    /// Records `key=value` items separated by `&`, in order, each key and value decoded.
    private func items(
        _ start: Int, _ end: Int, into spans: inout URLSpans, decoded: inout [String], fragment: Bool
    ) throws {
        var itemStart = start
        var equals = -1
        var index = start
        while index <= end {
            let byte = index < end ? bytes[index] : ASCII.ampersand
            if byte == ASCII.ampersand {
                // An empty key (`=x`, `&&`) is no item: its value is not even checked.
                let keyEnd = equals >= 0 ? equals : index
                if keyEnd > itemStart {
                    let key = try span(
                        itemStart, keyEnd, plusAsSpace: false, in: .queryKey(fragment: fragment), decoded: &decoded)
                    let value =
                        equals >= 0
                        ? try span(
                            equals + 1, index, plusAsSpace: options.decodesPlusAsSpace,
                            in: .queryValue(keyStart: itemStart, keyEnd: keyEnd, fragment: fragment), decoded: &decoded)
                        : URLSpan.empty
                    spans.append(key)
                    spans.append(value)
                }
                itemStart = index + 1
                equals = -1
            } else if Self.isForbidden(byte) {
                throw forbidden(index, in: .query(fragment: fragment))
            } else if byte == ASCII.equals, equals < 0 {
                equals = index
            }
            index += 1
        }
    }

    // MARK: Decoding

    /// Where `bytes[start..<end]` is once decoded: the bytes themselves when they have nothing to
    /// decode (the usual case, which makes no string), else the decoded text, added to `decoded`.
    private func span(
        _ start: Int, _ end: Int, plusAsSpace: Bool, in component: Component, decoded: inout [String]
    ) throws -> URLSpan {
        var needsDecoding = false
        for index in start..<end {
            let byte = bytes[index]
            if byte == ASCII.percent || (plusAsSpace && byte == ASCII.plus) {
                needsDecoding = true
                break
            }
        }
        guard needsDecoding else { return URLSpan(start, end) }
        decoded.append(try decode(start, end, plusAsSpace: plusAsSpace, in: component))
        return URLSpan(decodedAt: decoded.count - 1)
    }

    /// Percent-decodes `bytes[start..<end]`, which has an escape (or a `+` read as a space).
    private func decode(_ start: Int, _ end: Int, plusAsSpace: Bool, in component: Component) throws -> String {
        try withUnsafeTemporaryAllocation(of: UInt8.self, capacity: end - start) { output in
            var count = 0
            var index = start
            while index < end {
                let byte = bytes[index]
                if byte == ASCII.percent {
                    guard index + 2 < end, let high = ASCII.hexValue(bytes[index + 1]), let low = ASCII.hexValue(bytes[index + 2])
                    else {
                        let shown = decoding(index, min(index + 3, end))
                        throw fail(
                            "a malformed percent escape \"\(shown)\" at byte \(index) in \(describe(component)); write % as %25")
                    }
                    let decoded = high << 4 | low
                    guard decoded != 0 else { throw fail("\"%00\" (NUL) at byte \(index) in \(describe(component))") }
                    output[count] = decoded
                    index += 3
                } else {
                    output[count] = plusAsSpace && byte == ASCII.plus ? ASCII.space : byte
                    index += 1
                }
                count += 1
            }
            guard let text = PercentEncoding.validUTF8(UnsafeBufferPointer(rebasing: output[0..<count])) else {
                throw fail("the percent escapes in \(describe(component)) decode to invalid UTF-8")
            }
            return text
        }
    }

    /// The bytes as a string; they are a slice of valid UTF-8 cut at ASCII delimiters.
    private func decoding(_ start: Int, _ end: Int) -> String {
        String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<end]), as: UTF8.self)
    }

    // MARK: Checks

    /// Control characters, space and DEL: refused anywhere in a URL.
    @inline(__always)
    private static func isForbidden(_ byte: UInt8) -> Bool {
        byte <= ASCII.space || byte == ASCII.delete
    }

    private func forbidden(_ index: Int, in component: Component) -> MediatorError {
        fail("\(describe(index)) at byte \(index) in \(describe(component)); percent-encode it")
    }

    private func describe(_ component: Component) -> String {
        switch component {
        case .host: return "the host"
        case .pathSegment(let number): return "path segment \(number)"
        case .queryKey(let fragment): return fragment ? "a fragment key" : "a query key"
        case let .queryValue(keyStart, keyEnd, fragment):
            return "the \(fragment ? "fragment" : "query") value of \"\(decoding(keyStart, keyEnd))\""
        case .query(let fragment): return fragment ? "the fragment" : "the query"
        }
    }

    private func fail(_ problem: String) -> MediatorError {
        .malformedURL(url: url, problem: problem)
    }

    /// A byte as an error message shows it.
    private func describe(_ index: Int) -> String {
        let byte = bytes[index]
        switch byte {
        case ASCII.space: return "a space"
        case 0..<ASCII.space, ASCII.delete: return "the control character 0x" + String(byte, radix: 16, uppercase: true)
        case 0x21..<ASCII.delete: return "\"\(Character(Unicode.Scalar(byte)))\""
        default: return "the byte 0x" + String(byte, radix: 16, uppercase: true)
        }
    }

    private static func isLetter(_ byte: UInt8) -> Bool {
        (ASCII.lowerA...ASCII.lowerZ).contains(byte) || (ASCII.upperA...ASCII.upperZ).contains(byte)
    }

    private static func isSchemeCharacter(_ byte: UInt8) -> Bool {
        isLetter(byte) || (ASCII.zero...ASCII.nine).contains(byte) || byte == ASCII.plus || byte == ASCII.minus
            || byte == ASCII.dot
    }

    /// Characters RFC 3986 does not allow in a registered name (beyond the delimiters that end it).
    private static func isForbiddenInHost(_ byte: UInt8) -> Bool {
        switch byte {
        case ASCII.quote, ASCII.lessThan, ASCII.greaterThan, ASCII.backslash, ASCII.caret, ASCII.backtick,
            ASCII.leftBrace, ASCII.pipe, ASCII.rightBrace, ASCII.leftBracket, ASCII.rightBracket:
            true
        default:
            false
        }
    }
}
