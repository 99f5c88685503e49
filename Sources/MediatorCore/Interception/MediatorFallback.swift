/// What a not-found handler does with a call that named no registered target or action.
public enum MediatorFallback: Sendable {
    /// Answers the call with this value.
    case value(any Sendable)
    /// Performs another target's action instead; the remote policy still applies to it.
    case redirect(target: String, action: String, parameters: MediatorParameters)
    /// Leaves the call to the next step of the not-found chain.
    case notHandled
}

/// A call that reached the mediator's fallback handler, because its target or action does not exist.
public struct MediatorUnresolvedCall: Sendable {
    /// Why the call could not be resolved.
    public enum Reason: Sendable, Equatable {
        /// No target is registered under ``MediatorUnresolvedCall/target``.
        case targetNotFound
        /// The target exists but declares no ``MediatorUnresolvedCall/action``.
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

/// The handler a mediator runs for calls no target answers, like CTMediator's `Target_NoTargetAction`.
public typealias MediatorFallbackHandler = @Sendable (MediatorUnresolvedCall) throws -> MediatorFallback
