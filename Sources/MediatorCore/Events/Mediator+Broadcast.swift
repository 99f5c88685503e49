/// Broadcasting events: one event, every target that subscribes to it, in a defined order.
///
/// Subscribers are told one after another, never concurrently: highest
/// subscription `priority` first, then in the order their targets were registered, then
/// in the order a target declares its subscriptions. A subscriber that throws does not stop the
/// others; the returned ``MediatorBroadcastReport`` names every target told, skipped and failed.
extension Mediator {
    /// Broadcasts an event without `await`: synchronous subscribers run on this thread, main-actor
    /// subscribers too when the caller is on the main actor.
    ///
    /// ```swift
    /// let report = try mediator.broadcast(AppEvents.userDidLogOut, "ada")
    /// print(report.reached)   // every target told, in delivery order
    /// ```
    /// An asynchronous subscriber, or a main-actor one off the main actor, cannot run here: it is
    /// listed in ``MediatorBroadcastReport/failures`` with a calling-rule error (use
    /// ``broadcastAsync(_:_:source:)`` to reach it), and the others are told.
    /// - Parameters:
    ///   - event: The event, from a facade.
    ///   - payload: What every subscriber receives.
    ///   - source: `.remote` for a broadcast made on behalf of outside input (a push payload); it
    ///     sends only events declared `.remote`.
    ///   - isolation: The caller's actor, filled in by the compiler; a main-actor caller runs main-actor subscribers.
    /// - Returns: Whom the broadcast told and skipped, and every subscriber's failure.
    /// - Throws: A ``MediatorError`` when the broadcast is refused as a whole:
    ///   ``MediatorError/Code/remoteCallNotAllowed`` for a remote broadcast of a local event, or an
    ///   interceptor's ``MediatorError/Code/rejected``. Subscribers' failures are in the report.
    @inlinable
    @discardableResult
    public func broadcast<Payload>(
        _ event: MediatorEvent<Payload>, _ payload: Payload, source: MediatorCallSource = .local,
        isolation: (any Actor)? = #isolation
    ) throws -> MediatorBroadcastReport {
        // As a typed call: once this thread bound the event's subscribers in the current snapshot,
        // with nothing installed, they are told here, specialized for the payload (`CachedDelivery`).
        if source == .local, let cached = cachedDelivery(event.key) { return cached.tell(payload, isolation: isolation) }
        return try deliverSync(event, payload, source: source, isolation: isolation)
    }

    /// Broadcasts an event without a payload, without `await`.
    ///
    /// ```swift
    /// try mediator.broadcast(AppEvents.didEnterBackground)
    /// ```
    /// - Parameters:
    ///   - event: The event, from a facade.
    ///   - source: `.remote` for a broadcast made on behalf of outside input; it sends only events declared `.remote`.
    ///   - isolation: The caller's actor, filled in by the compiler; a main-actor caller runs main-actor subscribers.
    /// - Returns: Whom the broadcast told and skipped, and every subscriber's failure.
    /// - Throws: A ``MediatorError`` when the broadcast is refused as a whole; see ``broadcast(_:_:source:isolation:)``.
    @inlinable
    @discardableResult
    public func broadcast(
        _ event: MediatorEvent<Void>, source: MediatorCallSource = .local, isolation: (any Actor)? = #isolation
    ) throws -> MediatorBroadcastReport {
        try broadcast(event, (), source: source, isolation: isolation)
    }

    /// Broadcasts an event with `await`, reaching every kind of subscriber: each is awaited in
    /// turn, main-actor ones on the main actor.
    ///
    /// ```swift
    /// let report = try await mediator.broadcastAsync(AppEvents.userDidLogOut, "ada")
    /// ```
    /// - Parameters:
    ///   - event: The event, from a facade.
    ///   - payload: What every subscriber receives.
    ///   - source: `.remote` for a broadcast made on behalf of outside input; it sends only events declared `.remote`.
    /// - Returns: Whom the broadcast told and skipped, and every subscriber's failure.
    /// - Throws: A ``MediatorError`` when the broadcast is refused as a whole; see ``broadcast(_:_:source:isolation:)``.
    @discardableResult
    public func broadcastAsync<Payload>(
        _ event: MediatorEvent<Payload>, _ payload: Payload, source: MediatorCallSource = .local
    ) async throws -> MediatorBroadcastReport {
        try await deliverAsync(event, payload, source: source)
    }

    /// Broadcasts an event without a payload with `await`, reaching every kind of subscriber.
    /// - Parameters:
    ///   - event: The event, from a facade.
    ///   - source: `.remote` for a broadcast made on behalf of outside input; it sends only events declared `.remote`.
    /// - Returns: Whom the broadcast told and skipped, and every subscriber's failure.
    /// - Throws: A ``MediatorError`` when the broadcast is refused as a whole; see ``broadcast(_:_:source:isolation:)``.
    @discardableResult
    public func broadcastAsync(
        _ event: MediatorEvent<Void>, source: MediatorCallSource = .local
    ) async throws -> MediatorBroadcastReport {
        try await deliverAsync(event, (), source: source)
    }
}
