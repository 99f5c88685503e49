import Foundation
import Mediator
import MediatorPublishing

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
    if invocation.coldStart {
        app = ShopApp(coldStartWith: Mediator())  // modules are registered once the links are handed over
    } else {
        app = try ShopApp()
        if let path = invocation.configPath { try app.applyRouteConfiguration(at: path) }
    }
} catch {
    Console.error("error: \(error)")
    exit(1)
}

let opener = Opener(app: app, navigator: TerminalNavigator())
// The commands that run the shop launch it first; listing routes or links starts no module.
switch invocation.command {
case .tour, .shell: await app.launch()
case .open: if !invocation.coldStart { await app.launch() }  // a cold start launches once the modules exist
case .help, .routes, .links: break
}
switch invocation.command {
case .help:
    break
case .tour:
    await Tour.run(opener, configuration: invocation.configPath)
case .open(let urls):
    // Every URL is reported; the status says whether any failed. A held link is not a failure unless
    // it is still waiting when the App exits.
    var failed = 0
    if invocation.coldStart { Console.print("Cold start: the links arrive before the modules are registered.") }
    for url in urls where await !opener.succeeded(opening: url) { failed += 1 }
    if invocation.coldStart {
        do {
            try await app.finishLaunching(configurationAt: invocation.configPath)
        } catch {
            Console.error("error: \(error)")
            exit(1)
        }
        Console.print("Ready: the modules are registered; the held links continue.")
        let failedBefore = opener.held.failedContinuations
        await opener.showContinued(failures: .errors)
        failed += opener.held.failedContinuations - failedBefore
    }
    for (url, hold) in opener.held.waiting {
        Console.error("error: can't open \(url): it is still waiting when the App exits: \(UserMessage.held(on: hold.gate.name))")
        failed += 1
    }
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
