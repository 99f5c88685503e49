internal import CMediatorAtomics

/// A mutex (not recursive): the package's own pthread mutex from `CMediatorAtomics`, in place of
/// `NSLock`, so the core imports no Foundation.
///
/// Why not `Synchronization.Mutex`: it needs iOS 18 / macOS 15, and on Linux it locks with raw
/// futexes, which ThreadSanitizer cannot see, so every contended section would be reported as a
/// race. A pthread mutex is what `NSLock` sits on, exists on every platform the package supports,
/// and ThreadSanitizer understands it. Invariant: `mutex` is allocated and initialized once, in
/// `init`, and destroyed in `deinit`, so its address is stable for the object's whole life.
final class Lock: @unchecked Sendable {
    // @unchecked: `mutex` is only touched through the pthread functions, which synchronize themselves.
    private let mutex: UnsafeMutablePointer<mediator_mutex>

    init() {
        mutex = .allocate(capacity: 1)
        mediator_mutex_init(mutex)
    }

    deinit {
        mediator_mutex_destroy(mutex)
        mutex.deallocate()
    }

    /// Locks, waiting while another thread holds the lock.
    @inline(__always)
    func lock() { mediator_mutex_lock(mutex) }

    /// Unlocks; only the thread that locked may.
    @inline(__always)
    func unlock() { mediator_mutex_unlock(mutex) }

    /// Runs `body` holding the lock.
    @inline(__always)
    func withLock<Result, Failure: Error>(_ body: () throws(Failure) -> Result) throws(Failure) -> Result {
        lock()
        defer { unlock() }
        return try body()
    }
}

/// A mutex with a condition variable, in place of `NSCondition`: lock, wait (which unlocks while it
/// waits), broadcast, unlock.
///
/// Both are the package's own pthread mutex and condition from `CMediatorAtomics`, which
/// ThreadSanitizer sees (see ``Lock``). Invariant: both are allocated and initialized once, in
/// `init`, and destroyed in `deinit`.
final class ConditionLock: @unchecked Sendable {
    // @unchecked: `mutex` and `condition` are only touched through the pthread functions.
    private let mutex: UnsafeMutablePointer<mediator_mutex>
    private let condition: UnsafeMutablePointer<mediator_condition>

    init() {
        mutex = .allocate(capacity: 1)
        mediator_mutex_init(mutex)
        condition = .allocate(capacity: 1)
        mediator_condition_init(condition)
    }

    deinit {
        mediator_condition_destroy(condition)
        condition.deallocate()
        mediator_mutex_destroy(mutex)
        mutex.deallocate()
    }

    /// Locks, waiting while another thread holds the lock.
    func lock() { mediator_mutex_lock(mutex) }

    /// Unlocks; only the thread that locked may.
    func unlock() { mediator_mutex_unlock(mutex) }

    /// Unlocks, waits until another thread calls ``broadcast()``, and locks again before returning.
    /// It may return spuriously: call it in a loop that re-checks what it waits for. Call it locked.
    func wait() { mediator_condition_wait(condition, mutex) }

    /// Wakes every thread in ``wait()``; they each lock again in turn.
    func broadcast() { mediator_condition_broadcast(condition) }
}
