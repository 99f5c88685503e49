// Checks the package graph keeps modules decoupled; CI runs it, a failure names each bad edge.
//
//   swift scripts/check-module-graph.swift            (reads `swift package dump-package`)
//   swift scripts/check-module-graph.swift dump.json  (reads a saved dump, for testing the checker)
//
// Rules (README.md, "Module layout" and "Adding a module"):
// - a facade (`Modules/<M>/…/<M>Facade`) depends on the core and shared targets only;
// - a module's implementation (`Modules/<M>/…/<M>`) never depends on another module's implementation;
// - an implementation is depended on only by the App's executable and by that module's own tests;
// - nothing but its own end-to-end tests depends on an executable (the App).
import Foundation

struct Target {
    let name: String
    let kind: String
    let path: String
    let dependencies: [String]

    /// The module a target belongs to, from its path `Modules/<Module>/…`; `Shared` is not a module.
    var module: String? {
        let parts = path.split(separator: "/")
        guard parts.count >= 2, parts[0] == "Modules", parts[1] != "Shared" else { return nil }
        return String(parts[1])
    }
    var isShared: Bool { path.hasPrefix("Modules/Shared/") }
    var isFacade: Bool { module != nil && name.hasSuffix("Facade") }
    var isImplementation: Bool { module != nil && !isFacade }
}

func loadDump() throws -> Data {
    if CommandLine.arguments.count > 1 {
        return try Data(contentsOf: URL(fileURLWithPath: CommandLine.arguments[1]))
    }
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["swift", "package", "dump-package"]
    let pipe = Pipe()
    process.standardOutput = pipe
    try process.run()
    let data = pipe.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    guard process.terminationStatus == 0 else { throw CheckError("swift package dump-package failed") }
    return data
}

struct CheckError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

func parseTargets(_ data: Data) throws -> [Target] {
    guard let root = try JSONSerialization.jsonObject(with: data) as? [String: Any],
        let targets = root["targets"] as? [[String: Any]]
    else { throw CheckError("the package dump has no targets") }
    return targets.compactMap { target in
        guard let name = target["name"] as? String, let kind = target["type"] as? String else { return nil }
        let path = (target["path"] as? String) ?? (kind == "test" ? "Tests/\(name)" : "Sources/\(name)")
        let dependencies = (target["dependencies"] as? [[String: Any]] ?? []).compactMap { dependency -> String? in
            for key in ["byName", "target", "product"] {
                if let entry = dependency[key] as? [Any], let name = entry.first as? String { return name }
            }
            return nil
        }
        return Target(name: name, kind: kind, path: path, dependencies: dependencies)
    }
}

func violations(in targets: [Target]) -> [String] {
    let byName = Dictionary(targets.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
    var problems: [String] = []
    for target in targets {
        for dependencyName in target.dependencies {
            guard let dependency = byName[dependencyName] else { continue }
            if dependency.kind == "executable", target.name != "\(dependency.name)Tests" {
                problems.append("\(target.name) depends on the executable \(dependency.name); only \(dependency.name)Tests may")
            }
            if target.isFacade, dependency.name != "Mediator", !dependency.isShared {
                problems.append(
                    "facade \(target.name) depends on \(dependency.name); a facade may depend on the core and shared targets only"
                )
            }
            guard dependency.isImplementation else { continue }
            if target.isImplementation, target.module != dependency.module {
                problems.append(
                    "\(target.name) depends on \(dependency.name)'s implementation; depend on \(dependency.name)Facade instead")
            } else if target.kind == "test", target.name != "\(dependency.name)Tests" {
                problems.append(
                    "test target \(target.name) links \(dependency.name)'s implementation; replace it with doubles from MediatorTesting"
                )
            } else if target.kind != "test", target.kind != "executable", !target.isImplementation {
                problems.append(
                    "\(target.name) depends on \(dependency.name)'s implementation; only the App and \(dependency.name)Tests may")
            }
        }
    }
    return problems
}

do {
    let targets = try parseTargets(loadDump())
    let modules = Set(targets.compactMap(\.module)).sorted()
    guard !modules.isEmpty else { throw CheckError("no targets under Modules/: is the layout unchanged?") }
    let problems = violations(in: targets)
    if problems.isEmpty {
        print("module graph: ok (\(modules.count) modules: \(modules.joined(separator: ", ")); \(targets.count) targets)")
    } else {
        problems.forEach { print("module graph: \($0)") }
        exit(1)
    }
} catch {
    print("module graph: \(error)")
    exit(2)
}
