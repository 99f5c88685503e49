extension Mediator {
    /// A call that reached the mediator's fallback handler, because its target or action does not exist.
    public struct UnresolvedCall: Sendable {
        /// Why the call could not be resolved.
        public enum Reason: Sendable, Equatable {
            /// No target is registered under ``Mediator/UnresolvedCall/target``.
            case targetNotFound
            /// The target exists but declares no ``Mediator/UnresolvedCall/action``.
            case actionNotFound
        }

        /// The target name as the caller gave it.
        public let target: String
        /// The action name as the caller gave it.
        public let action: String
        /// The parameters as the caller gave them.
        public let parameters: MediatorParameters
        /// Where the call came from.
        public let source: MediatorCallSource
        /// Which part of the call could not be resolved.
        public let reason: Reason
    }
}
