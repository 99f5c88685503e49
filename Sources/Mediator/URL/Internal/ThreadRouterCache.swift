#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// Each thread's reference to each mediator's current ``URLRouter``, so `open` reads only
/// thread-owned memory and takes no lock while the registry is unchanged.
///
/// An entry is valid for one registry generation, like the resolution cache beside it; any change
/// to the registry bumps the generation and the next `open` on this thread fetches the router again,
/// under the registry lock once. The router itself is immutable, so threads share it without locks.
final class ThreadRouterCache {
    struct Entry {
        let mediatorID: UInt64
        var generation: UInt64
        var router: URLRouter
    }

    /// At most this many mediators are cached per thread; tests create many short-lived ones.
    static let entryLimit = 8
    private var entries: [Entry] = []

    /// The router cached for a mediator at `generation`, if any.
    @inline(__always)
    func router(for mediatorID: UInt64, generation: UInt64) -> URLRouter? {
        var index = entries.count - 1
        while index >= 0 {
            if entries[index].mediatorID == mediatorID {
                return entries[index].generation == generation ? entries[index].router : nil
            }
            index -= 1
        }
        return nil
    }

    /// Stores the router valid at `generation`.
    func store(_ router: URLRouter, for mediatorID: UInt64, generation: UInt64) {
        if let index = entries.firstIndex(where: { $0.mediatorID == mediatorID }) {
            entries[index].generation = generation
            entries[index].router = router
            return
        }
        if entries.count >= Self.entryLimit { entries.removeFirst() }
        entries.append(Entry(mediatorID: mediatorID, generation: generation, router: router))
    }

    /// The calling thread's cache.
    static var current: ThreadRouterCache {
        if let pointer = pthread_getspecific(key) {
            return Unmanaged<ThreadRouterCache>.fromOpaque(pointer).takeUnretainedValue()
        }
        let cache = ThreadRouterCache()
        pthread_setspecific(key, Unmanaged.passRetained(cache).toOpaque())
        return cache
    }

    /// The thread-specific key, created once; its destructor frees a thread's cache when it exits.
    private static let key: pthread_key_t = {
        var key = pthread_key_t()
        #if canImport(Darwin)
        pthread_key_create(&key) { pointer in
            Unmanaged<ThreadRouterCache>.fromOpaque(pointer).release()
        }
        #else
        pthread_key_create(&key) { pointer in
            guard let pointer else { return }
            Unmanaged<ThreadRouterCache>.fromOpaque(pointer).release()
        }
        #endif
        return key
    }()
}
