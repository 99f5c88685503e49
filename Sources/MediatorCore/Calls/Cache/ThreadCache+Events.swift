/// Each thread's delivery lists: a local broadcast with nothing installed finds its event's bound
/// subscribers in this thread's slot for the current snapshot, as a typed call finds its binding,
/// retaining neither the snapshot nor the list.
extension ThreadCache {
    /// A broadcast's delivery list (unretained) in a slot, if this thread stored it there.
    @inline(__always)
    @usableFromInline
    func deliveryList(index: Int, inSlot slot: Int) -> Unmanaged<DeliveryList>? {
        let slots = state.pointee.slots
        guard index < slots[slot].byEvent.count else { return nil }
        return slots[slot].byEvent[index]
    }

    /// Keeps a complete delivery list of `snapshot` in that snapshot's slot; when this thread has
    /// moved on to another snapshot meanwhile, it is not kept at all.
    func store(_ list: DeliveryList, event index: Int, in snapshot: RegistrySnapshot) {
        guard let slot = slotIndex(of: snapshot) else { return }
        let slots = state.pointee.slots
        if slots[slot].byEvent.count <= index {
            slots[slot].byEvent.append(contentsOf: repeatElement(nil, count: index + 1 - slots[slot].byEvent.count))
        }
        guard slots[slot].byEvent[index] == nil else { return }
        slots[slot].ownedLists.append(list)
        slots[slot].byEvent[index] = Unmanaged.passUnretained(list)
    }
}
