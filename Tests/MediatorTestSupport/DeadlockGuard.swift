import Foundation
import Mediator

/// Thrown by ``withDeadlockGuard(_:_:)`` when the guarded work stopped making progress.
public struct DeadlockSuspected: Error, CustomStringConvertible {
    /// What the guarded work was doing, as the test named it.
    public let what: String
    /// Why the watchdog judged it stuck: the process idle, or its CPU budget spent.
    public let reason: String
    /// One line naming the work and the reason.
    public var description: String { "\(what) did not finish: \(reason): suspected deadlock" }
}

/// When the watchdog of ``withDeadlockGuard(_:_:)`` calls guarded work stuck.
///
/// Not a wall-clock limit: the whole suite runs its tests interleaved on two cores, so under
/// ThreadSanitizer even a trivial test takes most of the run's minute, and any load on the machine
/// stretches that further; a fixed limit fails tests that have no deadlock at all. A deadlock on the
/// mediator's locks blocks its threads, so once the rest of the suite is done the process goes
/// idle while the work is unfinished; a livelock keeps the process busy without end. The watchdog
/// watches the process's CPU time (with its children's) for either.
package enum DeadlockRule {
    /// How long the process may stay (almost) idle while the work is unfinished.
    package static let idleWindow: Duration = .seconds(20)
    /// The CPU time under which a window counts as idle (2.5 % of one core).
    package static let idleCPU: Duration = .milliseconds(500)
    /// The process CPU time the work may see pass without finishing (the whole suite under
    /// ThreadSanitizer uses about 120 s).
    package static let cpuBudget: Duration = .seconds(900)
    /// How often the watchdog samples the process's CPU time.
    package static let tick: Duration = .seconds(1)

    /// The CPU time this process and its finished child processes have used so far, all threads,
    /// user and system. Children count: tests that run the compiler, the App or a decoder wait for
    /// them on a thread of the cooperative pool, and while they do, this process itself is idle.
    package static func processCPU() -> Duration {
        #if os(Linux)
            // Glibc imports the constants as an enum.
            let who = [RUSAGE_SELF, RUSAGE_CHILDREN].map { __rusage_who_t($0.rawValue) }
        #else
            let who = [RUSAGE_SELF, RUSAGE_CHILDREN]
        #endif
        func duration(_ time: timeval) -> Duration { .seconds(Int64(time.tv_sec)) + .microseconds(Int64(time.tv_usec)) }
        return who.reduce(.zero) { total, who in
            var usage = rusage()
            guard getrusage(who, &usage) == 0 else { return total }
            return total + duration(usage.ru_utime) + duration(usage.ru_stime)
        }
    }

    /// Waits until `finished` (given how long to wait) reports the work done, returning `nil`, or
    /// until `cpu`, the process's CPU time read once per tick, shows it stuck, returning why.
    package static func watch(cpu: () -> Duration = processCPU, _ finished: (Duration) -> Bool) -> String? {
        let start = cpu()
        var samples: [Duration] = [start]  // one per tick, the newest last
        let window = Int(idleWindow / tick)
        while true {
            if finished(tick) { return nil }
            let now = cpu()
            samples.append(now)
            if samples.count > window + 1 { samples.removeFirst() }
            if samples.count == window + 1, let first = samples.first, now - first < idleCPU {
                return "the process was idle for \(idleWindow) while it was unfinished"
            }
            if now - start >= cpuBudget { return "the process used \(cpuBudget) of CPU time while it was unfinished" }
        }
    }
}

/// Runs `body` in its own task and returns its result, or throws `DeadlockSuspected` if it stops
/// making progress (see ``DeadlockRule``), so a deadlock fails the test instead of hanging the run.
///
/// The watchdog is a plain thread, not a task: a deadlock may hold every thread of the cooperative
/// pool, and then no task-based timer could fire. If even the failure cannot be delivered (the pool
/// is stuck, so the test cannot resume), the watchdog ends the test process with a message after a
/// grace period: the run fails, it does not hang.
public func withDeadlockGuard<Value: Sendable>(
    _ what: String, _ body: @escaping @Sendable () async throws -> Value
) async throws -> Value {
    try await guarded(what) { watchdog in
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
/// here), and two such tests holding both would stall every other test's task.
public func withDeadlockGuard<Value: Sendable>(
    _ what: String, _ body: @escaping @Sendable () throws -> Value
) async throws -> Value {
    try await guarded(what) { watchdog in
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
    _ what: String, start: (Watchdog<Value>) -> Void
) async throws -> Value {
    let watchdog = Watchdog<Value>()
    let value = try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Value, any Error>) in
        watchdog.start(continuation)
        start(watchdog)
        let thread = Thread {
            guard let reason = DeadlockRule.watch({ watchdog.waitForFinish($0) }) else { return }
            // Said at once, so a log shows why even when the test cannot resume to report it.
            FileHandle.standardError.write(Data("\(what): \(reason): suspected deadlock\n".utf8))
            watchdog.finish(.failure(DeadlockSuspected(what: what, reason: reason)))
            if watchdog.waitForResume(.seconds(20)) { return }
            FileHandle.standardError.write(
                Data("\(what): deadlocked and the test could not resume; ending the test process\n".utf8))
            // An exit, not a crash: under ThreadSanitizer the runtime's backtracer can hang the process.
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
