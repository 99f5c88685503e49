// Adds a module to the example app in one step, in the shape of the existing ones:
//
//   swift scripts/new-module.swift [--dry-run] Wishlist
//
// A front for the package's own command plugin, which any package depending on this one runs the
// same way: it runs `swift package --allow-writing-to-package-directory new-module [--dry-run] Wishlist`
// in this repository (NEW_MODULE_SCRATCH_PATH, when set, becomes its --scratch-path). The plugin
// (Plugins/NewModule) runs MediatorTool's generator (Sources/MediatorTool) on the compiled module
// template (Templates/ModuleTemplate), and here also edits the App, next to the anchor comments
// (`// swift package new-module …`) in Package.swift and App/Sources/App/ShopApp.swift.
//
// It creates
//   Modules/Wishlist/Sources/WishlistFacade/   contracts (`Wishlist`), an input with its schema, `mediator.wishlist`
//   Modules/Wishlist/Sources/Wishlist/         `WishlistTarget`, binding a handler to every contract
//   Tests/WishlistTests/                       a contract test (FacadeContract) and a behaviour test
// and edits Package.swift (the three targets, the App's dependencies) and ShopApp.swift (import and
// registration). A bad or taken name exits non-zero with one line saying why, and changes nothing.
// CI proves it on a throwaway copy with scripts/check-new-module.sh.
import Foundation

let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
var arguments = ["swift", "package", "--package-path", root.path]
if let scratch = ProcessInfo.processInfo.environment["NEW_MODULE_SCRATCH_PATH"], !scratch.isEmpty {
    arguments += ["--scratch-path", scratch]
}
// --quiet: SwiftPM's build lines (it builds the plugin and its tool first) would otherwise add up to
// twenty lines to a refusal promised as one; the plugin's own output and errors still pass.
arguments += ["--quiet", "--allow-writing-to-package-directory", "new-module"] + CommandLine.arguments.dropFirst()

let process = Process()
process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
process.arguments = arguments
do {
    try process.run()
    process.waitUntilExit()
    exit(process.terminationStatus)
} catch {
    FileHandle.standardError.write(Data("new-module: cannot run swift package: \(error)\n".utf8))
    exit(1)
}
