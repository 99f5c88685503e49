/// The broadcast door: a broadcast is a call of the one pipeline whose delivery tells each
/// subscriber of its event in order, rather than running one action.
///
/// ```
/// admission ─▶ snapshot once ─▶ the event's subscribers ─▶ interceptors* ─▶ remote policy ─▶ each subscriber ─▶ observers*
/// ```
/// (* only when installed). Everything after the door is the call pipeline's own code: a remote
/// broadcast at cold start is held like any remote call, interceptors decide on it (and may hold it
/// on a gate), the remote policy judges each subscriber's registered declaration, and handlers run
/// in the forms a call's do. No lock is held while any user code runs.
///
/// Like a typed call, a local broadcast with nothing installed takes a fast path once its event's
/// subscribers are bound in the snapshot: admission, interceptors and the remote policy have nothing
/// to decide for it, so it tells the bound subscribers through their typed handler forms directly.
extension Mediator {
    /// Delivers an event without `await`: synchronous subscribers run, and main-actor ones when the
    /// caller is on the main actor; asynchronous ones fail with a calling-rule error in the report.
    package func deliverSync<Payload: Sendable>(
        _ event: MediatorEvent<Payload>, _ payload: Payload, source: MediatorCallSource, isolation: (any Actor)?,
        onlyTo target: String? = nil
    ) throws -> MediatorBroadcastReport {
        if source == .local, target == nil {
            let cache = ThreadCache.current
            // This thread's slot has the list: nothing is retained but the list the report keeps.
            // Unretained is safe as in `CachedBinding`: the slot owns the list, and nothing a slot lets
            // go of is released between `enter()` and `exit()`.
            if let slot = cache.hitSlot(address: published.load()), !cache.hasInterceptors(inSlot: slot),
                let list = cache.deliveryList(index: event.key.index, inSlot: slot)
            {
                cache.enter()
                defer { cache.exit() }
                return list._withUnsafeGuaranteedRef { Self.tell($0, payload, isolation: isolation) }
            }
            if let (list, snapshot) = plainDeliveryList(event.key) {
                cache.store(list, event: event.key.index, in: snapshot)
                return Self.tell(list, payload, isolation: isolation)
            }
        }
        let state = CallState(broadcasting: event, payload, source: source, onlyTo: target)
        try admit(source, state)
        return try report(of: enterSync(state, .event(event.key, onlyTo: target), isolation: isolation), event.name)
    }

    /// Tells a bound list's subscribers, on the fast path: each through its typed handler form.
    @inline(__always)
    private static func tell<Payload: Sendable>(
        _ list: DeliveryList, _ payload: Payload, isolation: (any Actor)?
    ) -> MediatorBroadcastReport {
        // The caller's isolation, not the thread, decides, as in `invokeSync`; asked only when a
        // subscriber is bound to the main actor.
        let callerOnMainActor = list.hasMainActorSubscriber && isolation === MainActor.shared
        return list.report { binding in
            let typed = try Self.subscriber(binding, taking: Payload.self)
            if callerOnMainActor, binding.definition.execution == .mainActor {
                try MainActor.assumeIsolated { try typed.runOnMainActor(payload) }
            } else {
                try typed.runSync(payload)
            }
        }
    }

    /// Delivers an event with `await`, to every kind of subscriber, one after another in order.
    package func deliverAsync<Payload: Sendable>(
        _ event: MediatorEvent<Payload>, _ payload: Payload, source: MediatorCallSource, onlyTo target: String? = nil
    ) async throws -> MediatorBroadcastReport {
        if source == .local, target == nil, let (list, _) = plainDeliveryList(event.key) {
            return await list.report { binding in try await Self.subscriber(binding, taking: Payload.self).runAsync(payload) }
        }
        let state = CallState(broadcasting: event, payload, source: source, onlyTo: target)
        try admit(source, state)
        return try report(of: await enterAsync(state, .event(event.key, onlyTo: target)), event.name)
    }

    /// A bound subscriber as its typed form: its input type is compared first, then it is read as the
    /// `Binding<Payload, Void>` the event key (name and payload type) guarantees it is.
    @inline(__always)
    private static func subscriber<Payload: Sendable>(
        _ binding: AnyBinding, taking payload: Payload.Type
    ) throws -> Binding<Payload, Void> {
        guard binding.definition.inputType == ObjectIdentifier(Payload.self) else {
            throw MediatorError.payloadTypeMismatch(binding.definition)
        }
        return unsafeDowncast(binding, to: Binding<Payload, Void>.self)
    }

    /// The event's bound subscriber list, when a local broadcast may take the fast path: nothing is
    /// installed, and the snapshot has bound the list (every subscriber's binding takes the event's
    /// payload type and returns `Void`: the event key is made of both).
    /// - Returns: The list and the snapshot it was bound in.
    private func plainDeliveryList(_ key: EventKey) -> (DeliveryList, RegistrySnapshot)? {
        let snapshot = snapshot()
        guard !snapshot.hasInterceptors, let list = snapshot.deliveries.list(for: key) else { return nil }
        return (list, snapshot)
    }

    /// The report a broadcast's pipeline returned. Only an interceptor's fallback could answer with
    /// something else, and broadcasts have no not-found chain, so the mismatch error is defensive.
    private func report(of value: any Sendable, _ event: String) throws -> MediatorBroadcastReport {
        if let report = Self.cast(value, to: MediatorBroadcastReport.self) { return report }
        throw MediatorError.resultTypeMismatch(
            target: MediatorCall.broadcastTarget, action: event, expected: "MediatorBroadcastReport",
            actual: String(describing: type(of: value)))
    }
}
