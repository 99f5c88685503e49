import Mediator

/// Records one analytics event per call: target, action, source, duration and outcome (held calls
/// once when held and once when they continue).
final class AnalyticsLog: MediatorInterceptor {
    struct Event: Sendable {
        /// How a call ended, as the analytics line shows it.
        enum Result: String, Sendable {
            case ok, failed, held, duplicate
        }

        let call: String
        let source: MediatorCallSource
        let duration: Duration
        let result: Result
        /// Whether the call is a held one continuing after its gate opened.
        let continued: Bool
    }

    private let events = Locked<[Event]>([])

    var recorded: [Event] { events.withLock { $0 } }

    func callDidFinish(_ call: MediatorCall, outcome: MediatorCall.Outcome, duration: Duration) {
        let result: Event.Result
        switch outcome {
        case .succeeded: result = .ok
        case .failed: result = .failed
        case .held: result = .held
        case .duplicate: result = .duplicate
        }
        let event = Event(
            call: call.target.isEmpty ? call.url ?? "" : "\(call.target).\(call.action)", source: call.source,
            duration: duration, result: result, continued: call.hold != nil)
        events.withLock { $0.append(event) }
    }
}
