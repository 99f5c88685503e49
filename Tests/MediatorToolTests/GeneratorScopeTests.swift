import Foundation
import Testing

@testable import MediatorTool

// `new-module` edits only the consumer's own package (issue 33): never a vendored copy of the
// library, whatever anchors it holds; and the plan echoes paths escaped.

@Suite("New module: only the package's own targets are read and edited")
struct GeneratorScopeTests {
    /// This repository's root and its module template.
    private static let repository = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    private static let template = repository.appendingPathComponent("Templates/ModuleTemplate")

    private static let anchor = "    // swift package new-module registers each new module above this line.\n"

    /// A consumer package with an App target, and a copy of the library vendored at Vendor/Mediator
    /// whose own App holds the same anchors; `appFile` names the consumer's registration file.
    private static func consumer(appFile: String = "main.swift") throws -> URL {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("generator-\(UUID().uuidString)")
        let manager = FileManager.default
        for directory in ["Sources/ConsumerApp", "Vendor/Mediator/App/Sources/App"] {
            try manager.createDirectory(at: root.appendingPathComponent(directory), withIntermediateDirectories: true)
        }
        try """
        // swift-tools-version: 6.1
        import PackageDescription
        let package = Package(
            name: "Consumer",
            targets: [
                .executableTarget(name: "ConsumerApp"),
            ]
        )
        """.write(to: root.appendingPathComponent("Package.swift"), atomically: true, encoding: .utf8)
        let registration = "import Mediator\n\nfunc start(_ mediator: Mediator) throws {\n\(anchor)}\n"
        try registration.write(
            to: root.appendingPathComponent("Sources/ConsumerApp/\(appFile)"), atomically: true, encoding: .utf8)
        try registration.write(
            to: root.appendingPathComponent("Vendor/Mediator/App/Sources/App/ShopApp.swift"), atomically: true, encoding: .utf8)
        return root
    }

    private static func plan(in root: URL, directories: [String]) throws -> ModulePlan {
        let sources = try PackageSources(root: root, directories: directories)
        return try ModulePlan(
            names: ModuleNames(module: "Wishlist"), template: template, package: root, sources: sources,
            mediator: ("\"Mediator\"", "\"MediatorTesting\""))
    }

    @Test("with the library vendored in the package, the registration goes into the consumer's own file only")
    func vendoredCopyIsNotEdited() throws {
        let root = try Self.consumer()
        defer { try? FileManager.default.removeItem(at: root) }
        let plan = try Self.plan(in: root, directories: [root.appendingPathComponent("Sources/ConsumerApp").path])
        #expect(plan.registrationFile == "Sources/ConsumerApp/main.swift")
        #expect(plan.edits.map(\.path) == ["Package.swift", "Sources/ConsumerApp/main.swift"])
        #expect(!plan.summary(detailed: true).contains("Vendor"))
    }

    @Test("a directory outside the package, or a hidden one, is never read")
    func outsideDirectoriesAreSkipped() throws {
        let root = try Self.consumer()
        defer { try? FileManager.default.removeItem(at: root) }
        let sources = try PackageSources(
            root: root,
            directories: [
                root.appendingPathComponent("Sources/ConsumerApp").path, root.deletingLastPathComponent().path,
                root.appendingPathComponent("../\(root.lastPathComponent)-other").path, ".build/checkouts",
            ])
        #expect(sources.files.map(\.path) == ["Sources/ConsumerApp/main.swift"])
    }

    @Test("the plan echoes a registration file's path escaped: a newline, an ESC and a bidi override stay on one line")
    func registrationPathIsEscaped() throws {
        let hostile = "Reg\nforged\u{1B}[2J\u{202E}.swift"
        let root = try Self.consumer(appFile: hostile)
        defer { try? FileManager.default.removeItem(at: root) }
        let plan = try Self.plan(in: root, directories: ["Sources/ConsumerApp"])
        #expect(plan.registrationFile == "Sources/ConsumerApp/\(hostile)")
        for text in [plan.summary(detailed: true), plan.nextSteps] {
            #expect(!text.split(separator: "\n").contains { $0.hasPrefix("forged") })
            #expect(!text.unicodeScalars.contains { $0 == "\u{1B}" || $0 == "\u{202E}" })
        }
        #expect(plan.nextSteps.contains(#"Sources/ConsumerApp/Reg\u{A}forged\u{1B}[2J\u{202E}.swift"#))
    }
}

@Suite("check-module-graph: the printed report")
struct ModuleGraphReportTests {
    @Test("each problem is one `path:line:column: error:` line with an absolute path, escaped whatever the path holds")
    func problemsAreLinesOfTheirOwn() {
        let forged = ToolDiagnostic(
            file: "Sources/A/Forged\nmodule graph: ok (1 modules: A; 3 targets).swift", line: 2, column: 20,
            message: "A imports B's implementation; import BFacade instead")
        #expect(
            forged.rendered(package: "/p")
                == #"/p/Sources/A/Forged\u{A}module graph: ok (1 modules: A; 3 targets).swift:2:20: error: "#
                + "A imports B's implementation; import BFacade instead")
        #expect(
            ToolDiagnostic(file: "/abs/X.swift", line: 1, column: 1, severity: .warning, message: "m").rendered(package: "/p")
                == "/abs/X.swift:1:1: warning: m")
    }

    @Test("a dependency problem points at the target's declaration in Package.swift")
    func manifestPositions() {
        let manifest = ManifestTargets(
            manifest: "let p = Package(\n  targets: [\n    .target(name: \"A\"),\n    .target(\r\n      name: \"B\")])")
        #expect(manifest.position(of: "A") == (3, 19))
        #expect(manifest.position(of: "B") == (5, 13))
        #expect(manifest.position(of: "Gone") == (1, 1))
    }
}
