extension Mediator {
    /// A call that reached the mediator's fallback handler, because its target or action does not exist.
    public struct UnresolvedCall: Sendable {
        /// The target name as the caller gave it.
        public let target: String
        /// The action name as the caller gave it.
        public let action: String
        /// The parameters as the caller gave them.
        public let parameters: MediatorParameters
        /// Where the call came from.
        public let source: MediatorCallSource
        /// Which part of the call could not be resolved, as the error the call fails with unless
        /// the handler answers it: ``MediatorError/Code/targetNotFound`` (no target is registered
        /// under ``target``) or ``MediatorError/Code/actionNotFound`` (the target declares no ``action``).
        public let reason: MediatorError.Code
    }
}
