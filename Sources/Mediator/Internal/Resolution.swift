import Synchronization

/// Finding the resolved action for a call: per-thread cache first, registry on a miss.
extension Mediator {
    /// The outcome of looking a call up.
    struct Lookup {
        /// The bound action, or `nil` when the target or action does not exist.
        let action: ResolvedAction?
        /// Whether interceptors are installed; read from thread-owned memory so a call without
        /// interceptors never touches the shared settings object.
        let hasInterceptors: Bool
    }

    /// Looks a call up, resolving it on a miss; a hit takes no lock.
    @inline(__always)
    func lookup(target: String, action: String, cachingInstance: Bool) throws -> Lookup {
        let key = ActionKey(target: target, action: action)
        let cache = ThreadResolutionCache.current
        if let index = cache.slotIndex(for: id),
            cache.slots[index].generation == generation.load(ordering: .acquiring),
            let resolved = cache.slots[index].actions[key],
            !cachingInstance || resolved.usesCachedInstance
        {
            return Lookup(action: resolved, hasInterceptors: cache.slots[index].hasInterceptors)
        }
        return try resolve(key, cachingInstance: cachingInstance, into: cache)
    }

    /// Looks up a call made through an action reference: by its id on a hit, by names on a miss.
    @inline(__always)
    func lookup(reference key: ReferenceKey, target: String, action: String) throws -> Lookup {
        let cache = ThreadResolutionCache.current
        let current = generation.load(ordering: .acquiring)
        if let index = cache.slotIndex(for: id), cache.slots[index].generation == current,
            let resolved = cache.slots[index].references[key]
        {
            return Lookup(action: resolved, hasInterceptors: cache.slots[index].hasInterceptors)
        }
        let found = try lookup(target: target, action: action, cachingInstance: false)
        if let resolved = found.action, let index = cache.slotIndex(for: id) {
            // The names lookup left this thread's slot at the generation `resolved` belongs to.
            cache.storeReference(resolved, for: key, mediatorID: id, generation: cache.slots[index].generation)
        }
        return found
    }

    private func resolve(_ key: ActionKey, cachingInstance: Bool, into cache: ThreadResolutionCache) throws -> Lookup {
        var (box, settings, resolvedAt) = registry.withLock {
            ($0.targets[key.target], $0.settings, generation.load(ordering: .relaxed))
        }
        guard let box else {
            cache.store(nil, for: key, mediatorID: id, generation: resolvedAt, settings: settings)
            return Lookup(action: nil, hasInterceptors: !settings.interceptors.isEmpty)
        }
        if cachingInstance, box.cacheInstance() {
            // Other threads hold per-call resolutions of this target; make them pick up the instance.
            resolvedAt = mutate { _ in generation.load(ordering: .relaxed) + 1 }
        }
        let resolved = try box.resolve(key.action)
        cache.store(resolved, for: key, mediatorID: id, generation: resolvedAt, settings: settings)
        return Lookup(action: resolved, hasInterceptors: !settings.interceptors.isEmpty)
    }

    /// The interceptors and fallback in force, from this thread's cache when it is current.
    func currentSettings() -> MediatorSettings {
        let cache = ThreadResolutionCache.current
        if let index = cache.slotIndex(for: id), cache.slots[index].generation == generation.load(ordering: .acquiring) {
            return cache.slots[index].settings
        }
        return registry.withLock { $0.settings }
    }

    /// The error for a call that names no registered target or action, listing what exists.
    func notFoundError(target: String, action: String) -> MediatorError {
        let (box, names) = registry.withLock { ($0.targets[target], Array($0.targets.keys)) }
        guard let box else {
            return .targetNotFound(target: target, suggestions: Suggestions.closest(to: target, in: names))
        }
        return .actionNotFound(target: target, action: action, available: (try? box.actionNames()) ?? [])
    }
}
