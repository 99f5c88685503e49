/// The URL side of a mediator's registry, guarded by the registry's lock like everything in it.
struct RoutingState {
    /// App schemes in registration order, lowercased, with whether each falls back to global routes.
    var schemes: [(name: String, fallsBack: Bool)] = []
    /// Web hosts in registration order, lowercased.
    var webHosts: [String] = []
    var options = MediatorURLOptions()
    var unmatchedHandler: MediatorUnmatchedURLHandler?
    var configuration: MediatorRouteConfiguration?
    /// Bumped whenever `configuration` changes.
    var configurationVersion: UInt64 = 0
    /// Bumped whenever schemes, hosts, options or the unmatched handler change.
    var settingsVersion: UInt64 = 0
    /// The routes compiled for some targets and configuration version; reused while both hold.
    var routeSet: RouteSet?
    /// The router last built; valid while its versions match the registry's.
    var router: URLRouter?
}
