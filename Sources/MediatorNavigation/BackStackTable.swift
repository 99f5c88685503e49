internal import MediatorCore

/// The back stacks a ``LinkNavigation`` knows, found by their action's names for every link it
/// opens: an open-addressed table hashed by the action name's bytes, so finding a link's back stack
/// compares a few names and runs no `Hasher`. The action name is hashed by its exact bytes with the
/// core's hash (`NameComparison.hash`).
struct BackStackTable: Sendable {
    /// One declared back stack.
    private struct Entry: Sendable {
        let target: String
        let action: String
        let plan: BackStack.Plan

        /// Whether the back stack is the action's with these names.
        ///
        /// `String ==`, which also matches a canonically equivalent spelling, where the core
        /// compares names by their exact bytes (`NameComparison`): the two differ only for names
        /// registered twice in different Unicode normalizations (or with a sign such as U+212A that
        /// decomposes to a letter), which the core then keeps as two actions and this table would
        /// give one back stack. Exact comparison measured dearer here: the core's comparison is a
        /// call that makes this caller retain both names (+190 a link), and `==` with a byte-count
        /// check for ASCII names +40 a link.
        @inline(__always)
        func matches(target: String, action: String) -> Bool {
            self.action == action && self.target == target
        }
    }

    /// The back stacks, in the order first declared.
    private var entries: [Entry] = []
    /// Indices into `entries` plus one (zero is an empty slot), at least twice as many slots as entries.
    private var slots: [Int32]
    /// `slots.count - 1`; the slot count is a power of two.
    private let mask: Int

    /// A table of back stacks; a later one for the same action replaces an earlier one.
    init(_ backStacks: [BackStack]) {
        var count = 8
        while count < backStacks.count * 2 { count <<= 1 }
        slots = Array(repeating: 0, count: count)
        mask = count - 1
        for backStack in backStacks {
            let entry = Entry(target: backStack.target, action: backStack.action, plan: backStack.plan)
            var slot = NameComparison.hash(backStack.action) & mask
            while slots[slot] != 0 {
                let index = Int(slots[slot]) - 1
                if entries[index].matches(target: entry.target, action: entry.action) { break }
                slot = (slot + 1) & mask
            }
            if slots[slot] != 0 {
                entries[Int(slots[slot]) - 1] = entry
            } else {
                entries.append(entry)
                slots[slot] = Int32(entries.count)
            }
        }
    }

    /// The plan of the back stack declared for an action, if any.
    func plan(target: String, action: String) -> BackStack.Plan? {
        var slot = NameComparison.hash(action) & mask
        while true {
            let stored = Int(slots[slot])
            if stored == 0 { return nil }
            if entries[stored - 1].matches(target: target, action: action) { return entries[stored - 1].plan }
            slot = (slot + 1) & mask
        }
    }
}
