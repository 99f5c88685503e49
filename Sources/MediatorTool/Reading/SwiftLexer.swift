/// Splits Swift source into tokens the way the compiler's lexer does, so the tool's readers see
/// what the compiler sees: comments (block comments nest), whitespace and line breaks (`\r\n`, `\n`
/// and `\r`) separate tokens; string literals in every form (`"…"`, `"""…"""`, raw `#"…"#` with any
/// number of `#`, escapes, `\(…)` interpolations holding strings and comments of their own) and
/// regex literals (`#/…/#`, and `/…/` where an expression may start) are one token each.
///
/// It does not check that the source is valid Swift: what does not lex is kept as single-character
/// punctuation, and an unterminated literal or comment runs to the end of its line or of the file,
/// as the compiler recovers. Each token keeps the line and UTF-8 column the compiler reports.
struct SwiftLexer {
    private let bytes: [UInt8]
    private var index = 0
    private var line = 1
    private var lineStart = 0
    /// Inside an interpolation, tokens are lexed (to find its end) but belong to the string.
    private var nesting = 0
    private var sawNewline = true
    private var sawSpace = true
    /// The last token lexed at any nesting, to tell a regex literal's `/` from division.
    private var previous: SwiftToken?
    private var tokens: [SwiftToken] = []

    private init(_ text: String) {
        bytes = Array(text.utf8)
    }

    /// The tokens of a file's text, in order.
    static func tokens(of text: String) -> [SwiftToken] {
        var lexer = SwiftLexer(text)
        if lexer.bytes.starts(with: Array("#!".utf8)) { lexer.skipToLineEnd() }
        lexer.lex(untilClosingParenthesis: false)
        return lexer.tokens
    }

    // MARK: The loop

    private mutating func lex(untilClosingParenthesis: Bool) {
        var depth = 0
        while index < bytes.count {
            let byte = bytes[index]
            switch byte {
            case 0x20, 0x09, 0x0B, 0x0C, 0x00:
                index += 1
                sawSpace = true
            case 0x0A, 0x0D:
                newline()
                sawNewline = true
                sawSpace = true
            case UInt8(ascii: "/") where peek(1) == UInt8(ascii: "/"):
                skipToLineEnd()
                sawSpace = true
            case UInt8(ascii: "/") where peek(1) == UInt8(ascii: "*"):
                skipBlockComment()
                sawSpace = true
            case UInt8(ascii: "/") where regexMayStart && bareRegexEnd() != nil:
                let start = index
                index = bareRegexEnd() ?? index
                emit(.regex, from: start)
            case UInt8(ascii: "\""):
                string(pounds: 0)
            case UInt8(ascii: "#"):
                pound()
            case UInt8(ascii: "`"):
                escapedWord()
            case UInt8(ascii: "("), UInt8(ascii: "["), UInt8(ascii: "{"):
                if byte == UInt8(ascii: "(") { depth += 1 }
                single(.punctuation)
            case UInt8(ascii: ")"):
                if untilClosingParenthesis && depth == 0 {
                    index += 1
                    return
                }
                depth -= 1
                single(.punctuation)
            case UInt8(ascii: "]"), UInt8(ascii: "}"), UInt8(ascii: ","), UInt8(ascii: ";"), UInt8(ascii: ":"),
                UInt8(ascii: "@"):
                single(.punctuation)
            case UInt8(ascii: "."):
                if peek(1) == UInt8(ascii: ".") { operatorRun() } else { single(.punctuation) }
            case UInt8(ascii: "0")...UInt8(ascii: "9"):
                number()
            case _ where Self.isOperator(byte):
                operatorRun()
            case _ where Self.isIdentifierHead(byte) || byte == UInt8(ascii: "$"):
                word()
            default:
                single(.punctuation)
            }
        }
    }

    // MARK: Tokens

    private mutating func emit(_ kind: SwiftToken.Kind, from start: Int, text: String? = nil) {
        let startLine = line - newlines(from: start, to: index)
        let token = SwiftToken(
            kind: kind, text: text ?? String(decoding: bytes[start..<index], as: UTF8.self), line: startLine,
            column: column(of: start), startsLine: sawNewline, spaceBefore: sawSpace)
        previous = token
        if nesting == 0 { tokens.append(token) }
        sawNewline = false
        sawSpace = false
    }

    private mutating func single(_ kind: SwiftToken.Kind) {
        let start = index
        index += 1
        emit(kind, from: start)
    }

    private mutating func word() {
        let start = index
        index += 1
        while index < bytes.count, Self.isIdentifierBody(bytes[index]) { index += 1 }
        emit(.word, from: start)
    }

    private mutating func escapedWord() {
        let start = index
        index += 1
        while index < bytes.count, bytes[index] != UInt8(ascii: "`"), !isLineBreak(index) { index += 1 }
        guard index < bytes.count, bytes[index] == UInt8(ascii: "`") else {
            index = start + 1
            emit(.punctuation, from: start)
            return
        }
        let name = String(decoding: bytes[(start + 1)..<index], as: UTF8.self)
        index += 1
        emit(.escapedWord, from: start, text: name)
    }

    private mutating func number() {
        let start = index
        while index < bytes.count {
            let byte = bytes[index]
            if Self.isIdentifierBody(byte) {
                index += 1
            } else if byte == UInt8(ascii: "."), let next = peek(1), (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(next) {
                index += 1
            } else if (byte == UInt8(ascii: "+") || byte == UInt8(ascii: "-")),
                let last = bytes[start..<index].last,
                [UInt8(ascii: "e"), UInt8(ascii: "E"), UInt8(ascii: "p"), UInt8(ascii: "P")].contains(last),
                !bytes[start..<index].contains(UInt8(ascii: "x")) || last == UInt8(ascii: "p") || last == UInt8(ascii: "P")
            {
                index += 1
            } else {
                break
            }
        }
        emit(.number, from: start)
    }

    /// A run of operator characters. `<`, `>`, `?` and `!` in a run of only those are tokens of their
    /// own (`A<B<C>>`, `Int?>`), as the compiler splits them in generic arguments; a lone `=` is punctuation.
    private mutating func operatorRun() {
        let start = index
        let dots = bytes[index] == UInt8(ascii: ".")
        while index < bytes.count,
            dots ? (bytes[index] == UInt8(ascii: ".") || Self.isOperator(bytes[index])) : Self.isOperator(bytes[index])
        {
            // A comment starts here, not the operator's next character.
            if bytes[index] == UInt8(ascii: "/"), index > start, peek(1) == UInt8(ascii: "/") || peek(1) == UInt8(ascii: "*") {
                break
            }
            index += 1
        }
        let run = bytes[start..<index]
        if run.allSatisfy({ [UInt8(ascii: "<"), UInt8(ascii: ">"), UInt8(ascii: "?"), UInt8(ascii: "!")].contains($0) }) {
            index = start
            for _ in run { single(.punctuation) }
        } else if run.count == 1, run.first == UInt8(ascii: "=") {
            emit(.punctuation, from: start)
        } else {
            emit(.operator, from: start)
        }
    }

    /// `#` starts a raw string, an extended regex, or a directive or keyword (`#if`, `#selector`).
    private mutating func pound() {
        var pounds = 0
        while peek(pounds) == UInt8(ascii: "#") { pounds += 1 }
        if peek(pounds) == UInt8(ascii: "\"") {
            string(pounds: pounds)
        } else if peek(pounds) == UInt8(ascii: "/") {
            extendedRegex(pounds: pounds)
        } else if pounds == 1, let next = peek(1), Self.isIdentifierHead(next) {
            let start = index
            index += 1
            while index < bytes.count, Self.isIdentifierBody(bytes[index]) { index += 1 }
            emit(.pound, from: start)
        } else {
            single(.punctuation)
        }
    }

    // MARK: Literals

    /// A string literal at `index` (after its `pounds` leading `#`s, still to be consumed).
    private mutating func string(pounds: Int) {
        let start = index
        index += pounds
        let multiline = peek(0) == UInt8(ascii: "\"") && peek(1) == UInt8(ascii: "\"") && peek(2) == UInt8(ascii: "\"")
        index += multiline ? 3 : 1
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\\") && countPounds(after: index) >= pounds {
                // An escape: `\` then as many `#` as opened the literal.
                index += 1 + pounds
                if peek(0) == UInt8(ascii: "(") {
                    index += 1
                    nesting += 1
                    let outerNewline = sawNewline
                    let outerSpace = sawSpace
                    lex(untilClosingParenthesis: true)
                    sawNewline = outerNewline
                    sawSpace = outerSpace
                    nesting -= 1
                } else if isLineBreak(index) {
                    newline()
                } else if index < bytes.count {
                    index += 1
                }
            } else if isLineBreak(index) {
                if !multiline { break }  // unterminated: the literal ends with its line
                newline()
            } else if byte == UInt8(ascii: "\"") {
                let quotes = multiline ? 3 : 1
                if (0..<quotes).allSatisfy({ peek($0) == UInt8(ascii: "\"") }) && countPounds(after: index + quotes - 1) >= pounds
                {
                    index += quotes + pounds
                    break
                }
                index += 1
            } else {
                index += 1
            }
        }
        emit(.string, from: start)
    }

    /// The number of `#` right after the byte at `position`.
    private func countPounds(after position: Int) -> Int {
        var count = 0
        while position + 1 + count < bytes.count, bytes[position + 1 + count] == UInt8(ascii: "#") { count += 1 }
        return count
    }

    /// `#/…/#` (any number of `#`), which may span lines when its `/` ends the first line.
    private mutating func extendedRegex(pounds: Int) {
        let start = index
        index += pounds + 1
        while index < bytes.count {
            if bytes[index] == UInt8(ascii: "\\") {
                index += 2
            } else if isLineBreak(index) {
                newline()
            } else if bytes[index] == UInt8(ascii: "/") && countPounds(after: index) >= pounds {
                index += 1 + pounds
                break
            } else {
                index += 1
            }
        }
        emit(.regex, from: start)
    }

    /// Whether a `/` here may open a bare regex literal: where an expression starts, not after an
    /// operand (`a / b`).
    private var regexMayStart: Bool {
        guard let previous else { return true }
        switch previous.kind {
        case .operator: return true
        case .punctuation:
            return ["(", "[", "{", ",", ";", ":", "=", "!", "?"].contains(previous.text) && !(previous.text == "!" && !sawSpace)
        case .word: return Self.expressionKeywords.contains(previous.text)
        default: return false
        }
    }

    /// Where a bare regex starting at `index` ends (after its closing `/`), if it is one: it does not
    /// start with a space or `=`, and closes on its line.
    private func bareRegexEnd() -> Int? {
        guard let next = peek(1), next != 0x20, next != 0x09, next != UInt8(ascii: "="), !isLineBreak(index + 1) else {
            return nil
        }
        var position = index + 1
        while position < bytes.count, !isLineBreak(position) {
            if bytes[position] == UInt8(ascii: "\\") {
                position += 2
            } else if bytes[position] == UInt8(ascii: "/") {
                return bytes[position - 1] == 0x20 ? nil : position + 1
            } else {
                position += 1
            }
        }
        return nil
    }

    // MARK: Trivia

    private mutating func skipToLineEnd() {
        while index < bytes.count, !isLineBreak(index) { index += 1 }
    }

    private mutating func skipBlockComment() {
        var depth = 0
        while index < bytes.count {
            if bytes[index] == UInt8(ascii: "/"), peek(1) == UInt8(ascii: "*") {
                depth += 1
                index += 2
            } else if bytes[index] == UInt8(ascii: "*"), peek(1) == UInt8(ascii: "/") {
                depth -= 1
                index += 2
                if depth == 0 { return }
            } else if isLineBreak(index) {
                newline()
                sawNewline = true
            } else {
                index += 1
            }
        }
    }

    /// Consumes one line break (`\r\n` is one).
    private mutating func newline() {
        if bytes[index] == 0x0D, peek(1) == 0x0A { index += 1 }
        index += 1
        line += 1
        lineStart = index
    }

    private func isLineBreak(_ position: Int) -> Bool {
        position < bytes.count && (bytes[position] == 0x0A || bytes[position] == 0x0D)
    }

    private func peek(_ offset: Int) -> UInt8? {
        index + offset < bytes.count ? bytes[index + offset] : nil
    }

    /// The line breaks between two offsets (a token that spans lines started that many lines up).
    private func newlines(from start: Int, to end: Int) -> Int {
        var count = 0
        var position = start
        while position < end {
            if bytes[position] == 0x0D, position + 1 < end, bytes[position + 1] == 0x0A { position += 1 }
            if bytes[position] == 0x0A || bytes[position] == 0x0D { count += 1 }
            position += 1
        }
        return count
    }

    /// The column of an offset on the token's first line.
    private func column(of start: Int) -> Int {
        var position = start
        while position > 0, bytes[position - 1] != 0x0A, bytes[position - 1] != 0x0D { position -= 1 }
        return start - position + 1
    }

    // MARK: Characters

    /// Keywords after which an expression, and so a bare regex, may start.
    private static let expressionKeywords: Set<String> = [
        "return", "case", "in", "where", "if", "guard", "while", "throw", "try", "await", "else", "switch", "is", "as",
        "yield", "repeat", "do", "catch", "then",
    ]

    static func isIdentifierHead(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
            || byte == UInt8(ascii: "_") || byte >= 0x80
    }

    static func isIdentifierBody(_ byte: UInt8) -> Bool {
        isIdentifierHead(byte) || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || byte == UInt8(ascii: "$")
    }

    static func isOperator(_ byte: UInt8) -> Bool {
        "/=-+!*%<>&|^~?".utf8.contains(byte)
    }
}
