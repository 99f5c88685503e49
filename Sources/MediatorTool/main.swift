// The package's tool, run by its command plugins (`swift package new-module`, `swift package
// check-module-graph`) and by CI. Each command reads what the plugin learned about the package it
// runs in, since a plugin cannot use the package's libraries and this tool cannot ask SwiftPM.
import Foundation
internal import MediatorText

let usage = """
    usage: MediatorTool new-module <Name> --package <dir> --template <dir> [--mediator-package <id>] [--dry-run]
                                  [--uses <Module>]...
           MediatorTool check-module-graph --description <file.json>
    """

do {
    var arguments = Array(CommandLine.arguments.dropFirst())
    guard !arguments.isEmpty else { throw ToolFailure(usage) }
    switch arguments.removeFirst() {
    case "new-module": try NewModuleCommand(arguments: arguments).run()
    case "check-module-graph": exit(try ModuleGraphCommand(arguments: arguments).run() ? 0 : 1)
    case "-h", "--help": print(usage)
    case let other: throw ToolFailure("unknown command \(LogSafeText.quoted(other))\n\(usage)")
    }
} catch {
    FileHandle.standardError.write(Data("\(error)\n".utf8))
    exit(2)
}
