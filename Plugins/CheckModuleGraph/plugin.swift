import Foundation
import PackagePlugin

/// `swift package check-module-graph`: checks that the package's modules stay decoupled, by their
/// declared dependencies and by the `import` declarations of their sources (see `MediatorTool`'s
/// `ModuleGraphCommand` for the rules). Fails (exit status 1), listing every problem as
/// `path:line:column: error: message`, when one is found.
@main
struct CheckModuleGraphPlugin: CommandPlugin {
    func performCommand(context: PluginContext, arguments: [String]) async throws {
        let package = context.package
        let root = package.directoryURL.standardizedFileURL.path
        let targets = package.targets.compactMap { target -> [String: Any]? in
            guard let module = target as? any SourceModuleTarget else { return nil }
            let dependencies = target.dependencies.flatMap { dependency -> [String] in
                switch dependency {
                case .target(let target): [target.name]
                case .product(let product): product.targets.map(\.name)
                @unknown default: []
                }
            }
            let files = module.sourceFiles(withSuffix: "swift").map { file in
                let path = file.url.standardizedFileURL.path
                return path.hasPrefix(root + "/") ? String(path.dropFirst(root.count + 1)) : path
            }
            return ["name": target.name, "kind": kind(of: module), "dependencies": dependencies, "files": files]
        }
        var modules: Set<String> = []
        var seen: Set<String> = []
        collectModules(of: package, into: &modules, seen: &seen)
        let description: [String: Any] = ["package": root, "targets": targets, "modules": modules.sorted()]
        let file = context.pluginWorkDirectoryURL.appendingPathComponent("module-graph.json")
        try JSONSerialization.data(withJSONObject: description, options: [.sortedKeys]).write(to: file)

        let process = Process()
        process.executableURL = try context.tool(named: "MediatorTool").url
        process.arguments = ["check-module-graph", "--description", file.path] + arguments
        try process.run()
        process.waitUntilExit()
        // The tool printed each problem as `path:line:column: error: message` and its verdict after
        // them, on standard output. SwiftPM prints this failure on standard error, and, when its output
        // is not a terminal, before the tool's lines: so it says where they are, not "above".
        guard process.terminationStatus == 0 else {
            throw PluginFailure(
                "check-module-graph: the module graph has problems; each is a `path:line:column: error:` line "
                    + "of the standard output, followed by their count")
        }
    }

    private func kind(of module: any SourceModuleTarget) -> String {
        switch module.kind {
        case .executable: "executable"
        case .test: "test"
        case .macro: "macro"
        case .snippet: "snippet"
        default: "library"
        }
    }

    /// Every module the package and its dependencies declare.
    private func collectModules(of package: Package, into modules: inout Set<String>, seen: inout Set<String>) {
        guard seen.insert(package.id).inserted else { return }
        modules.formUnion(package.targets.map(\.name))
        for dependency in package.dependencies { collectModules(of: dependency.package, into: &modules, seen: &seen) }
    }
}

/// A failure SwiftPM prints as the command's error line.
struct PluginFailure: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
