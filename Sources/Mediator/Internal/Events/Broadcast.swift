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
            return runSync(deliveryList(event, in: snapshot, onlyTo: target), event, payload, isolation: isolation)
        }
        let pass = BroadcastPass(event, payload, source: source, snapshot: snapshot)
        do {
            try pass.decideSync()
            try RemotePolicy.check(event: event.name, exposure: event.exposure, source: source)
            let report = runSync(deliveryList(event, in: snapshot, onlyTo: target), event, payload, isolation: isolation)
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
            return await runAsync(deliveryList(event, in: snapshot, onlyTo: target), event, payload)
        }
        let pass = BroadcastPass(event, payload, source: source, snapshot: snapshot)
        do {
            try await pass.decideAsync(on: self)
            try RemotePolicy.check(event: event.name, exposure: event.exposure, source: source)
            let report = await runAsync(deliveryList(event, in: snapshot, onlyTo: target), event, payload)
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
    ) -> DeliveryList<Payload> {
        if target == nil, let bound = snapshot.deliveries.list(for: event.key) as? DeliveryList<Payload> { return bound }
        var subscribers = snapshot.events.get().subscribers[event.key.index] ?? []
        if let target {
            let name = Name(target)
            subscribers = subscribers.filter { Name($0.definition.target) == name }
        }
        let list = DeliveryList<Payload>(subscribers)
        if target == nil, list.isComplete { snapshot.deliveries.store(list, for: event.key) }
        return list
    }

    /// Tells every bound subscriber, in order, without `await`; a failure is recorded and the next
    /// subscriber is told.
    private func runSync<Payload: Sendable>(
        _ list: DeliveryList<Payload>, _ event: MediatorEvent<Payload>, _ payload: Payload, isolation: (any Actor)?
    ) -> MediatorBroadcastReport {
        var failures = list.bindFailures
        for binding in list.bindings {
            do {
                // The caller's isolation, not the thread, decides, as for calls (see `invokeSync`).
                if binding.runsOnMainActor, isolation === MainActor.shared {
                    try MainActor.assumeIsolated { try binding.runOnMainActor(payload) }
                } else {
                    try binding.runSync(payload)
                }
            } catch {
                failures.append(MediatorBroadcastFailure(target: binding.definition.target, error: error))
            }
        }
        return MediatorBroadcastReport(event: event.name, reached: list.names, skipped: list.skipped, failures: failures)
    }

    /// Tells every bound subscriber, in order, awaiting each; a failure is recorded and the next
    /// subscriber is told.
    private func runAsync<Payload: Sendable>(
        _ list: DeliveryList<Payload>, _ event: MediatorEvent<Payload>, _ payload: Payload
    ) async -> MediatorBroadcastReport {
        var failures = list.bindFailures
        for binding in list.bindings {
            do {
                try await binding.runAsync(payload)
            } catch {
                failures.append(MediatorBroadcastFailure(target: binding.definition.target, error: error))
            }
        }
        return MediatorBroadcastReport(event: event.name, reached: list.names, skipped: list.skipped, failures: failures)
    }
}
