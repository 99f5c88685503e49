#if canImport(Darwin)
    import Darwin
#elseif canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// Each thread's resolved actions and URL router, per mediator, so the hot path reads only
/// thread-owned memory.
///
/// A slot is valid for one registry generation: any registration, release or interceptor change
/// bumps the mediator's generation and the slot empties itself on its next use. No lock is taken on
/// a hit, and no object another thread uses is retained, so concurrent callers never contend.
final class ThreadResolutionCache {
    struct Slot {
        let mediatorID: UInt64
        var generation: UInt64
        var actions: [ActionKey: ResolvedAction]
        /// Resolutions made through action references, by reference id: no names hashed on a hit.
        var references: [ReferenceKey: ResolvedAction] = [:]
        var settings: MediatorSettings
        /// Cached from `settings` so a call without interceptors reads only this thread's memory.
        var hasInterceptors: Bool
        /// The mediator's URL router at this generation, once a URL was opened on this thread; the
        /// router is immutable, so threads share it without locks.
        var router: URLRouter? = nil
    }

    /// At most this many mediators are cached per thread; tests create many short-lived ones.
    static let slotLimit = 8

    /// The slots live behind a pointer: a stored `var` of a class pays a dynamic exclusivity check
    /// (`swift_beginAccess`, ~60 instructions) on every access, and only this thread touches them.
    private let storage: UnsafeMutablePointer<[Slot]>

    var slots: [Slot] {
        unsafeAddress { UnsafePointer(storage) }
        unsafeMutableAddress { storage }
    }

    init() {
        storage = .allocate(capacity: 1)
        storage.initialize(to: [])
    }

    deinit {
        storage.deinitialize(count: 1)
        storage.deallocate()
    }

    /// The index of the mediator's slot, most recently used last.
    @inline(__always)
    func slotIndex(for mediatorID: UInt64) -> Int? {
        var index = slots.count - 1
        while index >= 0 {
            if slots[index].mediatorID == mediatorID { return index }
            index -= 1
        }
        return nil
    }

    /// The index of the mediator's slot at `generation`, created, or emptied first if it is older.
    private func slot(for mediatorID: UInt64, generation: UInt64, settings: MediatorSettings) -> Int {
        let fresh = Slot(
            mediatorID: mediatorID, generation: generation, actions: [:], settings: settings,
            hasInterceptors: !settings.interceptors.isEmpty)
        if let index = slotIndex(for: mediatorID) {
            if slots[index].generation != generation { slots[index] = fresh }
            return index
        }
        if slots.count >= Self.slotLimit { slots.removeFirst() }
        slots.append(fresh)
        return slots.count - 1
    }

    /// Stores a resolution made at `generation`, emptying the slot first if it is older.
    func store(
        _ resolved: ResolvedAction?, for key: ActionKey, mediatorID: UInt64, generation: UInt64, settings: MediatorSettings
    ) {
        let index = slot(for: mediatorID, generation: generation, settings: settings)
        if let resolved { slots[index].actions[key] = resolved }
    }

    /// The router cached for a mediator at `generation`, if any.
    @inline(__always)
    func router(for mediatorID: UInt64, generation: UInt64) -> URLRouter? {
        guard let index = slotIndex(for: mediatorID), slots[index].generation == generation else { return nil }
        return slots[index].router
    }

    /// Stores the router valid at `generation`.
    func store(_ router: URLRouter, for mediatorID: UInt64, generation: UInt64, settings: MediatorSettings) {
        slots[slot(for: mediatorID, generation: generation, settings: settings)].router = router
    }

    /// Remembers a resolution for an action reference in the mediator's current slot, if it has one
    /// at `generation`.
    func storeReference(_ resolved: ResolvedAction, for key: ReferenceKey, mediatorID: UInt64, generation: UInt64) {
        guard let index = slotIndex(for: mediatorID), slots[index].generation == generation else { return }
        slots[index].references[key] = resolved
    }

    /// The calling thread's cache.
    static var current: ThreadResolutionCache {
        if let pointer = pthread_getspecific(key) {
            return Unmanaged<ThreadResolutionCache>.fromOpaque(pointer).takeUnretainedValue()
        }
        let cache = ThreadResolutionCache()
        pthread_setspecific(key, Unmanaged.passRetained(cache).toOpaque())
        return cache
    }

    /// The thread-specific key, created once; its destructor frees a thread's cache when it exits.
    private static let key: pthread_key_t = {
        var key = pthread_key_t()
        #if canImport(Darwin)
            pthread_key_create(&key) { pointer in
                Unmanaged<ThreadResolutionCache>.fromOpaque(pointer).release()
            }
        #else
            pthread_key_create(&key) { pointer in
                guard let pointer else { return }
                Unmanaged<ThreadResolutionCache>.fromOpaque(pointer).release()
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
