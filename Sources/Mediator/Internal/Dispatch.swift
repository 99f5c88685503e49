import Foundation
import Synchronization

/// The call pipeline: interceptors, remote policy, validation, handler, not-found chain.
extension Mediator {
    /// How many not-found redirects a call may follow before it fails, so fallbacks cannot loop.
    static let fallbackRedirectLimit = 4

    /// Runs a call without `await`; `onMainActor` says whether the caller is isolated to the main
    /// actor, the only place a main-actor action can run synchronously.
    @usableFromInline
    func dispatch(
        _ action: String, on target: String, with parameters: MediatorParameters,
        source: MediatorCallSource, cachingTarget: Bool, onMainActor: Bool
    ) throws -> any Sendable {
        let found: Lookup
        do {
            found = try lookup(target: target, action: action, cachingInstance: cachingTarget)
        } catch {
            // An unusable declaration still passes through the chain, so interceptors see every call.
            return try dispatchIntercepted(
                .failure(error), action, on: target, with: parameters, source: source, cachingTarget: cachingTarget,
                onMainActor: onMainActor)
        }
        guard found.hasInterceptors else {
            return try invoke(
                found.action, target: target, action: action, parameters: parameters, source: source, onMainActor: onMainActor)
        }
        return try dispatchIntercepted(
            .success(found.action), action, on: target, with: parameters, source: source, cachingTarget: cachingTarget,
            onMainActor: onMainActor)
    }

    /// The synchronous pipeline with interceptors: each decides in turn, then the action runs, then
    /// every interceptor observes the outcome once. `first` is the lookup of the call as made.
    private func dispatchIntercepted(
        _ first: Result<ResolvedAction?, any Error>, _ action: String, on target: String, with parameters: MediatorParameters,
        source: MediatorCallSource, cachingTarget: Bool, onMainActor: Bool
    ) throws -> any Sendable {
        let settings = currentSettings()
        let start = ContinuousClock.now
        var call = MediatorCall(target: target, action: action, parameters: parameters, source: source)
        let result: Result<any Sendable, any Error>
        do {
            var resolved = first
            for interceptor in settings.interceptors {
                let decision: MediatorDecision
                do {
                    decision = try interceptor.intercept(call)
                } catch {
                    throw Self.failure(error, of: interceptor, on: call)
                }
                if try apply(decision, by: interceptor, to: &call) {
                    resolved = Result {
                        try self.lookup(target: call.target, action: call.action, cachingInstance: cachingTarget).action
                    }
                }
            }
            result = .success(
                try invoke(
                    resolved.get(), target: call.target, action: call.action, parameters: call.parameters, source: source,
                    onMainActor: onMainActor))
        } catch {
            result = .failure(error)
        }
        finish(call, result, since: start, settings: settings)
        return try result.get()
    }

    @usableFromInline
    func dispatchAsync(
        _ action: String, on target: String, with parameters: MediatorParameters,
        source: MediatorCallSource, cachingTarget: Bool
    ) async throws -> any Sendable {
        let found: Lookup
        do {
            found = try lookup(target: target, action: action, cachingInstance: cachingTarget)
        } catch {
            return try await dispatchInterceptedAsync(
                .failure(error), action, on: target, with: parameters, source: source, cachingTarget: cachingTarget)
        }
        guard found.hasInterceptors else {
            return try await invokeAsync(found.action, target: target, action: action, parameters: parameters, source: source)
        }
        return try await dispatchInterceptedAsync(
            .success(found.action), action, on: target, with: parameters, source: source, cachingTarget: cachingTarget)
    }

    /// The awaited pipeline with interceptors; each decision is bounded by the interceptor timeout.
    private func dispatchInterceptedAsync(
        _ first: Result<ResolvedAction?, any Error>, _ action: String, on target: String, with parameters: MediatorParameters,
        source: MediatorCallSource, cachingTarget: Bool
    ) async throws -> any Sendable {
        let settings = currentSettings()
        let start = ContinuousClock.now
        var call = MediatorCall(target: target, action: action, parameters: parameters, source: source)
        let result: Result<any Sendable, any Error>
        do {
            var resolved = first
            for (interceptor, asyncInterceptor) in zip(settings.interceptors, settings.asyncInterceptors) {
                let decision: MediatorDecision
                do {
                    if let asyncInterceptor {
                        decision = try await decide(asyncInterceptor, on: call)
                    } else {
                        decision = try interceptor.intercept(call)
                    }
                } catch let timeout as InterceptorTimeout {
                    throw MediatorError.interceptorTimedOut(
                        interceptor: Self.name(of: interceptor), target: call.target, action: call.action, after: timeout.limit)
                } catch {
                    throw Self.failure(error, of: interceptor, on: call)
                }
                if try apply(decision, by: interceptor, to: &call) {
                    resolved = Result {
                        try self.lookup(target: call.target, action: call.action, cachingInstance: cachingTarget).action
                    }
                }
            }
            result = .success(
                try await invokeAsync(
                    resolved.get(), target: call.target, action: call.action, parameters: call.parameters, source: source))
        } catch {
            result = .failure(error)
        }
        finish(call, result, since: start, settings: settings)
        return try result.get()
    }

    // MARK: Timed decisions

    /// Thrown by `decide` when the decision lost the race against the timer.
    private struct InterceptorTimeout: Error {
        let limit: Duration
    }

    /// An interceptor's asynchronous decision, or `InterceptorTimeout` if it takes longer than the limit.
    ///
    /// The decision and a timer each run in their own task; whichever finishes first resumes the call
    /// and cancels the other. Nothing waits for the loser, so a decision that never finishes, even
    /// one that ignores cancellation, cannot hang the call (a task group would wait for it).
    private func decide(_ interceptor: any AsyncMediatorInterceptor, on call: MediatorCall) async throws -> MediatorDecision {
        let limit = Duration.nanoseconds(interceptorTimeoutNanoseconds.load(ordering: .relaxed))
        let race = DecisionRace()
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<MediatorDecision, any Error>) in
                race.start(continuation)
                let decision = Task {
                    do {
                        race.finish(.success(try await interceptor.interceptAsync(call)))
                    } catch {
                        race.finish(.failure(error))
                    }
                }
                let timer = Task {
                    // A cancelled sleep means the decision won or the caller gave up; only a full sleep times out.
                    guard (try? await Task.sleep(for: limit)) != nil else { return }
                    race.finish(.failure(InterceptorTimeout(limit: limit)))
                }
                race.attach(decision: decision, timer: timer)
            }
        } onCancel: {
            // The caller was cancelled: pass it on to the decision, which may then finish early.
            race.cancelDecision()
        }
    }
}

/// The race between an interceptor's decision and its timer: the first to finish resumes the
/// waiting call, exactly once, and cancels the other.
private final class DecisionRace: Sendable {
    private struct State {
        var continuation: CheckedContinuation<MediatorDecision, any Error>?
        var finished = false
        var cancelled = false
        var decision: Task<Void, Never>?
        var timer: Task<Void, Never>?
    }

    private let state = Locked(State())

    /// Records the continuation the winner resumes.
    func start(_ continuation: CheckedContinuation<MediatorDecision, any Error>) {
        state.withLock { $0.continuation = continuation }
    }

    /// Records both tasks; if the race is already over, or the caller was cancelled, acts on them now.
    func attach(decision: Task<Void, Never>, timer: Task<Void, Never>) {
        let (finished, cancelled) = state.withLock { state in
            if !state.finished {
                state.decision = decision
                state.timer = timer
            }
            return (state.finished, state.cancelled)
        }
        if finished {
            decision.cancel()
            timer.cancel()
        } else if cancelled {
            decision.cancel()
        }
    }

    /// Resumes the call with the first result to arrive and cancels both tasks; later results are dropped.
    func finish(_ result: Result<MediatorDecision, any Error>) {
        let taken = state.withLock { state -> (CheckedContinuation<MediatorDecision, any Error>, [Task<Void, Never>])? in
            guard !state.finished, let continuation = state.continuation else { return nil }
            state.finished = true
            state.continuation = nil
            let tasks = [state.decision, state.timer].compactMap { $0 }
            state.decision = nil
            state.timer = nil
            return (continuation, tasks)
        }
        guard let (continuation, tasks) = taken else { return }
        for task in tasks { task.cancel() }
        continuation.resume(with: result)
    }

    /// Cancels the decision's task because the caller was cancelled; the timer keeps running.
    func cancelDecision() {
        let decision = state.withLock { state -> Task<Void, Never>? in
            state.cancelled = true
            return state.decision
        }
        decision?.cancel()
    }
}

extension Mediator {
    /// An interceptor that throws rejects the call; a ``MediatorError`` it throws passes through.
    private static func failure(
        _ error: any Error, of interceptor: any MediatorInterceptor, on call: MediatorCall
    ) -> MediatorError {
        if let mediatorError = error as? MediatorError { return mediatorError }
        return .rejected(
            target: call.target, action: call.action, interceptor: name(of: interceptor), reason: "it threw \(error)")
    }

    /// Applies one interceptor's decision; returns whether the call now goes elsewhere.
    private func apply(
        _ decision: MediatorDecision, by interceptor: any MediatorInterceptor, to call: inout MediatorCall
    ) throws -> Bool {
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

    private func finish(
        _ call: MediatorCall, _ result: Result<any Sendable, any Error>, since start: ContinuousClock.Instant,
        settings: MediatorSettings
    ) {
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
    private func prepare(
        _ resolved: ResolvedAction, _ parameters: MediatorParameters, source: MediatorCallSource
    ) throws -> MediatorParameters {
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
            switch try fallback(
                target: target, action: action, parameters: parameters, source: source, redirectsLeft: redirectsLeft)
            {
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
            switch try fallback(
                target: target, action: action, parameters: parameters, source: source, redirectsLeft: redirectsLeft)
            {
            case .value(let value):
                return value
            case let .redirect(target, action, parameters):
                let next = try lookup(target: target, action: action, cachingInstance: false).action
                return try await invokeAsync(
                    next, target: target, action: action, parameters: parameters, source: source, redirectsLeft: redirectsLeft - 1
                )
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
            case let .redirect(target, action, parameters):
                return .redirect(target: target, action: action, parameters: parameters)
            case .notHandled: break
            }
        }
        if let handler = currentSettings().fallback {
            let unresolved = MediatorUnresolvedCall(
                target: target, action: action, parameters: parameters, source: source,
                reason: box == nil ? .targetNotFound : .actionNotFound)
            switch try handler(unresolved) {
            case .value(let value): return .value(value)
            case let .redirect(target, action, parameters):
                return .redirect(target: target, action: action, parameters: parameters)
            case .notHandled: break
            }
        }
        throw notFoundError(target: target, action: action)
    }
}
