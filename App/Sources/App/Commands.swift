import Foundation
import Mediator

/// What the user asked the App to do, parsed from its arguments.
struct Invocation: Equatable {
    enum Command: Equatable {
        case tour
        case open([String])
        case routes(json: Bool)
        case shell
        case help
    }

    var command: Command = .tour
    var configPath: String?

    /// Parses the arguments after the program name; throws a one-line usage error.
    init(arguments: [String]) throws(UsageError) {
        var positional: [String] = []
        var json = false
        var index = 0
        while index < arguments.count {
            let argument = arguments[index]
            switch argument {
            case "--help", "-h", "help":
                command = .help
                return
            case "--config":
                index += 1
                guard index < arguments.count, !arguments[index].isEmpty else { throw UsageError("--config needs a file path") }
                configPath = arguments[index]
            case _ where argument.hasPrefix("--config="):
                let path = String(argument.dropFirst("--config=".count))
                guard !path.isEmpty else { throw UsageError("--config needs a file path") }
                configPath = path
            case "--json":
                json = true
            default:
                if argument.hasPrefix("-"), argument.count > 1 {
                    throw UsageError("unknown option \(argument); see --help")
                }
                positional.append(argument)
            }
            index += 1
        }
        guard let name = positional.first else {
            if json { throw UsageError("--json goes with routes: swift run App routes --json") }
            return
        }
        let rest = Array(positional.dropFirst())
        switch name {
        case "tour" where rest.isEmpty: command = .tour
        case "open":
            guard !rest.isEmpty else { throw UsageError("open needs at least one URL, such as shop://product/42") }
            command = .open(rest)
        case "routes" where rest.isEmpty: command = .routes(json: json)
        case "shell" where rest.isEmpty: command = .shell
        default: throw UsageError("unknown command \(positional.joined(separator: " ")); see --help")
        }
        if json, command != .routes(json: true) { throw UsageError("--json goes with routes") }
    }

    static let help = """
        App: the example shop built on Mediator. Two modules (Products, Cart) call each other only
        through their facades; deep links reach them through the mediator's URL router.

        USAGE
          swift run App [--config FILE]               a tour of deep links across both modules
          swift run App [--config FILE] open URL...   open URLs as the system would hand them over, each
                                                      reported; exits 1 if any failed
          swift run App [--config FILE] routes [--json]
                                                      schemes, hosts, the route configuration in force and
                                                      every action with its URLs (--json: the catalog)
          swift run App [--config FILE] shell         interactive: type a URL, a number, back, stack,
                                                      help or quit; piped input exits 1 if a line failed
          swift run App --help                        this help

        OPTIONS
          --config FILE   apply a route-configuration JSON (redirect, degrade, disable) first;
                          a missing or invalid file is an error that says what is wrong with it
          --json          with routes: the catalog as JSON

        Errors go to standard error, one line each: what the user sees first, then the detail.
        Exit status: 0 done, 1 a link or the configuration failed, 64 bad arguments.

        EXAMPLES
          swift run App open shop://product/42 'shop://cart/add/42?quantity=2' shop://cart
          swift run App --config App/Examples/route-config.json open shop://item/42 shop://product/42/reviews
        """
}

/// A one-line problem with the App's arguments.
struct UsageError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
