/// Everything a call reads, at one moment of a mediator's registry: immutable, and read once per call.
///
/// A change to the registry (a registration, an interceptor, a scheme, a configuration, a cache
/// release) never edits a snapshot: it edits `RegistryState` under the registry lock and withdraws
/// the current snapshot; the next call makes the next one from that state, under the same lock, in
/// O(1) (the collections are shared copy-on-write), and publishes it (`Mediator.publish`). A call
/// loads the published snapshot once and passes it down: its target lookup, interceptors, fallback,
/// redirects, router, remote policy and error suggestions all read that one value, so no call pairs
/// two registry states.
///
/// What is expensive to derive is built lazily, outside every lock, at most once per snapshot
/// (`router`), or once for every snapshot that shares the same targets and configuration
/// (`routes`, `suggestions`, carried from one snapshot to the next until those change).
@usableFromInline
final class RegistrySnapshot: Sendable {
    /// The mediator this is a snapshot of: per-thread caches find their slot by it.
    let mediatorID: UInt64
    /// The registered targets, by exact name.
    let targets: [Name: any AnyTargetBox]
    /// Interceptors, fallback and interceptor timeout.
    let settings: InterceptionSettings
    /// URL schemes, hosts, options, unmatched-URL handler and route configuration.
    let routing: RoutingSettings
    /// The compiled routes of `targets` and `routing.configuration`.
    let routes: BuiltOnce<RouteSet>
    /// The names of `targets`, indexed for "did you mean".
    let suggestions: BuiltOnce<SuggestionIndex>
    /// The router: `routes` plus the routing settings.
    let router: BuiltOnce<URLRouter>
    /// Every event's subscribers among `targets`, in delivery order.
    let events: BuiltOnce<EventTable>
    /// The subscriber lists broadcasts bound in this snapshot (per snapshot: they hold instances).
    let deliveries = DeliveryCache()

    /// Makes the snapshot of a registry state, and the derived cells the state has not made since
    /// its targets or configuration last changed (kept in the state for the snapshots after it).
    init(mediatorID: UInt64, state: inout RegistryState) {
        let routes = state.routes ?? RegistryState.routes(of: state.targets, configuration: state.routing.configuration)
        let suggestions = state.suggestions ?? RegistryState.suggestions(of: state.targets)
        let events = state.events ?? RegistryState.events(of: state.targets)
        state.routes = routes
        state.suggestions = suggestions
        state.events = events
        self.mediatorID = mediatorID
        self.targets = state.targets
        self.settings = state.settings
        self.routing = state.routing
        self.routes = routes
        self.suggestions = suggestions
        self.events = events
        let routing = state.routing
        self.router = BuiltOnce { URLRouter(routes: routes.get(), routing: routing) }
    }

    /// Whether interceptors are installed.
    var hasInterceptors: Bool { !settings.interceptors.isEmpty }
}

/// Everything a mediator's `registry` lock protects: the registry's truth, from which snapshots are made.
struct RegistryState {
    /// The registered targets, by exact name.
    var targets: [Name: any AnyTargetBox] = [:]
    /// Interceptors, fallback and interceptor timeout, replaced whole.
    var settings = InterceptionSettings()
    /// URL schemes, hosts, options, unmatched-URL handler and route configuration.
    var routing = RoutingSettings()
    /// The bounds on held calls in force; the `holds` queue keeps a copy it applies.
    var holdPolicy = Mediator.HoldPolicy()
    /// Counts the changes of the settings: `Mediator.configure(_:)` applies what it computed only if
    /// no other change came since it read, and orders the hold policies it applies by it.
    var settingsVersion: UInt64 = 0
    /// Routes for `targets` and `routing.configuration`, shared by the snapshots made while neither
    /// changes; `nil` after a change until the next snapshot makes the cell. (Made with the snapshot,
    /// not at the change: a cell holds the targets, and a change made while something else holds
    /// them copies the whole dictionary, which would make registering N targets cost N².)
    var routes: BuiltOnce<RouteSet>?
    /// Suggestion index for `targets`, shared likewise; `nil` after a change of the targets. Its
    /// identity also tells whether the targets changed since a snapshot was made.
    var suggestions: BuiltOnce<SuggestionIndex>?
    /// Subscriber lists for `targets`, shared likewise; `nil` after a change of the targets.
    var events: BuiltOnce<EventTable>?
    /// The published snapshot of this state; `nil` after a change until a call needs one.
    var snapshot: RegistrySnapshot?
    /// Values a change replaced or removed, released by `Mediator.mutate` after the lock.
    var released: [any Sendable] = []

    /// Records a change of the targets: their routes and suggestions are derived again, on first use.
    mutating func targetsChanged() {
        if let routes { released.append(routes) }
        if let suggestions { released.append(suggestions) }
        if let events { released.append(events) }
        routes = nil
        suggestions = nil
        events = nil
    }

    /// Records a change of the route configuration: the routes are compiled again, on first use.
    mutating func configurationChanged() {
        if let routes { released.append(routes) }
        routes = nil
    }

    /// A cell that compiles these targets' routes (in registration order) with this configuration.
    static func routes(of targets: [Name: any AnyTargetBox], configuration: Mediator.RouteConfiguration?) -> BuiltOnce<RouteSet> {
        BuiltOnce { RouteSet(targets: Array(targets.values), configuration: configuration) }
    }

    /// A cell that groups these targets' subscriptions by event, in delivery order.
    static func events(of targets: [Name: any AnyTargetBox]) -> BuiltOnce<EventTable> {
        BuiltOnce { EventTable(targets: Array(targets.values)) }
    }

    /// A cell that indexes these targets' names for suggestions.
    static func suggestions(of targets: [Name: any AnyTargetBox]) -> BuiltOnce<SuggestionIndex> {
        BuiltOnce { SuggestionIndex(names: targets.keys.map(\.text)) }
    }
}
