/// The one call pipeline every door leads into (a typed call, a call by name, a URL, a broadcast,
/// a held call continuing):
///
/// ```
/// snapshot once ─▶ admission ─▶ resolve ─▶ interceptors* ─▶ not-found chain* ─▶ remote policy ─▶ delivery ─▶ observers*
/// ```
/// (* only when installed or needed). Delivery runs one binding (an action) or each subscribing
/// binding of an event in order (a broadcast), each through the same remote policy and handler forms. A call runs in the one registry snapshot its door read: every
/// lookup (the first, an interceptor's redirect, a fallback's redirect), the interceptors, the
/// fallback and the not-found suggestions come from it. `driveSync` and `driveAsync` are its two
/// drivers; they differ only where an asynchronous interceptor decision or handler must be awaited.
/// Everything else,
/// the interceptor loop, the not-found chain and the remote policy, is shared code. The remote
/// policy is part of `invokeSync`/`invokeAsync`, the only functions that run a handler from here,
/// so no path reaches a handler around it. (A typed call's fast path, in `Mediator+Call.swift`,
/// runs handlers too, but only for local calls with nothing installed, to which the policy does
/// not apply.)
extension Mediator {
    /// What a call does once interceptors have decided: run a binding, or return a value a not-found
    /// handler supplied.
    enum Settled {
        case run(AnyBinding, source: MediatorCallSource, Payload)
        /// A broadcast: each subscriber of the list, in order.
        case deliver(DeliveryList, CallState)
        case value(any Sendable)
    }

    /// Runs a call without `await`. `isolation` is the caller's actor: a main-actor action runs
    /// synchronously only for a main-actor caller (compared only for such actions, so other calls
    /// never read `MainActor.shared`).
    func driveSync(
        _ state: CallState, _ resolved: Resolved, in snapshot: RegistrySnapshot, isolation: (any Actor)?
    ) throws -> any Sendable {
        guard snapshot.hasInterceptors else {
            switch resolved {
            case .bound(let binding):
                return try invokeSync(binding, source: state.source, state.payload(for: binding), isolation: isolation)
            case .subscribers(let list):
                return try deliverSync(list, state, isolation: isolation)
            default: break
            }
            var state = state
            return try invokeSync(settle(&state, resolved, in: snapshot), isolation: isolation)
        }
        return try interceptSync(InterceptorPass(state: state, resolved: resolved, snapshot: snapshot), isolation: isolation)
    }

    /// The interceptor stage and what follows it, without `await`: each interceptor still to decide
    /// does, then the call settles and runs, and every interceptor observes the outcome.
    /// - Parameter pending: A decision already made by the interceptor before the pass's next one
    ///   (`InterceptedRun` hands over at it), applied first.
    func interceptSync(
        _ pass: InterceptorPass, pending: (any MediatorInterceptor, Result<MediatorCall.Decision, any Error>)? = nil,
        isolation: (any Actor)?
    ) throws -> any Sendable {
        var pass = pass
        do {
            if let (interceptor, decision) = pending { try pass.apply(decision, of: interceptor, on: self) }
            while let (interceptor, _) = pass.nextInterceptor() {
                let call = pass.call
                try pass.apply(Result { try interceptor.intercept(call) }, of: interceptor, on: self)
            }
            let value = try invokeSync(settle(&pass.state, pass.resolved, in: pass.snapshot), isolation: isolation)
            pass.finish(.success(value))
            return value
        } catch {
            pass.finish(.failure(error))
            throw error
        }
    }

    /// Runs a call with `await`: asynchronous interceptors decide within the interceptor timeout,
    /// and asynchronous and main-actor actions run.
    func driveAsync(_ state: CallState, _ resolved: Resolved, in snapshot: RegistrySnapshot) async throws -> any Sendable {
        guard snapshot.hasInterceptors else {
            switch resolved {
            case .bound(let binding):
                return try await invokeAsync(binding, source: state.source, state.payload(for: binding))
            case .subscribers(let list):
                return try await deliverAsync(list, state)
            default: break
            }
            var state = state
            return try await invokeAsync(settle(&state, resolved, in: snapshot))
        }
        var pass = InterceptorPass(state: state, resolved: resolved, snapshot: snapshot)
        do {
            while let (interceptor, asyncInterceptor) = pass.nextInterceptor() {
                let call = pass.call
                let decision: Result<MediatorCall.Decision, any Error>
                if let asyncInterceptor {
                    decision = await decide(asyncInterceptor, on: call, within: snapshot.settings.interceptorTimeout)
                } else {
                    decision = Result { try interceptor.intercept(call) }
                }
                try pass.apply(decision, of: interceptor, on: self)
            }
            let value = try await invokeAsync(settle(&pass.state, pass.resolved, in: snapshot))
            pass.finish(.success(value))
            return value
        } catch {
            pass.finish(.failure(error))
            throw error
        }
    }

    /// Follows the not-found chain until the call has an action to run (or a value to return).
    func settle(_ state: inout CallState, _ first: Resolved, in snapshot: RegistrySnapshot) throws -> Settled {
        var resolved = first
        var redirectsLeft = Self.fallbackRedirectLimit
        while true {
            switch resolved {
            case .bound(let binding):
                return .run(binding, source: state.source, state.payload(for: binding))
            case .subscribers(let list):
                return .deliver(list, state)
            case .unusable(let error):
                throw error
            case .missingTarget, .missingAction:
                guard redirectsLeft > 0 else {
                    throw notFoundError(resolved, target: state.target, action: state.action, in: snapshot)
                }
                switch try answerNotFound(resolved, for: state, in: snapshot) {
                case .value(let value):
                    return .value(value)
                case let .redirect(target, action, parameters):
                    state.redirect(to: target, action, parameters: parameters)
                    resolved = lookup(
                        ActionKey(target: target, action: action), in: snapshot, keepsInstance: state.keepsInstance)
                    redirectsLeft -= 1
                }
            }
        }
    }

    private func invokeSync(_ settled: Settled, isolation: (any Actor)?) throws -> any Sendable {
        switch settled {
        case .value(let value): return value
        case let .run(binding, source, payload): return try invokeSync(binding, source: source, payload, isolation: isolation)
        case let .deliver(list, call): return try deliverSync(list, call, isolation: isolation)
        }
    }

    private func invokeAsync(_ settled: Settled) async throws -> any Sendable {
        switch settled {
        case .value(let value): return value
        case let .run(binding, source, payload): return try await invokeAsync(binding, source: source, payload)
        case let .deliver(list, call): return try await deliverAsync(list, call)
        }
    }

    /// Tells each subscriber of a broadcast in order, without `await`, each as an action is run
    /// (remote policy, then the handler form the caller's isolation allows); a subscriber's failure
    /// does not stop the others and is listed in the report.
    private func deliverSync(_ list: DeliveryList, _ call: CallState, isolation: (any Actor)?) throws -> MediatorBroadcastReport {
        try RemotePolicy.check(broadcast: call, to: list)
        return list.report { binding in _ = try invokeSync(binding, source: call.source, call.payload, isolation: isolation) }
    }

    /// Tells each subscriber of a broadcast in order, awaiting each.
    private func deliverAsync(_ list: DeliveryList, _ call: CallState) async throws -> MediatorBroadcastReport {
        try RemotePolicy.check(broadcast: call, to: list)
        return await list.report { binding in _ = try await invokeAsync(binding, source: call.source, call.payload) }
    }

    /// Runs a handler without `await`, after the remote policy allows it.
    func invokeSync(
        _ binding: AnyBinding, source: MediatorCallSource, _ payload: Payload, isolation: (any Actor)?
    ) throws -> any Sendable {
        try RemotePolicy.check(binding.definition, payload, source: source)
        // The caller's isolation, not the thread, decides: on Linux test runners main-actor code runs
        // off the main thread, and nonisolated code on the main thread is not main-actor code.
        guard binding.definition.execution == .mainActor, isolation === MainActor.shared else {
            return try binding.decodeAndRunSync(payload)
        }
        return try MainActor.assumeIsolated { try binding.decodeAndRunOnMainActor(payload) }
    }

    /// Runs a handler with `await`, after the remote policy allows it.
    func invokeAsync(_ binding: AnyBinding, source: MediatorCallSource, _ payload: Payload) async throws -> any Sendable {
        try RemotePolicy.check(binding.definition, payload, source: source)
        // A synchronous handler's awaited form only calls it (`MediatorAction.binder`): called here
        // directly, on the same executor, it runs the same without two asynchronous frames.
        if binding.definition.execution == .synchronous { return try binding.decodeAndRunSync(payload) }
        return try await binding.decodeAndRunAsync(payload)
    }

    /// An error a handler threw, as the caller sees it: wrapped in ``MediatorError/Code/handlerFailed``
    /// naming the action, except the handler's own parameter reads and calling-convention errors,
    /// which pass through. A read carries this action's label when the action declares parameters,
    /// and no label when it declares none.
    @usableFromInline
    static func handlerError(_ error: any Error, of definition: ActionDefinition) -> any Error {
        // A subscriber's failure is listed in its broadcast's report as the subscriber threw it.
        if definition.subscribing != nil { return error }
        if let error = error as? MediatorError {
            let isThisAction = error.target == definition.target && error.action == definition.name
            switch error.code {
            case .missingParameter, .invalidParameter:
                if isThisAction || (error.target == nil && error.context == nil) { return error }
            case .asyncActionCalledSynchronously, .mainActorRequired:
                if isThisAction { return error }
            default: break
            }
        }
        return MediatorError.handlerFailed(target: definition.target, action: definition.name, underlying: error)
    }
}

/// Where a call is headed, as its door knows it: names (a call by name or a typed call), a route
/// a URL matched in the snapshot's router (which leads to its action without a lookup by name), or
/// every subscriber of an event (a broadcast).
enum CallAddress {
    case names(ActionKey, contract: ContractKey? = nil)
    case route(ActionID, RouteSet)
    case event(EventKey, onlyTo: String?)
}

/// The pipeline's one entry: every door that does not take the per-thread fast path comes here
/// with its call and address, and the entry reads the snapshot (once), resolves the address in it,
/// and runs the call there.
extension Mediator {
    /// Runs a call without `await`, in the current snapshot.
    func enterSync(_ state: CallState, _ address: CallAddress, isolation: (any Actor)?) throws -> any Sendable {
        let cache = ThreadCache.current
        return try enterSync(state, address, in: cache.snapshot(of: self), cache: cache, isolation: isolation)
    }

    /// Runs a call without `await` in a snapshot its door already read (a URL's router came from it).
    func enterSync(
        _ state: CallState, _ address: CallAddress, in snapshot: RegistrySnapshot, cache: ThreadCache,
        isolation: (any Actor)?
    ) throws -> any Sendable {
        try driveSync(state, resolve(address, of: state, in: snapshot, cache: cache), in: snapshot, isolation: isolation)
    }

    /// Runs a call with `await`, in the current snapshot.
    func enterAsync(_ state: CallState, _ address: CallAddress) async throws -> any Sendable {
        let (snapshot, resolved) = resolveNow(address, of: state)
        return try await driveAsync(state, resolved, in: snapshot)
    }

    /// The current snapshot and what an address resolves to in it (synchronous, so no thread hop
    /// can separate the two).
    private func resolveNow(_ address: CallAddress, of state: CallState) -> (RegistrySnapshot, Resolved) {
        let cache = ThreadCache.current
        let snapshot = cache.snapshot(of: self)
        return (snapshot, resolve(address, of: state, in: snapshot, cache: cache))
    }

    /// What an address resolves to in a snapshot.
    func resolve(_ address: CallAddress, of state: CallState, in snapshot: RegistrySnapshot, cache: ThreadCache) -> Resolved {
        switch address {
        case let .names(key, contract):
            return lookup(key, in: snapshot, keepsInstance: state.keepsInstance, contract: contract, cache: cache)
        case let .route(id, routes):
            if let binding = cache.routeBinding(index: id.index, in: snapshot) { return .bound(binding.takeUnretainedValue()) }
            let action = routes[id]
            return bind(action.box, index: action.index, keepsInstance: false, in: snapshot, cache: cache) { _ in
                (nil, nil, id.index)
            }
        case let .event(key, target):
            return .subscribers(deliveryList(key, named: state.action, in: snapshot, onlyTo: target))
        }
    }

    /// An event's subscribers in a snapshot, bound: the list the snapshot already bound, or a new
    /// one, kept for later broadcasts when every subscriber could be bound.
    private func deliveryList(
        _ key: EventKey, named event: String, in snapshot: RegistrySnapshot, onlyTo target: String?
    ) -> DeliveryList {
        if target == nil, let bound = snapshot.deliveries.list(for: key) { return bound }
        var subscribers = snapshot.events.get().subscribers[key.index] ?? []
        if let target {
            let name = Name(target)
            subscribers = subscribers.filter { Name($0.definition.target) == name }
        }
        let list = DeliveryList(event: event, subscribers)
        if target == nil, list.isComplete { snapshot.deliveries.store(list, for: key) }
        return list
    }
}
