/// Reads the `import` declarations of a Swift file from its tokens (``SwiftLexer``), each at the line
/// and column of its `import` keyword, where the compiler's own parser places the declaration.
///
/// Every spelling the compiler accepts counts: after `;` or on the same line as other code, with the
/// module on a later line, with attributes, an access level or a kind (`@testable import`,
/// `public import`, `import struct M.T`); the module is the first component of the path. An import
/// in a comment or a literal is not a token, so it does not count. Imports under `#if` count, in
/// every branch, since the tool does not know the build's conditions.
enum ImportScanner {
    /// One import: where its `import` keyword is, and the module it names.
    struct Import: Equatable {
        let line: Int
        let column: Int
        let module: String

        init(line: Int, column: Int = 1, module: String) {
            self.line = line
            self.column = column
            self.module = module
        }
    }

    static let kinds: Set<String> = ["struct", "class", "enum", "protocol", "typealias", "func", "var", "let", "actor"]

    /// The imports of a file's text, in order.
    static func imports(in text: String) -> [Import] {
        imports(in: SwiftLexer.tokens(of: text))
    }

    /// The imports among a file's tokens, in order.
    static func imports(in tokens: [SwiftToken]) -> [Import] {
        var imports: [Import] = []
        for (index, token) in tokens.enumerated() where token.kind == .word && token.text == "import" {
            // `x.import` is a member, `f(import: 1)` a label: a declaration's keyword is followed by a name.
            if index > 0, tokens[index - 1].is(".") { continue }
            var path = index + 1
            guard path < tokens.count, tokens[path].kind == .word || tokens[path].kind == .escapedWord else { continue }
            if kinds.contains(tokens[path].text), tokens[path].kind == .word, path + 1 < tokens.count,
                tokens[path + 1].kind == .word || tokens[path + 1].kind == .escapedWord
            {
                path += 1
            }
            imports.append(Import(line: token.line, column: token.column, module: tokens[path].text))
        }
        return imports
    }
}
