/// A call held on a gate: what it is, where it waits, and how to cancel it or wait for its result.
///
/// A held call's caller gets one in ``MediatorError/hold`` (code ``MediatorError/Code/held``);
/// ``Mediator/Gates/heldCalls`` lists every one. When the gate opens, the call continues once, through the
/// whole pipeline again; it may be held again (on the same or another gate, as the same hold), or
/// finish.
///
/// ```swift
/// do {
///     try mediator.open("shop://checkout")
/// } catch let error as MediatorError where error.code == .held {
///     showLogin(then: error.hold)         // later: mediator.gates.open(.login) continues it
/// }
/// ```
public final class MediatorHold: @unchecked Sendable, Identifiable, CustomStringConvertible {
    // @unchecked: `state` is read and written only under this hold's stripe of `LockStripes.shared`,
    // `queueNumber` only under its mediator's `holds` lock; the rest is immutable.

    /// Where a held call is in its life.
    public enum Phase: Sendable {
        /// Waiting for this gate to open.
        case held(Mediator.Gate)
        /// Its gate opened: it is continuing (or queued to, behind calls that arrived before it).
        case continuing
        /// It continued and finished, or was dropped, expired or cancelled: the outcome says which.
        case finished(MediatorCall.Outcome)
    }

    /// Numbers holds in the order they were made, per process; never reused.
    public let id: UInt64
    /// The call as it arrived, before any interceptor redirected it. A URL held at cold start has
    /// not been routed yet: its ``MediatorCall/target`` and ``MediatorCall/action`` are empty and
    /// ``MediatorCall/url`` holds the URL.
    public var call: MediatorCall { held.call }
    /// When the call was first held: a held call older than ``Mediator/HoldPolicy/maximumAge`` when its
    /// gate opens is dropped.
    public let arrival: ContinuousClock.Instant
    /// What the hold keeps of the call: what it shows and what runs again.
    let held: HeldCall

    /// Its phase, result and waiting callers. LOCK: its stripe of `LockStripes.shared` (a leaf,
    /// also taken inside `holds`), so a hold costs no lock of its own.
    private var state: State
    /// Its arrival number in its mediator's `HoldQueue` while it waits there. LOCK: the mediator's `holds`.
    var queueNumber = 0

    private struct State {
        var gate: Mediator.Gate
        /// Whether it is taken off its gate to continue (until it ends).
        var continuing = false
        /// Callers that want the call to continue: each arrival (an identical URL joins), less the
        /// waiting callers that gave up.
        var keepers = 1
        var ending: Ending?
        var waiters: [UInt64: CheckedContinuation<any Sendable, any Error>] = [:]
        var nextWaiter: UInt64 = 0
        /// Waiters that gave up, and why (one may give up before it registers).
        var gaveUp: [UInt64: GaveUp] = [:]
        /// Withdraws the call from its mediator; weak, so a held call does not keep a mediator alive.
        weak var mediator: Mediator?
    }

    /// How a hold ended. Kept without a reference back to the hold: an error naming it, stored in
    /// it, would be a retain cycle; such errors are made when read.
    enum Ending: Sendable {
        /// It continued; the continued call's result.
        case continued(Result<any Sendable, any Error>)
        /// It left its queue without continuing.
        case withdrawn(HoldWithdrawal)
    }

    /// Why a waiting caller stopped waiting.
    private enum GaveUp {
        case timedOut(Duration)
        case cancelled
    }

    private static let nextID = AtomicWord(1)

    /// A hold of a call as it entered the pipeline, on a gate.
    init(_ state: CallState, gate: Mediator.Gate, mediator: Mediator) {
        id = UInt64(Self.nextID.increment())
        held = HeldCall(state)
        arrival = .now
        self.state = State(gate: gate, mediator: mediator)
    }

    /// Runs `body` with this hold's state, under its stripe.
    private func withState<Result>(_ body: (inout State) -> Result) -> Result {
        LockStripes.shared.withLock(for: self) { body(&state) }
    }

    /// Where the call is now.
    public var phase: Phase {
        let (gate, continuing, ending) = withState { ($0.gate, $0.continuing, $0.ending) }
        if let ending {
            switch result(of: ending) {
            case .success: return .finished(.succeeded)
            case .failure(let error): return .finished(.failed(error))
            }
        }
        return continuing ? .continuing : .held(gate)
    }

    /// The gate the call waits for, or waited for last (a continued call may be held again on another).
    public var gate: Mediator.Gate { withState { $0.gate } }

    /// Cancels the call if it is still held (or queued to continue): it will not run, and its
    /// observers and waiting callers see ``MediatorError/Code/holdCancelled``.
    /// - Returns: `true` if this cancelled it; `false` if it had already continued, finished or been dropped.
    @discardableResult
    public func cancel() -> Bool {
        guard let mediator = withState({ $0.mediator }) else { return false }
        return mediator.withdraw(self, because: .cancelled(reason: "the app cancelled it"))
    }

    /// Waits for the held call to continue and finish, and returns its result.
    ///
    /// Cancelling the waiting task stops the wait (throwing `CancellationError`) but leaves the call
    /// held; to withdraw it, call ``cancel()``.
    /// - Returns: The continued call's result.
    /// - Throws: The continued call's error, or ``MediatorError/Code/holdExpired``,
    ///   ``MediatorError/Code/holdDropped`` or ``MediatorError/Code/holdCancelled`` if it never continued.
    public func value() async throws -> any Sendable {
        try await wait(upTo: nil, withdrawing: false)
    }

    /// `"Target.action"`, the URL of a URL held before it was routed, or the broadcast of an event, with the hold's number.
    public var description: String {
        "\(label) (hold \(id))"
    }

    /// What the call is, as messages name it.
    var label: String { held.label }

    // MARK: Internal life

    /// Held (again) on a gate: by the mediator, when a continued call is held again.
    func markHeld(on gate: Mediator.Gate) {
        withState { state in
            state.continuing = false
            state.gate = gate
        }
    }

    /// Taken off its gate to continue.
    func markContinuing() {
        withState { $0.continuing = true }
    }

    /// Another identical URL joined the hold: one more caller wants it to continue.
    func join() {
        withState { $0.keepers += 1 }
    }

    /// Records how the hold ended and resumes everyone waiting for it; later calls do nothing.
    func finish(_ ending: Ending) {
        let waiters = withState { state -> [CheckedContinuation<any Sendable, any Error>] in
            guard state.ending == nil else { return [] }
            state.ending = ending
            defer { state.waiters = [:] }
            return Array(state.waiters.values)
        }
        guard !waiters.isEmpty else { return }
        let result = result(of: ending)
        for waiter in waiters { waiter.resume(with: result) }
    }

    /// The result an ending gives callers.
    private func result(of ending: Ending) -> Result<any Sendable, any Error> {
        switch ending {
        case .continued(let result): result
        case .withdrawn(let reason): .failure(MediatorError.withdrawn(self, because: reason))
        }
    }

    /// What a caller that gave up is told.
    private func error(_ gaveUp: GaveUp) -> any Error {
        switch gaveUp {
        case .timedOut(let limit): MediatorError.holdTimedOut(self, after: limit)
        case .cancelled: CancellationError()
        }
    }

    /// Waits for the result, at most `limit` (forever when `nil`). A caller that gives up (its limit
    /// passes or its task is cancelled) withdraws the call when `withdrawing` and no other caller
    /// still wants it.
    func wait(upTo limit: Duration?, withdrawing: Bool) async throws -> any Sendable {
        let waiter = withState { state -> UInt64 in
            state.nextWaiter += 1
            return state.nextWaiter
        }
        // The limit is the caller's: a negative one times out at once, one past a timer's range
        // (`.seconds(Int64.max)` traps in `Task.sleep`) waits as long as a timer can.
        let timer = limit.map { limit in
            Task { [weak self] in
                let limit = limit.clampedForTimers
                guard (try? await Task.sleep(for: limit)) != nil else { return }
                self?.giveUp(waiter, because: .timedOut(limit), withdrawing: withdrawing)
            }
        }
        defer { timer?.cancel() }
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<any Sendable, any Error>) in
                let (gaveUp, ending) = withState { state -> (GaveUp?, Ending?) in
                    if state.gaveUp[waiter] == nil, state.ending == nil { state.waiters[waiter] = continuation }
                    return (state.gaveUp[waiter], state.ending)
                }
                // Gave up first: its own reason wins over the withdrawal that giving up caused.
                if let gaveUp {
                    continuation.resume(throwing: error(gaveUp))
                } else if let ending {
                    continuation.resume(with: result(of: ending))
                }
            }
        } onCancel: {
            giveUp(waiter, because: .cancelled, withdrawing: withdrawing)
        }
    }

    /// A waiting caller stops waiting: it is told why, and the call is withdrawn if it was the last
    /// caller that wanted it.
    private func giveUp(_ waiter: UInt64, because reason: GaveUp, withdrawing: Bool) {
        let (continuation, mediator) = withState { state -> (CheckedContinuation<any Sendable, any Error>?, Mediator?) in
            // Finished: the waiter has its result. Gave up already: the timer and a cancellation can both fire.
            guard state.ending == nil, state.gaveUp[waiter] == nil else { return (nil, nil) }
            state.gaveUp[waiter] = reason
            // Not registered yet (an already cancelled task runs its handler first): it reads `gaveUp` then.
            let continuation = state.waiters.removeValue(forKey: waiter)
            if withdrawing { state.keepers -= 1 }
            return (continuation, withdrawing && state.keepers == 0 ? state.mediator : nil)
        }
        continuation?.resume(throwing: error(reason))
        _ = mediator?.withdraw(self, because: .cancelled(reason: "its caller stopped waiting"))
    }
}
