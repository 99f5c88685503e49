/// The interceptor stage's short way, for a synchronous call whose binding this thread already
/// resolved in the snapshot the call runs in (a typed call, a call by name, a URL's route) while
/// interceptors are installed, as in every app that has analytics or a login gate.
///
/// Each interceptor decides on the call in turn. While every one lets it go on (it proceeds, or
/// holds it on a gate that is open), nothing is built for the pass: no call state, no copy of it
/// to hold, no box for the parameters (the call carries its payload or typed input as it is, and
/// builds the parameters only if an interceptor reads them). Then the binding runs as the door's
/// own fast path runs it (the remote policy included), and every interceptor observes the outcome.
/// Nothing is retained for the pass either: the slot's snapshot and binding stay alive between
/// `enter()` and `exit()`, the interceptors are read in place (`InterceptionSettings.interceptorList`),
/// and the clock is the monotonic one read in a few instructions (`InterceptionInstant`).
///
/// The first interceptor that decides otherwise (rejects, redirects, holds on a closed gate,
/// throws) hands the call over, with its decision, to the general pass (`InterceptorPass`), which
/// applies it and goes on as `driveSync` does: every rule of the stage stays written once there.
extension Mediator {
    /// A typed call's short way, for the binding the door's own lookup found (`typedBinding`).
    /// - Parameters:
    ///   - cached: The binding this thread resolved for the contract, in the slot of `snapshot`.
    ///   - snapshot: The slot's snapshot, in which interceptors are installed.
    ///   - input: The input, as interceptors read its parameters (moved into the call they see).
    ///   - run: Runs the handler with the typed input; the call's output stays with the caller.
    ///   - diverted: Takes the value the general pass answered with, when an interceptor decided
    ///     otherwise (then `run` is not called).
    @usableFromInline
    func callIntercepted(
        _ cached: CachedBinding, in snapshot: Unmanaged<RegistrySnapshot>, _ key: ContractKey,
        _ input: consuming any MediatorInput, _ run: (AnyBinding) throws -> Void, diverted: (any Sendable) throws -> Void
    ) throws {
        // The slot holds the snapshot and the binding; nothing it lets go of is released before
        // `exit()` (see `CachedBinding`), so neither is retained for the call.
        let cache = cached.cache
        cache.enter()
        defer { cache.exit() }
        let binding = cached.unretained
        let call = MediatorCall(contract: key, source: .local, input: input)
        try intercept(call, binding, in: snapshot, cache: cache, isolation: nil, diverted: diverted, run: run) {
            // As `prepareTyped` makes it.
            binding._withUnsafeGuaranteedRef {
                CallState(
                    target: $0.definition.target, action: $0.definition.name, source: .local, payload: call.payload,
                    origin: .names(contract: key))
            }
        }
    }

    /// A call by name's short way; `nil` when it does not apply.
    /// - Parameter state: The call as it entered the pipeline, made only if it is diverted.
    ///
    /// Out of line: inlined into `perform`, it made every call by name dearer (perform0 +2).
    @inline(never)
    func performIntercepted(
        _ key: ActionKey, source: MediatorCallSource, _ payload: Payload, isolation: (any Actor)?, state: () -> CallState
    ) throws -> (any Sendable)? {
        let cache = ThreadCache.current
        guard let slot = cache.hitSlot(address: published.load()), cache.hasInterceptors(inSlot: slot),
            let binding = cache.binding(for: key, inSlot: slot)
        else { return nil }
        cache.enter()
        defer { cache.exit() }
        let call = MediatorCall(target: key.target, action: key.action, source: source, payload: payload)
        var value: (any Sendable)?
        try interceptOutlined(
            call, binding, in: cache.unretainedSnapshot(inSlot: slot), cache: cache, isolation: isolation,
            diverted: { value = $0 },
            run: { value = try invokeSync($0, source: source, payload, isolation: isolation) }, state: state)
        return value
    }

    /// A routed URL's short way, in the snapshot the URL was routed in; `nil` when it does not apply.
    /// - Parameter state: The call as it entered the pipeline, made only if it is diverted.
    func openIntercepted(
        _ id: ActionID, url: String, _ payload: Payload, context: (any Sendable)?, in snapshot: RegistrySnapshot,
        cache: ThreadCache, isolation: (any Actor)?, state: () -> CallState
    ) throws -> (any Sendable)? {
        guard snapshot.hasInterceptors, let binding = cache.routeBinding(index: id.index, in: snapshot) else { return nil }
        cache.enter()
        defer { cache.exit() }
        var call = MediatorCall(to: binding._withUnsafeGuaranteedRef { $0.definition }, source: .remote, payload: payload)
        call.url = url
        call.context = context
        var value: (any Sendable)?
        try interceptOutlined(
            call, binding, in: Unmanaged.passUnretained(snapshot), cache: cache, isolation: isolation,
            diverted: { value = $0 },
            run: { value = try invokeSync($0, source: .remote, payload, isolation: isolation) }, state: state)
        return value
    }

    /// The short way itself: the interceptors decide, the binding runs (`run`), they observe.
    ///
    /// The caller has entered the thread cache (`enter()`), so the slot's snapshot and binding stay
    /// alive unretained while interceptors and the handler run (they may change the registry).
    /// - Parameter diverted: Takes the general pass's value when an interceptor decided otherwise
    ///   (then `run` is not called).
    @inline(__always)
    private func intercept(
        _ call: MediatorCall, _ binding: Unmanaged<AnyBinding>, in snapshot: Unmanaged<RegistrySnapshot>,
        cache: ThreadCache, isolation: (any Actor)?, diverted: (any Sendable) throws -> Void, run: (AnyBinding) throws -> Void,
        state: () -> CallState
    ) throws {
        // Read in place: the snapshot's list is immutable and the snapshot outlives the call.
        let interceptors = snapshot._withUnsafeGuaranteedRef { $0.settings.interceptorList }
        let start = InterceptionInstant.now
        for index in interceptors.indices {
            let decision: MediatorCall.Decision
            do {
                decision = try interceptors[index]._withUnsafeGuaranteedRef { try $0.interceptor.intercept(call) }
            } catch {
                try diverted(
                    divert(
                        call, at: index, .failure(error), binding, in: snapshot, since: start, isolation: isolation,
                        state: state))
                return
            }
            // One switch over the decision, consumed: each case's parts move into the decision the general
            // pass gets. Measured on call0Gated (call0Observed 13 fewer too): 655 instructions a call, where
            // testing the borrowed decision took 668 (`if case` twice) or 750 (one switch), and binding the
            // other cases whole (`case let other`) 741.
            let other: MediatorCall.Decision
            switch consume decision {
            case .proceed: continue
            // A hold on a gate that lets calls through goes on, by the hold queue's own rule (`lets(through:)`),
            // as the general pass's `holdUnlessOpen` would decide; read from this thread's copy of the open gates.
            case .hold(let gate):
                if cache.letsThrough(gate, of: self, in: snapshot) { continue }
                other = .hold(until: gate)
            case .reject(let reason): other = .reject(reason: reason)
            case .redirect(let target, let action, let parameters):
                other = .redirect(target: target, action: action, parameters: parameters)
            }
            try diverted(
                divert(
                    call, at: index, .success(other), binding, in: snapshot, since: start, isolation: isolation,
                    state: state))
            return
        }
        do {
            try binding._withUnsafeGuaranteedRef { try run($0) }
        } catch {
            InterceptorPass.observe(call, InterceptorPass.outcome(of: error), since: start, by: interceptors)
            throw error
        }
        InterceptorPass.observe(call, .succeeded, since: start, by: interceptors)
    }

    /// `intercept`, out of line: the calls by name and URL, whose callers grow costlier with it inlined
    /// (their payload is copied into the closures' contexts); the typed call inlines it.
    @inline(never)
    private func interceptOutlined(
        _ call: MediatorCall, _ binding: Unmanaged<AnyBinding>, in snapshot: Unmanaged<RegistrySnapshot>,
        cache: ThreadCache, isolation: (any Actor)?, diverted: (any Sendable) throws -> Void,
        run: (AnyBinding) throws -> Void, state: () -> CallState
    ) throws {
        try intercept(
            call, binding, in: snapshot, cache: cache, isolation: isolation, diverted: diverted, run: run, state: state)
    }

    /// Hands a call an interceptor decided otherwise on to the general pass, which applies the
    /// decision and finishes the call.
    @inline(never)
    private func divert(
        _ call: MediatorCall, at index: Int, _ decision: Result<MediatorCall.Decision, any Error>,
        _ binding: Unmanaged<AnyBinding>, in snapshot: Unmanaged<RegistrySnapshot>, since start: InterceptionInstant,
        isolation: (any Actor)?, state: () -> CallState
    ) throws -> any Sendable {
        let current = snapshot.takeUnretainedValue()
        let pass = InterceptorPass(
            state: state(), resolved: .bound(binding.takeUnretainedValue()), snapshot: current, call: call,
            decided: index + 1, since: start)
        return try interceptSync(pass, pending: (current.settings.interceptors[index], decision), isolation: isolation)
    }
}
