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
    @usableFromInline
    package func deliverSync<Payload: Sendable>(
        _ event: MediatorEvent<Payload>, _ payload: Payload, source: MediatorCallSource, isolation: (any Actor)?,
        onlyTo target: String? = nil
    ) throws -> MediatorBroadcastReport {
        if source == .local, target == nil {
            if let cached = cachedDelivery(event.key) { return cached.tell(payload, isolation: isolation) }
            if let (list, snapshot) = plainDeliveryList(event.key) {
                let cache = ThreadCache.current
                cache.store(list, event: event.key.index, in: snapshot)
                // `list` is held here, so it may be told unretained.
                return withExtendedLifetime(list) {
                    CachedDelivery(cache: cache, unretained: Unmanaged.passUnretained(list)).tell(payload, isolation: isolation)
                }
            }
        }
        let state = CallState(broadcasting: event, payload, source: source, onlyTo: target)
        try admit(source, state)
        return try report(of: enterSync(state, .event(event.key, onlyTo: target), isolation: isolation), event.name)
    }

    /// This thread's delivery list for an event in the current snapshot, when it bound it there and
    /// nothing is installed. Takes no lock: one load of the published snapshot's address.
    @usableFromInline
    func cachedDelivery(_ key: EventKey) -> CachedDelivery? {
        let cache = ThreadCache.current
        guard let slot = cache.hitSlot(address: published.load()), !cache.hasInterceptors(inSlot: slot),
            let list = cache.deliveryList(index: key.index, inSlot: slot)
        else { return nil }
        return CachedDelivery(cache: cache, unretained: list)
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
    @inlinable
    @inline(__always)
    static func subscriber<Payload: Sendable>(
        _ binding: AnyBinding, taking payload: Payload.Type
    ) throws -> Binding<Payload, Void> {
        guard binding.definition.inputType == ObjectIdentifier(Payload.self) else {
            throw payloadTypeMismatch(binding)
        }
        return unsafeDowncast(binding, to: Binding<Payload, Void>.self)
    }

    /// The error for a subscriber bound to another payload type than the broadcast's.
    @usableFromInline
    static func payloadTypeMismatch(_ binding: AnyBinding) -> MediatorError {
        .payloadTypeMismatch(binding.definition)
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
