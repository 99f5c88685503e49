import Testing

@testable import MediatorTool

// The pieces of `swift package check-module-graph`: reading imports, and the rules over targets.
// scripts/check-plugins.sh runs the whole plugin from a consumer package.

@Suite("Module graph: imports and rules")
struct ModuleGraphTests {
    /// A package with modules A and B, an app, and tests, for the rules.
    private func graph(_ changes: (inout [PackageGraphDescription.Target]) -> Void = { _ in }) -> ModuleGraph {
        var targets: [PackageGraphDescription.Target] = [
            .init(name: "AFacade", kind: "library", dependencies: ["Mediator"], files: []),
            .init(name: "A", kind: "library", dependencies: ["Mediator", "AFacade"], files: []),
            .init(name: "BFacade", kind: "library", dependencies: ["Mediator"], files: []),
            .init(name: "B", kind: "library", dependencies: ["Mediator", "BFacade", "AFacade"], files: []),
            .init(name: "App", kind: "executable", dependencies: ["A", "B", "Mediator"], files: []),
            .init(name: "BTests", kind: "test", dependencies: ["B", "MediatorTesting"], files: []),
        ]
        changes(&targets)
        return ModuleGraph(PackageGraphDescription(package: "/p", targets: targets, modules: ["Mediator", "MediatorTesting"]))
    }

    @Test("a package in the intended shape has no dependency problem")
    func intendedShapePasses() {
        #expect(graph().modules == ["A", "B"])
        #expect(graph().dependencyProblems().isEmpty)
    }

    @Test("each broken rule of the declared graph is one problem")
    func brokenRulesAreReported() {
        let problems = graph { targets in
            targets[1] = .init(name: "A", kind: "library", dependencies: ["AFacade", "B"], files: [])
            targets[2] = .init(name: "BFacade", kind: "library", dependencies: ["AFacade"], files: [])
            targets[5] = .init(name: "BTests", kind: "test", dependencies: ["B", "A", "App"], files: [])
        }.dependencyProblems().map(\.message)
        #expect(
            problems == [
                "A depends on B's implementation; use BFacade instead",
                "facade BFacade depends on AFacade; a facade depends on the core and shared targets only",
                "test target BTests depends on A's implementation; replace it with doubles from MediatorTesting",
                "BTests depends on the executable App; only AppTests may",
            ])
    }

    @Test("an undeclared import and an implementation importing another are flagged; others pass")
    func importsAreChecked() throws {
        let graph = graph()
        let b = try #require(graph.byName["B"])
        func check(_ module: String) -> String? {
            graph.problem(with: ImportScanner.Import(line: 3, module: module), in: b)
        }
        #expect(check("MediatorTesting")?.hasPrefix("B imports MediatorTesting, which it does not declare") == true)
        #expect(check("A") == "B imports A's implementation; import AFacade instead")
        #expect(check("AFacade") == nil)
        #expect(check("Foundation") == nil, "a module the package does not build is not checked")
    }
}
