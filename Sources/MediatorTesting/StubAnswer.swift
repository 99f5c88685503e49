public import Mediator

/// A canned answer for one action of a stub registered by name.
public enum StubAnswer: Sendable {
    /// Returns this value.
    case value(any Sendable)
    /// Throws this error (the caller sees it wrapped in `MediatorError/Code/handlerFailed`).
    case failure(any Error)
    /// Computes the answer from the parameters, for completion callbacks and the like.
    case handler(@Sendable (MediatorParameters) throws -> any Sendable)
    /// Fails the running test: the action must not be called.
    case unimplemented
}
