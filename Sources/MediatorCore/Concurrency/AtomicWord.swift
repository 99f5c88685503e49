internal import CMediatorAtomics

/// One machine word read and written atomically, in memory that never moves: the mediator's only
/// lock-free shared state (the published snapshot's address, and a few process-wide counters).
///
/// Backed by C11 atomics (`CMediatorAtomics`) instead of `Synchronization.Atomic`, which needs
/// iOS 18 / macOS 15. Invariant: `word` is allocated once, in `init`, and freed in `deinit`, so its
/// address is stable for the object's whole life, and no Swift code touches it except through the
/// atomic functions.
final class AtomicWord: @unchecked Sendable {
    // @unchecked: `word` is only read and written through the C11 atomic operations below.
    private let word: UnsafeMutablePointer<UInt>

    init(_ value: UInt = 0) {
        word = .allocate(capacity: 1)
        word.initialize(to: value)
    }

    deinit {
        word.deallocate()
    }

    /// The value; sequentially consistent.
    @inline(__always)
    func load() -> UInt { mediator_atomic_load(word) }

    /// The value with no ordering, for a counter used only as a hint to look under a lock.
    @inline(__always)
    func loadRelaxed() -> UInt { mediator_atomic_load_relaxed(word) }

    /// Replaces the value; sequentially consistent.
    @inline(__always)
    func store(_ value: UInt) { mediator_atomic_store(word, value) }

    /// Adds one and returns the value before.
    @discardableResult
    func increment() -> UInt { mediator_atomic_fetch_add(word, 1) }

    /// Subtracts one (adds the word's largest value, which wraps to one less) and returns the value before.
    @discardableResult
    func decrement() -> UInt { mediator_atomic_fetch_add(word, UInt.max) }
}
