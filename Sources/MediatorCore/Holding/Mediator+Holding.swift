/// Holding calls on gates and continuing them: the mechanics behind ``MediatorCall/Decision/hold(until:)``,
/// the `ready` gate and ``Mediator/Gates/open(_:)``.
///
/// A call is held in one of two places, both on the way in: an interceptor's decision (every door,
/// `InterceptorPass`), or, for a remote call while `ready` is closed, the admission stage before
/// routing (`admit`, `holdUntilReady`). Held calls live in `holds` (a leaf lock, never held while user code runs);
/// when a gate opens, one task continues them in arrival order, each from the start of its door.
extension Mediator {
    /// Holds a remote call that arrived while `ready` is closed, before it is routed or resolved:
    /// the registry may not have its target or route yet. Returns if the gate opened meanwhile, or
    /// for a URL longer than the URL options allow, which its door then refuses.
    /// - Throws: ``MediatorError/Code/held`` with the hold, or ``MediatorError/Code/holdDropped``.
    func holdUntilReady(_ state: CallState) throws {
        // A URL over the length limit is refused now, as it would be once ready: not worth a place.
        if case .url(let url, _) = state.origin, url.utf8.count > snapshot().routing.options.maximumLength { return }
        let hold = try holdUnlessOpen(state, on: .ready)
        guard let hold else { return }
        // No interceptor ran, so none observed the call: they see it held here.
        report(hold.call, hold.arrival) { .held(hold) }
        throw MediatorError.held(hold, on: .ready)
    }

    /// Holds a call on a gate unless the gate is open; a continued call is held again as the same hold.
    /// - Parameter state: The call as it entered the pipeline, which is what continues.
    /// - Returns: The hold, or `nil` when the gate is open and the call goes on.
    /// - Throws: ``MediatorError/Code/holdDropped`` when the policy holds nothing.
    func holdUnlessOpen(_ state: CallState, on gate: Mediator.Gate) throws -> MediatorHold? {
        var urlKey: String?
        if state.hold == nil, case .url(let url, let native) = state.origin, native.isEmpty { urlKey = url }
        let (placement, capacity) = holds.withLock { queue in
            let placement = queue.hold(on: gate, again: state.hold, urlKey: urlKey) {
                MediatorHold(state, gate: gate, mediator: self)
            }
            return (placement, queue.policy.capacity)
        }
        switch placement {
        case .proceed:
            return nil
        case .refused:
            throw MediatorError.holdDropped(label: state.label, hold: nil, capacity: 0)
        case let .held(hold, dropped):
            settle(dropped, because: .dropped(capacity: capacity))
            return hold
        }
    }

    /// Withdraws a held or queued call; it will not run. Its waiting callers and the observers see why.
    /// - Returns: Whether it was withdrawn (it had not continued, finished or been withdrawn).
    func withdraw(_ hold: MediatorHold, because reason: HoldWithdrawal) -> Bool {
        guard holds.withLock({ $0.withdraw(hold) }) else { return false }
        settle([hold], because: reason)
        return true
    }

    /// Ends withdrawn calls: their callers and observers get the error saying why. Runs no lock.
    func settle(_ holds: [MediatorHold], because reason: HoldWithdrawal) {
        for hold in holds {
            hold.finish(.withdrawn(reason))
            report(hold.call, hold.arrival) { .failed(MediatorError.withdrawn(hold, because: reason)) }
        }
    }

    /// Lets the interceptors of the current snapshot observe a call the pipeline did not run; the
    /// call and its outcome are made only when one is installed.
    func report(
        _ call: @autoclosure () -> MediatorCall, _ start: ContinuousClock.Instant, _ outcome: () -> MediatorCall.Outcome
    ) {
        let interceptors = snapshot().settings.interceptors
        guard !interceptors.isEmpty else { return }
        let duration = start.duration(to: .now)
        let (call, outcome) = (call(), outcome())
        for interceptor in interceptors { interceptor.callDidFinish(call, outcome: outcome, duration: duration) }
    }

    /// Continues queued calls one after another, in order, until none is left. Runs in its own task,
    /// so an opener (a handler, an interceptor) never runs a continued call inside its own.
    func continueHeldCalls() async {
        while let hold = holds.withLock({ $0.nextToContinue() }) {
            let result: Result<any Sendable, any Error>
            do {
                result = .success(try await rerun(hold))
            } catch let error as MediatorError where error.code == .held && error.hold === hold {
                continue  // held again (as the same hold): it continues when that gate opens
            } catch {
                result = .failure(error)
            }
            hold.finish(.continued(result))
        }
    }

    /// Runs a held call again from the start of its door, with `await`: a main-actor action runs on
    /// the main actor, and the call is routed, intercepted and judged in the registry in force now.
    private func rerun(_ hold: MediatorHold) async throws -> any Sendable {
        let held: CallState
        switch hold.held {
        case let .link(url, native, context), let .call(_, .url(url, native, context)):
            return try await openAsync(url, native: MediatorParameters(native), context: context, continuing: hold)
        case .call(_, .state(let state)):
            held = state
        }
        var state = held
        state.hold = hold
        switch state.origin {
        case let .url(url, native):
            return try await openAsync(url, native: MediatorParameters(native), context: state.context, continuing: hold)
        case .names(let contract):
            // A held call by names keeps the state it entered with, so its names are its first ones.
            try admit(state.source, state)
            return try await enterAsync(state, .names(ActionKey(target: state.target, action: state.action), contract: contract))
        case let .event(key, _, target):
            try admit(state.source, state)
            return try await enterAsync(state, .event(key, onlyTo: target))
        }
    }

    /// An awaited door's answer to a held call: the error at once, or the continued call's result.
    func answer(_ error: MediatorError, _ whenHeld: MediatorHold.WhenHeld) async throws -> any Sendable {
        guard case .wait(let limit) = whenHeld, error.code == .held, let hold = error.hold else { throw error }
        return try await hold.wait(upTo: limit, withdrawing: true)
    }
}
