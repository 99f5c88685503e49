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
        case links(Links)
    }

    /// The `links` commands: the deep links the app publishes.
    enum Links: Equatable {
        /// Compare the links with a committed snapshot; fail on any change that breaks a link.
        case check(snapshot: String)
        /// Print the links in one format.
        case export(Format)
        /// Print the catalog page (HTML) for testers, compared with a snapshot.
        case page(snapshot: String)
        /// Print one JSON Schema: `links`, `route-configuration` or `link-vectors`.
        case schema(String)
        /// Print the conformance vectors (JSON).
        case vectors
    }

    /// What `links export` prints.
    enum Format: Equatable {
        case json
        case markdown
        case aasa(appIDs: [String])
        case android
    }

    /// The schemas `links schema` prints, by the name of their file in `schemas/`.
    static let schemaNames = ["links", "route-configuration", "link-vectors"]

    /// The snapshot `links check` reads unless `--snapshot` names another.
    static let defaultSnapshot = "App/links.json"

    var command: Command = .tour
    var configPath: String?
    /// Hand the `open` command's links over before the modules are registered, as at a cold start.
    var coldStart = false

    /// Parses the arguments after the program name; throws a one-line usage error.
    init(arguments: [String]) throws(UsageError) {
        var positional: [String] = []
        var json = false
        var formats: [Format] = []
        var snapshot: String?
        var index = 0
        /// The value after an option, which must be there.
        func value(of option: String) throws(UsageError) -> String {
            index += 1
            guard index < arguments.count, !arguments[index].isEmpty, !arguments[index].hasPrefix("--") else {
                throw UsageError("\(option) needs a value")
            }
            return arguments[index]
        }
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
            case "--cold-start":
                coldStart = true
            case "--markdown": formats.append(.markdown)
            case "--android": formats.append(.android)
            case "--aasa":
                let ids = try value(of: "--aasa").split(separator: ",").map(String.init)
                guard !ids.isEmpty else { throw UsageError("--aasa needs app IDs: TEAMID.BUNDLEID[,...]") }
                // An app ID goes into the file the web server publishes: only the characters app IDs have.
                if let id = ids.first(where: { !Self.isAppID($0) }) {
                    throw UsageError("--aasa: \(id) is not an app ID TEAMID.BUNDLEID (letters, digits, \".\" and \"-\")")
                }
                formats.append(.aasa(appIDs: ids))
            case "--snapshot":
                snapshot = try value(of: "--snapshot")
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
            if !formats.isEmpty || snapshot != nil { throw UsageError("that option goes with the links command; see --help") }
            if coldStart { throw UsageError("--cold-start goes with open") }
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
        case "links" where rest == ["check"]:
            command = .links(.check(snapshot: snapshot ?? Self.defaultSnapshot))
            snapshot = nil
        case "links" where rest == ["export"]:
            if json { formats.append(.json) }
            json = false
            guard formats.count == 1 else {
                throw UsageError("links export needs one of --json, --markdown, --aasa TEAMID.BUNDLEID[,...], --android")
            }
            command = .links(.export(formats[0]))
            formats = []
        case "links" where rest == ["page"]:
            command = .links(.page(snapshot: snapshot ?? Self.defaultSnapshot))
            snapshot = nil
        case "links" where rest.count == 2 && rest[0] == "schema":
            guard Self.schemaNames.contains(rest[1]) else {
                throw UsageError("links schema needs one of \(Self.schemaNames.joined(separator: ", "))")
            }
            command = .links(.schema(rest[1]))
        case "links" where rest == ["vectors"]: command = .links(.vectors)
        case "links": throw UsageError("links needs check, export, page, schema or vectors; see --help")
        default: throw UsageError("unknown command \(positional.joined(separator: " ")); see --help")
        }
        if json, command != .routes(json: true) { throw UsageError("--json goes with routes or links export") }
        if !formats.isEmpty { throw UsageError("--markdown, --aasa and --android go with links export") }
        if snapshot != nil { throw UsageError("--snapshot goes with links check or links page") }
        if coldStart, case .open = command {} else if coldStart { throw UsageError("--cold-start goes with open") }
    }

    /// Whether the text has the shape of an app ID: a team ID of letters and digits, a dot, and a
    /// bundle ID of letters, digits, dots and hyphens.
    static func isAppID(_ text: String) -> Bool {
        let parts = text.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)
        guard parts.count == 2, !parts[0].isEmpty, !parts[1].isEmpty else { return false }
        return parts[0].unicodeScalars.allSatisfy { $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0)) }
            && parts[1].unicodeScalars.allSatisfy {
                $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || $0 == "." || $0 == "-")
            }
    }

    static let help = """
        App: the example shop built on Mediator. Two modules (Products, Cart) call each other only
        through their facades; deep links reach them through the mediator's URL router.

        USAGE
          swift run App [--config FILE]               a tour of deep links across both modules
          swift run App [--config FILE] open URL...   open URLs as the system would hand them over, each
                                                      reported; exits 1 if any failed
          swift run App --cold-start open URL...      hand the URLs over at launch, before the modules are
                                                      registered: they are held, then continue once ready
          swift run App [--config FILE] routes [--json]
                                                      schemes, hosts, the route configuration in force and
                                                      every action with its URLs (--json: the catalog)
          swift run App [--config FILE] shell         interactive: type a URL, a number, back, stack,
                                                      help or quit; piped input exits 1 if a line failed
          swift run App links check [--snapshot FILE] compare the deep links with the published snapshot
                                                      (default App/links.json); exits 1 if a change breaks one
          swift run App links export --json | --markdown | --aasa TEAMID.BUNDLEID[,...] | --android
                                                      the links as a snapshot, a reference for people, the
                                                      apple-app-site-association file, or an App Links intent-filter
          swift run App links page [--snapshot FILE]  the catalog page for testers (one offline HTML file): every
                                                      link, its checks, a QR code per example, state vs the snapshot
          swift run App links schema links | route-configuration | link-vectors
                                                      a JSON Schema (draft 2020-12), as committed in schemas/
          swift run App links vectors                 conformance vectors: URL -> action and parameters, or the
                                                      refusal's code, for another platform's router to run
          swift run App --help                        this help

        OPTIONS
          --config FILE   apply a route-configuration JSON (redirect, degrade, disable) first;
                          a missing or invalid file is an error that says what is wrong with it
          --json          with routes: the catalog as JSON
          --cold-start    with open: the links arrive before the App is ready and wait for it

        Errors go to standard error, one line each: what the user sees first, then the detail.
        Exit status: 0 done, 1 a link or the configuration failed, 64 bad arguments.

        EXAMPLES
          swift run App open shop://product/42 'shop://cart/add/42?quantity=2' shop://cart
          swift run App --config App/Examples/route-config.json open shop://item/42 shop://product/42/reviews
          swift run App open shop://checkout shop://login      checkout waits for the login, then continues
        """
}

/// A one-line problem with the App's arguments.
struct UsageError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
