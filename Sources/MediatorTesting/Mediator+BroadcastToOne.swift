public import Mediator

extension Mediator {
    /// Broadcasts an event to one target's subscriptions alone, for that module's tests: the same
    /// delivery as a broadcast (interceptors, remote policy, instance rules, order among the
    /// target's own subscriptions), but no other subscriber is told.
    ///
    /// ```swift
    /// try mediator.register { CartTarget(mediator: $0) }
    /// let report = try mediator.broadcast(AppEvents.userDidLogOut, "ada", onlyTo: Cart.target)
    /// #expect(report.failures.isEmpty)
    /// ```
    /// - Parameters:
    ///   - event: The event.
    ///   - payload: The payload.
    ///   - target: The registered name of the target to tell.
    ///   - isolation: The caller's actor, filled in by the compiler.
    /// - Returns: The report, listing only that target.
    /// - Throws: A `MediatorError` when the broadcast is refused as a whole.
    @discardableResult
    public func broadcast<Payload>(
        _ event: MediatorEvent<Payload>, _ payload: Payload, onlyTo target: String, isolation: (any Actor)? = #isolation
    ) throws -> MediatorBroadcastReport {
        try deliverSync(event, payload, source: .local, isolation: isolation, onlyTo: target)
    }

    /// Broadcasts an event without a payload to one target's subscriptions alone.
    /// - Parameters:
    ///   - event: The event.
    ///   - target: The registered name of the target to tell.
    ///   - isolation: The caller's actor, filled in by the compiler.
    /// - Returns: The report, listing only that target.
    /// - Throws: A `MediatorError` when the broadcast is refused as a whole.
    @discardableResult
    public func broadcast(
        _ event: MediatorEvent<Void>, onlyTo target: String, isolation: (any Actor)? = #isolation
    ) throws -> MediatorBroadcastReport {
        try deliverSync(event, (), source: .local, isolation: isolation, onlyTo: target)
    }

    /// Broadcasts an event with `await` to one target's subscriptions alone, reaching every kind of handler.
    /// - Parameters:
    ///   - event: The event.
    ///   - payload: The payload.
    ///   - target: The registered name of the target to tell.
    /// - Returns: The report, listing only that target.
    /// - Throws: A `MediatorError` when the broadcast is refused as a whole.
    @discardableResult
    public func broadcastAsync<Payload>(
        _ event: MediatorEvent<Payload>, _ payload: Payload, onlyTo target: String
    ) async throws -> MediatorBroadcastReport {
        try await deliverAsync(event, payload, source: .local, onlyTo: target)
    }

    /// Broadcasts an event without a payload with `await` to one target's subscriptions alone.
    /// - Parameters:
    ///   - event: The event.
    ///   - target: The registered name of the target to tell.
    /// - Returns: The report, listing only that target.
    /// - Throws: A `MediatorError` when the broadcast is refused as a whole.
    @discardableResult
    public func broadcastAsync(_ event: MediatorEvent<Void>, onlyTo target: String) async throws -> MediatorBroadcastReport {
        try await deliverAsync(event, (), source: .local, onlyTo: target)
    }
}
