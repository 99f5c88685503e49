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
    Console.print(Invocation.help)
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
    await Tour.run(opener)
case .open(let urls):
    for url in urls {
        if let error = await opener.open(url) {
            Console.error("error: \(error)")
            exit(1)
        }
    }
case .routes(let json):
    Console.print(json ? app.mediator.catalog().jsonString() : Routes.table(app.mediator.catalog()))
case .shell:
    await Shell.run(opener)
}
exit(0)
