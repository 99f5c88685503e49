import Foundation

/// Reads the `import` declarations of a Swift file, with their line numbers.
///
/// It skips comments, block comments and multi-line string literals, and reads attributes,
/// access levels and kinds (`@testable import`, `public import`, `import struct M.T`); the module is
/// the first component of the path. Imports under `#if` count as imports.
enum ImportScanner {
    /// One import: its line (from 1) and the module it names.
    struct Import: Equatable {
        let line: Int
        let module: String
    }

    static let kinds: Set<Substring> = ["struct", "class", "enum", "protocol", "typealias", "func", "var", "let", "actor"]

    /// The imports of a file's text, in order.
    static func imports(in text: String) -> [Import] {
        var imports: [Import] = []
        var inBlockComment = false
        var inMultilineString = false
        for (index, rawLine) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            var line = Substring(rawLine)
            if inMultilineString {
                if line.contains("\"\"\"") { inMultilineString = false }
                continue
            }
            if inBlockComment {
                guard let end = line.range(of: "*/") else { continue }
                inBlockComment = false
                line = line[end.upperBound...]
            }
            if let start = line.range(of: "/*"), !line[..<start.lowerBound].contains("//") {
                if !line[start.upperBound...].contains("*/") { inBlockComment = true }
                line = line[..<start.lowerBound]
            }
            if line.components(separatedBy: "\"\"\"").count % 2 == 0 { inMultilineString = true }
            if let module = module(imported: line) { imports.append(Import(line: index + 1, module: module)) }
        }
        return imports
    }

    /// The module one line imports, if it is an import declaration.
    static func module(imported line: Substring) -> String? {
        var words = line.split(whereSeparator: { $0 == " " || $0 == "\t" })[...]
        // Attributes (`@testable`, `@preconcurrency`, `@_spi(Name)`) and an access level.
        while let first = words.first,
            first.hasPrefix("@") || ["public", "package", "internal", "fileprivate", "private"].contains(first)
        {
            words = words.dropFirst()
        }
        guard words.first == "import", words.count >= 2 else { return nil }
        var path = words.dropFirst()
        if let kind = path.first, kinds.contains(kind), path.count >= 2 { path = path.dropFirst() }
        guard let module = path.first?.split(separator: ".").first.map(String.init),
            let head = module.unicodeScalars.first, head == "_" || head.properties.isAlphabetic,
            module.unicodeScalars.allSatisfy({ $0 == "_" || $0.properties.isAlphabetic || $0.properties.numericType != nil })
        else { return nil }
        return module
    }
}
