extension Mediator {
    /// How a mediator treats calls: the interceptors every call passes, the handlers for what nothing
    /// answers, how URLs are read and routed, and the bounds on held calls.
    ///
    /// Read the settings in force with ``Mediator/settings``; change them with
    /// ``Mediator/configure(_:)``, which applies every change of one closure at once:
    ///
    /// ```swift
    /// try mediator.configure { settings in
    ///     settings.interceptors.append(Analytics())
    ///     settings.urlOptions.decodesPlusAsSpace = true
    ///     settings.holdPolicy.maximumAge = .seconds(120)
    /// }
    /// ```
    public struct Settings: Sendable {
        /// The interceptors every call passes through, in this order. Empty by default.
        public var interceptors: [any MediatorInterceptor] = []
        /// How long an interceptor's asynchronous decision may take before the call fails with
        /// ``MediatorError/Code/interceptorTimedOut``; 10 seconds by default, a negative one counts as 0.
        ///
        /// The limit applies to ``AsyncMediatorInterceptor/interceptAsync(_:)`` in calls made with
        /// `await`, so a decision that never finishes (a lost network reply, a forgotten continuation)
        /// cannot hang the call, even one that ignores cancellation: the call goes on without it, and
        /// the decision's task is cancelled. A synchronous ``MediatorInterceptor/intercept(_:)``
        /// cannot be interrupted and is not timed.
        public var interceptorTimeout: Duration = InterceptionSettings.defaultInterceptorTimeout
        /// Answers calls whose target or action does not exist and that the target itself did not
        /// answer, like CTMediator's `Target_NoTargetAction`: with a value, a redirect (the remote
        /// policy still applies), or ``Mediator/Fallback/notHandled``. `nil` (the default) lets such
        /// calls fail with a not-found error.
        ///
        /// It receives the call as interceptors see it (names, parameters, source, URL, window) and
        /// the error the call fails with unless it answers: its ``MediatorError/code`` says what is
        /// missing (``MediatorError/Code/targetNotFound`` or ``MediatorError/Code/actionNotFound``),
        /// its ``MediatorError/suggestions`` the closest registered names.
        ///
        /// ```swift
        /// mediator.configure { settings in
        ///     settings.fallback = { call, error in
        ///         error.code == .targetNotFound ? .redirect(target: "Help", action: "missing", parameters: [:]) : .notHandled
        ///     }
        /// }
        /// ```
        public var fallback: (@Sendable (MediatorCall, MediatorError) throws -> Fallback)?
        /// Answers URLs with a known scheme or host that no route matches: with a value (returned by
        /// `open`), a redirect to an action (performed as a remote call, so it must be a remote
        /// action, and the values it passes are remote input), or ``Mediator/Fallback/notHandled``
        /// for ``MediatorError/Code/noRouteMatched``. `canOpen` never runs it. `nil` by default.
        public var unmatchedURLHandler: (@Sendable (UnmatchedURL) throws -> Fallback)?
        /// How URLs are read: the length limit and the decoding choices that differ between platforms.
        /// Its limit is enforced when applied, however the value was built: a negative
        /// ``Mediator/URLOptions/maximumLength`` counts as 0, so every URL fails with
        /// ``MediatorError/Code/urlTooLong``.
        public var urlOptions = URLOptions()
        /// The route configuration in force (server-driven switches that disable, redirect or degrade
        /// routes), or `nil` for routes as their actions declare them. Put in force with
        /// ``Mediator/applyRouteConfiguration(_:)``, which validates it against the registered targets.
        public internal(set) var routeConfiguration: RouteConfiguration?
        /// The bounds on held calls: how many, how old, and whether identical URLs continue once.
        ///
        /// A lower capacity drops the oldest held calls over it when applied
        /// (``MediatorError/Code/holdDropped``); a shorter maximum age applies when each gate next
        /// opens. Its limits are enforced when applied, however the value was built.
        public var holdPolicy = HoldPolicy()
        /// The app schemes registered with ``Mediator/registerScheme(_:fallsBackToGlobalRoutes:)``,
        /// lowercased, in registration order.
        public internal(set) var schemes: [String] = []
        /// The web hosts registered with ``Mediator/registerWebHost(_:)``, lowercased, in
        /// registration order.
        public internal(set) var webHosts: [String] = []

        init() {}
    }

    /// The settings in force: interceptors, handlers, URL options, route configuration, hold policy.
    public var settings: Settings {
        read().settings
    }

    /// Changes the settings: `change` edits a copy of the settings in force, and the result is
    /// applied as a whole, seen by every call that starts after this returns.
    ///
    /// If another thread changes the settings between the read and the apply, `change` runs again
    /// on the newer settings, so no change is lost: keep it free of side effects. It runs with no
    /// lock held. The read-only parts (schemes, web hosts, route configuration) have verbs of their own.
    /// - Parameter change: Edits the settings.
    /// - Throws: What `change` throws; the settings in force then stay as they were.
    public func configure(_ change: (inout Settings) throws -> Void) rethrows {
        while true {
            let (current, version) = read()
            var next = current
            try change(&next)
            next.holdPolicy = HoldPolicy(
                capacity: next.holdPolicy.capacity, maximumAge: next.holdPolicy.maximumAge,
                coalescesIdenticalURLs: next.holdPolicy.coalescesIdenticalURLs)
            next.interceptorTimeout = next.interceptorTimeout.clampedForTimers
            next.urlOptions.maximumLength = max(next.urlOptions.maximumLength, 0)
            next.urlOptions.duplicateWindow = max(next.urlOptions.duplicateWindow, .zero)
            let applied = mutate { state -> Bool in
                guard state.settingsVersion == version else { return false }
                state.settingsVersion &+= 1
                state.released.append(state.settings)
                state.settings = InterceptionSettings(
                    interceptors: next.interceptors, fallback: next.fallback, interceptorTimeout: next.interceptorTimeout)
                state.routing.options = next.urlOptions
                state.routing.unmatchedHandler = next.unmatchedURLHandler
                state.holdPolicy = next.holdPolicy
                return true
            }
            guard applied else { continue }
            applyHoldPolicy(next.holdPolicy, version: version &+ 1)
            return
        }
    }

    /// The settings in force, and the version of the registry state they were read from.
    private func read() -> (settings: Settings, version: UInt64) {
        registry.withLock { state in
            var settings = Settings()
            settings.interceptors = state.settings.interceptors
            settings.interceptorTimeout = state.settings.interceptorTimeout
            settings.fallback = state.settings.fallback
            settings.unmatchedURLHandler = state.routing.unmatchedHandler
            settings.urlOptions = state.routing.options
            settings.routeConfiguration = state.routing.configuration
            settings.holdPolicy = state.holdPolicy
            settings.schemes = state.routing.schemes.map(\.name)
            settings.webHosts = state.routing.webHosts
            return (settings, state.settingsVersion)
        }
    }

    /// Puts a hold policy in force on the held calls, unless a later `configure` already put in its
    /// own (the registry's version orders them), and drops the oldest calls over its capacity.
    private func applyHoldPolicy(_ policy: HoldPolicy, version: UInt64) {
        let dropped = holds.withLock { queue -> [MediatorHold] in
            guard version > queue.policyVersion else { return [] }
            queue.policyVersion = version
            queue.policy = policy
            return queue.dropOldest(queue.heldCount - policy.capacity)
        }
        settle(dropped, because: .dropped(capacity: policy.capacity))
    }
}
