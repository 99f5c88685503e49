internal import MediatorText

/// One problem a check reports, printed as compilers print theirs so Xcode and CI annotations
/// find it: `path:line:column: error: message`.
struct ToolDiagnostic: Equatable {
    /// How bad it is: an error fails the check, a warning does not.
    enum Severity: String {
        case error
        case warning
    }

    /// The file, relative to the package (or absolute).
    let file: String
    let line: Int
    let column: Int
    var severity = Severity.error
    let message: String

    /// The printed line: the file's absolute path (so no path can start a line the way the verdict
    /// does), then the message, the whole line escaped as the App's console escapes text (`LogSafeText`:
    /// newline, CR, ESC and every other control, line separators and bidirectional controls as
    /// `\u{…}`), so one problem is one line whatever a path or name holds.
    func rendered(package: String) -> String {
        let path = file.hasPrefix("/") ? file : (package.hasSuffix("/") ? package : package + "/") + file
        return LogSafeText.escaped("\(path):\(line):\(column): \(severity.rawValue): \(message)")
    }
}

/// Where a manifest declares each target: the `"Name"` string after `name:`, so a problem with a
/// target's declared dependencies points at its declaration.
struct ManifestTargets {
    private var positions: [String: (line: Int, column: Int)] = [:]

    /// Reads the manifest's text.
    init(manifest: String) {
        let tokens = SwiftLexer.tokens(of: manifest)
        for index in tokens.indices.dropFirst(2) where tokens[index].kind == .string {
            guard tokens[index - 2].is("name"), tokens[index - 1].is(":") else { continue }
            let literal = tokens[index].text
            guard literal.count >= 2, literal.hasPrefix("\""), literal.hasSuffix("\"") else { continue }
            let name = String(literal.dropFirst().dropLast())
            if positions[name] == nil { positions[name] = (tokens[index].line, tokens[index].column) }
        }
    }

    /// Where the target is declared; the manifest's first line when it cannot be found.
    func position(of target: String) -> (line: Int, column: Int) {
        positions[target] ?? (1, 1)
    }
}
