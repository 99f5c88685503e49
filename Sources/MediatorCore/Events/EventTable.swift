/// Every subscription of one set of registered targets, grouped by event in delivery order: built
/// lazily from the targets' declarations, outside every lock, and shared by the registry snapshots
/// made while the targets do not change (like their URL routes).
package final class EventTable: Sendable {
    /// One subscriber: its registered target and its subscription.
    package struct Subscriber: Sendable {
        let box: any AnyTargetBox
        package let definition: ActionDefinition
    }

    /// Each event's subscribers in delivery order, by the event's key number.
    package let subscribers: [Int: [Subscriber]]
    /// Every event with at least one subscriber: its key number, sorted by name then payload type.
    package let events: [(key: Int, name: String, payloadTypeName: String)]

    init(targets: [any AnyTargetBox]) {
        var subscribers: [Int: [Subscriber]] = [:]
        for box in targets {
            for definition in box.subscriptions {
                guard let key = definition.subscribing?.key else { continue }
                subscribers[key.index, default: []].append(Subscriber(box: box, definition: definition))
            }
        }
        for key in subscribers.keys {
            subscribers[key]?.sort { $0.definition.precedes($1.definition) }
        }
        self.subscribers = subscribers
        self.events = subscribers.compactMap { key, list in
            list.first.map { (key, $0.definition.name, $0.definition.subscribing?.payloadTypeName ?? "") }
        }
        .sorted { ($0.name, $0.payloadTypeName) < ($1.name, $1.payloadTypeName) }
    }
}
