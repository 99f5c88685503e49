/// A (target, action) pair bound to its handler and target instance, ready to run.
struct ResolvedAction: Sendable {
    let declaration: ActionDeclaration
    let invocation: Invocation
    /// Whether the invocation reuses one cached target instance.
    let usesCachedInstance: Bool

    /// The handler with its target instance already applied.
    enum Invocation: Sendable {
        case sync(@Sendable (MediatorParameters) throws -> any Sendable)
        case async(@Sendable (MediatorParameters) async throws -> any Sendable)
        case mainActor(@MainActor @Sendable (MediatorParameters) throws -> any Sendable)
    }
}

/// The key of the per-thread resolution cache: built from the caller's strings, no copies made.
struct ActionKey: Hashable {
    let target: String
    let action: String
}
