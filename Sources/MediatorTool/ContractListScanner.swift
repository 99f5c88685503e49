import Foundation

/// Reads a facade's contract declarations and its hand-kept `all` list, so the list can be checked
/// against the declarations: a contract missing from it would be skipped by the module's contract test.
///
/// A declaration is a `static let name` whose type or initializer names a contract
/// (`ActionContract<`, `AsyncActionContract<`, `MainActorActionContract<`, `MediatorActionContract<`);
/// the list is the array literal of `static let all`. Comment lines are skipped. A facade whose
/// `all` is written by the `@MediatorFacade` macro has no list to read and is not checked.
enum ContractListScanner {
    /// One contract declaration: its line (from 1) and name.
    struct Declaration: Equatable {
        let line: Int
        let name: String
    }

    static let contractTypes = ["ActionContract<", "AsyncActionContract<", "MainActorActionContract<", "MediatorActionContract<"]

    /// The contracts a file declares, in order.
    static func declarations(in text: String) -> [Declaration] {
        lines(of: text).compactMap { index, line in
            guard let name = staticLetName(line), name != "all", contractTypes.contains(where: line.contains) else { return nil }
            return Declaration(line: index + 1, name: name)
        }
    }

    /// The names the file's `static let all` list holds, or `nil` when the file has no such list.
    static func listed(in text: String) -> Set<String>? {
        var names: Set<String>?
        var collecting = false
        for (_, line) in lines(of: text) {
            if !collecting, staticLetName(line) == "all", let equals = line.firstIndex(of: "=") {
                names = names ?? []
                collecting = true
                collect(line[line.index(after: equals)...], into: &names, collecting: &collecting)
            } else if collecting {
                collect(line[...], into: &names, collecting: &collecting)
            }
        }
        return names
    }

    /// The identifiers of one line of the list's literal; stops collecting at its closing bracket.
    private static func collect(_ text: Substring, into names: inout Set<String>?, collecting: inout Bool) {
        var body = text
        if let close = body.firstIndex(of: "]") {
            body = body[..<close]
            collecting = false
        }
        for word in body.split(whereSeparator: { !($0.isLetter || $0.isNumber || $0 == "_" || $0 == ".") }) {
            // `Products.price` and `price` both name `price`.
            if let last = word.split(separator: ".").last { names?.insert(String(last)) }
        }
    }

    /// The name a line declares with `static let`, if it does.
    private static func staticLetName(_ line: Substring) -> String? {
        let words = line.split(whereSeparator: { $0 == " " || $0 == "\t" })
        guard let at = words.firstIndex(of: "let"), at > words.startIndex, words[at - 1] == "static", at + 1 < words.endIndex
        else { return nil }
        let name = words[at + 1].prefix { $0.isLetter || $0.isNumber || $0 == "_" }
        return name.isEmpty ? nil : String(name)
    }

    /// The file's lines with their indexes, comment lines left out.
    private static func lines(of text: String) -> [(Int, Substring)] {
        text.split(separator: "\n", omittingEmptySubsequences: false).enumerated().filter { _, line in
            !line.trimmingCharacters(in: .whitespaces).hasPrefix("/")
        }.map { ($0.offset, $0.element) }
    }
}
