/// One token of Swift source, as the compiler's lexer splits it: comments and whitespace are not
/// tokens, and a string or regex literal is one token however many lines it spans.
struct SwiftToken: Equatable {
    /// What a token is, as far as the tool's readers need to tell.
    enum Kind: Equatable {
        /// An identifier or a keyword: `import`, `static`, `price`.
        case word
        /// An identifier in backticks; `text` is the name without them.
        case escapedWord
        /// One of `( ) [ ] { } , ; : @ . < > =` (a lone `=`), each a token of its own.
        case punctuation
        /// Any other run of operator characters: `->`, `==`, `+`, `...`.
        case `operator`
        /// A string literal of any form (`"…"`, `"""…"""`, `#"…"#`), interpolations included.
        case string
        /// A regex literal (`/…/`, `#/…/#`).
        case regex
        /// A number literal.
        case number
        /// A `#` directive or keyword: `#if`, `#else`, `#endif`, `#selector`; `text` includes the `#`.
        case pound
    }

    let kind: Kind
    /// The token's text (for `escapedWord`, without the backticks).
    let text: String
    /// The line (from 1) of the token's first character; `\r\n`, `\n` and `\r` each end a line.
    let line: Int
    /// The column (from 1) of its first character, in UTF-8 bytes, as the compiler counts it.
    let column: Int
    /// Whether a line break comes between this token and the previous one (or it is the first).
    let startsLine: Bool
    /// Whether whitespace or a comment comes right before the token.
    let spaceBefore: Bool

    /// Whether the token is the punctuation or word `text`.
    func `is`(_ text: String) -> Bool {
        (kind == .punctuation || kind == .word || kind == .operator || kind == .pound) && self.text == text
    }
}
