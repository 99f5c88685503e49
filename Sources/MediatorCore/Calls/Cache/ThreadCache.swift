/// Each thread's current registry snapshot and what it resolved in it, per mediator, so the hot
/// path reads only thread-owned memory; and the thread's own bookkeeping for factories and declarations.
///
/// A slot holds one snapshot, strongly, and the bindings, routes and router this thread resolved in
/// it. It is current while its snapshot's address is the one the mediator publishes: a call loads
/// that word once and compares it with its slots' (`hitSlot`); after any change the mediator publishes
/// another address (or none), no slot matches, and the call takes the snapshot from the registry
/// and starts a fresh slot. Nothing is invalidated by counting: a slot is keyed by the snapshot it was
/// filled from, so it can never answer for another state. No lock is taken on a hit, and no object
/// another thread uses is retained, so concurrent callers never contend.
///
/// The state is a struct in memory this thread allocated, reached through a pointer kept in
/// thread-specific storage: a hit reads fields in place, copying no slot (a class instance here
/// would cost a retain per access, and a stored `var` of a class a dynamic exclusivity check).
///
/// A synchronous hit does not even retain the binding it runs. A slot owns its bindings (`owned`)
/// and indexes them unretained; whatever a slot lets go of while a synchronous call is running on
/// this thread (a handler that registers a target replaces the slot, say) is released only when the
/// outermost such call returns (`enter()`/`exit()`), so no binding is freed while it runs. Slot
/// indices are used only until the next user code or slot change: what a call keeps across those
/// is the snapshot and binding themselves.
@usableFromInline
struct ThreadCache {
    struct Slot {
        let snapshot: RegistrySnapshot
        /// `snapshot`'s address, compared with the mediator's published word.
        let address: UInt
        /// Cached from the snapshot so a call without interceptors reads only this thread's memory
        /// (`intercepted != nil`, kept as a flag: the fast paths test it alone, and measured 1 cheaper).
        let hasInterceptors: Bool
        /// `snapshot`, unretained, when interceptors are installed in it; `nil` when none are.
        let intercepted: Unmanaged<RegistrySnapshot>?
        /// Every binding the slot's tables point to, kept alive for as long as the slot lives.
        var owned: [AnyBinding] = []
        /// Calls by name.
        var byName: [ActionKey: Unmanaged<AnyBinding>] = [:]
        /// The last few calls by name, matched by identical string representation before any hashing.
        var recent: ContiguousArray<RecentName> = []
        var nextRecent = 0
        /// Typed calls, by contract key index: no name is hashed on a hit. Holds only bindings whose
        /// input and output types are exactly the contract's.
        var byContract: ContiguousArray<Unmanaged<AnyBinding>?> = []
        /// The snapshot's URL router, once a URL was opened on this thread.
        var router: URLRouter?
        /// URL calls, by the router's action index: a matched route reaches its binding without a name lookup.
        var byRoute: ContiguousArray<Unmanaged<AnyBinding>?> = []
        /// Local broadcasts, by event key number: the snapshot's complete delivery lists, held by `ownedLists`.
        var byEvent: ContiguousArray<Unmanaged<DeliveryList>?> = []
        /// Every delivery list `byEvent` points to, kept alive for as long as the slot lives.
        var ownedLists: [DeliveryList] = []
        /// A copy of the mediator's open gates, and its `gateChanges` count when copied (`UInt.max`:
        /// none copied yet); see `ThreadCache+Gates.swift`.
        var openGates = OpenGates([])
        var gateChangesSeen = UInt.max

        init(snapshot: RegistrySnapshot) {
            self.snapshot = snapshot
            self.address = UInt(bitPattern: ObjectIdentifier(snapshot))
            self.hasInterceptors = snapshot.hasInterceptors
            self.intercepted = snapshot.hasInterceptors ? Unmanaged.passUnretained(snapshot) : nil
        }
    }

    /// A call by name's names and binding, remembered so a repeat call with the same strings skips hashing.
    struct RecentName {
        let key: ActionKey
        let binding: Unmanaged<AnyBinding>
    }

    /// How many recent calls by name a slot remembers.
    static let recentLimit = 4

    /// Everything one thread keeps.
    @usableFromInline
    struct State {
        /// This thread's id, for the instance coordinator's wait graph; never reused.
        let threadID: UInt64
        /// The mediator retirement count this thread last purged its slots for.
        var seenRetirements: UInt
        /// `slotLimit` slots, of which the first `slotCount` are initialized; most recently made last.
        let slots: UnsafeMutablePointer<Slot>
        var slotCount = 0
        /// The targets whose kept instances this thread is making, outermost first (for cycle reports).
        var creating: [String] = []
        /// The target boxes whose declarations this thread is reading.
        var readingTables: [ObjectIdentifier] = []
        /// How many synchronous calls that use an unretained binding are running on this thread.
        @usableFromInline var inFlight = 0
        /// What slots let go of while such a call was running; released when the outermost returns.
        @usableFromInline var deferred: [Any] = []

        init(threadID: UInt64, seenRetirements: UInt, slots: UnsafeMutablePointer<Slot>) {
            self.threadID = threadID
            self.seenRetirements = seenRetirements
            self.slots = slots
        }
    }

    /// At most this many mediators are cached per thread; tests create many short-lived ones.
    static let slotLimit = 8

    @usableFromInline let state: UnsafeMutablePointer<State>

    /// Marks the start of a synchronous call that runs an unretained binding.
    @inlinable
    func enter() {
        state.pointee.inFlight &+= 1
    }

    /// Marks its end; the outermost end releases what was let go of meanwhile.
    @inlinable
    func exit() {
        state.pointee.inFlight &-= 1
        if state.pointee.inFlight == 0, !state.pointee.deferred.isEmpty { releaseDeferred() }
    }

    @usableFromInline
    func releaseDeferred() {
        let released = state.pointee.deferred
        state.pointee.deferred = []
        withExtendedLifetime(released) {}
    }

    /// Releases now, or after the outermost running call if one is running.
    func release(_ values: [Any]) {
        if state.pointee.inFlight > 0 {
            state.pointee.deferred.append(contentsOf: values)
        } else {
            withExtendedLifetime(values) {}
        }
    }

    // MARK: Reading (the hot path: no lock, no allocation, nothing copied or released)

    /// The index of the slot whose snapshot is at `address`, the mediator's published word; `nil`
    /// when this thread holds no slot for that snapshot (0, a withdrawn snapshot, matches none).
    @inline(__always)
    func hitSlot(address: UInt) -> Int? {
        let slots = state.pointee.slots
        var index = state.pointee.slotCount - 1
        while index >= 0 {
            if slots[index].address == address { return index }
            index -= 1
        }
        return nil
    }

    /// The index of this thread's slot for the mediator's current snapshot, fetching the snapshot
    /// under the registry lock and starting the slot when the thread has none for it.
    @inline(__always)
    func currentSlot(of mediator: Mediator) -> Int {
        if let index = hitSlot(address: mediator.published.load()) { return index }
        return install(mediator.lockedSnapshot())
    }

    /// The mediator's current snapshot.
    func snapshot(of mediator: Mediator) -> RegistrySnapshot {
        state.pointee.slots[currentSlot(of: mediator)].snapshot
    }

    /// The snapshot of a slot.
    @inline(__always)
    func snapshot(inSlot index: Int) -> RegistrySnapshot {
        state.pointee.slots[index].snapshot
    }

    /// The snapshot of a slot, unretained: for a synchronous call between `enter()` and `exit()`,
    /// during which nothing the slot lets go of is released.
    @inline(__always)
    func unretainedSnapshot(inSlot index: Int) -> Unmanaged<RegistrySnapshot> {
        Unmanaged.passUnretained(state.pointee.slots[index].snapshot)
    }

    /// A slot's snapshot, unretained, when interceptors are installed in it (for a synchronous call
    /// between `enter()` and `exit()`, as `unretainedSnapshot`); `nil` when none are.
    @inline(__always)
    func interceptedSnapshot(inSlot index: Int) -> Unmanaged<RegistrySnapshot>? {
        state.pointee.slots[index].intercepted
    }

    /// Whether interceptors are installed in a slot's snapshot.
    @inline(__always)
    func hasInterceptors(inSlot index: Int) -> Bool {
        state.pointee.slots[index].hasInterceptors
    }

    /// A call by name's binding (unretained) in a slot, if this thread resolved it there.
    ///
    /// The recent names are tried first: strings stored identically are the same bytes, so a repeat
    /// call with the same strings (a literal, a short name) is found without hashing either name.
    @inline(__always)
    func binding(for key: ActionKey, inSlot index: Int) -> Unmanaged<AnyBinding>? {
        let slots = state.pointee.slots
        for recent in slots[index].recent
        where NameComparison.identicalRepresentation(recent.key.target, key.target)
            && NameComparison.identicalRepresentation(recent.key.action, key.action)
        {
            return recent.binding
        }
        guard let binding = slots[index].byName[key] else { return nil }
        remember(key, binding, in: index)
        return binding
    }

    /// Adds a call by name to the slot's recent names, replacing the oldest.
    private func remember(_ key: ActionKey, _ binding: Unmanaged<AnyBinding>, in index: Int) {
        let slots = state.pointee.slots
        let entry = RecentName(key: key, binding: binding)
        if slots[index].recent.count < Self.recentLimit {
            slots[index].recent.append(entry)
        } else {
            slots[index].recent[slots[index].nextRecent] = entry
            slots[index].nextRecent = (slots[index].nextRecent + 1) % Self.recentLimit
        }
    }

    /// A call by name's binding (unretained) in this thread's slot for a snapshot, if it has one.
    func binding(for key: ActionKey, in snapshot: RegistrySnapshot) -> Unmanaged<AnyBinding>? {
        guard let index = slotIndex(of: snapshot) else { return nil }
        return binding(for: key, inSlot: index)
    }

    /// A typed call's binding (unretained) in this thread's slot for a snapshot, if it has one.
    func contractBinding(index: Int, in snapshot: RegistrySnapshot) -> Unmanaged<AnyBinding>? {
        guard let slot = slotIndex(of: snapshot) else { return nil }
        return contractBinding(index: index, inSlot: slot)
    }

    /// A typed call's binding (unretained) in a slot, if this thread resolved the contract there.
    @inline(__always)
    func contractBinding(index: Int, inSlot slot: Int) -> Unmanaged<AnyBinding>? {
        let slots = state.pointee.slots
        guard index < slots[slot].byContract.count else { return nil }
        return slots[slot].byContract[index]
    }

    /// A URL call's binding (unretained) in this thread's slot for a snapshot, if it has one.
    func routeBinding(index: Int, in snapshot: RegistrySnapshot) -> Unmanaged<AnyBinding>? {
        guard let slot = slotIndex(of: snapshot) else { return nil }
        return routeBinding(index: index, inSlot: slot)
    }

    /// A URL call's binding (unretained) in a slot by the router's action index.
    @inline(__always)
    func routeBinding(index: Int, inSlot slot: Int) -> Unmanaged<AnyBinding>? {
        let slots = state.pointee.slots
        guard index < slots[slot].byRoute.count else { return nil }
        return slots[slot].byRoute[index]
    }

    /// The slot's router: cached in the slot, else the snapshot's (built now, outside every lock,
    /// if no thread built it yet). Slot indices may move while it is built, so it is stored by snapshot.
    func router(inSlot index: Int) -> URLRouter {
        if let router = state.pointee.slots[index].router { return router }
        let snapshot = state.pointee.slots[index].snapshot
        let router = snapshot.router.get()
        if let slot = slotIndex(of: snapshot) { state.pointee.slots[slot].router = router }
        return router
    }

    // MARK: Writing (the slow path)

    /// The index of the slot holding exactly this snapshot.
    func slotIndex(of snapshot: RegistrySnapshot) -> Int? {
        let slots = state.pointee.slots
        var index = state.pointee.slotCount - 1
        while index >= 0 {
            if slots[index].snapshot === snapshot { return index }
            index -= 1
        }
        return nil
    }

    /// Makes a snapshot this thread's slot for its mediator, replacing the slot of an older one (or,
    /// when every slot is taken, the least recently started one), and returns its index.
    ///
    /// What the slot replaces is released only after the write is complete, and after the outermost
    /// running call: releasing a binding can release a target instance, whose deinitializer may
    /// call a mediator and so come back here.
    func install(_ snapshot: RegistrySnapshot) -> Int {
        if let index = slotIndex(of: snapshot) { return index }
        var released: [Any] = []
        let slots = state.pointee.slots
        var index = state.pointee.slotCount - 1
        while index >= 0, slots[index].snapshot.mediatorID != snapshot.mediatorID { index -= 1 }
        if index >= 0 {
            released.append((slots + index).move())
            (slots + index).initialize(to: Slot(snapshot: snapshot))
        } else {
            if state.pointee.slotCount == Self.slotLimit {
                released.append(slots.move())
                slots.moveInitialize(from: slots + 1, count: Self.slotLimit - 1)
                state.pointee.slotCount -= 1
            }
            index = state.pointee.slotCount
            (slots + index).initialize(to: Slot(snapshot: snapshot))
            state.pointee.slotCount += 1
        }
        release(released)
        return index
    }

    /// Caches a binding resolved in `snapshot` under every key given, in that snapshot's slot; when
    /// this thread has moved on to another snapshot meanwhile, the binding is not cached at all.
    func store(
        _ binding: AnyBinding, name: ActionKey? = nil, contract: Int? = nil, route: Int? = nil, in snapshot: RegistrySnapshot
    ) {
        guard let index = slotIndex(of: snapshot) else { return }
        let slots = state.pointee.slots
        // A replaced binding stays in `owned` (a call may be running it) until the slot goes.
        slots[index].owned.append(binding)
        let unretained = Unmanaged.passUnretained(binding)
        if let name {
            slots[index].byName[name] = unretained
            // A newer binding for names already remembered replaces theirs.
            slots[index].recent.removeAll { $0.key == name }
        }
        if let contract, contract < ContractKey.cachedLimit {
            if slots[index].byContract.count <= contract {
                slots[index].byContract.append(
                    contentsOf: repeatElement(nil, count: contract + 1 - slots[index].byContract.count))
            }
            slots[index].byContract[contract] = unretained
        }
        if let route {
            if slots[index].byRoute.count <= route {
                slots[index].byRoute.append(contentsOf: repeatElement(nil, count: route + 1 - slots[index].byRoute.count))
            }
            slots[index].byRoute[route] = unretained
        }
    }

}
