/// The one call pipeline every door leads into (a typed call, a call by name, a URL):
///
/// ```
/// snapshot once ─▶ resolve ─▶ interceptors* ─▶ not-found chain* ─▶ remote policy ─▶ handler ─▶ observers*
/// ```
/// (* only when installed or needed). A call runs in the one registry snapshot its door read: every
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
        case value(any Sendable)
    }

    /// Runs a call without `await`. `isolation` is the caller's actor: a main-actor action runs
    /// synchronously only for a main-actor caller (compared only for such actions, so other calls
    /// never read `MainActor.shared`).
    func driveSync(
        _ state: CallState, _ resolved: Resolved, in snapshot: RegistrySnapshot, isolation: (any Actor)?
    ) throws -> any Sendable {
        guard snapshot.hasInterceptors else {
            if case .bound(let binding) = resolved {
                return try invokeSync(binding, source: state.source, state.payload(for: binding), isolation: isolation)
            }
            var state = state
            return try invokeSync(settle(&state, resolved, in: snapshot), isolation: isolation)
        }
        var pass = InterceptorPass(state: state, resolved: resolved, snapshot: snapshot)
        do {
            while let (interceptor, _) = pass.nextInterceptor() {
                let call = pass.call
                try pass.apply(Result { try interceptor.intercept(call) }, of: interceptor, on: self)
            }
            let value = try invokeSync(settle(&pass.state, pass.resolved, in: snapshot), isolation: isolation)
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
            if case .bound(let binding) = resolved {
                return try await invokeAsync(binding, source: state.source, state.payload(for: binding))
            }
            var state = state
            return try await invokeAsync(settle(&state, resolved, in: snapshot))
        }
        var pass = InterceptorPass(state: state, resolved: resolved, snapshot: snapshot)
        do {
            while let (interceptor, asyncInterceptor) = pass.nextInterceptor() {
                let call = pass.call
                let decision: Result<MediatorDecision, any Error>
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
        }
    }

    private func invokeAsync(_ settled: Settled) async throws -> any Sendable {
        switch settled {
        case .value(let value): return value
        case let .run(binding, source, payload): return try await invokeAsync(binding, source: source, payload)
        }
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
        return try await binding.decodeAndRunAsync(payload)
    }

    /// An error a handler threw, as the caller sees it: wrapped in ``MediatorError/Code/handlerFailed``
    /// naming the action, except the handler's own parameter reads and calling-convention errors,
    /// which pass through. A read carries this action's label when the action declares parameters,
    /// and no label when it declares none.
    @usableFromInline
    static func handlerError(_ error: any Error, of definition: ActionDefinition) -> any Error {
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

/// Where a call is headed, as its door knows it: names (a call by name or a typed call), or a route
/// a URL matched in the snapshot's router (which leads to its action without a lookup by name).
enum CallAddress {
    case names(ActionKey, contract: ContractKey? = nil)
    case route(ActionID, RouteSet)
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
            return bind(action.box, index: action.definition.index, keepsInstance: false, in: snapshot, cache: cache) { _ in
                (nil, nil, id.index)
            }
        }
    }
}
