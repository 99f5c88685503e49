import Synchronization

/// Resolves string target and action names to registered targets, so modules call each other
/// without importing each other.
///
/// Register each module's ``MediatorTarget`` once at start-up, then call actions by name, or through
/// the typed facade a module ships:
///
/// ```swift
/// let mediator = Mediator()
/// try mediator.register(CatalogTarget.self)
/// let price: Double = try mediator.perform("price", on: "Catalog", with: ["id": 42])
/// ```
///
/// Apps use ``shared``; tests create independent instances. Every method is safe to call from any
/// thread. A call resolves its target and action once per thread and registry change, and a repeated
/// call takes no lock and builds no strings.
public final class Mediator: Sendable {
    /// The mediator an app shares across its modules.
    public static let shared = Mediator()

    /// Distinguishes this mediator in per-thread caches; never reused, unlike an object address.
    let id: UInt64
    /// Bumped, under `registry`'s lock, by every change that invalidates cached resolutions.
    let generation = Atomic<UInt64>(0)
    let registry = Locked(RegistryState())
    /// Hands each registered target its ordinal: registration order, the URL routes' last tie-breaker.
    let registrations = Atomic<Int>(0)
    /// How long an asynchronous interceptor decision may take, in nanoseconds; atomic so a call reads
    /// it without the registry lock (see `setInterceptorTimeout(_:)`).
    let interceptorTimeoutNanoseconds = Atomic<Int64>(Mediator.defaultInterceptorTimeoutNanoseconds)

    private static let nextID = Atomic<UInt64>(1)
    static let defaultInterceptorTimeoutNanoseconds: Int64 = 10_000_000_000

    /// Creates an empty, independent mediator.
    public init() {
        id = Self.nextID.wrappingAdd(1, ordering: .relaxed).oldValue
    }

    /// Changes the registry and invalidates every thread's cached resolutions.
    func mutate<Result>(_ body: (inout RegistryState) throws -> Result) rethrows -> Result {
        try registry.withLock { state in
            let result = try body(&state)
            generation.wrappingAdd(1, ordering: .releasing)
            return result
        }
    }
}

/// Everything a mediator's lock protects.
struct RegistryState {
    var targets: [String: any AnyTargetBox] = [:] {
        didSet { targetsVersion &+= 1 }
    }
    /// Bumped by every change to `targets`, so the URL router knows when to rebuild its routes.
    var targetsVersion: UInt64 = 0
    var settings = MediatorSettings()
    /// URL schemes, hosts, options and configuration, and the router built from them (see `Mediator+URL.swift`).
    var routing = RoutingState()
}
