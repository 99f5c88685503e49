import Mediator

/// Records one analytics event per call: target, action, source, duration and outcome.
final class AnalyticsLog: MediatorInterceptor {
    struct Event: Sendable {
        let call: String
        let source: MediatorCallSource
        let duration: Duration
        let succeeded: Bool
    }

    private let events = Locked<[Event]>([])

    var recorded: [Event] { events.withLock { $0 } }

    func callDidFinish(_ call: MediatorCall, outcome: MediatorOutcome, duration: Duration) {
        let event = Event(
            call: "\(call.target).\(call.action)", source: call.source, duration: duration, succeeded: outcome.isSuccess)
        events.withLock { $0.append(event) }
    }
}
