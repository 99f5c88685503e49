import AppEvents
import Foundation
import Mediator
import ModuleA
import ModuleAFacade
import ModuleB
import ModuleBFacade

/// The composition root: the one place that knows every module. It registers them, installs the
/// interceptors and the URL entry points, and applies route configuration.
struct ShopApp {
    static let scheme = "shop"
    static let webHost = "shop.example.com"

    let mediator: Mediator
    let session = Session()
    let analytics = AnalyticsLog()

    /// Wires every module into a fresh mediator.
    init(mediator: Mediator = Mediator()) throws {
        self.mediator = mediator
        Self.opensLinksOnce(mediator)
        try registerModules()
    }

    /// Starts cold: links the system hands over now are held (the `ready` gate is closed) until
    /// ``finishLaunching()`` has registered every module.
    init(coldStartWith mediator: Mediator) {
        self.mediator = mediator
        Self.opensLinksOnce(mediator)
        mediator.gates.close(.ready)
    }

    /// A link delivered twice within 2 seconds (launch options and `open`, a notification and a
    /// universal link) opens once; set before any link can arrive.
    private static func opensLinksOnce(_ mediator: Mediator) {
        mediator.configure { $0.urlOptions.duplicateWindow = .seconds(2) }
    }

    /// Registers every module, applies the route configuration and launches the modules, then opens
    /// the `ready` gate: links held since launch continue now, routed as the configuration says.
    func finishLaunching(configurationAt path: String?) async throws {
        try registerModules()
        if let path { try applyRouteConfiguration(at: path) }
        await launch()
        mediator.gates.open(.ready)
    }

    private func registerModules() throws {
        try mediator.register(ProductsTarget())
        try mediator.register { CartTarget(mediator: $0) }
        // swift package new-module registers each new module above this line.
        try mediator.register(targetNamed: "Session", summary: "Login state", actions: session.actions(on: mediator))
        try mediator.register(
            targetNamed: WebPages.target, summary: "Web pages for degraded routes",
            actions: WebPages.actions(allowedHost: Self.webHost))
        mediator.configure { $0.interceptors.append(LoginGate(session: session)) }
        mediator.configure { $0.interceptors.append(analytics) }
        mediator.registerScheme(Self.scheme)
        mediator.registerWebHost(Self.webHost)
        #if DEBUG
            // Every registration mistake at once, routes included; a release build checks the routes.
            // (Each module's contract tests compare its inputs' typed defaults with their declarations.)
            try mediator.checkRegistrations(facades: Products.all + Cart.all)
        #else
            try mediator.checkRegistrations()
        #endif
    }

    /// Tells every module that the app finished launching (``AppEvents/didFinishLaunching``); a
    /// module that fails to set up is reported on standard error, and the others go on.
    func launch() async {
        do {
            let report = try await mediator.broadcastAsync(AppEvents.didFinishLaunching)
            for failure in report.failures {
                Console.error(
                    "error: \(failure.target ?? "a module") failed to set up at launch: \(failure.underlyingError ?? failure)")
            }
        } catch {
            Console.error("error: the launch event was refused: \(error)")
        }
    }

    /// Applies a route configuration file; on any problem nothing changes, and the error names the
    /// file and says what is wrong with it (every problem, for a configuration that does not fit).
    func applyRouteConfiguration(at path: String) throws(ConfigurationFileError) {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            throw ConfigurationFileError(path: path, problem: "no such file")
        }
        guard !isDirectory.boolValue else { throw ConfigurationFileError(path: path, problem: "it is a directory, not a file") }
        guard let data = FileManager.default.contents(atPath: path) else {
            throw ConfigurationFileError(path: path, problem: "it cannot be read (check its permissions)")
        }
        do {
            try mediator.applyRouteConfiguration(Mediator.RouteConfiguration(json: data))
        } catch {
            throw ConfigurationFileError(path: path, problem: "it is not a route configuration the shop can use: \(error)")
        }
    }
}

/// A route configuration file the App could not apply: which file, and what is wrong with it.
struct ConfigurationFileError: Error, CustomStringConvertible {
    let path: String
    let problem: String
    var description: String { "--config \(path): \(problem)" }
}
