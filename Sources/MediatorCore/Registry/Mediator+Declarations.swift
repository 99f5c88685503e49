extension Mediator {
    /// One registered target's declarations, as the publishing side reads them.
    package struct DeclaredTarget {
        package let name: String
        package let summary: String
        /// Its actions, in declaration order.
        package let actions: [ActionDefinition]
        /// Its subscriptions, in declaration order.
        package let subscriptions: [ActionDefinition]
    }

    /// Every registered target's declarations and every event's subscribers, from the current
    /// snapshot: what the publishing side's catalog describes. Reading declarations runs target
    /// code, so this runs outside every lock and creates no instance.
    package func declarations() -> (targets: [DeclaredTarget], events: EventTable) {
        let snapshot = snapshot()
        let targets = snapshot.targets.values.map { box in
            DeclaredTarget(name: box.name, summary: box.summary, actions: box.definitions, subscriptions: box.subscriptions)
        }
        return (targets, snapshot.events.get())
    }
}
