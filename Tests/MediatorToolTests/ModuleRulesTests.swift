import Foundation
import Testing

@testable import MediatorTool

// `check-module-graph` on the package's own layers: the rule table in module-rules.txt, read and
// enforced, on a planted package and on this repository's real sources.

@Suite("Module graph: the package's own rules (module-rules.txt)")
struct ModuleRulesTests {
    /// This repository's root, from this file's path (Tests/MediatorToolTests/…).
    private static let repository = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// The repository's own rule table.
    private static func realRules() throws -> ModuleRules {
        try #require(try ModuleRules.load(package: repository.path), "the repository has a module-rules.txt")
    }

    @Test("a table is read line by line; comments and blank lines are skipped; `*` matches any characters")
    func tableIsRead() throws {
        let rules = try ModuleRules(
            text: """
                # header
                Core: CAtomics Swift   # trailing comment

                *Facade: Mediator
                Leaf:
                """)
        #expect(
            rules.rules == [
                .init(line: 2, pattern: "Core", allowed: ["CAtomics", "Swift"]),
                .init(line: 4, pattern: "*Facade", allowed: ["Mediator"]),
                .init(line: 5, pattern: "Leaf", allowed: []),
            ])
        #expect(rules.rule(for: "ModuleAFacade")?.line == 4)
        #expect(rules.rule(for: "Facade")?.line == 4)
        #expect(rules.rule(for: "FacadeHelpers") == nil)
        #expect(rules.rule(for: "Cor") == nil)
        #expect(ModuleRules.Rule(line: 1, pattern: "A*B*C", allowed: []).matches("AxxBxxC"))
        #expect(!ModuleRules.Rule(line: 1, pattern: "A*B*C", allowed: []).matches("AxxCxxB"))
        #expect(!ModuleRules.Rule(line: 1, pattern: "AB*BA", allowed: []).matches("ABA"))
    }

    @Test("a line that is not `Target: Module …` is refused with its line")
    func malformedLineIsRefused() {
        #expect(throws: ToolFailure.self) { try ModuleRules(text: "Core CAtomics\n") }
        #expect(throws: ToolFailure.self) { try ModuleRules(text: "ok: A\nTwo Words: B\n") }
    }

    @Test("a core file importing Foundation or the publishing library is reported with file:line")
    func forbiddenImportsAreReported() throws {
        let rules = try Self.realRules()
        func problem(_ module: String, in target: String) -> String? {
            rules.problem(with: ImportScanner.Import(line: 3, module: module), in: target)
        }
        #expect(
            problem("Foundation", in: "MediatorCore")?
                .hasPrefix("MediatorCore imports Foundation, which its rule") == true)
        #expect(problem("MediatorPublishing", in: "MediatorCore") != nil)
        #expect(problem("Mediator", in: "MediatorCore") != nil)
        #expect(problem("CMediatorAtomics", in: "MediatorCore") == nil)
        #expect(problem("Foundation", in: "Mediator") == nil)
        #expect(problem("MediatorCore", in: "ModuleAFacade") != nil, "a facade reaches the runtime through Mediator")
        #expect(problem("Foundation", in: "ModuleA") == nil, "a target no rule names is left to the module rules")
    }

    @Test("a dependency the rules leave out, and a rule naming no target, are problems")
    func declarationsAreChecked() throws {
        let rules = try ModuleRules(text: "Core: CAtomics\nGone: Core\n")
        let problems = rules.declarationProblems(in: [
            .init(name: "Core", kind: "library", dependencies: ["CAtomics", "Publishing"], files: []),
            .init(name: "Publishing", kind: "library", dependencies: ["Core"], files: []),
        ])
        #expect(problems.rules.map(\.line) == [2])
        #expect(problems.rules.map(\.message) == ["the rule for Gone names no target of this package; rename or remove it"])
        #expect(problems.targets.map(\.target) == ["Core"])
        #expect(
            problems.targets.map(\.message) == [
                "Core depends on Publishing, which its rule (module-rules.txt:1) does not allow; Core may depend on CAtomics only"
            ])
    }

    @Test("check-module-graph fails (exits non-zero) on a planted core file that imports Foundation")
    func plantedCoreFileFails() throws {
        let package = FileManager.default.temporaryDirectory.appendingPathComponent("module-rules-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: package) }
        let core = package.appendingPathComponent("Sources/MediatorCore")
        try FileManager.default.createDirectory(at: core, withIntermediateDirectories: true)
        // The repository's own rule for the core (the other lines name targets this planted package lacks).
        let coreRule = try #require(try Self.realRules().rule(for: "MediatorCore"))
        try "MediatorCore: \(coreRule.allowed.joined(separator: " "))\n".write(
            to: package.appendingPathComponent(ModuleRules.fileName), atomically: true, encoding: .utf8)
        try "internal import CMediatorAtomics\n".write(
            to: core.appendingPathComponent("Clean.swift"), atomically: true, encoding: .utf8)
        try "// A planted file.\nimport Foundation\n".write(
            to: core.appendingPathComponent("Planted.swift"), atomically: true, encoding: .utf8)

        func check(files: [String]) throws -> Bool {
            let targets: [PackageGraphDescription.Target] = [
                .init(name: "CMediatorAtomics", kind: "library", dependencies: [], files: []),
                .init(name: "MediatorCore", kind: "library", dependencies: ["CMediatorAtomics"], files: files),
            ]
            let modules = ["CMediatorAtomics", "MediatorCore"]
            let description = PackageGraphDescription(package: package.path, targets: targets, modules: modules)
            let file = package.appendingPathComponent("graph.json")
            try JSONEncoder().encode(description).write(to: file)
            return try ModuleGraphCommand(arguments: ["--description", file.path]).run()
        }
        #expect(try check(files: ["Sources/MediatorCore/Clean.swift"]))
        #expect(try !check(files: ["Sources/MediatorCore/Clean.swift", "Sources/MediatorCore/Planted.swift"]))
    }

    @Test("this repository's sources keep its rules: every import of every ruled target is allowed")
    func realPackagePasses() throws {
        let rules = try Self.realRules()
        let sources = Self.repository.appendingPathComponent("Sources")
        let targets = try FileManager.default.contentsOfDirectory(atPath: sources.path).sorted()
        var checked = 0
        var problems: [String] = []
        for target in targets where rules.rule(for: target) != nil {
            let folder = sources.appendingPathComponent(target)
            guard let walker = FileManager.default.enumerator(atPath: folder.path) else { continue }
            for case let relative as String in walker where relative.hasSuffix(".swift") {
                let path = "Sources/\(target)/\(relative)"
                let text = try String(contentsOf: folder.appendingPathComponent(relative), encoding: .utf8)
                problems += ImportScanner.imports(in: text).compactMap { found in
                    rules.problem(with: found, in: target).map { "\(path):\(found.line):\(found.column): \($0)" }
                }
                checked += 1
            }
        }
        #expect(problems == [])
        #expect(checked > 100, "the core, the bridge, publishing, test doubles and the tool were read")
    }
}
