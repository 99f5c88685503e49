public import Foundation
import Synchronization

/// URL entry points: deep links, universal links and remote invocation, turned into calls.
///
/// Routes come from the `urlPatterns` each action declares and from the convention route
/// `scheme://Target/action` for actions declared `.remote`. A URL call enters the same pipeline as
/// every other call, with source `.remote`, so the remote policy applies to wherever it finally
/// goes. The routes are compiled on the first URL use after the targets or the configuration
/// change, never under a lock (reading declarations runs target code); the compiled router is
/// immutable and cached per thread like resolutions, so an `open` with an unchanged registry takes
/// no lock. See the Security Model article for what a URL can reach.
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
        changeRouting { routing in
            routing.schemes.removeAll { $0.name == name }
            routing.schemes.append((name, fallsBackToGlobalRoutes))
        }
    }

    /// Registers a web host for universal links: `https://shop.example.com/product/42` is routed by its path.
    ///
    /// The host must match exactly (case-insensitively); the port is ignored. Web links match the
    /// global patterns only; the convention route is for app schemes.
    /// - Parameter host: The host name, such as `"shop.example.com"`.
    public func registerWebHost(_ host: String) {
        let name = host.lowercased()
        changeRouting { routing in
            if !routing.webHosts.contains(name) { routing.webHosts.append(name) }
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
        changeRouting { $0.options = options }
    }

    /// Sets the handler for URLs with a known scheme or host that no route matches; `nil` removes it.
    ///
    /// The handler may answer with a value (returned by `open`), a redirect to an action (performed as
    /// a remote call, so it must be a remote action, and the values it passes are remote input), or
    /// `.notHandled` for ``MediatorError/Code/noRouteMatched``. ``canOpen(_:)`` never runs it.
    /// - Parameter handler: The handler.
    public func setUnmatchedURLHandler(_ handler: MediatorUnmatchedURLHandler?) {
        changeRouting { $0.unmatchedHandler = handler }
    }

    /// Changes the routing settings; the router is rebuilt on the next URL use.
    private func changeRouting(_ change: (inout RoutingState) -> Void) {
        mutate { state in
            state.released.append(state.routing.router)
            change(&state.routing)
            state.routing.settingsVersion &+= 1
        }
    }

    // MARK: Validation

    /// Builds the URL routes now and throws every problem: conflicting patterns (naming both actions),
    /// invalid patterns, patterns on local-only actions, unusable declarations, unregistered scoped
    /// schemes, and a route configuration that no longer fits the registry.
    ///
    /// Call it at start-up after registering targets (and in a test), so conflicts fail early.
    /// - Throws: ``MediatorError/Code/invalidRoutes`` listing every problem.
    public func validateRoutes() throws {
        let problems = currentRouter().problems
        if !problems.isEmpty { throw MediatorError.invalidRoutes(problems: problems) }
    }

    // MARK: Opening

    /// Whether ``open(_:with:isolation:)`` would reach an action, with no side effects: no target
    /// instance is made and no interceptor, handler or unmatched-URL handler runs.
    ///
    /// It checks the URL's syntax and length, scheme or host, route, route configuration and the
    /// remote policy; it does not check parameter values, which the action's input validates.
    /// - Parameter url: The URL.
    /// - Returns: `true` when the URL reaches an action a remote call may run.
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
    /// - Returns: The action's result.
    /// - Throws: A ``MediatorError`` saying why the URL was refused or what the action reported.
    @discardableResult
    public func open(
        _ url: String, with parameters: MediatorParameters = MediatorParameters(), isolation: (any Actor)? = #isolation
    ) throws -> any Sendable {
        let router = currentRouter()
        let destination = try router.resolve(url, caller: parameters, runsUnmatchedHandler: true)
        if case let .action(id, values) = destination {
            let cache = ThreadCache.current
            if let (binding, hasInterceptors) = cache.routeBinding(
                index: id.index, mediatorID: self.id, generation: generation.load(ordering: .acquiring)), !hasInterceptors
            {
                // A routed action this thread resolved, nothing installed: straight to the policy and
                // the handler, the binding unretained (the cache keeps it alive until this returns).
                let payload = Payload.values(ParameterLookup(url: values, native: parameters.values))
                cache.enter()
                defer { cache.exit() }
                return try binding._withUnsafeGuaranteedRef { binding in
                    try invokeSync(binding, source: .remote, payload, isolation: isolation)
                }
            }
        }
        switch opening(destination, in: router, with: parameters) {
        case .value(let value): return value
        case let .call(state, lookup): return try runSync(state, lookup, isolation: isolation)
        }
    }

    /// Opens a URL and returns its action's result as `type`.
    /// - Parameters:
    ///   - url: The URL.
    ///   - parameters: Native values for the action; they win over the URL's.
    ///   - type: The result type.
    ///   - isolation: The caller's actor, filled in by the compiler; a main-actor caller may reach main-actor actions.
    /// - Returns: The action's result.
    /// - Throws: A ``MediatorError``, including ``MediatorError/Code/resultTypeMismatch``.
    @inlinable
    public func open<Result: Sendable>(
        _ url: String, with parameters: MediatorParameters = MediatorParameters(), as type: Result.Type,
        isolation: (any Actor)? = #isolation
    ) throws -> Result {
        let value = try open(url, with: parameters, isolation: isolation)
        if let typed = Self.cast(value, to: type) { return typed }
        throw resultTypeMismatch(value, expected: type, target: "URL", action: url)
    }

    /// Opens a URL with `await`, which reaches asynchronous and main-actor actions too.
    /// - Parameters:
    ///   - url: The URL.
    ///   - parameters: Native values for the action; they win over the URL's.
    /// - Returns: The action's result.
    /// - Throws: A ``MediatorError`` saying why the URL was refused or what the action reported.
    @discardableResult
    public func openAsync(_ url: String, with parameters: MediatorParameters = MediatorParameters()) async throws -> any Sendable
    {
        let router = currentRouter()
        switch opening(try router.resolve(url, caller: parameters, runsUnmatchedHandler: true), in: router, with: parameters) {
        case .value(let value): return value
        case let .call(state, lookup): return try await runAsync(state, lookup)
        }
    }

    /// Opens a URL with `await` and returns its action's result as `type`.
    /// - Parameters:
    ///   - url: The URL.
    ///   - parameters: Native values for the action; they win over the URL's.
    ///   - type: The result type.
    /// - Returns: The action's result.
    /// - Throws: A ``MediatorError``, including ``MediatorError/Code/resultTypeMismatch``.
    @inlinable
    public func openAsync<Result: Sendable>(
        _ url: String, with parameters: MediatorParameters = MediatorParameters(), as type: Result.Type
    ) async throws -> Result {
        let value = try await openAsync(url, with: parameters)
        if let typed = Self.cast(value, to: type) { return typed }
        throw resultTypeMismatch(value, expected: type, target: "URL", action: url)
    }

    /// What opening a URL does: return an unmatched-URL handler's value, or run a remote call.
    private enum Opening {
        case value(any Sendable)
        case call(CallState, Lookup)
    }

    /// The call a routed URL stands for. A matched route leads straight to its target's action: the
    /// binding comes from this thread's cache by the route's action index, or is made from the
    /// route's target box, never looked up by name.
    private func opening(_ destination: URLRouter.Destination, in router: URLRouter, with native: MediatorParameters) -> Opening {
        switch destination {
        case .value(let value):
            return .value(value)
        case let .action(id, values):
            let definition = router.routes[id].definition
            let state = CallState(
                target: definition.target, action: definition.name, source: .remote,
                payload: .values(ParameterLookup(url: values, native: native.values)))
            return .call(state, routeLookup(id, in: router))
        case let .named(target, action, parameters):
            let state = CallState(
                target: target, action: action, source: .remote,
                payload: .values(ParameterLookup(values: parameters.values, native: native.values)))
            return .call(state, lookup(ActionKey(target: target, action: action)))
        }
    }

    /// The binding for a routed action: from this thread's cache by index, or bound from its box.
    private func routeLookup(_ id: ActionID, in router: URLRouter) -> Lookup {
        let cache = ThreadCache.current
        let now = generation.load(ordering: .acquiring)
        if let (binding, hasInterceptors) = cache.routeBinding(index: id.index, mediatorID: self.id, generation: now) {
            return Lookup(resolved: .bound(binding.takeUnretainedValue()), hasInterceptors: hasInterceptors)
        }
        let settings = currentSettings()
        let action = router.routes[id]
        let resolved = bind(
            action.box, index: action.definition.index, keepingInstance: false, at: now, settings: settings, cache: cache,
            storing: { _ in (nil, nil, id.index) })
        return Lookup(resolved: resolved, hasInterceptors: !settings.interceptors.isEmpty)
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
    /// - Throws: ``MediatorError/Code/urlGenerationFailed``, a not-found error, or
    ///   ``MediatorError/Code/remoteCallNotAllowed`` for a local action.
    public func url(
        for action: String, on target: String, with parameters: MediatorParameters = MediatorParameters(), scheme: String? = nil
    ) throws -> String {
        try url(target: target, action: action, values: parameters.values, scheme: scheme)
    }

    /// Generates a URL that opens the action of a contract with this input.
    ///
    /// ```swift
    /// let link = try mediator.url(for: Products.detail, with: ProductID(id: 42))   // "shop://product/42"
    /// ```
    /// - Parameters:
    ///   - contract: The action's signature.
    ///   - input: The input to carry; native-only fields must be left out.
    ///   - scheme: The app scheme, or `"https"` for a web link; see ``url(for:on:with:scheme:)``.
    /// - Returns: The URL.
    /// - Throws: As ``url(for:on:with:scheme:)`` does.
    public func url<Contract: MediatorContract>(
        for contract: Contract, with input: Contract.Input, scheme: String? = nil
    ) throws -> String {
        try url(target: contract.target, action: contract.action, values: Contract.Input.schema.encode(input), scheme: scheme)
    }

    /// Generates a URL and checks that opening it reaches the same action (another action's literal
    /// pattern could shadow a placeholder value); the one generator behind every public door.
    func url(target: String, action: String, values: [String: any Sendable], scheme: String?) throws -> String {
        let router = currentRouter()
        guard let id = router.routes.action(target: target, action: action) else {
            throw notFoundError(target: target, action: action)
        }
        let url = try URLGeneration.url(for: router.routes[id], with: values, scheme: scheme, router: router)
        // Opening must lead back here: another action's literal pattern could shadow a placeholder value.
        let reached = router.actionReached(by: url)
        guard reached == id else {
            let other = reached.map { LogSafeText.inline(router.routes[$0].definition.label) } ?? "no route"
            throw MediatorError.urlGenerationFailed(
                target: target, action: action,
                problem: "the generated URL \(LogSafeText.quoted(url)) would reach \(other) instead")
        }
        return url
    }

    /// The not-found error for names, as the registry is now.
    func notFoundError(target: String, action: String) -> MediatorError {
        let (box, registry, version) = registry.withLock { state in
            let box = state.targets[Name(target)]
            return (box, box == nil ? state.targets : [:], state.targetsVersion)
        }
        return notFoundError(
            box.map { .missingAction($0) } ?? .missingTarget(registry: registry, version: version), target: target, action: action
        )
    }

    // MARK: Route configuration

    /// Validates a route configuration document against the registry and, if it has no problem, puts
    /// it in force in place of the previous one. See ``MediatorRouteConfiguration`` for the format.
    /// - Parameter json: The JSON document.
    /// - Returns: The configuration now in force.
    /// - Throws: ``MediatorError/Code/invalidRouteConfiguration`` listing every problem; the previous
    ///   configuration then stays in force.
    @discardableResult
    public func applyRouteConfiguration(_ json: Data) throws -> MediatorRouteConfiguration {
        let configuration = try MediatorRouteConfiguration(json: json)
        try applyRouteConfiguration(configuration)
        return configuration
    }

    /// Validates a route configuration against the registry and, if it has no problem, puts it in force.
    /// - Parameter configuration: The configuration.
    /// - Throws: ``MediatorError/Code/invalidRouteConfiguration`` listing every problem; the previous
    ///   configuration then stays in force.
    public func applyRouteConfiguration(_ configuration: MediatorRouteConfiguration) throws {
        let (boxes, targetsVersion, configurationVersion) = registry.withLock { state in
            (Array(state.targets.values), state.targetsVersion, state.routing.configurationVersion)
        }
        let candidate = RouteSet(
            targets: boxes, targetsVersion: targetsVersion, configuration: configuration,
            configurationVersion: configurationVersion &+ 1)
        guard candidate.configurationProblems.isEmpty else {
            throw MediatorError.invalidRouteConfiguration(problems: candidate.configurationProblems)
        }
        mutate { state in
            state.released.append(state.routing.routeSet)
            state.released.append(state.routing.router)
            state.routing.configuration = configuration
            state.routing.configurationVersion &+= 1
            state.routing.router = nil
            state.routing.routeSet =
                state.targetsVersion == targetsVersion && state.routing.configurationVersion == configurationVersion &+ 1
                ? candidate : nil
        }
    }

    /// Removes the route configuration; routes behave as their actions declare them.
    public func clearRouteConfiguration() {
        mutate { state in
            state.released.append(state.routing.routeSet)
            state.released.append(state.routing.router)
            state.routing.configuration = nil
            state.routing.configurationVersion &+= 1
            state.routing.routeSet = nil
            state.routing.router = nil
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
        let cache = ThreadCache.current
        if let router = cache.router(mediatorID: id, generation: generation.load(ordering: .acquiring)) { return router }

        enum Snapshot {
            case ready(URLRouter, generation: UInt64, settings: MediatorSettings)
            case stale(
                boxes: [any AnyTargetBox], state: RoutingState, targetsVersion: UInt64, generation: UInt64,
                settings: MediatorSettings)
        }
        let (snapshot, replaced): (Snapshot, URLRouter?) = registry.withLock { state in
            let now = generation.load(ordering: .relaxed)
            let routing = state.routing
            if let router = routing.router, router.routes.targetsVersion == state.targetsVersion,
                router.routes.configurationVersion == routing.configurationVersion,
                router.settingsVersion == routing.settingsVersion
            {
                return (.ready(router, generation: now, settings: state.settings), nil)
            }
            if let routes = routing.routeSet, routes.targetsVersion == state.targetsVersion,
                routes.configurationVersion == routing.configurationVersion
            {
                let router = URLRouter(routes: routes, state: routing)
                let replaced = state.routing.router
                state.routing.router = router
                return (.ready(router, generation: now, settings: state.settings), replaced)
            }
            let stale = Snapshot.stale(
                boxes: Array(state.targets.values), state: routing, targetsVersion: state.targetsVersion, generation: now,
                settings: state.settings)
            return (stale, nil)
        }
        // What the snapshot replaced is released here, outside the lock.
        withExtendedLifetime(replaced) {}
        switch snapshot {
        case let .ready(router, generation, settings):
            cache.store(router: router, mediatorID: id, generation: generation, settings: settings)
            return router
        case let .stale(boxes, routing, targetsVersion, generation, settings):
            // Reading declarations runs target code, which may call this mediator: never under the lock.
            let routes = RouteSet(
                targets: boxes, targetsVersion: targetsVersion, configuration: routing.configuration,
                configurationVersion: routing.configurationVersion)
            let router = URLRouter(routes: routes, state: routing)
            let released: [any Sendable] = registry.withLock { state in
                guard state.targetsVersion == targetsVersion,
                    state.routing.configurationVersion == routing.configurationVersion
                else { return [] }
                let replaced: [any Sendable] = [state.routing.routeSet, state.routing.router]
                state.routing.routeSet = routes
                if state.routing.settingsVersion == routing.settingsVersion { state.routing.router = router }
                return replaced
            }
            withExtendedLifetime(released) {}
            cache.store(router: router, mediatorID: id, generation: generation, settings: settings)
            return router
        }
    }
}
