internal import MediatorText

extension MediatorError.Code {
    /// One or more subscribers of a broadcast event failed (``MediatorBroadcastReport/throwIfFailed()``);
    /// its description names each target and its error.
    public static let broadcastFailed = Self("broadcastFailed")
}

// The failures only broadcasts report. Refusals reuse the codes calls use, so one `catch` on
// `.remoteCallNotAllowed` or `.rejected` covers both; for a broadcast, ``MediatorError/target`` is
// ``MediatorCall/broadcastTarget`` and ``MediatorError/action`` the event's name.
extension MediatorError {
    /// A remote broadcast of an event that is not declared remote.
    static func remoteBroadcastNotAllowed(event: String) -> Self {
        Self(.remoteCallNotAllowed, target: MediatorCall.broadcastTarget, action: event) { error in
            "The event \(LogSafeText.quoted(error.action ?? "")) is local-only, so a remote broadcast cannot send it; "
                + "declare it with exposure: .remote to allow that."
        }
    }

    /// An interceptor refused a broadcast.
    static func rejectedBroadcast(event: String, interceptor: String, reason: String) -> Self {
        Self(
            .rejected, target: MediatorCall.broadcastTarget, action: event, interceptor: interceptor, reason: reason
        ) { error in
            "The broadcast of \(LogSafeText.quoted(error.action ?? "")) was rejected by "
                + "\(LogSafeText.inline(error.interceptor ?? "")): \(LogSafeText.inline(error.reason ?? "", limit: 300))."
        }
    }

    /// An asynchronous subscriber reached by a broadcast made without `await`.
    static func asyncSubscriberBroadcastSynchronously(_ definition: ActionDefinition) -> Self {
        Self(.asyncActionCalledSynchronously, target: definition.target, action: definition.name) { error in
            "\(LogSafeText.inline(error.target ?? "")) handles \(LogSafeText.quoted(error.action ?? "")) asynchronously; "
                + "broadcast the event with try await mediator.broadcastAsync(_:_:) to reach it."
        }
    }

    /// A main-actor subscriber reached by a broadcast made without `await` off the main actor.
    static func mainActorSubscriberBroadcastSynchronously(_ definition: ActionDefinition) -> Self {
        Self(.mainActorRequired, target: definition.target, action: definition.name) { error in
            "\(LogSafeText.inline(error.target ?? "")) handles \(LogSafeText.quoted(error.action ?? "")) on the main actor; "
                + "broadcast the event from the main actor, or with try await mediator.broadcastAsync(_:_:)."
        }
    }

    /// A subscriber handed a payload of another type than it subscribed with (which the event key,
    /// made of the event's name and payload type, rules out).
    @usableFromInline
    static func payloadTypeMismatch(_ definition: ActionDefinition?) -> Self {
        .invalidDeclaration(
            target: definition?.target ?? "",
            problem: "its subscription to \(definition?.name ?? "an event") takes another payload type")
    }

    /// A subscriber that failed a broadcast, for its report: its handler threw `error`, or could not
    /// run (`error` is then the ``MediatorError`` saying why).
    static func subscriberFailed(_ definition: ActionDefinition, _ error: any Error) -> Self {
        .handlerFailed(target: definition.target, action: definition.name, underlying: error)
    }

    /// Subscribers of a broadcast failed.
    static func broadcastFailed(_ report: MediatorBroadcastReport) -> Self {
        Self(
            .broadcastFailed, target: MediatorCall.broadcastTarget, action: report.event,
            problems: report.failures.map(MediatorBroadcastReport.line),
            underlyingError: report.failures.first?.underlyingError
        ) { error in
            let shown = error.problems.prefix(20).map { LogSafeText.inline($0, limit: 300) }.joined(separator: "; ")
            let more = error.problems.count > 20 ? "; and \(error.problems.count - 20) more" : ""
            return "\(error.problems.count) subscriber(s) of \(LogSafeText.quoted(error.action ?? "")) failed: \(shown)\(more)."
        }
    }
}
