/// A binding this thread resolved in the mediator's current snapshot, held unretained: the hot
/// path's one unsafe step, in one place.
///
/// Invariant: `unretained` is owned by this thread's slot (`ThreadCache.Slot.owned`), found in a
/// slot whose snapshot was the published one when the call began; between `enter()` and `exit()`
/// nothing a slot lets go of is released (`ThreadCache.release`), so running it synchronously inside
/// `run…` is safe without a retain, even if the handler changes the registry. An awaited call may
/// resume on another thread, so it takes a retained reference instead (`retained`).
@usableFromInline
struct CachedBinding {
    @usableFromInline let cache: ThreadCache
    @usableFromInline let unretained: Unmanaged<AnyBinding>
    /// The slot's snapshot, unretained, when interceptors are installed in it (a synchronous typed
    /// call then takes the interceptor stage's short way, `InterceptedRun`); `nil` when none are.
    @usableFromInline let intercepted: Unmanaged<RegistrySnapshot>?

    @usableFromInline
    init(cache: ThreadCache, unretained: Unmanaged<AnyBinding>, intercepted: Unmanaged<RegistrySnapshot>? = nil) {
        self.cache = cache
        self.unretained = unretained
        self.intercepted = intercepted
    }

    /// Runs a typed binding's synchronous handler. The binding's types are the contract's: the
    /// per-thread table indexed by contract holds only bindings of exactly those types.
    @inlinable
    func runSync<Input: Sendable, Output: Sendable>(_ input: Input, as output: Output.Type) throws -> Output {
        cache.enter()
        defer { cache.exit() }
        return try unretained._withUnsafeGuaranteedRef { binding in
            try unsafeDowncast(binding, to: Binding<Input, Output>.self).runSync(input)
        }
    }

    /// Runs a typed binding's handler on the main actor, without `await`.
    @MainActor
    @inlinable
    func runOnMainActor<Input: Sendable, Output: Sendable>(_ input: Input, as output: Output.Type) throws -> Output {
        cache.enter()
        defer { cache.exit() }
        return try unretained._withUnsafeGuaranteedRef { binding in
            try unsafeDowncast(binding, to: Binding<Input, Output>.self).runOnMainActor(input)
        }
    }

    /// The typed binding, retained, for a call that awaits.
    @inlinable
    func retained<Input: Sendable, Output: Sendable>(_ input: Input.Type, _ output: Output.Type) -> Binding<Input, Output> {
        unsafeDowncast(unretained.takeUnretainedValue(), to: Binding<Input, Output>.self)
    }

    /// Runs `body` with the binding, unretained, for a synchronous call by name or URL.
    func run<Result>(_ body: (AnyBinding) throws -> Result) rethrows -> Result {
        cache.enter()
        defer { cache.exit() }
        return try unretained._withUnsafeGuaranteedRef { binding in try body(binding) }
    }
}
