/// One subscription of one registered target, everything but its handler: what the event table,
/// the catalog and the delivery order read.
final class SubscriptionDefinition: Sendable {
    /// The registered target's name.
    let target: String
    /// The target's place in registration order, the second key of the delivery order.
    let ordinal: Int
    /// The subscription's place in its target's declaration, the last key of the delivery order.
    let index: Int
    let event: String
    let key: EventKey
    let payloadTypeName: String
    let priority: Int
    let execution: MediatorExecution
    let delivery: MediatorEventDelivery
    let exposure: MediatorExposure

    init<Target>(_ subscription: MediatorSubscription<Target>, target: String, ordinal: Int, index: Int) {
        self.target = target
        self.ordinal = ordinal
        self.index = index
        self.event = subscription.event
        self.key = subscription.key
        self.payloadTypeName = subscription.payloadTypeName
        self.priority = subscription.priority
        self.execution = subscription.execution
        self.delivery = subscription.delivery
        self.exposure = subscription.exposure
    }

    /// Whether this subscriber is told before another: higher priority first, then earlier
    /// registration, then earlier declaration. A total order, so the delivery order never depends
    /// on how the registry stores its targets.
    func precedes(_ other: SubscriptionDefinition) -> Bool {
        if priority != other.priority { return priority > other.priority }
        if ordinal != other.ordinal { return ordinal < other.ordinal }
        return index < other.index
    }
}
