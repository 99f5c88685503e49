import Foundation

/// A value guarded by a lock, for the package's modules, test doubles and tests.
///
/// Why not `Synchronization.Mutex`: on Linux it locks with raw futexes, which ThreadSanitizer cannot
/// see, so every contended section is reported as a race. `NSLock` sits on `pthread_mutex_t`, which
/// ThreadSanitizer understands, and exists on every platform the package supports.
package final class Locked<State>: @unchecked Sendable {
    // @unchecked: `state` is only read or written inside `lock`.
    private let lock = NSLock()
    private var state: State

    /// Creates the guarded value.
    package init(_ state: State) {
        self.state = state
    }

    /// Runs `body` with exclusive access to the value.
    package func withLock<Result, Failure: Error>(_ body: (inout State) throws(Failure) -> Result) throws(Failure) -> Result {
        lock.lock()
        defer { lock.unlock() }
        return try body(&state)
    }
}
