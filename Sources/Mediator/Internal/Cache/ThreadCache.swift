import Synchronization

#if canImport(Darwin)
    import Darwin
#elseif canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// Each thread's resolved actions and URL router, per mediator, so the hot path reads only
/// thread-owned memory; and the thread's own bookkeeping for factories and declarations.
///
/// A slot is valid for one registry generation: any registration, release or interceptor change
/// bumps the mediator's generation, and the slot empties itself on its next use. No lock is taken on
/// a hit, and no object another thread uses is retained, so concurrent callers never contend.
///
/// The state is a struct in memory this thread allocated, reached through a pointer kept in
/// thread-specific storage: a hit reads fields in place, so it copies no slot and retains nothing
/// but the binding it returns (a class instance here would cost a retain per access, and a stored
/// `var` of a class a dynamic exclusivity check).
struct ThreadCache {
    struct Slot {
        let mediatorID: UInt64
        var generation: UInt64
        var settings: MediatorSettings
        /// Cached from `settings` so a call without interceptors reads only this thread's memory.
        var hasInterceptors: Bool
        /// Calls by name.
        var byName: [ActionKey: AnyBinding] = [:]
        /// Typed calls, by contract key index: no name is hashed on a hit. Holds only bindings whose
        /// input and output types are exactly the contract's.
        var byContract: ContiguousArray<AnyBinding?> = []
        /// The mediator's URL router at this generation, once a URL was opened on this thread; the
        /// router is immutable, so threads share it without locks.
        var router: URLRouter?
        /// URL calls, by the router's action index: a matched route reaches its binding without a name lookup.
        var byRoute: ContiguousArray<AnyBinding?> = []
    }

    /// Everything one thread keeps.
    struct State {
        /// This thread's id, for the instance coordinator's wait graph; never reused.
        let threadID: UInt64
        /// The mediator retirement count this thread last purged its slots for.
        var seenRetirements: UInt64
        /// `slotLimit` slots, of which the first `slotCount` are initialized; most recently made last.
        let slots: UnsafeMutablePointer<Slot>
        var slotCount = 0
        /// The targets whose kept instances this thread is making, outermost first (for cycle reports).
        var creating: [String] = []
        /// The target boxes whose declarations this thread is reading.
        var readingTables: [ObjectIdentifier] = []
    }

    /// At most this many mediators are cached per thread; tests create many short-lived ones.
    static let slotLimit = 8

    let state: UnsafeMutablePointer<State>

    /// This thread's id.
    var threadID: UInt64 { state.pointee.threadID }

    /// The targets whose kept instances this thread is making.
    var creating: [String] {
        get { state.pointee.creating }
        nonmutating set { state.pointee.creating = newValue }
    }

    // MARK: Reading (the hot path: no lock, no allocation, nothing copied or released)

    /// The index of the mediator's slot, if it is at `generation`.
    @inline(__always)
    private func slotIndex(for mediatorID: UInt64, generation: UInt64) -> Int? {
        let slots = state.pointee.slots
        var index = state.pointee.slotCount - 1
        while index >= 0 {
            if slots[index].mediatorID == mediatorID { return slots[index].generation == generation ? index : nil }
            index -= 1
        }
        return nil
    }

    /// A call by name's binding, and whether interceptors are installed, if resolved at `generation`.
    @inline(__always)
    func binding(for key: ActionKey, mediatorID: UInt64, generation: UInt64) -> (AnyBinding, hasInterceptors: Bool)? {
        guard let index = slotIndex(for: mediatorID, generation: generation) else { return nil }
        let slots = state.pointee.slots
        guard let binding = slots[index].byName[key] else { return nil }
        return (binding, slots[index].hasInterceptors)
    }

    /// A typed call's binding, if this thread resolved the contract at `generation` and no interceptor is installed.
    @inline(__always)
    func contractBinding(index: Int, mediatorID: UInt64, generation: UInt64) -> AnyBinding? {
        guard let slot = slotIndex(for: mediatorID, generation: generation) else { return nil }
        let slots = state.pointee.slots
        guard !slots[slot].hasInterceptors, index < slots[slot].byContract.count else { return nil }
        return slots[slot].byContract[index]
    }

    /// A URL call's binding by the router's action index, and whether interceptors are installed.
    @inline(__always)
    func routeBinding(index: Int, mediatorID: UInt64, generation: UInt64) -> (AnyBinding, hasInterceptors: Bool)? {
        guard let slot = slotIndex(for: mediatorID, generation: generation) else { return nil }
        let slots = state.pointee.slots
        guard index < slots[slot].byRoute.count, let binding = slots[slot].byRoute[index] else { return nil }
        return (binding, slots[slot].hasInterceptors)
    }

    /// The router cached for a mediator at `generation`, if any.
    @inline(__always)
    func router(mediatorID: UInt64, generation: UInt64) -> URLRouter? {
        guard let slot = slotIndex(for: mediatorID, generation: generation) else { return nil }
        return state.pointee.slots[slot].router
    }

    /// The interceptors and fallback cached for a mediator at `generation`, if any.
    func settings(mediatorID: UInt64, generation: UInt64) -> MediatorSettings? {
        guard let slot = slotIndex(for: mediatorID, generation: generation) else { return nil }
        return state.pointee.slots[slot].settings
    }

    // MARK: Writing (the slow path)

    /// Stores a resolution made at `generation` under every key given.
    ///
    /// Whatever the write replaces (an older slot, an evicted one, an older binding) is released
    /// only after the write is complete: releasing a binding can release a target instance, whose
    /// deinitializer may call a mediator and so come back here.
    func store(
        _ binding: AnyBinding? = nil, name: ActionKey? = nil, contract: Int? = nil, route: Int? = nil,
        router: URLRouter? = nil, mediatorID: UInt64, generation: UInt64, settings: MediatorSettings
    ) {
        var released: [Any] = []
        let slots = state.pointee.slots
        let fresh = Slot(
            mediatorID: mediatorID, generation: generation, settings: settings, hasInterceptors: !settings.interceptors.isEmpty)
        var index = state.pointee.slotCount - 1
        while index >= 0, slots[index].mediatorID != mediatorID { index -= 1 }
        if index >= 0 {
            if slots[index].generation != generation {
                released.append((slots + index).move())
                (slots + index).initialize(to: fresh)
            }
        } else {
            if state.pointee.slotCount == Self.slotLimit {
                released.append(slots.move())
                (slots).moveInitialize(from: slots + 1, count: Self.slotLimit - 1)
                state.pointee.slotCount -= 1
            }
            index = state.pointee.slotCount
            (slots + index).initialize(to: fresh)
            state.pointee.slotCount += 1
        }
        if let binding {
            if let name, let old = slots[index].byName.updateValue(binding, forKey: name) { released.append(old) }
            if let contract, contract < ContractKey.cachedLimit {
                if slots[index].byContract.count <= contract {
                    slots[index].byContract.append(contentsOf: repeatElement(nil, count: contract + 1 - slots[index].byContract.count))
                }
                if let old = slots[index].byContract[contract] { released.append(old) }
                slots[index].byContract[contract] = binding
            }
            if let route {
                if slots[index].byRoute.count <= route {
                    slots[index].byRoute.append(contentsOf: repeatElement(nil, count: route + 1 - slots[index].byRoute.count))
                }
                if let old = slots[index].byRoute[route] { released.append(old) }
                slots[index].byRoute[route] = binding
            }
        }
        if let router {
            if let old = slots[index].router { released.append(old) }
            slots[index].router = router
        }
        withExtendedLifetime(released) {}
    }

    // MARK: Declarations being read

    /// Marks a target's declaration as being read on this thread; `false` if it already is (the
    /// declaration called back into the mediator, which needed it again).
    func beginReadingTable(of box: AnyObject) -> Bool {
        let id = ObjectIdentifier(box)
        guard !state.pointee.readingTables.contains(id) else { return false }
        state.pointee.readingTables.append(id)
        return true
    }

    func endReadingTable(of box: AnyObject) {
        if let index = state.pointee.readingTables.lastIndex(of: ObjectIdentifier(box)) {
            state.pointee.readingTables.remove(at: index)
        }
    }

    // MARK: The current thread

    /// The calling thread's cache. Before it is handed out, slots of mediators that no longer exist
    /// are dropped (checked only when a mediator was released since this thread last looked), so a
    /// released mediator's bindings, and the instances they hold, do not outlive it on this thread.
    @inline(__always)
    static var current: ThreadCache {
        let cache: ThreadCache
        if let pointer = pthread_getspecific(key) {
            cache = ThreadCache(state: pointer.assumingMemoryBound(to: State.self))
        } else {
            cache = makeCurrent()
        }
        if cache.state.pointee.seenRetirements != retirements.load(ordering: .relaxed) { cache.dropRetiredSlots() }
        return cache
    }

    /// The calling thread's cache if it has one; never creates it.
    static var currentIfPresent: ThreadCache? {
        pthread_getspecific(key).map { ThreadCache(state: $0.assumingMemoryBound(to: State.self)) }
    }

    private static func makeCurrent() -> ThreadCache {
        let state = UnsafeMutablePointer<State>.allocate(capacity: 1)
        state.initialize(
            to: State(
                threadID: nextThreadID.wrappingAdd(1, ordering: .relaxed).oldValue,
                seenRetirements: retirements.load(ordering: .relaxed), slots: .allocate(capacity: slotLimit)))
        pthread_setspecific(key, state)
        return ThreadCache(state: state)
    }

    /// Frees a thread's state when the thread exits.
    private static func free(_ raw: UnsafeMutableRawPointer) {
        let state = raw.assumingMemoryBound(to: State.self)
        let slots = state.pointee.slots
        let dropped = Array(UnsafeBufferPointer(start: slots, count: state.pointee.slotCount))
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
        retirements.wrappingAdd(1, ordering: .relaxed)
        currentIfPresent?.dropRetiredSlots()
    }

    /// Drops the slots of mediators that no longer exist; they are released after the write, outside any lock.
    private func dropRetiredSlots() {
        state.pointee.seenRetirements = Self.retirements.load(ordering: .relaxed)
        let count = state.pointee.slotCount
        guard count > 0 else { return }
        let slots = state.pointee.slots
        let live = Self.liveMediators.withLock { live in (0..<count).map { live.contains(slots[$0].mediatorID) } }
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
        withExtendedLifetime(released) {}
    }

    private static let nextThreadID = Atomic<UInt64>(1)
    private static let retirements = Atomic<UInt64>(0)
    /// The ids of mediators that exist. LOCK: a leaf, taken only to record lifetimes and to purge.
    private static let liveMediators = Locked<Set<UInt64>>([])

    /// The thread-specific key, created once; its destructor frees a thread's state when it exits.
    private static let key: pthread_key_t = {
        var key = pthread_key_t()
        #if canImport(Darwin)
            pthread_key_create(&key) { pointer in ThreadCache.free(pointer) }
        #else
            pthread_key_create(&key) { pointer in
                guard let pointer else { return }
                ThreadCache.free(pointer)
            }
        #endif
        return key
    }()
}

/// Interceptors and the fallback handler, replaced as a whole whenever either changes.
final class MediatorSettings: Sendable {
    let interceptors: [any MediatorInterceptor]
    /// The interceptors that decide asynchronously, found once here rather than cast per call.
    let asyncInterceptors: [(any AsyncMediatorInterceptor)?]
    let fallback: MediatorFallbackHandler?

    init(interceptors: [any MediatorInterceptor] = [], fallback: MediatorFallbackHandler? = nil) {
        self.interceptors = interceptors
        self.asyncInterceptors = interceptors.map { $0 as? any AsyncMediatorInterceptor }
        self.fallback = fallback
    }
}
