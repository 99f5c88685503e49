/// A value guarded by a lock, for the package's modules, test doubles and tests.
///
/// The lock is the package's own pthread mutex (``Lock``), not `Synchronization.Mutex`: on Linux
/// that locks with raw futexes, which ThreadSanitizer cannot see, so every contended section is
/// reported as a race; a pthread mutex ThreadSanitizer understands, and it exists on every platform
/// the package supports.
package final class Locked<State>: @unchecked Sendable {
    // @unchecked: `state` is only read or written inside `lock`.
    private let lock = Lock()
    /// Unchecked by the runtime's dynamic exclusivity enforcement: the lock already makes every access
    /// exclusive (a nested `withLock` on the same value deadlocks before it could overlap), and the
    /// check cost ~100 instructions per use (`swift_beginAccess`), on the gate check of every call an
    /// interceptor holds on an open gate.
    @exclusivity(unchecked) private var state: State

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
