/// What a thread records about the factories and declarations it is running, for cycle reports:
/// the targets whose instances it is making, and the targets whose declarations it is reading.
extension ThreadCache {
    /// This thread's id.
    var threadID: UInt64 { state.pointee.threadID }

    /// The targets whose kept instances this thread is making.
    var creating: [String] { state.pointee.creating }

    /// Records that this thread starts making an instance of a target: in place, so the stack's
    /// storage is reused from call to call (a get-modify-set through a copy would copy it each time).
    func beginCreating(_ name: String) {
        state.pointee.creating.append(name)
    }

    /// Records that this thread finished making the instance it began last.
    func endCreating() {
        state.pointee.creating.removeLast()
    }

    // MARK: Declarations being read

    /// Marks a target's declaration as being read on this thread; `false` if it already is (the
    /// declaration called back into the mediator, which needed it again).
    func beginReadingTable(of box: AnyObject) -> Bool {
        let id = ObjectIdentifier(box)
        guard !state.pointee.readingTables.contains(id) else { return false }
        state.pointee.readingTables.append(id)
        return true
    }

    func endReadingTable(of box: AnyObject) {
        if let index = state.pointee.readingTables.lastIndex(of: ObjectIdentifier(box)) {
            state.pointee.readingTables.remove(at: index)
        }
    }
}
