import Foundation
import Mediator

/// The interceptor the link checks install: records every call that reaches the interceptors and
/// how it ended; refuses every call while `refuses` is set, so no handler runs.
final class LinkProbe: MediatorInterceptor, @unchecked Sendable {
    /// One call seen, with its outcome once it finished.
    struct Seen: Sendable {
        var call: MediatorCall
        var outcome: MediatorCall.Outcome?
    }

    /// Guards `seen` and `refusing`; no user code runs under it (only appends, reads and the flag).
    private let lock = NSLock()
    private var seen: [Seen] = []
    /// Whether calls are refused at the interceptor (every-link) or let through (hostile links,
    /// refusal vectors, which the remote policy after the interceptors must refuse). Under `lock`.
    private var refusing: Bool

    /// Whether calls are refused at the interceptor; set between calls.
    var refuses: Bool {
        get { locked { refusing } }
        set { locked { refusing = newValue } }
    }

    /// The reason the probe gives when it refuses.
    static let reason = "MediatorTesting link probe: no handler runs"

    init(refuses: Bool = true) {
        self.refusing = refuses
    }

    func intercept(_ call: MediatorCall) throws -> MediatorCall.Decision {
        let refuses = locked {
            seen.append(Seen(call: call, outcome: nil))
            return refusing
        }
        return refuses ? .reject(reason: Self.reason) : .proceed
    }

    func callDidFinish(_ call: MediatorCall, outcome: MediatorCall.Outcome, duration: Duration) {
        locked {
            if let index = seen.lastIndex(where: {
                $0.outcome == nil && $0.call.target == call.target && $0.call.action == call.action
            }) {
                seen[index].outcome = outcome
            } else {
                seen.append(Seen(call: call, outcome: outcome))
            }
        }
    }

    /// Runs `body` under the lock (`NSLocking.withLock` needs macOS 14; the package supports 13).
    private func locked<Value>(_ body: () -> Value) -> Value {
        lock.lock()
        defer { lock.unlock() }
        return body()
    }

    /// Forgets what was seen.
    func start() {
        locked { seen = [] }
    }

    /// The calls seen since `start()`.
    func finish() -> [MediatorCall] {
        locked { seen.map(\.call) }
    }

    /// The calls seen since `start()`, with their outcomes.
    func finishWithOutcomes() -> [Seen] {
        locked { seen }
    }
}
