/// One event a target subscribes to, declared next to its actions: the event, the handler, and
/// where in the delivery order the target wants to be.
///
/// Bind the handler to the event value its facade declares, and the compiler checks the handler's
/// payload type against it:
///
/// ```swift
/// static let subscriptions: [MediatorSubscription<CartTarget>] = [
///     MediatorSubscription(AppEvents.userDidLogOut) { target, _ in target.store.clear() },
///     MediatorSubscription(AppEvents.didEnterBackground, priority: 10) { target, _ in await target.store.save() },
/// ]
/// ```
///
/// Subscribers are told in order of `priority` (highest first), then in registration order of
/// their targets, then in declaration order within a target.
public struct MediatorSubscription<Target: Sendable>: Sendable {
    /// The name of the event subscribed to.
    package var event: String { action.name }
    /// Where the target wants to be in the delivery order: higher is told first; the default is 0.
    @usableFromInline package let priority: Int
    /// How the handler runs: a synchronous broadcast runs only synchronous handlers (and main-actor
    /// ones on the main actor); an awaited broadcast runs every kind.
    package var execution: MediatorExecution { action.execution }
    /// Whether this subscription asks for an instance to be made: the subscription's own choice if
    /// it made one, otherwise the event's.
    @usableFromInline package let delivery: Mediator.EventDelivery
    /// Whether a remote broadcast may tell this subscriber: the exposure of the event as this target
    /// declared it, which is what the remote policy judges (never the value a broadcaster passes).
    package var exposure: MediatorExposure { action.exposure }

    @usableFromInline let key: EventKey
    /// The payload type's name, for the catalog.
    @usableFromInline let payloadTypeName: String
    /// The handler as an action of the target that the event triggers (its input the payload, its
    /// output `Void`): bound, judged and run by the same code as every other action. Formed in the
    /// module that declares the subscription, like an action, so its binding is specialized there.
    @usableFromInline let action: MediatorAction<Target>

    @inlinable
    init<Event: MediatorEventContract>(
        _ event: Event, key: EventKey, priority: Int, delivery: Mediator.EventDelivery?,
        handler: Handler<Target, Event.Payload, Void>
    ) {
        self.priority = priority
        self.delivery = delivery ?? event.delivery
        self.key = key
        self.payloadTypeName = Event.payloadTypeName
        self.action = MediatorAction(
            name: event.name, contractTarget: nil, summary: "", schema: .eventPayload, exposure: event.exposure,
            urlPatterns: [], handler: handler)
    }
}

extension InputSchema {
    /// The schema of an event's payload: a broadcast hands the payload over as it is, so there is
    /// nothing to decode; a value of another type (which the event key rules out) is refused. A
    /// payload declared with `@Parameter`s is checked as a typed input is (``UnsetParameters``).
    @inlinable
    static var eventPayload: InputSchema {
        InputSchema(
            parameters: [],
            decode: { _, definition in throw MediatorError.payloadTypeMismatch(definition) },
            encode: { ["payload": $0] }, unset: UnsetParameters.declared(by: Input.self))
    }
}

extension MediatorSubscription {
    /// Subscribes a synchronous handler to an event; it runs on the broadcasting thread.
    /// - Parameters:
    ///   - event: The event, from a facade.
    ///   - priority: Higher is told first; subscribers of equal priority are told in registration order.
    ///   - delivery: Overrides the event's ``MediatorEvent/delivery`` for this target; `nil` keeps it.
    ///   - handler: The work, given the target instance and the payload.
    @inlinable
    public init<Payload>(
        _ event: MediatorEvent<Payload>, priority: Int = 0, delivery: Mediator.EventDelivery? = nil,
        handler: @escaping @Sendable (Target, Payload) throws -> Void
    ) {
        self.init(event, key: event.key, priority: priority, delivery: delivery, handler: .sync(handler))
    }

    /// Subscribes an asynchronous handler to an event; only an awaited broadcast
    /// (``Mediator/broadcastAsync(_:_:source:)``) runs it.
    /// - Parameters:
    ///   - event: The event, from a facade.
    ///   - priority: Higher is told first; subscribers of equal priority are told in registration order.
    ///   - delivery: Overrides the event's ``MediatorEvent/delivery`` for this target; `nil` keeps it.
    ///   - handler: The work, given the target instance and the payload.
    @inlinable
    public init<Payload>(
        _ event: MediatorEvent<Payload>, priority: Int = 0, delivery: Mediator.EventDelivery? = nil,
        handler: @escaping @Sendable (Target, Payload) async throws -> Void
    ) {
        self.init(event, key: event.key, priority: priority, delivery: delivery, handler: .async(handler))
    }

    /// Subscribes a main-actor handler to an event, for screen code: a synchronous broadcast runs
    /// it from the main actor, an awaited one from anywhere.
    /// - Parameters:
    ///   - event: The event, from a facade.
    ///   - priority: Higher is told first; subscribers of equal priority are told in registration order.
    ///   - delivery: Overrides the event's ``MediatorEvent/delivery`` for this target; `nil` keeps it.
    ///   - handler: The work, isolated to the main actor.
    /// - Returns: The subscription.
    @inlinable
    public static func onMainActor<Payload>(
        _ event: MediatorEvent<Payload>, priority: Int = 0, delivery: Mediator.EventDelivery? = nil,
        handler: @escaping @MainActor @Sendable (Target, Payload) throws -> Void
    ) -> MediatorSubscription {
        MediatorSubscription(event, key: event.key, priority: priority, delivery: delivery, handler: .mainActor(handler))
    }
}
