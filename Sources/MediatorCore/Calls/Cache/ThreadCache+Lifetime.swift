internal import CMediatorAtomics

#if canImport(Darwin)
    import Darwin
#elseif canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// Each thread's cache: made on a thread's first call, freed when the thread exits, and purged of
/// mediators that were released.
extension ThreadCache {
    // MARK: The current thread

    /// The calling thread's cache. Before it is handed out, slots of mediators that no longer exist
    /// are dropped (checked only when a mediator was released since this thread last looked), so a
    /// released mediator's bindings, and the instances they hold, do not outlive it on this thread.
    @inline(__always)
    @usableFromInline
    static var current: ThreadCache {
        let cache: ThreadCache
        if let pointer = mediator_thread_state() {
            cache = ThreadCache(state: pointer.assumingMemoryBound(to: State.self))
        } else {
            cache = makeCurrent()
        }
        if cache.state.pointee.seenRetirements != mediator_retirements_load() { cache.dropRetiredSlots() }
        return cache
    }

    /// The calling thread's cache if it has one; never creates it.
    static var currentIfPresent: ThreadCache? {
        mediator_thread_state().map { ThreadCache(state: $0.assumingMemoryBound(to: State.self)) }
    }

    private static func makeCurrent() -> ThreadCache {
        let state = UnsafeMutablePointer<State>.allocate(capacity: 1)
        state.initialize(
            to: State(
                threadID: UInt64(nextThreadID.increment()),
                seenRetirements: mediator_retirements_load(), slots: .allocate(capacity: slotLimit)))
        mediator_thread_set_free { ThreadCache.free($0) }
        mediator_thread_set_state(state)
        return ThreadCache(state: state)
    }

    /// Frees a thread's state when the thread exits.
    private static func free(_ raw: UnsafeMutableRawPointer) {
        let state = raw.assumingMemoryBound(to: State.self)
        let slots = state.pointee.slots
        let dropped = (Array(UnsafeBufferPointer(start: slots, count: state.pointee.slotCount)), state.pointee.deferred)
        slots.deinitialize(count: state.pointee.slotCount)
        slots.deallocate()
        state.deinitialize(count: 1)
        state.deallocate()
        withExtendedLifetime(dropped) {}
    }

    // MARK: Mediator lifetimes

    /// Records a new mediator, whose slots are valid until it retires.
    static func mediatorCreated(_ id: UInt64) {
        liveMediators.withLock { _ = $0.insert(id) }
    }

    /// Records a released mediator: this thread drops its slot now, other threads on their next call.
    static func mediatorRetired(_ id: UInt64) {
        liveMediators.withLock { _ = $0.remove(id) }
        mediator_retirements_increment()
        currentIfPresent?.dropRetiredSlots()
    }

    /// Drops the slots of mediators that no longer exist; they are released after the write, outside any lock.
    func dropRetiredSlots() {
        state.pointee.seenRetirements = mediator_retirements_load()
        let count = state.pointee.slotCount
        guard count > 0 else { return }
        let slots = state.pointee.slots
        let live = Self.liveMediators.withLock { live in (0..<count).map { live.contains(slots[$0].snapshot.mediatorID) } }
        guard live.contains(false) else { return }
        var released: [Slot] = []
        var kept = 0
        for index in 0..<count {
            if live[index] {
                if kept != index { (slots + kept).moveInitialize(from: slots + index, count: 1) }
                kept += 1
            } else {
                released.append((slots + index).move())
            }
        }
        state.pointee.slotCount = kept
        release(released)
    }

    private static let nextThreadID = AtomicWord(1)
    /// The ids of mediators that exist. LOCK: a leaf, taken only to record lifetimes and to purge.
    private static let liveMediators = Locked<Set<UInt64>>([])
}
