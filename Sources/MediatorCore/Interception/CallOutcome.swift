extension MediatorCall {
    /// How a call ended, as observers see it.
    public enum Outcome: Sendable {
        /// The action returned a value.
        case succeeded
        /// The call failed with this error (a ``MediatorError``, or a typed error wrapped in one).
        case failed(any Error)
        /// The call was held on a gate (``MediatorCall/Decision/hold(until:)``, or the `ready` gate at cold
        /// start); when it continues, observers see it again, with ``MediatorCall/hold`` set, and its
        /// own outcome.
        case held(MediatorHold)

        /// Whether the call succeeded.
        public var isSuccess: Bool {
            if case .succeeded = self { true } else { false }
        }
    }
}
