/// Asynchronous interceptor decisions, each raced against the mediator's interceptor timeout.
extension Mediator {
    // MARK: Timed decisions

    /// An interceptor's asynchronous decision, or `InterceptorTimeout` as the failure if it takes longer than the limit.
    ///
    /// The decision and a timer each run in their own task; whichever finishes first resumes the call
    /// and cancels the other. Nothing waits for the loser, so a decision that never finishes, even
    /// one that ignores cancellation, cannot hang the call (a task group would wait for it).
    func decide(
        _ interceptor: any AsyncMediatorInterceptor, on call: MediatorCall, within limit: Duration
    ) async -> Result<MediatorCall.Decision, any Error> {
        let race = DecisionRace()
        do {
            return .success(try await decision(from: interceptor, on: call, within: limit, race: race))
        } catch {
            return .failure(error)
        }
    }

    private func decision(
        from interceptor: any AsyncMediatorInterceptor, on call: MediatorCall, within limit: Duration, race: DecisionRace
    ) async throws -> MediatorCall.Decision {
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<MediatorCall.Decision, any Error>) in
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
        var continuation: CheckedContinuation<MediatorCall.Decision, any Error>?
        var finished = false
        var cancelled = false
        var decision: Task<Void, Never>?
        var timer: Task<Void, Never>?
    }

    private let state = Locked(State())

    /// Records the continuation the winner resumes.
    func start(_ continuation: CheckedContinuation<MediatorCall.Decision, any Error>) {
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
    func finish(_ result: Result<MediatorCall.Decision, any Error>) {
        let taken = state.withLock { state -> (CheckedContinuation<MediatorCall.Decision, any Error>, [Task<Void, Never>])? in
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
