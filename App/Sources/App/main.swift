import Foundation
import Mediator

// The App's entry point: parse, compose, run one command, exit with its status.

let invocation: Invocation
do {
    invocation = try Invocation(arguments: Array(CommandLine.arguments.dropFirst()))
} catch {
    Console.error("error: \(error)")
    exit(64)
}
if invocation.command == .help {
    Console.print(lines: Invocation.help)
    exit(0)
}

let app: ShopApp
do {
    app = try ShopApp()
    if let path = invocation.configPath {
        try app.applyRouteConfiguration(at: path)
    }
} catch {
    Console.error("error: \(error)")
    exit(1)
}

let opener = Opener(app: app, navigator: TerminalNavigator())
switch invocation.command {
case .help:
    break
case .tour:
    await Tour.run(opener, configuration: invocation.configPath)
case .open(let urls):
    // Every URL is reported; the status says whether any failed.
    var failed = 0
    for url in urls where await opener.open(url, failures: .errors) != nil { failed += 1 }
    if failed > 0 {
        if urls.count > 1 { Console.error("error: \(failed) of \(urls.count) links failed") }
        exit(1)
    }
case .routes(let json):
    if json {
        Console.print(lines: app.mediator.catalog().jsonString())
    } else {
        Routes.table(app.mediator).forEach { Console.print($0) }
    }
case .links(let command):
    exit(LinksCommand.run(command, on: app.mediator))
case .shell:
    // A piped session reports failure in its status; at a terminal, the user saw each error.
    if await !Shell.run(opener), isatty(STDIN_FILENO) == 0 { exit(1) }
}
exit(0)
