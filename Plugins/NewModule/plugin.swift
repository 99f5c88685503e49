import Foundation
import PackagePlugin

/// `swift package --allow-writing-to-package-directory new-module [--dry-run] <Name>`: adds a module
/// (facade, implementation and test targets, and their manifest stanzas) to the package it runs in.
///
/// It finds the package that provides Mediator (this one, or a dependency), and runs that
/// package's `MediatorTool new-module` with the module template that package ships.
@main
struct NewModulePlugin: CommandPlugin {
    func performCommand(context: PluginContext, arguments: [String]) async throws {
        let package = context.package
        let mediatorID: String?
        let mediatorDirectory: URL
        if package.products.contains(where: { $0.name == "MediatorTesting" }) {
            mediatorID = nil
            mediatorDirectory = package.directoryURL
        } else if let dependency = package.dependencies.first(where: { dependency in
            dependency.package.products.contains { $0.name == "MediatorTesting" }
        }) {
            mediatorID = dependency.package.id
            mediatorDirectory = dependency.package.directoryURL
        } else {
            throw PluginFailure(
                "new-module: this package does not depend on the package with the Mediator and MediatorTesting products")
        }
        var toolArguments = [
            "new-module", "--package", package.directoryURL.path,
            "--template", mediatorDirectory.appendingPathComponent("Templates/ModuleTemplate").path,
            "--targets", package.targets.map(\.name).joined(separator: ","),
        ]
        // The package's own targets' directories: the only places the tool reads and edits sources in,
        // so a dependency's files (vendored, checked out, built) are never touched.
        for target in package.targets {
            toolArguments += ["--source-directory", target.directoryURL.path]
        }
        if let mediatorID { toolArguments += ["--mediator-package", mediatorID] }
        try run(context.tool(named: "MediatorTool").url, toolArguments + arguments)
    }

    /// Runs the tool, passing its output on; its error line becomes the plugin's.
    private func run(_ tool: URL, _ arguments: [String]) throws {
        let process = Process()
        process.executableURL = tool
        process.arguments = arguments
        let errors = Pipe()
        process.standardError = errors
        try process.run()
        let message = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw PluginFailure(String(decoding: message, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines))
        }
    }
}

/// A failure SwiftPM prints as the command's one error line.
struct PluginFailure: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
