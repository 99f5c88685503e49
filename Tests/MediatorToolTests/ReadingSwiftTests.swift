import Foundation
import MediatorTestSupport
import Testing

@testable import MediatorTool

// The tool reads Swift as the compiler does (issue 33): every fixture of Fixtures/, with `\n` and
// with `\r\n` line endings; the imports also against the compiler's own parser.

/// The line endings every fixture is read with.
private let lineEndings = ["\n", "\r\n"]

private func withEndings(_ source: String, _ ending: String) -> String {
    source.replacingOccurrences(of: "\n", with: ending)
}

@Suite("Reading Swift: imports and contracts as the compiler sees them")
struct ReadingSwiftTests {
    @Test(
        "every import spelling the compiler accepts is read at its line and column; none in comments or literals",
        arguments: ImportFixture.all, lineEndings)
    func imports(fixture: ImportFixture, ending: String) {
        let found = ImportScanner.imports(in: withEndings(fixture.source, ending)).map { "\($0.line):\($0.column) \($0.module)" }
        #expect(found == fixture.expected)
    }

    @Test(
        "the compiler's parser (swiftc -frontend -dump-parse) finds the same imports at the same places",
        arguments: ImportFixture.all.filter(\.comparesWithCompiler), lineEndings)
    func importsMatchTheCompiler(fixture: ImportFixture, ending: String) async throws {
        let source = withEndings(fixture.source, ending)
        let compiler = try await offThePool { try CompilerParse(source: source) }
        #expect(compiler.errors == [], "the fixture is valid Swift")
        #expect(compiler.imports == fixture.expected, "\(compiler.raw.prefix(2_000))")
    }

    @Test(
        "contracts are read as the compiler sees them, and each one the `all` list leaves out is reported",
        arguments: ContractFixture.all, lineEndings)
    func contracts(fixture: ContractFixture, ending: String) {
        let reading = ContractListScanner.read(withEndings(fixture.source, ending))
        let missing = reading.declarations.filter {
            ModuleGraphCommand.listProblem($0, in: reading, target: "ShopFacade") != nil
        }
        #expect(missing.map { "\($0.line):\($0.column) \($0.name)" } == fixture.missing)
    }

    @Test("a token keeps the line and UTF-8 column the compiler reports, after CR, CRLF and multi-byte text")
    func positions() {
        let tokens = SwiftLexer.tokens(of: "let é = 1\r\nlet b = \"ü\"\rimport X\n  /* a\r\n b */ y")
        #expect(tokens.first { $0.text == "import" }.map { "\($0.line):\($0.column)" } == "3:1")
        #expect(tokens.first { $0.text == "y" }.map { "\($0.line):\($0.column)" } == "5:7")
        #expect(tokens.first { $0.text == "=" }.map { "\($0.line):\($0.column)" } == "1:8", "é is two UTF-8 bytes")
    }
}

/// What the compiler's parser finds in a source: its import declarations (`line:column Module`) and
/// its errors. Swift 6 mode, as the package's targets are compiled.
private struct CompilerParse {
    let imports: [String]
    let errors: [String]
    let raw: String

    init(source: String) throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("fixture-\(UUID().uuidString).swift")
        try Data(source.utf8).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        // Each stream to a file of its own: sharing one pipe, the two interleave mid-line.
        let outputs = [file.appendingPathExtension("out"), file.appendingPathExtension("err")]
        defer { outputs.forEach { try? FileManager.default.removeItem(at: $0) } }
        let handles = try outputs.map { url in
            _ = FileManager.default.createFile(atPath: url.path, contents: nil)
            return try FileHandle(forWritingTo: url)
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["swiftc", "-frontend", "-dump-parse", "-swift-version", "6", file.path]
        process.standardOutput = handles[0]
        process.standardError = handles[1]
        try process.run()
        process.waitUntilExit()
        try handles.forEach { try $0.close() }
        raw = try outputs.map { try String(contentsOf: $0, encoding: .utf8) }.joined(separator: "\n")
        let lines = raw.split(whereSeparator: \.isNewline)
        errors = lines.filter { $0.contains("error:") }.map(String.init)
        imports = lines.filter { $0.contains("(import_decl ") }.compactMap { line in
            guard let range = line.range(of: "range=["), let module = line.range(of: "module=\"") else { return nil }
            let position = line[range.upperBound...].split(separator: " ").first?.split(separator: ":").suffix(2) ?? []
            let name = line[module.upperBound...].prefix { $0 != "\"" && $0 != "." }
            return "\(position.joined(separator: ":")) \(name)"
        }
    }
}
