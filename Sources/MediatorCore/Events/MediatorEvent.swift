/// An event that many targets may subscribe to, declared once in a facade (or a shared facade
/// target): its name and the type of the payload every subscriber receives.
///
/// A target subscribes next to its actions with a ``MediatorSubscription`` bound to the same value,
/// so a handler that takes another payload type does not compile; the app, or any module that
/// imports the facade, broadcasts it with ``Mediator/broadcast(_:_:source:isolation:)``:
///
/// ```swift
/// public enum AppEvents {
///     public static let didFinishLaunching = MediatorEvent<Void>("didFinishLaunching")
///     public static let userDidLogOut = MediatorEvent<String>("userDidLogOut", delivery: .existingInstancesOnly)
/// }
/// ```
///
/// An event is local by default: a broadcast made with source `.remote` (on behalf of a push
/// payload, say) sends it only when it is declared with `exposure: .remote`. Like a contract, an
/// event holds only its identity, interned when it is made, usually once in a `static let`.
public struct MediatorEvent<Payload: Sendable>: MediatorEventContract {
    /// The event's name, unique among the app's events.
    public let name: String
    /// Whether a remote broadcast may send the event; `.local` unless declared otherwise.
    public let exposure: MediatorExposure
    /// Whether a broadcast makes instances of subscribing targets that have none yet.
    public let delivery: Mediator.EventDelivery
    /// The event's identity (name and payload type), interned: subscriber lists are found by it.
    @usableFromInline let key: EventKey

    /// Declares an event.
    /// - Parameters:
    ///   - name: The event's name, unique among the app's events.
    ///   - exposure: `.local` (the default), or `.remote` to let remote broadcasts send it.
    ///   - delivery: `.makingInstances` (the default: every subscriber is told, made if needed), or
    ///     `.existingInstancesOnly` to tell only targets that already have an instance.
    public init(
        _ name: String, exposure: MediatorExposure = .local, delivery: Mediator.EventDelivery = .makingInstances
    ) {
        self.name = name
        self.exposure = exposure
        self.delivery = delivery
        self.key = EventKey(name: name, payload: Payload.self)
    }
}
