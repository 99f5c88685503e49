import Foundation
import Mediator

// Helpers for tests that race the mediator from several threads: a dedicated thread to run blocking
// work on, a flag and a count that any thread may touch, and a recording of values from any thread.
// They lock with `Locked` (NSLock underneath), not `Mutex`: on Linux, ThreadSanitizer cannot see
// `Mutex`'s futexes, and would report every contended section as a race.

/// A dedicated thread (not a task: it may block) running `body`, which a test joins with a bound.
public final class Worker: Sendable {
    private let done = DispatchSemaphore(value: 0)

    /// Starts `body` on a new thread.
    public init(_ body: @escaping @Sendable () -> Void) {
        let done = done
        Thread {
            body()
            done.signal()
        }.start()
    }

    /// Whether the thread finished within `limit` (whole seconds).
    public func join(within limit: Duration) -> Bool {
        done.wait(timeout: .now() + .milliseconds(Int(limit.components.seconds) * 1_000)) == .success
    }
}

/// Runs `body` on a new thread, not on the cooperative pool, and returns when it has finished.
public func onThread(_ body: @escaping @Sendable () -> Void) async {
    await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
        Thread {
            body()
            done.resume()
        }.start()
    }
}

/// Runs blocking `body` (waiting for a child process, a semaphore) on a new thread and returns its
/// result, so the wait holds no thread of the cooperative pool: the pool has one thread per core
/// (two here), and two tests waiting on it stall every other test's task meanwhile.
public func offThePool<Value: Sendable>(_ body: @escaping @Sendable () throws -> Value) async throws -> Value {
    try await withCheckedThrowingContinuation { (done: CheckedContinuation<Value, any Error>) in
        Thread { done.resume(with: Result(catching: body)) }.start()
    }
}

/// A flag one thread sets and others poll.
public final class Flag: Sendable {
    private let value = Locked(false)

    /// A flag that is not set.
    public init() {}

    /// Whether some thread has set the flag.
    public var isSet: Bool { value.withLock { $0 } }

    /// Sets the flag; it stays set.
    public func set() { value.withLock { $0 = true } }
}

/// A count any thread may bump.
public final class Counter: Sendable {
    private let count = Locked(0)

    /// A count at zero.
    public init() {}

    /// The count now.
    public var value: Int { count.withLock { $0 } }

    /// Adds one and returns the new count.
    @discardableResult
    public func increment() -> Int {
        count.withLock { count in
            count += 1
            return count
        }
    }
}

/// Values recorded from any thread, in order, for one test.
public final class Recording<Element: Sendable>: Sendable {
    private let state = Locked<[Element]>([])

    /// An empty recording.
    public init() {}

    /// Records `element` after every element recorded before it.
    public func append(_ element: Element) { state.withLock { $0.append(element) } }

    /// Everything recorded so far, in order.
    public var all: [Element] { state.withLock { $0 } }
}
