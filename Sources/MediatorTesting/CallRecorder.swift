public import Mediator

/// An interceptor that records every call a mediator dispatches, with its outcome, for assertions.
///
/// Broadcasts are not calls: ``BroadcastRecorder`` records those.
///
/// ```swift
/// let recorder = CallRecorder()
/// mediator.configure { $0.interceptors.append(recorder) }
/// try await mediator.call(Cart.checkout)
/// #expect(recorder.calls.map(\.action) == ["checkout"])
/// ```
public final class CallRecorder: MediatorInterceptor {
    private let state = Locked<(calls: [RecordedCall], outcomes: [MediatorCall.Outcome])>(([], []))

    /// Creates an empty recorder.
    public init() {}

    /// Every call seen, in the order the calls entered the chain.
    public var calls: [RecordedCall] { state.withLock { $0.calls } }

    /// The outcome of every finished call, in the order they finished: a held call finishes twice,
    /// as `MediatorCall/Outcome/held(_:)` and when it continues; one that never continues finishes as
    /// its expiry, drop or cancellation.
    public var outcomes: [MediatorCall.Outcome] { state.withLock { $0.outcomes } }

    /// The calls held on a gate, in the order they were held (a call held again appears again).
    public var holds: [MediatorHold] {
        outcomes.compactMap { if case .held(let hold) = $0 { hold } else { nil } }
    }

    /// The calls that continued after their gate opened, in the order they entered the chain again.
    public var continuedCalls: [RecordedCall] { calls.filter { $0.hold != nil } }

    /// The calls made to a contract's action, in order.
    /// - Parameter contract: The contract.
    /// - Returns: Those calls.
    public func calls(to contract: some MediatorContract) -> [RecordedCall] {
        calls.filter { $0.target == contract.target && $0.action == contract.action }
    }

    /// The inputs of the calls made to a contract's action, decoded from their parameters by the
    /// input's schema, in order.
    /// - Parameter contract: The contract.
    /// - Returns: The inputs, typed.
    public func inputs<Contract: MediatorContract>(to contract: Contract) -> [Contract.Input] {
        calls(to: contract).compactMap { $0.input(as: contract) }
    }

    /// Forgets everything recorded so far.
    public func reset() { state.withLock { $0 = ([], []) } }

    /// Records the call and lets it proceed.
    public func intercept(_ call: MediatorCall) throws -> MediatorCall.Decision {
        guard !call.isBroadcast else { return .proceed }
        state.withLock {
            $0.calls.append(
                RecordedCall(
                    target: call.target, action: call.action, parameters: call.parameters, source: call.source,
                    hold: call.hold))
        }
        return .proceed
    }

    /// Records the outcome.
    public func callDidFinish(_ call: MediatorCall, outcome: MediatorCall.Outcome, duration: Duration) {
        guard !call.isBroadcast else { return }
        state.withLock { $0.outcomes.append(outcome) }
    }
}
