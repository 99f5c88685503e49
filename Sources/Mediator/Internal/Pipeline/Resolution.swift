import Synchronization

/// What a call's target and action names resolve to.
enum Resolved: Sendable {
    /// The action, bound and ready to run.
    case bound(AnyBinding)
    /// No target by that name; `registry` is the registry as the lookup saw it (and its version), for suggestions.
    case missingTarget(registry: [Name: any AnyTargetBox], version: UInt64)
    /// The target exists (as the lookup saw it) but declares no such action.
    case missingAction(any AnyTargetBox)
    /// The target's declaration is unusable, or making its instance failed.
    case unusable(MediatorError)
}

/// Finding the binding for a call: the per-thread cache first, the registry on a miss.
extension Mediator {
    /// A lookup's outcome and whether interceptors are installed (from thread-owned memory on a hit).
    struct Lookup {
        let resolved: Resolved
        let hasInterceptors: Bool
    }

    /// Resolves a call by names; a hit takes no lock.
    /// - Parameters:
    ///   - keepingInstance: The call asks to keep the instance it makes (`cachingTarget:`).
    ///   - contract: The typed call's contract: a binding of exactly its types is also cached under it.
    @inline(__always)
    func lookup(_ key: ActionKey, keepingInstance: Bool = false, contract: ContractKey? = nil) -> Lookup {
        let cache = ThreadCache.current
        if let (unretained, hasInterceptors) = cache.binding(
            for: key, mediatorID: id, generation: generation.load(ordering: .acquiring))
        {
            let binding = unretained.takeUnretainedValue()
            if !keepingInstance || binding.usesKeptInstance {
                return Lookup(resolved: .bound(binding), hasInterceptors: hasInterceptors)
            }
        }
        return resolve(key, keepingInstance: keepingInstance, contract: contract, cache: cache)
    }

    /// This thread's binding (unretained) for a call by name when it is current and no interceptor
    /// is installed: such a call goes straight to the handler (through the remote policy, in `invokeSync`).
    @inline(__always)
    func boundWithoutInterceptors(_ key: ActionKey, in cache: ThreadCache) -> Unmanaged<AnyBinding>? {
        guard
            let (binding, hasInterceptors) = cache.binding(
                for: key, mediatorID: id, generation: generation.load(ordering: .acquiring)), !hasInterceptors
        else { return nil }
        return binding
    }

    private func resolve(_ key: ActionKey, keepingInstance: Bool, contract: ContractKey?, cache: ThreadCache) -> Lookup {
        let (box, snapshot, version, settings, resolvedAt) = registry.withLock { state in
            let box = state.targets[Name(key.target)]
            return (
                box, box == nil ? state.targets : [:], state.targetsVersion, state.settings, generation.load(ordering: .relaxed)
            )
        }
        let hasInterceptors = !settings.interceptors.isEmpty
        guard let box else {
            return Lookup(resolved: .missingTarget(registry: snapshot, version: version), hasInterceptors: hasInterceptors)
        }
        return Lookup(
            resolved: bind(
                box, actionNamed: key.action, keepingInstance: keepingInstance, at: resolvedAt, settings: settings, cache: cache,
                storing: { binding in (key, contract.flatMap { Self.matches(binding, $0) ? $0.index : nil }, nil) }),
            hasInterceptors: hasInterceptors)
    }

    /// Binds a box's action (by name) and caches the binding on this thread under the keys `storing` gives.
    func bind(
        _ box: any AnyTargetBox, actionNamed action: String, keepingInstance: Bool, at resolvedAt: UInt64,
        settings: MediatorSettings, cache: ThreadCache,
        storing keys: (AnyBinding) -> (name: ActionKey?, contract: Int?, route: Int?)
    ) -> Resolved {
        if let problem = box.problem { return .unusable(.invalidDeclaration(target: box.name, problem: problem)) }
        guard let index = box.index(of: action) else { return .missingAction(box) }
        return bind(
            box, index: index, keepingInstance: keepingInstance, at: resolvedAt, settings: settings, cache: cache, storing: keys)
    }

    /// Binds a box's action (by index) and caches the binding on this thread.
    func bind(
        _ box: any AnyTargetBox, index: Int, keepingInstance: Bool, at resolvedAt: UInt64, settings: MediatorSettings,
        cache: ThreadCache, storing keys: (AnyBinding) -> (name: ActionKey?, contract: Int?, route: Int?)
    ) -> Resolved {
        let binding: AnyBinding
        var generationNow = resolvedAt
        do {
            let (bound, keptNewInstance) = try box.bind(index, keepingInstance: keepingInstance)
            binding = bound
            if keptNewInstance {
                // Other threads hold per-call bindings of this target; make them pick up the kept instance.
                generationNow = mutate { _ in generation.load(ordering: .relaxed) + 1 }
            }
        } catch let error as MediatorError {
            return .unusable(error)
        } catch {
            return .unusable(.invalidDeclaration(target: box.name, problem: "\(error)"))
        }
        let (name, contract, route) = keys(binding)
        cache.store(
            binding, name: name, contract: contract, route: route, mediatorID: id, generation: generationNow, settings: settings)
        return .bound(binding)
    }

    /// Whether a binding's handler takes and returns exactly a contract's types, so a typed call may
    /// use it without a cast.
    static func matches(_ binding: AnyBinding, _ contract: ContractKey) -> Bool {
        binding.definition.inputType == contract.input && binding.definition.outputType == contract.output
    }

    /// The interceptors and fallback in force, from this thread's cache when it is current.
    func currentSettings() -> MediatorSettings {
        if let settings = ThreadCache.current.settings(mediatorID: id, generation: generation.load(ordering: .acquiring)) {
            return settings
        }
        return registry.withLock { $0.settings }
    }
}
