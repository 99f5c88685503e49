import SwiftSyntax

/// The doc comment written before a declaration.
struct DocComment {
    /// The comment's lines, without the comment markers.
    let lines: [String]

    /// The doc comment that ends right before a declaration: the last run of `///` lines, or the
    /// last `/** */` block, that no blank line or plain comment separates from it.
    init(before trivia: Trivia) {
        var lines: [String] = []
        for piece in trivia {
            switch piece {
            case .docLineComment(let text):
                lines.append(Self.strip(text.dropFirst(3)))
            case .docBlockComment(let text):
                let body = text.dropFirst(3).dropLast(2)
                lines = body.split(separator: "\n", omittingEmptySubsequences: false).map { line in
                    let trimmed = line.drop { $0 == " " || $0 == "\t" }
                    return Self.strip(trimmed.first == "*" ? trimmed.dropFirst() : trimmed)
                }
            case .newlines(let count), .carriageReturnLineFeeds(let count):
                if count > 1 { lines = [] }
            case .lineComment, .blockComment:
                lines = []
            default:
                continue
            }
        }
        self.lines = lines
    }

    /// The summary: the first line that is not blank, or `nil` when the comment has none.
    var summary: String? {
        lines.lazy.map { $0.trimmingSpaces }.first { !$0.isEmpty }
    }

    /// A comment line's text: the one space after the marker dropped, trailing spaces kept for the summary to trim.
    private static func strip(_ text: Substring) -> String {
        String(text.first == " " ? text.dropFirst() : text)
    }
}

extension String {
    /// The text without spaces or tabs at either end.
    fileprivate var trimmingSpaces: String {
        let isSpace: (Character) -> Bool = { $0 == " " || $0 == "\t" }
        return String(drop(while: isSpace).reversed().drop(while: isSpace).reversed())
    }
}
