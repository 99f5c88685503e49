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
/// thread, and every change is seen by every call that starts after it returned, on any thread:
/// a call reads one immutable snapshot of the registry, once, and uses nothing else, so it never
/// mixes two registry states and never runs an action other than the one its names, contract or URL
/// resolved to. A repeated call takes no lock, and a typed call hashes no name.
public final class Mediator: Sendable {
    /// The mediator an app shares across its modules.
    public static let shared = Mediator()

    // The locks, and the one rule about them.
    //
    // LOCK ORDER: there is none to get wrong, because no mediator lock is ever taken while another
    // is held (but for one leaf inside `holds`, below), and no user code (factory, handler,
    // interceptor, fallback, declaration, deinitializer of something the mediator drops) runs while
    // any of them is held. The locks are:
    // - `registry` (below): the registry's truth (`RegistryState`) and its current snapshot. Values
    //   a change replaces are released after it is released (`RegistryState.released`).
    // - `InstanceCoordinator.shared.condition`: kept target instances and who is making them.
    //   Factories run with it released; waiting for another thread's factory releases it.
    // - `LockStripes.shared` (a target's action table, a snapshot's derived cells, a held call's
    //   phase), `ContractKey.interned`, `ThreadCache.liveMediators`: leaves held only to read or
    //   store one value; what they guard is built outside them.
    // - `DecisionRace.state`: one per asynchronous interceptor decision.
    // - `holds` (below): held calls and open gates. The one nesting: a `MediatorHold`'s stripe of
    //   `LockStripes.shared` (its phase, result and waiting callers; a leaf) is taken inside `holds`
    //   to mark its phase, never the other way round. Waiters are resumed, and observers told,
    //   after both are released.
    // - `DeliveryCache.lock` (one per snapshot, held only to publish a bound subscriber list; read
    //   without it) and `EventKey.interned`: leaves; lists are bound, and factories run, outside them.
    // - `recentLinks` (below): the links seen within the duplicate window; a leaf held to compare
    //   and record one arrival.
    // - `DeclarationReads.condition`: held only by a thread waiting for another thread's read of a
    //   declaration (an input's schema, a target's action or subscription table), and by that reader
    //   to wake it; inside it only the leaves that hold each declaration's state
    //   (`DeclaredSchemas.known`, a box's stripe of `LockStripes.shared`). No declaration is read
    //   under any lock.
    // Calls that hit the per-thread cache (`ThreadCache`) take none of them.

    /// Distinguishes this mediator in per-thread caches; never reused, unlike an object address.
    let id: UInt64
    /// Everything registered with this mediator, and its current snapshot. LOCK: a leaf; see above.
    let registry = Locked(RegistryState())
    /// The address of the current snapshot (`RegistryState.snapshot`), or 0 while a change has
    /// withdrawn it: the one word a call reads to know whether its thread's cache is current.
    ///
    /// Written only under `registry`; read without a lock. A per-thread cache slot holds its snapshot
    /// strongly, so an address equal to a slot's can only be that same live snapshot, never a new
    /// object at a reused address.
    let published = AtomicWord()
    /// Hands each registered target its ordinal: registration order, the URL routes' last tie-breaker.
    let registrations = AtomicWord()
    /// Calls held on gates, which gates are open, and the calls continuing. LOCK: a leaf; see above.
    let holds = Locked(HoldQueue())
    /// 1 while the `ready` gate is closed (remote calls are held at their door), else 0: written
    /// only under `holds`, read by every remote door without a lock.
    let readyClosed = AtomicWord()
    /// How many times a gate was opened or closed: written only under `holds`, read without a lock
    /// by the interceptor stage's short way, which keeps a copy of the open gates per thread and
    /// takes `holds` only when this moved (`ThreadCache.letsThrough`).
    let gateChanges = AtomicWord()
    /// The links that arrived recently, for ``URLOptions/duplicateWindow``. LOCK: a leaf; see above.
    let recentLinks = Locked(RecentLinks())

    private static let nextID = AtomicWord(1)

    /// Creates an empty, independent mediator.
    public init() {
        id = UInt64(Self.nextID.increment())
        ThreadCache.mediatorCreated(id)
    }

    deinit {
        // Held calls can never continue now: their waiting callers hear so (no observer is left to tell).
        let held = holds.withLock { $0.withdraw(on: nil) }
        for hold in held { hold.finish(.withdrawn(.cancelled(reason: "its mediator was released"))) }
        // Threads drop this mediator's cached snapshot and resolutions (and the instances they hold):
        // this thread now, the others on their next call through any mediator.
        ThreadCache.mediatorRetired(id)
    }

    /// Changes the registry's truth and withdraws the current snapshot, so every call that starts
    /// after this returns reads a snapshot made from the changed state.
    ///
    /// What the change replaces or removes (targets, interceptors, routes, the old snapshot) is
    /// released only after the lock is: releasing it can run deinitializers, which are user code.
    func mutate<Result>(_ body: (inout RegistryState) throws -> Result) rethrows -> Result {
        var released: [any Sendable] = []
        defer { withExtendedLifetime(released) {} }
        return try registry.withLock { state in
            defer {
                if let snapshot = state.snapshot { state.released.append(snapshot) }
                state.snapshot = nil
                published.store(0)
                released = state.released
                state.released = []
            }
            return try body(&state)
        }
    }

    /// The current snapshot: this thread's cached one when it is still the published one (no lock),
    /// else made or fetched under the lock.
    func snapshot() -> RegistrySnapshot {
        ThreadCache.current.snapshot(of: self)
    }

    /// The current snapshot, from the registry under its lock; makes and publishes it if a change
    /// withdrew the last one. Made in O(1): no user code runs and nothing is compiled here.
    func lockedSnapshot() -> RegistrySnapshot {
        registry.withLock { state in
            if let snapshot = state.snapshot { return snapshot }
            let snapshot = RegistrySnapshot(mediatorID: id, state: &state)
            state.snapshot = snapshot
            published.store(UInt(bitPattern: ObjectIdentifier(snapshot)))
            return snapshot
        }
    }
}
