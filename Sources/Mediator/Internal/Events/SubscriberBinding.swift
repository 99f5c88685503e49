/// A subscription bound to its handler and target instance, ready to be told: the erased face the
/// registry hands around.
class AnySubscriberBinding: @unchecked Sendable {
    // @unchecked: the one stored property is a `let` of a Sendable type; the class is not final only
    // so that `SubscriberBinding<Payload>` can add the typed handler.
    let definition: SubscriptionDefinition
    /// Whether the handler runs on the main actor, copied here so delivery reads no other object.
    let runsOnMainActor: Bool

    init(definition: SubscriptionDefinition) {
        self.definition = definition
        self.runsOnMainActor = definition.execution == .mainActor
    }
}

/// A subscription whose handler takes `Payload`, held three ways (one per way a broadcast can run
/// it), each already applying the calling rules, so delivery picks one and calls it.
final class SubscriberBinding<Payload: Sendable>: AnySubscriberBinding, @unchecked Sendable {
    // @unchecked: every stored property is a `let` of a Sendable type, as the superclass's.
    /// Runs without `await`, off the main actor: a synchronous handler; otherwise the calling-rule error.
    let runSync: @Sendable (Payload) throws -> Void
    /// Runs without `await` on the main actor: a synchronous or main-actor handler.
    let runOnMainActor: @MainActor @Sendable (Payload) throws -> Void
    /// Runs with `await`, whatever the handler.
    let runAsync: @Sendable (Payload) async throws -> Void

    init<Target: Sendable>(
        _ handler: Handler<Target, Payload, Void>, source: InstanceSource<Target>, definition: SubscriptionDefinition
    ) {
        switch handler {
        case .sync(let handler):
            let run = Self.bound(handler, to: source)
            runSync = run
            runOnMainActor = { payload in try run(payload) }
            runAsync = { payload in try run(payload) }
        case .async(let handler):
            runSync = { _ in throw MediatorError.asyncSubscriberBroadcastSynchronously(definition) }
            runOnMainActor = { _ in throw MediatorError.asyncSubscriberBroadcastSynchronously(definition) }
            runAsync = { payload in
                switch source {
                case .kept(let target): try await handler(target, payload)
                case .perCall(let make): try await handler(try make(), payload)
                }
            }
        case .mainActor(let handler):
            let run: @MainActor @Sendable (Payload) throws -> Void = { payload in
                switch source {
                case .kept(let target): try handler(target, payload)
                case .perCall(let make): try handler(try make(), payload)
                }
            }
            runSync = { _ in throw MediatorError.mainActorSubscriberBroadcastSynchronously(definition) }
            runOnMainActor = run
            runAsync = { payload in try await MainActor.run { try run(payload) } }
        }
        super.init(definition: definition)
    }

    /// A synchronous handler with its instance applied.
    private static func bound<Target: Sendable>(
        _ handler: @escaping @Sendable (Target, Payload) throws -> Void, to source: InstanceSource<Target>
    ) -> @Sendable (Payload) throws -> Void {
        switch source {
        case .kept(let target): { payload in try handler(target, payload) }
        case .perCall(let make): { payload in try handler(try make(), payload) }
        }
    }
}
