/// The one broadcast path every broadcast door leads into:
///
/// ```
/// snapshot once ─▶ interceptors* ─▶ remote policy ─▶ delivery list (bound once per snapshot) ─▶ each subscriber ─▶ observers*
/// ```
/// (* only when installed). The snapshot is read once, before anything else: the interceptors, the
/// subscriber list and the instances all come from it, so a broadcast made during a registration
/// change tells the subscribers of one registry state. No lock is held while any user code runs:
/// declarations are read in the snapshot's lazily built event table, factories run while the list
/// is bound, and handlers run after every lookup has returned.
extension Mediator {
    /// Delivers an event without `await`: synchronous subscribers run, and main-actor ones when the
    /// caller is on the main actor; asynchronous ones fail with a calling-rule error in the report.
    package func deliverSync<Payload: Sendable>(
        _ event: MediatorEvent<Payload>, _ payload: Payload, source: MediatorCallSource, isolation: (any Actor)?,
        onlyTo target: String? = nil
    ) throws -> MediatorBroadcastReport {
        let snapshot = snapshot()
        guard snapshot.hasInterceptors else {
            try RemotePolicy.check(event: event.name, exposure: event.exposure, source: source)
            return report(event, deliveryList(event, in: snapshot, onlyTo: target)) { $0.runSync(payload, isolation: isolation) }
        }
        let pass = BroadcastPass(event, payload, source: source, snapshot: snapshot)
        do {
            try pass.decideSync()
            try RemotePolicy.check(event: event.name, exposure: event.exposure, source: source)
            let report = report(event, deliveryList(event, in: snapshot, onlyTo: target)) {
                $0.runSync(payload, isolation: isolation)
            }
            pass.finish(.success(report))
            return report
        } catch {
            pass.finish(.failure(error))
            throw error
        }
    }

    /// Delivers an event with `await`, to every kind of subscriber, one after another in order.
    package func deliverAsync<Payload: Sendable>(
        _ event: MediatorEvent<Payload>, _ payload: Payload, source: MediatorCallSource, onlyTo target: String? = nil
    ) async throws -> MediatorBroadcastReport {
        let snapshot = snapshot()
        guard snapshot.hasInterceptors else {
            try RemotePolicy.check(event: event.name, exposure: event.exposure, source: source)
            let list = deliveryList(event, in: snapshot, onlyTo: target)
            return report(event, list, failures: await list.runAsync(payload))
        }
        let pass = BroadcastPass(event, payload, source: source, snapshot: snapshot)
        do {
            try await pass.decideAsync(on: self)
            try RemotePolicy.check(event: event.name, exposure: event.exposure, source: source)
            let list = deliveryList(event, in: snapshot, onlyTo: target)
            let report = report(event, list, failures: await list.runAsync(payload))
            pass.finish(.success(report))
            return report
        } catch {
            pass.finish(.failure(error))
            throw error
        }
    }

    /// The event's subscribers in a snapshot, bound: the list the snapshot already bound, or a new
    /// one, kept for later broadcasts when every subscriber could be bound.
    private func deliveryList<Payload: Sendable>(
        _ event: MediatorEvent<Payload>, in snapshot: RegistrySnapshot, onlyTo target: String?
    ) -> AnyDeliveryList {
        if target == nil, let bound = snapshot.deliveries.list(for: event.key) { return bound }
        var subscribers = snapshot.events.get().subscribers[event.key.index] ?? []
        if let target {
            let name = Name(target)
            subscribers = subscribers.filter { Name($0.definition.target) == name }
        }
        let list = DeliveryList<Payload>(subscribers)
        if target == nil, list.isComplete { snapshot.deliveries.store(list, for: event.key) }
        return list
    }

    /// The report of a broadcast whose subscribers `run` told.
    private func report<Payload>(
        _ event: MediatorEvent<Payload>, _ list: AnyDeliveryList, run: (AnyDeliveryList) -> [MediatorBroadcastFailure]
    ) -> MediatorBroadcastReport {
        report(event, list, failures: run(list))
    }

    /// The report of a broadcast, from its list and the failures telling it caused.
    private func report<Payload>(
        _ event: MediatorEvent<Payload>, _ list: AnyDeliveryList, failures: [MediatorBroadcastFailure]
    ) -> MediatorBroadcastReport {
        MediatorBroadcastReport(event: event.name, delivery: list, failures: failures)
    }
}
