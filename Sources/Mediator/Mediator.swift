import Synchronization

/// Resolves string target and action names to registered targets, so modules call each other
/// without importing each other.
///
/// Register each module's ``MediatorTarget`` once at start-up, then call its actions through the
/// typed contracts its facade declares, by name, or by URL:
///
/// ```swift
/// let mediator = Mediator()
/// try mediator.register(CatalogTarget())
/// let cents = try mediator.call(Catalog.price, with: ProductID(id: 42))              // typed
/// let same = try mediator.perform("price", on: "Catalog", with: ["id": 42], as: Int.self)   // by name
/// ```
///
/// Apps use ``shared``; tests create independent instances. Every method is safe to call from any
/// thread. A call resolves its target and action once per thread and registry change; a repeated
/// call takes no lock, and a typed call hashes no name.
public final class Mediator: Sendable {
    /// The mediator an app shares across its modules.
    public static let shared = Mediator()

    // The locks, and the one rule about them.
    //
    // LOCK ORDER: there is none to get wrong, because no mediator lock is ever taken while another
    // is held, and no user code (factory, handler, interceptor, fallback, declaration, deinitializer
    // of something the mediator drops) runs while any of them is held. The locks are:
    // - `registry` (below): targets, interceptors and fallback, URL routing state. Values replaced
    //   under it are released after it is released (`RegistryState.released`).
    // - `InstanceCoordinator.shared.condition`: kept target instances and who is making them.
    //   Factories run with it released; waiting for another thread's factory releases it.
    // - `ContractKey.interned`, `ThreadCache.liveMediators`: process-wide bookkeeping, taken for
    //   a few instructions on the slow path only.
    // - `DecisionRace.state`: one per asynchronous interceptor decision.
    // Calls that hit the per-thread cache (`ThreadCache`) take none of them.

    /// Distinguishes this mediator in per-thread caches; never reused, unlike an object address.
    let id: UInt64
    /// Bumped by every change that invalidates per-thread resolutions (see `mutate`).
    let generation = Atomic<UInt64>(0)
    /// Everything registered with this mediator. LOCK: a leaf; see the lock rule above.
    let registry = Locked(RegistryState())
    /// Hands each registered target its ordinal: registration order, the URL routes' last tie-breaker.
    let registrations = Atomic<Int>(0)
    /// How long an asynchronous interceptor decision may take, in nanoseconds; atomic so a call reads
    /// it without a lock (see `setInterceptorTimeout(_:)`).
    let interceptorTimeoutNanoseconds = Atomic<Int64>(Mediator.defaultInterceptorTimeoutNanoseconds)

    private static let nextID = Atomic<UInt64>(1)
    static let defaultInterceptorTimeoutNanoseconds: Int64 = 10_000_000_000

    /// Creates an empty, independent mediator.
    public init() {
        id = Self.nextID.wrappingAdd(1, ordering: .relaxed).oldValue
        ThreadCache.mediatorCreated(id)
    }

    deinit {
        // Threads drop this mediator's cached resolutions (and the instances they hold): this
        // thread now, the others on their next call through any mediator.
        ThreadCache.mediatorRetired(id)
    }

    /// Changes the registry and invalidates every thread's cached resolutions.
    ///
    /// What the change replaces or removes (targets, interceptors, routes) is released only after
    /// the lock is: releasing it can run deinitializers, which are user code.
    func mutate<Result>(_ body: (inout RegistryState) throws -> Result) rethrows -> Result {
        var released: [any Sendable] = []
        defer { withExtendedLifetime(released) {} }
        return try registry.withLock { state in
            defer {
                released = state.released
                state.released = []
                generation.wrappingAdd(1, ordering: .releasing)
            }
            return try body(&state)
        }
    }
}

/// Everything a mediator's `registry` lock protects.
struct RegistryState {
    /// The registered targets, by exact name.
    var targets: [Name: any AnyTargetBox] = [:] {
        didSet { targetsVersion &+= 1 }
    }
    /// Bumped by every change to `targets`, so the URL router knows when to rebuild its routes.
    var targetsVersion: UInt64 = 0
    /// Interceptors and the fallback handler.
    var settings = MediatorSettings()
    /// URL schemes, hosts, options and configuration, and the router built from them (see `Mediator+URL.swift`).
    var routing = RoutingState()
    /// The names of `targets` indexed for suggestions, built on the first miss at a `targetsVersion`.
    var suggestions: (version: UInt64, index: SuggestionIndex)?
    /// Values a change replaced or removed, released by `Mediator.mutate` after the lock.
    var released: [any Sendable] = []
}
