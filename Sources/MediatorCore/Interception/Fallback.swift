extension Mediator {
    /// What a not-found handler does with a call that named no registered target or action.
    public enum Fallback: Sendable {
        /// Answers the call with this value.
        case value(any Sendable)
        /// Performs another target's action instead; the remote policy still applies to it.
        case redirect(target: String, action: String, parameters: MediatorParameters)
        /// Leaves the call to the next step of the not-found chain.
        case notHandled
    }
}

/// The handler a mediator runs for calls no target answers (``Mediator/Settings/fallback``).
typealias FallbackHandler = @Sendable (MediatorCall, MediatorError) throws -> Mediator.Fallback
