/// Each thread's copy of a mediator's open gates, for the interceptor stage's short way: an
/// interceptor that holds every call on an open gate (a login gate once logged in) asks on every
/// call, and taking the hold queue's lock for it cost more than the rest of its decision.
///
/// The copy is current while the mediator's `gateChanges` count is the one it was copied at: the
/// count moves, under `holds`, with every opening and closing, and the copy is taken under `holds`
/// with the count. A gate the copy shows open was open when the count was read, which is what the
/// lock's answer meant too (a gate can close right after either). A gate it shows closed sends the
/// call to the general pass, which holds it, or not, under the lock.
extension ThreadCache {
    /// Whether `gate` lets calls through now, read from this thread's copy in `snapshot`'s slot,
    /// copied again under the hold queue's lock only when a gate opened or closed since.
    func letsThrough(_ gate: Mediator.Gate, of mediator: Mediator, in snapshot: Unmanaged<RegistrySnapshot>) -> Bool {
        let changes = mediator.gateChanges.load()
        // The slot is found again: an interceptor ran since the call found it, and may have moved it.
        guard let slot = snapshot._withUnsafeGuaranteedRef({ slotIndex(of: $0) }) else {
            return mediator.holds.withLock { $0.lets(through: gate) }
        }
        let slots = state.pointee.slots
        if slots[slot].gateChangesSeen != changes {
            let (open, seen): (OpenGates, UInt) = mediator.holds.withLock { ($0.open, mediator.gateChanges.load()) }
            slots[slot].openGates = open
            slots[slot].gateChangesSeen = seen
        }
        return slots[slot].openGates.contains(gate.name)
    }
}
