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
        /// The call is a link that arrived again within ``Mediator/URLOptions/duplicateWindow`` of the
        /// same link: it did not run (its caller gets ``MediatorError/Code/duplicateLink``); the first did.
        case duplicate

        /// Whether the call succeeded.
        public var isSuccess: Bool {
            if case .succeeded = self { true } else { false }
        }
    }
}
