import Foundation
import Mediator
import ModuleA
import ModuleB

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
        try mediator.register(ProductsTarget())
        try mediator.register { CartTarget(mediator: $0) }
        // scripts/new-module.swift registers each new module above this line.
        try mediator.register(targetNamed: "Session", summary: "Login state", actions: session.actions())
        try mediator.register(
            targetNamed: WebPages.target, summary: "Web pages for degraded routes",
            actions: WebPages.actions(allowedHost: Self.webHost))
        mediator.addInterceptor(LoginGate(session: session))
        mediator.addInterceptor(analytics)
        mediator.registerScheme(Self.scheme)
        mediator.registerWebHost(Self.webHost)
        try mediator.validateRoutes()
    }

    /// Applies a route configuration file; on any problem nothing changes and every problem is thrown.
    func applyRouteConfiguration(at path: String) throws {
        let data = try Data(contentsOf: URL(fileURLWithPath: path))
        try mediator.applyRouteConfiguration(data)
    }
}
