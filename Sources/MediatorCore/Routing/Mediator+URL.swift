internal import MediatorText

/// URL entry points: deep links, universal links and remote invocation, turned into calls.
///
/// Routes come from the `urlPatterns` each action declares and from the convention route
/// `scheme://Target/action` for actions declared `.remote`. A URL call enters the same pipeline as
/// every other call, with source `.remote`, so the remote policy applies to wherever it finally
/// goes. The routes are part of the registry snapshot the URL is opened in: compiled on the first
/// URL use after the targets or the configuration change, never under a lock (reading declarations
/// runs target code), once per change. The router is immutable and cached per thread with the
/// snapshot, so an `open` with an unchanged registry takes no lock. See the Security Model article
/// for what a URL can reach.
extension Mediator {
    // MARK: Schemes and hosts

    /// Registers an app scheme such as `"shop"`: URLs like `shop://product/42` are routed, with the
    /// host read as the first path segment (`product/42`).
    ///
    /// Patterns written `shop://...` apply to this scheme only. Registering `http` or `https` is a
    /// problem ``checkRegistrations(facades:)`` reports; use ``registerWebHost(_:)`` for web links.
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

    /// Changes the routing settings; the next snapshot's router is built from them on its first URL use.
    private func changeRouting(_ change: (inout RoutingSettings) -> Void) {
        mutate { state in change(&state.routing) }
    }

    // MARK: Opening

    /// Whether ``open(_:with:context:isolation:)`` would reach an action, with no side effects: no target
    /// instance is made and no interceptor, handler or unmatched-URL handler runs.
    ///
    /// It checks the URL's syntax and length, scheme or host, route, route configuration and the
    /// remote policy; it does not check parameter values, which the action's input validates.
    /// - Parameter url: The URL.
    /// - Returns: `true` when the URL reaches an action a remote call may run.
    public func canOpen(_ url: some LinkConvertible) -> Bool {
        snapshot().router.get().canOpen(url.linkText)
    }

    /// Opens a URL: routes it to its action and performs it as a remote call, returning the result.
    ///
    /// ```swift
    /// try mediator.open("shop://product/42?ref=push")
    /// ```
    /// - Parameters:
    ///   - url: The URL, such as `shop://product/42` or `https://shop.example.com/product/42`.
    ///   - parameters: Native values for the action (a completion closure, say); they win over the URL's.
    ///   - context: The scene or window the link arrived in (any `Sendable` value the app chooses), or
    ///     `nil`: kept with the call while it is held and shown to interceptors as ``MediatorCall/context``.
    ///   - isolation: The caller's actor, filled in by the compiler; a main-actor caller may reach main-actor actions.
    /// - Returns: The action's result.
    /// - Throws: A ``MediatorError`` saying why the URL was refused or what the action reported.
    @inlinable @discardableResult
    public func open(
        _ url: some LinkConvertible, with parameters: MediatorParameters = MediatorParameters(),
        context: (any Sendable)? = nil, isolation: (any Actor)? = #isolation
    ) throws -> any Sendable {
        try open(text: url.linkText, with: parameters, context: context, isolation: isolation)
    }

    /// Opens a link's text: the one body behind ``open(_:with:context:isolation:)``, inlined at the
    /// caller only as far as reading the text (for a `String`, the string itself).
    @usableFromInline
    func open(
        text url: String, with parameters: MediatorParameters, context: (any Sendable)?, isolation: (any Actor)?
    ) throws -> any Sendable {
        try open(url, with: parameters, context: context, isolation: isolation, handsOver: false) { _ in nil }
    }

    /// Opens a URL, handing the link it routes to over (`handoff`, when `handsOver`) before its
    /// action runs: the one door behind ``open(_:with:context:isolation:)`` and the
    /// navigation layer's.
    @inline(__always)
    func open(
        _ url: String, with parameters: MediatorParameters, context: (any Sendable)?, isolation: (any Actor)?,
        handsOver: Bool, handing handoff: LinkHandoff
    ) throws -> any Sendable {
        let cache = ThreadCache.current
        let slot = cache.currentSlot(of: self)
        let snapshot = cache.snapshot(inSlot: slot)
        try refuseDuplicate(
            CallState(url: url, native: parameters.values, context: context), url: url, options: snapshot.routing.options)
        try admit(.remote, CallState(url: url, native: parameters.values, context: context))
        let router = cache.router(inSlot: slot)
        let (id, payload): (ActionID, Payload)
        switch routed(
            try router.resolve(url, caller: parameters, runsUnmatchedHandler: true), in: router, with: parameters,
            handsOver: handsOver, handing: handoff)
        {
        case let .action(routedID, routedPayload): (id, payload) = (routedID, routedPayload)
        case let other:
            return try enterSync(opening(other, of: url, in: router, with: parameters, context: context, continuing: nil))
        }
        if !snapshot.hasInterceptors, let binding = cache.routeBinding(index: id.index, in: snapshot) {
            // A routed action this thread resolved in this snapshot, nothing installed: straight to
            // the remote policy and the handler.
            return try CachedBinding(cache: cache, unretained: binding).run { binding in
                try invokeSync(binding, source: .remote, payload, isolation: isolation)
            }
        }
        // The same, with interceptors installed: they decide and observe (`InterceptedRun.swift`).
        if let value = try openIntercepted(
            id, url: url, payload, context: context, in: snapshot, cache: cache, isolation: isolation,
            state: { routedState(id, payload, of: url, in: router, with: parameters, context: context, continuing: nil) })
        {
            return value
        }
        return try enterSync(
            opening(.action(id, payload), of: url, in: router, with: parameters, context: context, continuing: nil))

        func enterSync(_ opening: Opening) throws -> any Sendable {
            switch opening {
            case .value(let value): return value
            case let .call(state, address):
                return try self.enterSync(state, address, in: snapshot, cache: cache, isolation: isolation)
            }
        }
    }

    /// Opens a URL and returns its action's result as `type`.
    /// - Parameters:
    ///   - url: The URL.
    ///   - parameters: Native values for the action; they win over the URL's.
    ///   - context: The scene or window the link arrived in, or `nil`.
    ///   - type: The result type.
    ///   - isolation: The caller's actor, filled in by the compiler; a main-actor caller may reach main-actor actions.
    /// - Returns: The action's result.
    /// - Throws: A ``MediatorError``, including ``MediatorError/Code/resultTypeMismatch``.
    @inlinable
    public func open<Result: Sendable>(
        _ url: some LinkConvertible, with parameters: MediatorParameters = MediatorParameters(),
        context: (any Sendable)? = nil, as type: Result.Type, isolation: (any Actor)? = #isolation
    ) throws -> Result {
        let text = url.linkText
        let value = try open(text: text, with: parameters, context: context, isolation: isolation)
        if let typed = Self.cast(value, to: type) { return typed }
        throw resultTypeMismatch(value, expected: type, url: text)
    }

    /// Opens a URL with `await`, which reaches asynchronous and main-actor actions too.
    /// - Parameters:
    ///   - url: The URL.
    ///   - parameters: Native values for the action; they win over the URL's.
    ///   - context: The scene or window the link arrived in, or `nil`: kept with the call while it is
    ///     held and shown to interceptors as ``MediatorCall/context``.
    ///   - whenHeld: Whether a URL held on a gate (or at cold start) answers ``MediatorError/Code/held``
    ///     at once or waits for the continued call's result.
    /// - Returns: The action's result.
    /// - Throws: A ``MediatorError`` saying why the URL was refused or what the action reported.
    @discardableResult
    public func openAsync(
        _ url: some LinkConvertible, with parameters: MediatorParameters = MediatorParameters(),
        context: (any Sendable)? = nil, whenHeld: MediatorHold.WhenHeld = .answerAtOnce
    ) async throws -> any Sendable {
        do {
            return try await openAsync(url.linkText, native: parameters, context: context, continuing: nil)
        } catch let error as MediatorError where error.code == .held {
            return try await answer(error, whenHeld)
        }
    }

    /// Opens a URL with `await`: a caller's, or a held one continuing (as `hold`); the link it
    /// routes to is handed over (`handoff`) before its action runs.
    func openAsync(
        _ url: String, native: MediatorParameters, context: (any Sendable)?, continuing hold: MediatorHold?,
        handing handoff: LinkHandoff? = nil
    ) async throws -> any Sendable {
        let snapshot = snapshot()
        func state() -> CallState { CallState(url: url, native: native.values, context: context, continuing: hold) }
        try refuseDuplicate(state(), url: url, options: snapshot.routing.options)
        try admit(.remote, state())
        let router = snapshot.router.get()
        let routed = routed(
            try router.resolve(url, caller: native, runsUnmatchedHandler: true), in: router, with: native,
            handsOver: handoff != nil
        ) { handoff?($0) }
        switch opening(routed, of: url, in: router, with: native, context: context, continuing: hold) {
        case .value(let value): return value
        case let .call(state, address):
            let resolved = resolve(address, of: state, in: snapshot, cache: .current)
            return try await driveAsync(state, resolved, in: snapshot)
        }
    }

    /// Opens a URL with `await` and returns its action's result as `type`.
    /// - Parameters:
    ///   - url: The URL.
    ///   - parameters: Native values for the action; they win over the URL's.
    ///   - context: The scene or window the link arrived in, or `nil`.
    ///   - whenHeld: Whether a held URL answers at once or waits for the continued call's result.
    ///   - type: The result type.
    /// - Returns: The action's result.
    /// - Throws: A ``MediatorError``, including ``MediatorError/Code/resultTypeMismatch``.
    @inlinable
    public func openAsync<Result: Sendable>(
        _ url: some LinkConvertible, with parameters: MediatorParameters = MediatorParameters(),
        context: (any Sendable)? = nil, whenHeld: MediatorHold.WhenHeld = .answerAtOnce, as type: Result.Type
    ) async throws -> Result {
        let text = url.linkText
        let value = try await openAsync(text, with: parameters, context: context, whenHeld: whenHeld)
        if let typed = Self.cast(value, to: type) { return typed }
        throw resultTypeMismatch(value, expected: type, url: text)
    }

    /// What opening a URL does: return an unmatched-URL handler's value, or run a remote call.
    private enum Opening {
        case value(any Sendable)
        case call(CallState, CallAddress)
    }

    /// Where a URL leads, with what its action runs with.
    private enum Routed {
        /// A route's action, with its payload.
        case action(ActionID, Payload)
        /// The action an unmatched-URL handler redirected to, by name, with its payload.
        case named(target: String, action: String, Payload)
        /// The unmatched-URL handler's value.
        case value(any Sendable)
    }

    /// A routed URL with what its action runs with: the URL's values (native values winning), or
    /// the input `handoff` decoded from them (the navigation layer's, which reads it for the link's
    /// back stack).
    @inline(__always)
    private func routed(
        _ destination: consuming URLRouter.Destination, in router: URLRouter, with native: MediatorParameters,
        handsOver: Bool, handing handoff: LinkHandoff
    ) -> Routed {
        switch destination {
        case let .action(id, values):
            let lookup = ParameterLookup(url: values, native: native.values)
            guard handsOver else { return .action(id, .values(lookup)) }
            // The values move into the link and back out when it is not handed over: not copied.
            let link = RoutedLink(id, lookup, in: router)
            guard let input = handoff(link) else { return .action(id, .values(link.values())) }
            return .action(id, .input(input.typed))
        case let .named(target, action, parameters):
            let lookup = ParameterLookup(values: parameters.values, native: native.values)
            guard handsOver else { return .named(target: target, action: action, .values(lookup)) }
            let link = RoutedLink(target: target, action: action, lookup: lookup)
            guard let input = handoff(link) else { return .named(target: target, action: action, .values(link.values())) }
            return .named(target: target, action: action, .input(input.typed))
        case .value(let value):
            return .value(value)
        }
    }

    /// The call a routed URL stands for. A matched route leads straight to its target's action: the
    /// binding comes from this thread's slot by the route's action index, or is made from the
    /// route's target box, never looked up by name.
    private func opening(
        _ routed: Routed, of url: String, in router: URLRouter, with native: MediatorParameters,
        context: (any Sendable)?, continuing hold: MediatorHold?
    ) -> Opening {
        switch routed {
        case .value(let value):
            return .value(value)
        case let .action(id, payload):
            return .call(
                routedState(id, payload, of: url, in: router, with: native, context: context, continuing: hold),
                .route(id, router.routes))
        case let .named(target, action, payload):
            var state = CallState(
                target: target, action: action, source: .remote, payload: payload,
                origin: .url(url, native: native.values))
            state.hold = hold
            state.context = context
            return .call(state, .names(ActionKey(target: target, action: action)))
        }
    }

    /// The call a URL that matched a route stands for.
    private func routedState(
        _ id: ActionID, _ payload: Payload, of url: String, in router: URLRouter, with native: MediatorParameters,
        context: (any Sendable)?, continuing hold: MediatorHold?
    ) -> CallState {
        let action = router.routes[id]
        var state = CallState(
            target: action.target, action: action.name, source: .remote, payload: payload,
            origin: .url(url, native: native.values))
        state.hold = hold
        state.context = context
        return state
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
    ///   - scheme: The app scheme, or `"https"` for a web link; see ``url(for:on:with:scheme:)->String``.
    /// - Returns: The URL.
    /// - Throws: As ``url(for:on:with:scheme:)->String`` does.
    public func url<Contract: MediatorContract>(
        for contract: Contract, with input: Contract.Input, scheme: String? = nil
    ) throws -> String {
        try url(target: contract.target, action: contract.action, values: Contract.Input.schema.encode(input), scheme: scheme)
    }

    /// Generates a URL and checks that opening it reaches the same action (another action's literal
    /// pattern could shadow a placeholder value); the one generator behind every public door.
    func url(target: String, action: String, values: [String: any Sendable], scheme: String?) throws -> String {
        let snapshot = snapshot()
        let router = snapshot.router.get()
        guard let id = router.routes.action(target: target, action: action) else {
            throw notFoundError(target: target, action: action, in: snapshot)
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

    // MARK: Route configuration

    /// Validates a route configuration against the registry and, if it has no problem, puts it in
    /// force in place of the previous one; `nil` removes it, so routes behave as their actions declare.
    ///
    /// ```swift
    /// try mediator.applyRouteConfiguration(Mediator.RouteConfiguration(json: Data(document.utf8)))
    /// ```
    /// - Parameter configuration: The configuration, or `nil`.
    /// - Throws: ``MediatorError/Code/invalidRouteConfiguration`` listing every problem; the previous
    ///   configuration then stays in force.
    public func applyRouteConfiguration(_ configuration: Mediator.RouteConfiguration?) throws {
        guard let configuration else {
            mutate { state in
                state.routing.configuration = nil
                state.configurationChanged()
            }
            return
        }
        // Validated against the targets of one snapshot, outside the lock (compiling reads
        // declarations); put in force only if the targets are still those, else validated again.
        while true {
            let snapshot = snapshot()
            let targets = snapshot.targets
            let candidate = RouteSet(targets: Array(targets.values), configuration: configuration)
            guard candidate.configurationProblems.isEmpty else {
                throw MediatorError.invalidRouteConfiguration(problems: candidate.configurationProblems)
            }
            let applied = mutate { state -> Bool in
                // The routes cell is replaced whenever the targets (or the configuration) change.
                guard state.routes === snapshot.routes else { return false }
                state.routing.configuration = configuration
                if let routes = state.routes { state.released.append(routes) }
                state.routes = BuiltOnce(built: candidate)
                return true
            }
            if applied { return }
        }
    }
}
