public import MediatorCore

extension MediatorCatalog {
    /// One event as broadcasters see it: its payload and every subscriber, in delivery order.
    public struct Event: Sendable, Codable, Equatable {
        /// The event's name.
        public var name: String
        /// The name of its payload type (`Void` for none).
        public var payload: String
        /// Whether a remote broadcast may send it.
        public var exposure: MediatorExposure
        /// The subscribing targets' names, in delivery order (a target that subscribes twice is listed twice).
        public var subscribers: [String]
    }

    /// One subscription of a target.
    public struct Subscription: Sendable, Codable, Equatable {
        /// The event's name.
        public var event: String
        /// The name of the event's payload type (`Void` for none).
        public var payload: String
        /// Where the target is in the delivery order: higher is told first.
        public var priority: Int
        /// How its handler runs.
        public var execution: MediatorExecution
        /// Whether a broadcast makes the target's instance to tell it.
        public var delivery: Mediator.EventDelivery

        init(_ definition: ActionDefinition) {
            event = definition.name
            payload = definition.subscribing?.payloadTypeName ?? "Void"
            priority = definition.subscribing?.priority ?? 0
            execution = definition.execution
            delivery = definition.subscribing?.delivery ?? .makingInstances
        }
    }

    /// The event with this name, if a registered target subscribes to it.
    /// - Parameter name: The event's name.
    /// - Returns: The event's entry.
    public func event(named name: String) -> Event? {
        events.first { $0.name == name }
    }

    /// Every event of an event table, with its subscribers in delivery order.
    static func events(in table: EventTable) -> [Event] {
        table.events.map { key, name, payload in
            let subscribers = table.subscribers[key] ?? []
            return Event(
                name: name, payload: payload, exposure: subscribers.first?.definition.exposure ?? .local,
                subscribers: subscribers.map(\.definition.target))
        }
    }
}
