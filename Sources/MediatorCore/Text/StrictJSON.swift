/// A JSON value as ``StrictJSON`` reads it: each kind kept apart, so a boolean is never a number
/// and a number never a boolean (`JSONSerialization` hands both over as `NSNumber`, and `true as? Int`
/// or `1 as? Bool` succeed on Apple platforms).
enum JSONValue: Sendable, Equatable {
    case object([String: JSONValue])
    case array([JSONValue])
    case string(String)
    /// The number as written; the reader has checked it against the JSON grammar.
    case number(String)
    case bool(Bool)
    case null

    /// What a problem calls this kind of value: `a boolean`, `a string`, …
    var kind: String {
        switch self {
        case .object: "an object"
        case .array: "an array"
        case .string: "a string"
        case .number: "a number"
        case .bool: "a boolean"
        case .null: "null"
        }
    }
}

/// A strict reader of RFC 8259 JSON in UTF-8 for the documents the mediator reads (route
/// configurations): it refuses what `JSONSerialization` lets through silently, a key repeated in one
/// object (it keeps the last), and names where the problem is.
///
/// Foundation-only code would have to trust `JSONSerialization`, which on some platforms cannot tell
/// `true` from `1`; this reader is the one place both documents and fuzzing go through.
struct StrictJSON {
    /// Why a document was refused: one line, naming the byte offset or the repeated key.
    struct Problem: Error, Sendable, Equatable {
        let message: String
    }

    /// The deepest nesting read; a configuration needs four levels.
    static let maximumDepth = 64

    private let bytes: [UInt8]
    private var index = 0

    /// Reads one JSON value that fills the whole document (whitespace around it allowed).
    static func parse(_ bytes: [UInt8]) throws(Problem) -> JSONValue {
        guard PercentEncoding.validUTF8(bytes) != nil else { throw Problem(message: "the document is not valid UTF-8") }
        var reader = StrictJSON(bytes: bytes)
        // A UTF-8 byte order mark is allowed before the value (RFC 8259 §8.1).
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { reader.index = 3 }
        let value = try reader.value(path: "", depth: 0)
        reader.skipWhitespace()
        guard reader.index == bytes.count else { throw reader.syntax("unexpected text after the value") }
        return value
    }

    private init(bytes: [UInt8]) { self.bytes = bytes }

    private func syntax(_ message: String) -> Problem {
        Problem(message: "the document is not valid JSON (\(message) at byte \(index))")
    }

    private mutating func skipWhitespace() {
        while index < bytes.count, [ASCII.space, ASCII.tab, 0x0A, 0x0D].contains(bytes[index]) { index += 1 }
    }

    /// A value; `path` names where it is (`rules[0].redirectTo`), for a repeated key.
    private mutating func value(path: String, depth: Int) throws(Problem) -> JSONValue {
        skipWhitespace()
        guard index < bytes.count else { throw syntax("expected a value") }
        guard depth < Self.maximumDepth else { throw syntax("nested deeper than \(Self.maximumDepth) levels") }
        switch bytes[index] {
        case ASCII.leftBrace: return try object(path: path, depth: depth)
        case ASCII.leftBracket: return try array(path: path, depth: depth)
        case ASCII.quote: return .string(try string())
        case ASCII.minus, ASCII.zero...ASCII.nine: return .number(try number())
        case ASCII.lowerA...ASCII.lowerZ:
            for (word, value) in [("true", JSONValue.bool(true)), ("false", .bool(false)), ("null", .null)]
            where bytes[index...].starts(with: word.utf8) {
                index += word.utf8.count
                return value
            }
            throw syntax("expected a value")
        default: throw syntax("expected a value")
        }
    }

    private mutating func object(path: String, depth: Int) throws(Problem) -> JSONValue {
        index += 1
        var members: [String: JSONValue] = [:]
        skipWhitespace()
        if index < bytes.count, bytes[index] == ASCII.rightBrace {
            index += 1
            return .object(members)
        }
        while true {
            skipWhitespace()
            guard index < bytes.count, bytes[index] == ASCII.quote else { throw syntax("expected a key in quotes") }
            let key = try string()
            // JSONSerialization keeps the last of two equal keys: the document would say one thing
            // and do another, so a repeated key is refused, named (after its escapes are decoded).
            guard members[key] == nil else {
                let quoted = "\"" + key + "\""
                throw Problem(message: path.isEmpty ? "the key \(quoted) appears twice" : "\(path) has the key \(quoted) twice")
            }
            skipWhitespace()
            guard index < bytes.count, bytes[index] == ASCII.colon else { throw syntax("expected \":\" after a key") }
            index += 1
            members[key] = try value(path: path.isEmpty ? key : path + "." + key, depth: depth + 1)
            skipWhitespace()
            guard index < bytes.count else { throw syntax("expected \",\" or \"}\"") }
            if bytes[index] == ASCII.rightBrace {
                index += 1
                return .object(members)
            }
            guard bytes[index] == 0x2C else { throw syntax("expected \",\" or \"}\"") }
            index += 1
        }
    }

    private mutating func array(path: String, depth: Int) throws(Problem) -> JSONValue {
        index += 1
        var elements: [JSONValue] = []
        skipWhitespace()
        if index < bytes.count, bytes[index] == ASCII.rightBracket {
            index += 1
            return .array(elements)
        }
        while true {
            elements.append(try value(path: "\(path)[\(elements.count)]", depth: depth + 1))
            skipWhitespace()
            guard index < bytes.count else { throw syntax("expected \",\" or \"]\"") }
            if bytes[index] == ASCII.rightBracket {
                index += 1
                return .array(elements)
            }
            guard bytes[index] == 0x2C else { throw syntax("expected \",\" or \"]\"") }
            index += 1
        }
    }

    /// A string from its opening quote: escapes decoded, raw control characters and lone
    /// surrogates refused.
    private mutating func string() throws(Problem) -> String {
        index += 1
        var text = ""
        var run = index
        while true {
            guard index < bytes.count else { throw syntax("a string has no closing quote") }
            let byte = bytes[index]
            if byte == ASCII.quote {
                text += String(decoding: bytes[run..<index], as: UTF8.self)
                index += 1
                return text
            }
            if byte < 0x20 { throw syntax("a string holds a raw control character") }
            guard byte == ASCII.backslash else {
                index += 1
                continue
            }
            // The plain run before the escape, then the escape decoded.
            text += String(decoding: bytes[run..<index], as: UTF8.self)
            index += 1
            guard index < bytes.count else { throw syntax("a string ends inside an escape") }
            let escape = bytes[index]
            index += 1
            switch escape {
            case ASCII.quote, ASCII.backslash, ASCII.slash: text.unicodeScalars.append(Unicode.Scalar(escape))
            case 0x62: text.unicodeScalars.append("\u{08}")
            case 0x66: text.unicodeScalars.append("\u{0C}")
            case 0x6E: text.unicodeScalars.append("\n")
            case 0x72: text.unicodeScalars.append("\r")
            case 0x74: text.unicodeScalars.append("\t")
            case 0x75: text.unicodeScalars.append(try unicodeEscape())
            default:
                index -= 1
                throw syntax("unknown escape")
            }
            run = index
        }
    }

    /// The scalar of `\uXXXX` (the `\u` read), with its low surrogate when it is a high one.
    private mutating func unicodeEscape() throws(Problem) -> Unicode.Scalar {
        let first = try hex4()
        if (0xDC00...0xDFFF).contains(first) { throw syntax("a \\u escape is a lone low surrogate") }
        guard (0xD800...0xDBFF).contains(first) else {
            guard let scalar = Unicode.Scalar(first) else { throw syntax("a \\u escape is not a character") }
            return scalar
        }
        guard bytes[index...].starts(with: [ASCII.backslash, 0x75]) else {
            throw syntax("a \\u escape is a high surrogate without its low one")
        }
        index += 2
        let second = try hex4()
        guard (0xDC00...0xDFFF).contains(second),
            let scalar = Unicode.Scalar(0x10000 + ((first - 0xD800) << 10) + (second - 0xDC00))
        else { throw syntax("a \\u escape is a high surrogate without its low one") }
        return scalar
    }

    private mutating func hex4() throws(Problem) -> UInt32 {
        var value: UInt32 = 0
        for _ in 0..<4 {
            guard index < bytes.count, let digit = ASCII.hexValue(bytes[index]) else {
                throw syntax("a \\u escape needs four hexadecimal digits")
            }
            value = value << 4 | UInt32(digit)
            index += 1
        }
        return value
    }

    /// A number as written, checked against `-? (0 | [1-9][0-9]*) (. [0-9]+)? ([eE] [+-]? [0-9]+)?`.
    private mutating func number() throws(Problem) -> String {
        let start = index
        if bytes[index] == ASCII.minus { index += 1 }
        guard index < bytes.count, (ASCII.zero...ASCII.nine).contains(bytes[index]) else {
            throw syntax("a number needs a digit")
        }
        if bytes[index] == ASCII.zero {
            index += 1
        } else {
            skipDigits()
        }
        if index < bytes.count, bytes[index] == ASCII.dot {
            index += 1
            guard skipDigits() else { throw syntax("a number's fraction needs a digit") }
        }
        if index < bytes.count, bytes[index] == 0x65 || bytes[index] == 0x45 {
            index += 1
            if index < bytes.count, bytes[index] == ASCII.plus || bytes[index] == ASCII.minus { index += 1 }
            guard skipDigits() else { throw syntax("a number's exponent needs a digit") }
        }
        return String(decoding: bytes[start..<index], as: UTF8.self)
    }

    /// Skips decimal digits; whether there was one.
    @discardableResult
    private mutating func skipDigits() -> Bool {
        let start = index
        while index < bytes.count, (ASCII.zero...ASCII.nine).contains(bytes[index]) { index += 1 }
        return index > start
    }
}
