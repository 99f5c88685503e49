/// A declared handler, before it is bound to an instance: it takes the target as its first argument.
@usableFromInline
enum Handler<Target: Sendable, Input: Sendable, Output: Sendable>: Sendable {
    case sync(@Sendable (Target, Input) throws -> Output)
    case async(@Sendable (Target, Input) async throws -> Output)
    case mainActor(@MainActor @Sendable (Target, Input) throws -> Output)

    @usableFromInline
    var execution: MediatorExecution {
        switch self {
        case .sync: .synchronous
        case .async: .asynchronous
        case .mainActor: .mainActor
        }
    }
}

/// Where a binding gets the target instance its handler runs on.
@usableFromInline
enum InstanceSource<Target: Sendable>: Sendable {
    /// The one instance the mediator keeps for the target.
    case kept(Target)
    /// A new instance per call, from the registration's factory; fails on a factory cycle.
    case perCall(@Sendable () throws -> Target)
}
