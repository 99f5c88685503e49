/// An event's identity as the catalog and the test doubles see it, whatever its payload type: its
/// name, its payload type, who may send it, and whom it reaches.
///
/// ``MediatorEvent`` conforms; lists of events of different payload types (a module's contract test,
/// say) are written as `[any MediatorEventContract]`.
public protocol MediatorEventContract: Sendable, CustomStringConvertible {
    /// The payload every subscriber receives.
    associatedtype Payload: Sendable

    /// The event's name, unique among the app's events, such as `"userDidLogOut"`.
    var name: String { get }
    /// Whether a remote broadcast (one made with source `.remote`) may send the event.
    var exposure: MediatorExposure { get }
    /// Whether a broadcast makes instances of subscribing targets that have none yet.
    var delivery: Mediator.EventDelivery { get }
}

extension MediatorEventContract {
    /// The event's name.
    public var description: String { name }

    /// The payload type's name, as the catalog shows it (`Void` for an event without a payload).
    @usableFromInline
    static var payloadTypeName: String { EventKey.typeName(Payload.self) }
}
