import Foundation
import Mediator

/// Thrown by ``withDeadlockGuard(_:_:_:)`` when the guarded work did not finish in time.
public struct DeadlockSuspected: Error, CustomStringConvertible {
    /// What the guarded work was doing, as the test named it.
    public let what: String
    /// How long the work was given.
    public let limit: Duration
    /// One line naming the work and the limit.
    public var description: String { "\(what) did not finish within \(limit): suspected deadlock" }
}

/// Runs `body` in its own task and returns its result, or throws `DeadlockSuspected` if it has not
/// finished after `limit`, so a deadlock fails the test instead of hanging the run.
///
/// The watchdog is a plain thread, not a task: a deadlock may hold every thread of the cooperative
/// pool, and then no task-based timer could fire. If even the failure cannot be delivered (the pool
/// is stuck, so the test cannot resume), the watchdog ends the test process with a message after a
/// grace period: the run fails, it does not hang.
public func withDeadlockGuard<Value: Sendable>(
    _ what: String, limit: Duration = .seconds(60), _ body: @escaping @Sendable () async throws -> Value
) async throws -> Value {
    try await guarded(what, limit: limit) { watchdog in
        Task.detached {
            do {
                watchdog.finish(.success(try await body()))
            } catch {
                watchdog.finish(.failure(error))
            }
        }
    }
}

/// Runs synchronous `body` on a thread of its own, under the same watchdog.
///
/// Synchronous guarded work (loops of calls racing registry changes, factories that block) runs on
/// a dedicated thread, never on the cooperative pool: the pool has as many threads as cores (two
/// here), and two such tests holding both would stall every other test's task until its watchdog
/// fired, failing tests that have no deadlock at all.
public func withDeadlockGuard<Value: Sendable>(
    _ what: String, limit: Duration = .seconds(60), _ body: @escaping @Sendable () throws -> Value
) async throws -> Value {
    try await guarded(what, limit: limit) { watchdog in
        Thread {
            do {
                watchdog.finish(.success(try body()))
            } catch {
                watchdog.finish(.failure(error))
            }
        }.start()
    }
}

/// Starts the work with `start` and waits for it under a watchdog thread.
private func guarded<Value: Sendable>(
    _ what: String, limit: Duration, start: (Watchdog<Value>) -> Void
) async throws -> Value {
    let watchdog = Watchdog<Value>()
    let value = try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Value, any Error>) in
        watchdog.start(continuation)
        start(watchdog)
        let thread = Thread {
            if watchdog.waitForFinish(limit) { return }
            watchdog.finish(.failure(DeadlockSuspected(what: what, limit: limit)))
            if watchdog.waitForResume(.seconds(20)) { return }
            FileHandle.standardError.write(
                Data("\(what): deadlocked and the test could not resume; ending the test process\n".utf8))
            exit(3)
        }
        thread.start()
    }
    watchdog.resumed()
    return value
}

/// The state `withDeadlockGuard` shares between the work, the watchdog thread and the test.
private final class Watchdog<Value: Sendable>: Sendable {
    private struct State {
        var continuation: CheckedContinuation<Value, any Error>?
        var finished = false
    }

    private let state = Locked(State())
    private let finishSignal = DispatchSemaphore(value: 0)
    private let resumeSignal = DispatchSemaphore(value: 0)

    func start(_ continuation: CheckedContinuation<Value, any Error>) {
        state.withLock { $0.continuation = continuation }
    }

    /// Resumes the test with the first result; later ones are dropped.
    func finish(_ result: Result<Value, any Error>) {
        let continuation = state.withLock { state -> CheckedContinuation<Value, any Error>? in
            guard !state.finished else { return nil }
            state.finished = true
            defer { state.continuation = nil }
            return state.continuation
        }
        guard let continuation else { return }
        finishSignal.signal()
        continuation.resume(with: result)
    }

    func resumed() { resumeSignal.signal() }

    func waitForFinish(_ limit: Duration) -> Bool { finishSignal.wait(timeout: Self.deadline(limit)) == .success }
    func waitForResume(_ limit: Duration) -> Bool { resumeSignal.wait(timeout: Self.deadline(limit)) == .success }

    private static func deadline(_ duration: Duration) -> DispatchTime {
        let (seconds, attoseconds) = duration.components
        return .now() + .nanoseconds(Int(seconds) * 1_000_000_000 + Int(attoseconds / 1_000_000_000))
    }
}
