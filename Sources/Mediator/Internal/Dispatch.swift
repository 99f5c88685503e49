import Synchronization
import Foundation

/// The call pipeline: interceptors, remote policy, validation, handler, not-found chain.
extension Mediator {
    /// How many not-found redirects a call may follow before it fails, so fallbacks cannot loop.
    static let fallbackRedirectLimit = 4

    /// Runs a call without `await`; `onMainActor` says whether the caller is isolated to the main
    /// actor, the only place a main-actor action can run synchronously.
    func dispatch(
        _ action: String, on target: String, with parameters: MediatorParameters,
        source: MediatorCallSource, cachingTarget: Bool, onMainActor: Bool
    ) throws -> any Sendable {
        let lookup = try lookup(target: target, action: action, cachingInstance: cachingTarget)
        guard lookup.hasInterceptors else {
            return try invoke(
                lookup.action, target: target, action: action, parameters: parameters, source: source, onMainActor: onMainActor)
        }
        let settings = currentSettings()
        let start = ContinuousClock.now
        var call = MediatorCall(target: target, action: action, parameters: parameters, source: source)
        let result: Result<any Sendable, any Error>
        do {
            var resolved = lookup.action
            for interceptor in settings.interceptors {
                let decision: MediatorDecision
                do {
                    decision = try interceptor.intercept(call)
                } catch {
                    throw Self.failure(error, of: interceptor, on: call)
                }
                if try apply(decision, by: interceptor, to: &call) {
                    resolved = try self.lookup(target: call.target, action: call.action, cachingInstance: cachingTarget).action
                }
            }
            result = .success(
                try invoke(
                    resolved, target: call.target, action: call.action, parameters: call.parameters, source: source,
                    onMainActor: onMainActor))
        } catch {
            result = .failure(error)
        }
        finish(call, result, since: start, settings: settings)
        return try result.get()
    }

    func dispatchAsync(
        _ action: String, on target: String, with parameters: MediatorParameters,
        source: MediatorCallSource, cachingTarget: Bool
    ) async throws -> any Sendable {
        let lookup = try lookup(target: target, action: action, cachingInstance: cachingTarget)
        guard lookup.hasInterceptors else {
            return try await invokeAsync(lookup.action, target: target, action: action, parameters: parameters, source: source)
        }
        let settings = currentSettings()
        let start = ContinuousClock.now
        var call = MediatorCall(target: target, action: action, parameters: parameters, source: source)
        let result: Result<any Sendable, any Error>
        do {
            var resolved = lookup.action
            for interceptor in settings.interceptors {
                let current = call
                let decision: MediatorDecision
                do {
                    decision = try await interceptor.interceptAsync(current)
                } catch {
                    throw Self.failure(error, of: interceptor, on: call)
                }
                if try apply(decision, by: interceptor, to: &call) {
                    resolved = try self.lookup(target: call.target, action: call.action, cachingInstance: cachingTarget).action
                }
            }
            result = .success(
                try await invokeAsync(resolved, target: call.target, action: call.action, parameters: call.parameters, source: source))
        } catch {
            result = .failure(error)
        }
        finish(call, result, since: start, settings: settings)
        return try result.get()
    }

    /// An interceptor that throws rejects the call; a ``MediatorError`` it throws passes through.
    private static func failure(_ error: any Error, of interceptor: any MediatorInterceptor, on call: MediatorCall) -> MediatorError {
        if let mediatorError = error as? MediatorError { return mediatorError }
        return .rejected(target: call.target, action: call.action, interceptor: name(of: interceptor), reason: "it threw \(error)")
    }

    /// Applies one interceptor's decision; returns whether the call now goes elsewhere.
    private func apply(_ decision: MediatorDecision, by interceptor: any MediatorInterceptor, to call: inout MediatorCall) throws -> Bool {
        switch decision {
        case .proceed:
            return false
        case .reject(let reason):
            throw MediatorError.rejected(
                target: call.target, action: call.action, interceptor: Self.name(of: interceptor), reason: reason)
        case let .redirect(target, action, parameters):
            if call.redirectedFrom == nil { call.redirectedFrom = (call.target, call.action) }
            call.target = target
            call.action = action
            if let parameters { call.parameters = parameters }
            return true
        }
    }

    private func finish(_ call: MediatorCall, _ result: Result<any Sendable, any Error>, since start: ContinuousClock.Instant, settings: MediatorSettings) {
        let duration = start.duration(to: .now)
        let outcome: MediatorOutcome
        switch result {
        case .success: outcome = .succeeded
        case .failure(let error): outcome = .failed(error)
        }
        for interceptor in settings.interceptors {
            interceptor.callDidFinish(call, outcome: outcome, duration: duration)
        }
    }

    static func name(of interceptor: any MediatorInterceptor) -> String {
        String(describing: type(of: interceptor))
    }

    // MARK: Invocation

    /// Applies the remote policy and parameter validation, and hands the declaration to the parameters.
    @inline(__always)
    private func prepare(_ resolved: ResolvedAction, _ parameters: MediatorParameters, source: MediatorCallSource) throws -> MediatorParameters {
        let declaration = resolved.declaration
        if source == .remote, declaration.exposure != .remote {
            throw MediatorError.remoteCallNotAllowed(target: declaration.target, action: declaration.action)
        }
        guard !declaration.parameters.isEmpty else { return parameters }
        try declaration.validate(parameters)
        var prepared = parameters
        prepared.declaration = declaration
        return prepared
    }

    func invoke(
        _ resolved: ResolvedAction?, target: String, action: String, parameters: MediatorParameters,
        source: MediatorCallSource, onMainActor: Bool, redirectsLeft: Int = fallbackRedirectLimit
    ) throws -> any Sendable {
        guard let resolved else {
            switch try fallback(target: target, action: action, parameters: parameters, source: source, redirectsLeft: redirectsLeft) {
            case .value(let value):
                return value
            case let .redirect(target, action, parameters):
                let next = try lookup(target: target, action: action, cachingInstance: false).action
                return try invoke(
                    next, target: target, action: action, parameters: parameters, source: source,
                    onMainActor: onMainActor, redirectsLeft: redirectsLeft - 1)
            }
        }
        let prepared = try prepare(resolved, parameters, source: source)
        let declaration = resolved.declaration
        do {
            switch resolved.invocation {
            case .sync(let handler):
                return try handler(prepared)
            case .async:
                throw MediatorError.asyncActionCalledSynchronously(target: declaration.target, action: declaration.action)
            case .mainActor(let handler):
                // The caller's isolation, not the thread: on Linux test runners main-actor code runs
                // off the main thread, and nonisolated code on the main thread is not main-actor code.
                guard onMainActor else {
                    throw MediatorError.mainActorRequired(target: declaration.target, action: declaration.action)
                }
                return try MainActor.assumeIsolated { try handler(prepared) }
            }
        } catch {
            throw Self.wrap(error, from: declaration)
        }
    }

    func invokeAsync(
        _ resolved: ResolvedAction?, target: String, action: String, parameters: MediatorParameters,
        source: MediatorCallSource, redirectsLeft: Int = fallbackRedirectLimit
    ) async throws -> any Sendable {
        guard let resolved else {
            switch try fallback(target: target, action: action, parameters: parameters, source: source, redirectsLeft: redirectsLeft) {
            case .value(let value):
                return value
            case let .redirect(target, action, parameters):
                let next = try lookup(target: target, action: action, cachingInstance: false).action
                return try await invokeAsync(
                    next, target: target, action: action, parameters: parameters, source: source, redirectsLeft: redirectsLeft - 1)
            }
        }
        let prepared = try prepare(resolved, parameters, source: source)
        do {
            switch resolved.invocation {
            case .sync(let handler): return try handler(prepared)
            case .async(let handler): return try await handler(prepared)
            case .mainActor(let handler): return try await MainActor.run { try handler(prepared) }
            }
        } catch {
            throw Self.wrap(error, from: resolved.declaration)
        }
    }

    /// Errors from the handler's own parameter reads pass through; anything else is wrapped so the
    /// caller sees which action failed. A read carries this action's label when the action declares
    /// parameters, and no label when it declares none.
    private static func wrap(_ error: any Error, from declaration: ActionDeclaration) -> any Error {
        if let mediatorError = error as? MediatorError {
            switch mediatorError {
            case .missingParameter(_, _, let label) where label == nil || label == declaration.label: return mediatorError
            case .invalidParameter(_, _, _, let label) where label == nil || label == declaration.label: return mediatorError
            case .asyncActionCalledSynchronously(let target, let action)
            where target == declaration.target && action == declaration.action: return mediatorError
            case .mainActorRequired(let target, let action)
            where target == declaration.target && action == declaration.action: return mediatorError
            default: break
            }
        }
        return MediatorError.handlerFailed(target: declaration.target, action: declaration.action, underlying: error)
    }

    // MARK: Not found

    /// Where an unresolved call goes: a value to return or another action to perform.
    private enum FallbackAnswer {
        case value(any Sendable)
        case redirect(target: String, action: String, parameters: MediatorParameters)
    }

    /// Runs the not-found chain: the target's own handler, then the mediator's fallback, then the error.
    private func fallback(
        target: String, action: String, parameters: MediatorParameters, source: MediatorCallSource, redirectsLeft: Int
    ) throws -> FallbackAnswer {
        guard redirectsLeft > 0 else { throw notFoundError(target: target, action: action) }
        let box = registry.withLock { $0.targets[target] }
        if let box {
            switch try box.answerUnknownAction(action, parameters: parameters) {
            case .value(let value): return .value(value)
            case let .redirect(target, action, parameters): return .redirect(target: target, action: action, parameters: parameters)
            case .notHandled: break
            }
        }
        if let handler = currentSettings().fallback {
            let unresolved = MediatorUnresolvedCall(
                target: target, action: action, parameters: parameters, source: source,
                reason: box == nil ? .targetNotFound : .actionNotFound)
            switch try handler(unresolved) {
            case .value(let value): return .value(value)
            case let .redirect(target, action, parameters): return .redirect(target: target, action: action, parameters: parameters)
            case .notHandled: break
            }
        }
        throw notFoundError(target: target, action: action)
    }
}
