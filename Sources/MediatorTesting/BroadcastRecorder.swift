public import Mediator

/// An interceptor that records every broadcast a mediator makes, with its payload and outcome, for
/// assertions.
///
/// ```swift
/// let broadcasts = BroadcastRecorder()
/// mediator.configure { $0.interceptors.append(broadcasts) }
/// try mediator.cart.clear()   // code under test that broadcasts
/// #expect(broadcasts.payloads(of: AppEvents.userDidLogOut) == ["ada"])
/// ```
public final class BroadcastRecorder: MediatorInterceptor {
    private let recorded = Locked<[RecordedBroadcast]>([])

    /// Creates an empty recorder.
    public init() {}

    /// Every finished broadcast (proceeded or refused), in the order they finished.
    public var broadcasts: [RecordedBroadcast] { recorded.withLock { $0 } }

    /// The names of the events broadcast, in order.
    public var events: [String] { broadcasts.map(\.event) }

    /// The payloads every broadcast of an event carried, in order.
    /// - Parameter event: The event.
    /// - Returns: Those payloads, typed.
    public func payloads<Payload>(of event: MediatorEvent<Payload>) -> [Payload] {
        broadcasts.filter { $0.event == event.name }.compactMap { $0.payload as? Payload }
    }

    /// Forgets everything recorded so far.
    public func reset() { recorded.withLock { $0 = [] } }

    /// Records a finished broadcast; ignores calls.
    public func callDidFinish(_ call: MediatorCall, outcome: MediatorCall.Outcome, duration: Duration) {
        guard call.isBroadcast else { return }
        let broadcast = RecordedBroadcast(
            event: call.action, payload: call.parameters["payload"], source: call.source, outcome: outcome)
        recorded.withLock { $0.append(broadcast) }
    }
}

/// One broadcast a ``BroadcastRecorder`` saw: the event, its payload, where it came from, and how it ended.
public struct RecordedBroadcast: Sendable, CustomStringConvertible {
    /// The event's name.
    public let event: String
    /// The payload, as broadcast (`()` for an event without one).
    public let payload: (any Sendable)?
    /// Whether the broadcast was local or remote.
    public let source: MediatorCallSource
    /// Succeeded, or failed with the refusal or `MediatorError/Code/broadcastFailed`.
    public let outcome: MediatorCall.Outcome

    /// `"event(payload)"`.
    public var description: String { "\(event)(\(payload.map { "\($0)" } ?? ""))" }
}
