/// The interceptor stage's short way, for a synchronous call whose binding this thread already
/// resolved in the snapshot the call runs in (a typed call, a call by name, a URL's route) while
/// interceptors are installed, as in every app that has analytics or a login gate.
///
/// Each interceptor decides on the call in turn. While every one lets it go on (it proceeds, or
/// holds it on a gate that is open), nothing is built for the pass: no call state, no copy of it
/// to hold, no box for the parameters (the call carries its payload or typed input as it is, and
/// builds the parameters only if an interceptor reads them). Then the binding runs as the door's
/// own fast path runs it (the remote policy included), and every interceptor observes the outcome.
///
/// The first interceptor that decides otherwise (rejects, redirects, holds on a closed gate,
/// throws) hands the call over, with its decision, to the general pass (`InterceptorPass`), which
/// applies it and goes on as `driveSync` does: every rule of the stage stays written once there.
extension Mediator {
    /// What the short way did with a call.
    @usableFromInline
    enum Interception {
        /// Every interceptor let it go on, and the handler ran.
        case ran
        /// An interceptor decided otherwise; the general pass finished the call with this value.
        case diverted(any Sendable)
        /// This thread has no binding for it in the current snapshot, or no interceptor is installed:
        /// nothing ran, and the call takes the pipeline's entry.
        case notCached
    }

    /// A typed call's short way.
    /// - Parameters:
    ///   - input: The input, as interceptors read its parameters.
    ///   - run: Runs the handler with the typed input; the call's output stays with the caller.
    ///   - typed: The input as the general pass carries it, made only if the call is diverted.
    @usableFromInline
    func callIntercepted(
        _ key: ContractKey, _ input: any MediatorInput, _ run: (AnyBinding) throws -> Void, typed: () -> TypedInput
    ) throws -> Interception {
        let cache = ThreadCache.current
        guard let slot = cache.hitSlot(address: published.load()), cache.hasInterceptors(inSlot: slot),
            let binding = cache.contractBinding(index: key.index, inSlot: slot)
        else { return .notCached }
        let definition = binding._withUnsafeGuaranteedRef { $0.definition }
        let call = MediatorCall(target: definition.target, action: definition.name, source: .local, input: input)
        return try intercept(
            call, CachedBinding(cache: cache, unretained: binding), in: cache.snapshot(inSlot: slot), isolation: nil, run: run
        ) {
            // As `prepareTyped` makes it.
            CallState(
                target: definition.target, action: definition.name, source: .local, payload: .input(typed()),
                origin: .names(contract: key))
        }
    }

    /// A call by name's short way; `nil` when it does not apply.
    /// - Parameter state: The call as it entered the pipeline, made only if it is diverted.
    func performIntercepted(
        _ key: ActionKey, source: MediatorCallSource, _ payload: Payload, isolation: (any Actor)?, state: () -> CallState
    ) throws -> (any Sendable)? {
        let cache = ThreadCache.current
        guard let slot = cache.hitSlot(address: published.load()), cache.hasInterceptors(inSlot: slot),
            let binding = cache.binding(for: key, inSlot: slot)
        else { return nil }
        let call = MediatorCall(target: key.target, action: key.action, source: source, payload: payload)
        var value: any Sendable = ()
        let interception = try intercept(
            call, CachedBinding(cache: cache, unretained: binding), in: cache.snapshot(inSlot: slot), isolation: isolation,
            run: { value = try invokeSync($0, source: source, payload, isolation: isolation) }, state: state)
        if case .diverted(let diverted) = interception { return diverted }
        return value
    }

    /// A routed URL's short way, in the snapshot the URL was routed in; `nil` when it does not apply.
    /// - Parameter state: The call as it entered the pipeline, made only if it is diverted.
    func openIntercepted(
        _ id: ActionID, url: String, _ payload: Payload, context: (any Sendable)?, in snapshot: RegistrySnapshot,
        cache: ThreadCache, isolation: (any Actor)?, state: () -> CallState
    ) throws -> (any Sendable)? {
        guard snapshot.hasInterceptors, let binding = cache.routeBinding(index: id.index, in: snapshot) else { return nil }
        let definition = binding._withUnsafeGuaranteedRef { $0.definition }
        var call = MediatorCall(target: definition.target, action: definition.name, source: .remote, payload: payload)
        call.url = url
        call.context = context
        var value: any Sendable = ()
        let interception = try intercept(
            call, CachedBinding(cache: cache, unretained: binding), in: snapshot, isolation: isolation,
            run: { value = try invokeSync($0, source: .remote, payload, isolation: isolation) }, state: state)
        if case .diverted(let diverted) = interception { return diverted }
        return value
    }

    /// The short way itself: the interceptors decide, the binding runs (`run`), they observe.
    private func intercept(
        _ call: MediatorCall, _ binding: CachedBinding, in snapshot: RegistrySnapshot, isolation: (any Actor)?,
        run: (AnyBinding) throws -> Void, state: () -> CallState
    ) throws -> Interception {
        // Nothing the slot lets go of is released before `exit()`: the interceptors and the handler
        // may change the registry, and the binding is held unretained.
        binding.cache.enter()
        defer { binding.cache.exit() }
        let interceptors = snapshot.settings.interceptors
        let start = ContinuousClock.now
        for index in interceptors.indices {
            let decision: Result<MediatorCall.Decision, any Error>
            do {
                switch try interceptors[index].intercept(call) {
                case .proceed: continue
                // What the general pass does for a gate that is open (`holdUnlessOpen`): go on.
                case .hold(let gate) where gates.isOpen(gate): continue
                case let other: decision = .success(other)
                }
            } catch {
                decision = .failure(error)
            }
            let pass = InterceptorPass(
                state: state(), resolved: .bound(binding.unretained.takeUnretainedValue()), snapshot: snapshot, call: call,
                decided: index + 1, since: start)
            return .diverted(try interceptSync(pass, pending: (interceptors[index], decision), isolation: isolation))
        }
        do {
            try binding.unretained._withUnsafeGuaranteedRef { try run($0) }
        } catch {
            InterceptorPass.observe(call, InterceptorPass.outcome(of: error), since: start, by: interceptors)
            throw error
        }
        InterceptorPass.observe(call, .succeeded, since: start, by: interceptors)
        return .ran
    }
}
