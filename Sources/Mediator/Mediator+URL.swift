public import Foundation
import Synchronization

/// URL entry points: deep links, universal links and remote invocation, turned into target/action calls.
///
/// ```swift
/// mediator.registerScheme("shop")
/// mediator.registerWebHost("shop.example.com")
/// try mediator.validateRoutes()                                   // at start-up: conflicts fail here
/// let screen: ProductScreen = try mediator.open("shop://product/42?ref=push", as: ProductScreen.self)
/// let link = try mediator.url(for: "product", on: "Catalog", with: ["id": 42])   // "shop://product/42"
/// ```
///
/// Routes come from the `urlPatterns` each action declares (see ``MediatorAction``) and from the
/// convention route `scheme://Target/action` for actions declared `.remote`. Only remote actions are
/// reachable from a URL, also after configuration redirects, degradation, interceptor redirects and
/// fallbacks: every URL call goes through the same pipeline as a native call, with source `.remote`.
///
/// **Why routes are built lazily and validated separately.** Registering a target records only its
/// type, so patterns are not read at registration and a conflict between two modules' patterns cannot
/// be reported there. The route trie is built on the first URL use after the targets or the route
/// configuration change, from the catalog. ``validateRoutes()`` builds it on demand and throws every
/// problem at once (each conflicting pair names both actions); call it at start-up, or in a test, so
/// a conflict fails before users see it. `open` uses the very same build, in which the later-registered
/// pattern of a conflicting pair is rejected and the earlier one wins, so one module's mistake never
/// stops other deep links from working.
///
/// **Hot path.** The built router is immutable and is kept per thread, keyed by the registry
/// generation (as action resolutions are); an `open` with an unchanged registry takes no lock, parses
/// the URL in one pass over its UTF-8 bytes, walks the trie one segment per level, and then performs
/// the action like `perform` does.
extension Mediator {
    // MARK: Schemes and hosts

    /// Registers an app scheme such as `"shop"`: URLs like `shop://product/42` are routed, with the
    /// host read as the first path segment (`product/42`).
    ///
    /// Patterns written `shop://...` apply to this scheme only. Registering `http` or `https` is a
    /// problem ``validateRoutes()`` reports; use ``registerWebHost(_:)`` for web links.
    /// - Parameters:
    ///   - scheme: The scheme, compared case-insensitively.
    ///   - fallsBackToGlobalRoutes: Whether URLs of this scheme also match global patterns (those
    ///     written without a scheme) when none of the scheme's own patterns matches.
    public func registerScheme(_ scheme: String, fallsBackToGlobalRoutes: Bool = true) {
        let name = scheme.lowercased()
        mutate { state in
            state.routing.schemes.removeAll { $0.name == name }
            state.routing.schemes.append((name, fallsBackToGlobalRoutes))
            state.routing.settingsVersion &+= 1
        }
    }

    /// Registers a web host for universal links: `https://shop.example.com/product/42` is routed by its path.
    ///
    /// The host must match exactly (case-insensitively); the port is ignored. Web links match the
    /// global patterns only; the convention route is for app schemes.
    /// - Parameter host: The host name, such as `"shop.example.com"`.
    public func registerWebHost(_ host: String) {
        let name = host.lowercased()
        mutate { state in
            if !state.routing.webHosts.contains(name) { state.routing.webHosts.append(name) }
            state.routing.settingsVersion &+= 1
        }
    }

    /// The registered app schemes, lowercased, in registration order.
    public var registeredSchemes: [String] {
        registry.withLock { $0.routing.schemes.map(\.name) }
    }

    /// The registered web hosts, lowercased, in registration order.
    public var registeredWebHosts: [String] {
        registry.withLock { $0.routing.webHosts }
    }

    /// The options URLs are read with: length limit, `+` decoding, fragment parameters.
    public var urlOptions: MediatorURLOptions {
        registry.withLock { $0.routing.options }
    }

    /// Replaces the options URLs are read with.
    /// - Parameter options: The new options.
    public func setURLOptions(_ options: MediatorURLOptions) {
        mutate { state in
            state.routing.options = options
            state.routing.settingsVersion &+= 1
        }
    }

    /// Sets the handler for URLs with a known scheme or host that no route matches; `nil` removes it.
    ///
    /// The handler may answer with a value (returned by `open`), a redirect to an action (performed as
    /// a remote call, so it must be a remote action), or `.notHandled` for
    /// ``MediatorError/noRouteMatched(url:path:)``. ``canOpen(_:)`` never runs it.
    /// - Parameter handler: The handler.
    public func setUnmatchedURLHandler(_ handler: MediatorUnmatchedURLHandler?) {
        mutate { state in
            state.routing.unmatchedHandler = handler
            state.routing.settingsVersion &+= 1
        }
    }

    // MARK: Validation

    /// Builds the URL routes now and throws every problem: conflicting patterns (naming both actions),
    /// invalid patterns, patterns on local-only actions, unregistered scoped schemes, and a route
    /// configuration that no longer fits the catalog.
    ///
    /// Call it at start-up after registering targets (and in a test), so conflicts fail early.
    /// - Throws: ``MediatorError/invalidRoutes(problems:)`` listing every problem.
    public func validateRoutes() throws {
        let problems = currentRouter().problems
        if !problems.isEmpty { throw MediatorError.invalidRoutes(problems: problems) }
    }

    // MARK: Opening

    /// Whether ``open(_:with:)`` would reach an action, with no side effects: no target instance is
    /// created and no interceptor, handler or unmatched-URL handler runs.
    ///
    /// It checks the URL's syntax and length, scheme or host, route, route configuration, reserved
    /// parameters and the remote policy; it does not check parameter values, which the action validates.
    /// - Parameter url: The URL.
    /// - Returns: `true` when the URL reaches a remote action.
    public func canOpen(_ url: String) -> Bool {
        currentRouter().canOpen(url)
    }

    /// Opens a URL: routes it to its action and performs it as a remote call, returning the result.
    ///
    /// ```swift
    /// try mediator.open("shop://product/42?ref=push")
    /// ```
    /// - Parameters:
    ///   - url: The URL, such as `shop://product/42` or `https://shop.example.com/product/42`.
    ///   - parameters: Native values for the action (a completion closure, say); they win over the URL's.
    ///   - isolation: The caller's actor, filled in by the compiler; a main-actor caller may reach main-actor actions.
    /// - Returns: The action's result, untyped.
    /// - Throws: A ``MediatorError`` saying why the URL was refused or what the action reported.
    @discardableResult
    public func open(
        _ url: String, with parameters: MediatorParameters = [:], isolation: (any Actor)? = #isolation
    ) throws -> any Sendable {
        switch try currentRouter().resolve(url, with: parameters, runsUnmatchedHandler: true) {
        case .value(let value):
            return value
        case let .call(target, action, values, _):
            return try dispatch(
                action, on: target, with: values, source: .remote, cachingTarget: false,
                onMainActor: isolation === MainActor.shared)
        }
    }

    /// Opens a URL and returns its action's result as the type the caller asks for.
    /// - Parameters:
    ///   - url: The URL.
    ///   - parameters: Native values for the action; they win over the URL's.
    ///   - type: The result type; usually inferred.
    ///   - isolation: The caller's actor, filled in by the compiler; a main-actor caller may reach main-actor actions.
    /// - Returns: The action's result.
    /// - Throws: A ``MediatorError``, including ``MediatorError/resultTypeMismatch(target:action:expected:actual:)``.
    public func open<Result: Sendable>(
        _ url: String, with parameters: MediatorParameters = [:], as type: Result.Type = Result.self,
        isolation: (any Actor)? = #isolation
    ) throws -> Result {
        switch try currentRouter().resolve(url, with: parameters, runsUnmatchedHandler: true) {
        case .value(let value):
            return try castURLResult(value, url: url)
        case let .call(target, action, values, _):
            let value = try dispatch(
                action, on: target, with: values, source: .remote, cachingTarget: false,
                onMainActor: isolation === MainActor.shared)
            return try castURLResult(value, url: url, target: target, action: action)
        }
    }

    /// Opens a URL with `await`, which also reaches asynchronous and main-actor actions.
    /// - Parameters:
    ///   - url: The URL.
    ///   - parameters: Native values for the action; they win over the URL's.
    /// - Returns: The action's result, untyped.
    /// - Throws: A ``MediatorError`` saying why the URL was refused or what the action reported.
    @discardableResult
    public func open(_ url: String, with parameters: MediatorParameters = [:]) async throws -> any Sendable {
        switch try currentRouter().resolve(url, with: parameters, runsUnmatchedHandler: true) {
        case .value(let value):
            return value
        case let .call(target, action, values, _):
            return try await dispatchAsync(action, on: target, with: values, source: .remote, cachingTarget: false)
        }
    }

    /// Opens a URL with `await` and returns its action's result as the type the caller asks for.
    /// - Parameters:
    ///   - url: The URL.
    ///   - parameters: Native values for the action; they win over the URL's.
    ///   - type: The result type; usually inferred.
    /// - Returns: The action's result.
    /// - Throws: A ``MediatorError``, including ``MediatorError/resultTypeMismatch(target:action:expected:actual:)``.
    public func open<Result: Sendable>(
        _ url: String, with parameters: MediatorParameters = [:], as type: Result.Type = Result.self
    ) async throws -> Result {
        switch try currentRouter().resolve(url, with: parameters, runsUnmatchedHandler: true) {
        case .value(let value):
            return try castURLResult(value, url: url)
        case let .call(target, action, values, _):
            let value = try await dispatchAsync(action, on: target, with: values, source: .remote, cachingTarget: false)
            return try castURLResult(value, url: url, target: target, action: action)
        }
    }

    private func castURLResult<Result>(
        _ value: any Sendable, url: String, target: String? = nil, action: String? = nil
    ) throws -> Result {
        if let typed = value as? Result { return typed }
        throw MediatorError.resultTypeMismatch(
            target: target ?? "unmatched-URL handler", action: action ?? url, expected: String(describing: Result.self),
            actual: String(describing: Swift.type(of: value)))
    }

    // MARK: Generating

    /// Generates a URL that opens an action with these parameters: from the action's first URL
    /// pattern, or the convention route `scheme://Target/action` when it declares none.
    ///
    /// Placeholders are filled from the parameters (the longest shape of the pattern whose
    /// placeholders are all supplied); the rest become query items, sorted by key, arrays as repeated
    /// keys. Everything but unreserved characters is percent-encoded, so opening the URL gives back
    /// the same values as strings, which the action's declared types convert back.
    /// - Parameters:
    ///   - action: The action name.
    ///   - target: The target name.
    ///   - parameters: The values to carry; each needs a string form (no closures).
    ///   - scheme: The app scheme, or `"https"` for a web link on the first registered host; by
    ///     default the pattern's own scheme, else the first registered app scheme.
    /// - Returns: The URL.
    /// - Throws: ``MediatorError/urlGenerationFailed(target:action:problem:)``, a not-found error, or
    ///   ``MediatorError/remoteCallNotAllowed(target:action:)`` for a local action.
    public func url(
        for action: String, on target: String, with parameters: MediatorParameters = [:], scheme: String? = nil
    ) throws -> String {
        let router = currentRouter()
        guard let index = router.routes.actionIndex[ActionKey(target: target, action: action)] else {
            throw notFoundError(target: target, action: action)
        }
        let entry = router.routes.actions[index]
        let url = try URLGeneration.url(for: entry, with: parameters, scheme: scheme, router: router)
        // Opening must lead back here: another action's literal pattern could shadow a placeholder value.
        let reached = router.actionReached(by: url)
        guard reached == index else {
            let other = reached.flatMap { $0 >= 0 ? router.routes.actions[$0].label : nil } ?? "no route"
            throw MediatorError.urlGenerationFailed(
                target: target, action: action, problem: "the generated URL \"\(url)\" would reach \(other) instead")
        }
        return url
    }

    // MARK: Route configuration

    /// Validates a route configuration document against the catalog and, if it has no problem, puts
    /// it in force in place of the previous one. See ``MediatorRouteConfiguration`` for the format.
    /// - Parameter json: The JSON document.
    /// - Returns: The configuration now in force.
    /// - Throws: ``MediatorError/invalidRouteConfiguration(problems:)`` listing every problem; the
    ///   previous configuration then stays in force.
    @discardableResult
    public func applyRouteConfiguration(_ json: Data) throws -> MediatorRouteConfiguration {
        let configuration = try MediatorRouteConfiguration(json: json)
        try applyRouteConfiguration(configuration)
        return configuration
    }

    /// Validates a route configuration against the catalog and, if it has no problem, puts it in force.
    /// - Parameter configuration: The configuration.
    /// - Throws: ``MediatorError/invalidRouteConfiguration(problems:)`` listing every problem; the
    ///   previous configuration then stays in force.
    public func applyRouteConfiguration(_ configuration: MediatorRouteConfiguration) throws {
        let (boxes, targetsVersion, configurationVersion) = registry.withLock { state in
            (Array(state.targets.values), state.targetsVersion, state.routing.configurationVersion)
        }
        let candidate = RouteSet(
            targets: Self.catalogTargets(boxes), targetsVersion: targetsVersion,
            configuration: configuration, configurationVersion: configurationVersion &+ 1)
        guard candidate.configurationProblems.isEmpty else {
            throw MediatorError.invalidRouteConfiguration(problems: candidate.configurationProblems)
        }
        mutate { state in
            state.routing.configuration = configuration
            state.routing.configurationVersion &+= 1
            if state.targetsVersion == targetsVersion, state.routing.configurationVersion == configurationVersion &+ 1 {
                state.routing.routeSet = candidate
            }
        }
    }

    /// Removes the route configuration; routes behave as their actions declare them.
    public func clearRouteConfiguration() {
        mutate { state in
            state.routing.configuration = nil
            state.routing.configurationVersion &+= 1
        }
    }

    /// The route configuration in force, if any.
    public var routeConfiguration: MediatorRouteConfiguration? {
        registry.withLock { $0.routing.configuration }
    }

    // MARK: The router

    /// The router for the current registry: from this thread's cache without a lock when nothing
    /// changed; otherwise fetched, or rebuilt outside the lock, once per change and thread.
    func currentRouter() -> URLRouter {
        let cache = ThreadResolutionCache.current
        if let router = cache.router(for: id, generation: generation.load(ordering: .acquiring)) { return router }

        enum Snapshot {
            case ready(URLRouter, generation: UInt64, settings: MediatorSettings)
            case stale(
                boxes: [any AnyTargetBox], state: RoutingState, targetsVersion: UInt64,
                generation: UInt64, settings: MediatorSettings)
        }
        let snapshot: Snapshot = registry.withLock { state in
            let now = generation.load(ordering: .relaxed)
            let routing = state.routing
            if let router = routing.router, router.targetsVersion == state.targetsVersion,
                router.configurationVersion == routing.configurationVersion, router.settingsVersion == routing.settingsVersion
            {
                return .ready(router, generation: now, settings: state.settings)
            }
            if let routes = routing.routeSet, routes.targetsVersion == state.targetsVersion,
                routes.configurationVersion == routing.configurationVersion
            {
                let router = URLRouter(routes: routes, state: routing, settingsVersion: routing.settingsVersion)
                state.routing.router = router
                return .ready(router, generation: now, settings: state.settings)
            }
            return .stale(
                boxes: Array(state.targets.values), state: routing,
                targetsVersion: state.targetsVersion, generation: now, settings: state.settings)
        }
        switch snapshot {
        case let .ready(router, generation, settings):
            cache.store(router, for: id, generation: generation, settings: settings)
            return router
        case let .stale(boxes, routing, targetsVersion, generation, settings):
            // Reading declarations runs target code, which may call this mediator: never under the lock.
            let routes = RouteSet(
                targets: Self.catalogTargets(boxes), targetsVersion: targetsVersion,
                configuration: routing.configuration, configurationVersion: routing.configurationVersion)
            let router = URLRouter(routes: routes, state: routing, settingsVersion: routing.settingsVersion)
            registry.withLock { state in
                if state.targetsVersion == targetsVersion,
                    state.routing.configurationVersion == routing.configurationVersion
                {
                    state.routing.routeSet = routes
                    if state.routing.settingsVersion == routing.settingsVersion { state.routing.router = router }
                }
            }
            cache.store(router, for: id, generation: generation, settings: settings)
            return router
        }
    }

    /// The catalog entries of these targets in registration order, the routes' last tie-breaker.
    private static func catalogTargets(_ boxes: [any AnyTargetBox]) -> [MediatorCatalog.Target] {
        boxes
            .sorted { ($0.ordinal, $0.name) < ($1.ordinal, $1.name) }
            .map { $0.catalogEntry() }
    }
}
