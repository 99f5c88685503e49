import Foundation
import Mediator

/// The interceptor the link checks install: records every call that reaches the interceptors and
/// how it ended; refuses every call while `refuses` is set, so no handler runs.
final class LinkProbe: MediatorInterceptor, @unchecked Sendable {
    /// One call seen, with its outcome once it finished.
    struct Seen: Sendable {
        var call: MediatorCall
        var outcome: MediatorOutcome?
    }

    /// Guards `seen`; no user code runs under it (only appends and reads).
    private let lock = NSLock()
    private var seen: [Seen] = []
    /// Whether calls are refused at the interceptor (every-link) or let through (hostile links).
    let refuses: Bool

    /// The reason the probe gives when it refuses.
    static let reason = "MediatorTesting link probe: no handler runs"

    init(refuses: Bool = true) {
        self.refuses = refuses
    }

    func intercept(_ call: MediatorCall) throws -> MediatorDecision {
        locked { seen.append(Seen(call: call, outcome: nil)) }
        return refuses ? .reject(reason: Self.reason) : .proceed
    }

    func callDidFinish(_ call: MediatorCall, outcome: MediatorOutcome, duration: Duration) {
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
