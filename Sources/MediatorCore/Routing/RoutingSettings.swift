/// The URL side of a mediator's registry: part of every registry snapshot, replaced by each change.
struct RoutingSettings: Sendable {
    /// App schemes in registration order, lowercased, with whether each falls back to global routes.
    var schemes: [(name: String, fallsBack: Bool)] = []
    /// Web hosts in registration order, lowercased.
    var webHosts: [String] = []
    var options = Mediator.URLOptions()
    var unmatchedHandler: UnmatchedURLHandler?
    var configuration: Mediator.RouteConfiguration?
}
