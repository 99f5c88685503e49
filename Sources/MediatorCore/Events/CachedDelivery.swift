/// A delivery list this thread bound in the mediator's current snapshot, held unretained: a local
/// broadcast's fast path, as `CachedBinding` is a typed call's, with the same invariant.
///
/// Invariant: `unretained` is owned by this thread's slot (`ThreadCache.Slot.ownedLists`), found in
/// a slot whose snapshot was the published one when the broadcast began; between `enter()` and
/// `exit()` nothing a slot lets go of is released, so the list and its bindings are told without a
/// retain, even if a subscriber changes the registry.
@usableFromInline
struct CachedDelivery {
    @usableFromInline let cache: ThreadCache
    @usableFromInline let unretained: Unmanaged<DeliveryList>

    @usableFromInline
    init(cache: ThreadCache, unretained: Unmanaged<DeliveryList>) {
        self.cache = cache
        self.unretained = unretained
    }

    /// Tells each subscriber in order through its typed handler form; inlined into the
    /// broadcaster, so the payload's type is known there.
    @inlinable
    func tell<Payload: Sendable>(_ payload: Payload, isolation: (any Actor)?) -> MediatorBroadcastReport {
        cache.enter()
        defer { cache.exit() }
        return unretained._withUnsafeGuaranteedRef { list in
            // The caller's isolation, not the thread, decides, as in `invokeSync`; asked only when a
            // subscriber is bound to the main actor.
            let callerOnMainActor = list.hasMainActorSubscriber && isolation === MainActor.shared
            return list.report { binding in
                let typed = try Mediator.subscriber(binding, taking: Payload.self)
                if callerOnMainActor, binding.definition.execution == .mainActor {
                    try MainActor.assumeIsolated { try typed.runOnMainActor(payload) }
                } else {
                    try typed.runSync(payload)
                }
            }
        }
    }
}
