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
extension Mediator {
    /// Delivers an event without `await`: synchronous subscribers run, and main-actor ones when the
    /// caller is on the main actor; asynchronous ones fail with a calling-rule error in the report.
    package func deliverSync<Payload: Sendable>(
        _ event: MediatorEvent<Payload>, _ payload: Payload, source: MediatorCallSource, isolation: (any Actor)?,
        onlyTo target: String? = nil
    ) throws -> MediatorBroadcastReport {
        let state = CallState(broadcasting: event, payload, source: source, onlyTo: target)
        try admit(source, state)
        return try report(of: enterSync(state, .event(event.key, onlyTo: target), isolation: isolation), event.name)
    }

    /// Delivers an event with `await`, to every kind of subscriber, one after another in order.
    package func deliverAsync<Payload: Sendable>(
        _ event: MediatorEvent<Payload>, _ payload: Payload, source: MediatorCallSource, onlyTo target: String? = nil
    ) async throws -> MediatorBroadcastReport {
        let state = CallState(broadcasting: event, payload, source: source, onlyTo: target)
        try admit(source, state)
        return try report(of: await enterAsync(state, .event(event.key, onlyTo: target)), event.name)
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
