/// A declared subscription handler, before it is bound to an instance: it takes the target as its
/// first argument. (Not the actions' `Handler`: that one returns its output generically, which
/// would add a reabstraction thunk to every delivery of a `Void`-returning subscription.)
enum SubscriptionHandler<Target: Sendable, Payload: Sendable>: Sendable {
    case sync(@Sendable (Target, Payload) throws -> Void)
    case async(@Sendable (Target, Payload) async throws -> Void)
    case mainActor(@MainActor @Sendable (Target, Payload) throws -> Void)

    var execution: MediatorExecution {
        switch self {
        case .sync: .synchronous
        case .async: .asynchronous
        case .mainActor: .mainActor
        }
    }

    /// The handler bound to where its instance comes from, ready to be told.
    func bind(to source: InstanceSource<Target>, _ definition: SubscriptionDefinition) -> SubscriberBinding<Payload> {
        switch source {
        case .kept(let target):
            return bind(to: target, definition)
        case .perCall(let make):
            return PerCallSubscriber(make: make, definition: definition) { target in bind(to: target, definition) }
        }
    }

    /// The handler bound to one instance.
    func bind(to target: Target, _ definition: SubscriptionDefinition) -> SubscriberBinding<Payload> {
        switch self {
        case .sync(let handler): SyncSubscriber(handler, target: target, definition: definition)
        case .async(let handler): AsyncSubscriber(handler, target: target, definition: definition)
        case .mainActor(let handler): MainActorSubscriber(handler, target: target, definition: definition)
        }
    }
}

/// A subscription bound to its handler and target instance, ready to be told: the erased face the
/// registry hands around.
class AnySubscriberBinding: @unchecked Sendable {
    // @unchecked: every stored property is a `let` of a Sendable type; the class is not final only
    // so that `SubscriberBinding<Payload>` can add the typed handler.
    let definition: SubscriptionDefinition
    /// Whether the handler runs on the main actor, copied here so delivery reads no other object.
    let runsOnMainActor: Bool

    init(definition: SubscriptionDefinition) {
        self.definition = definition
        self.runsOnMainActor = definition.execution == .mainActor
    }
}

/// A subscription whose handler takes `Payload`, told three ways (one per way a broadcast can run
/// it), each applying the calling rules: a subclass per kind of handler overrides them.
class SubscriberBinding<Payload: Sendable>: AnySubscriberBinding, @unchecked Sendable {
    // @unchecked: no stored properties besides the superclass's.

    /// Tells the subscriber without `await`, off the main actor.
    func runSync(_ payload: Payload) throws {
        throw MediatorError.asyncSubscriberBroadcastSynchronously(definition)
    }

    /// Tells the subscriber without `await`, on the main actor.
    @MainActor func runOnMainActor(_ payload: Payload) throws {
        try runSync(payload)
    }

    /// Tells the subscriber with `await`.
    func runAsync(_ payload: Payload) async throws {
        try runSync(payload)
    }
}

/// A handler whose target makes an instance per delivery: each delivery makes one (the factory may
/// fail with a factory cycle) and tells it.
final class PerCallSubscriber<Target: Sendable, Payload: Sendable>: SubscriberBinding<Payload>, @unchecked Sendable {
    // @unchecked: every stored property is a `let` of a Sendable type.
    let make: @Sendable () throws -> Target
    let bind: @Sendable (Target) -> SubscriberBinding<Payload>

    init(
        make: @escaping @Sendable () throws -> Target, definition: SubscriptionDefinition,
        bind: @escaping @Sendable (Target) -> SubscriberBinding<Payload>
    ) {
        self.make = make
        self.bind = bind
        super.init(definition: definition)
    }

    override func runSync(_ payload: Payload) throws {
        try bind(try make()).runSync(payload)
    }

    @MainActor override func runOnMainActor(_ payload: Payload) throws {
        try bind(try make()).runOnMainActor(payload)
    }

    override func runAsync(_ payload: Payload) async throws {
        try await bind(try make()).runAsync(payload)
    }
}

/// A synchronous handler on its instance: runs however it is told.
final class SyncSubscriber<Target: Sendable, Payload: Sendable>: SubscriberBinding<Payload>, @unchecked Sendable {
    // @unchecked: every stored property is a `let` of a Sendable type.
    let handler: @Sendable (Target, Payload) throws -> Void
    let target: Target

    init(
        _ handler: @escaping @Sendable (Target, Payload) throws -> Void, target: Target,
        definition: SubscriptionDefinition
    ) {
        self.handler = handler
        self.target = target
        super.init(definition: definition)
    }

    override func runSync(_ payload: Payload) throws {
        try handler(target, payload)
    }
}

/// An asynchronous handler on its instance: only an awaited broadcast runs it.
final class AsyncSubscriber<Target: Sendable, Payload: Sendable>: SubscriberBinding<Payload>, @unchecked Sendable {
    // @unchecked: every stored property is a `let` of a Sendable type.
    let handler: @Sendable (Target, Payload) async throws -> Void
    let target: Target

    init(
        _ handler: @escaping @Sendable (Target, Payload) async throws -> Void, target: Target,
        definition: SubscriptionDefinition
    ) {
        self.handler = handler
        self.target = target
        super.init(definition: definition)
    }

    @MainActor override func runOnMainActor(_ payload: Payload) throws {
        throw MediatorError.asyncSubscriberBroadcastSynchronously(definition)
    }

    override func runAsync(_ payload: Payload) async throws {
        try await handler(target, payload)
    }
}

/// A main-actor handler on its instance: runs synchronously from the main actor, or with `await` from anywhere.
final class MainActorSubscriber<Target: Sendable, Payload: Sendable>: SubscriberBinding<Payload>, @unchecked Sendable {
    // @unchecked: every stored property is a `let` of a Sendable type.
    let handler: @MainActor @Sendable (Target, Payload) throws -> Void
    let target: Target

    init(
        _ handler: @escaping @MainActor @Sendable (Target, Payload) throws -> Void, target: Target,
        definition: SubscriptionDefinition
    ) {
        self.handler = handler
        self.target = target
        super.init(definition: definition)
    }

    override func runSync(_ payload: Payload) throws {
        throw MediatorError.mainActorSubscriberBroadcastSynchronously(definition)
    }

    @MainActor override func runOnMainActor(_ payload: Payload) throws {
        try handler(target, payload)
    }

    override func runAsync(_ payload: Payload) async throws {
        try await MainActor.run { try runOnMainActor(payload) }
    }
}
