internal import MediatorCore

/// The back stacks a ``LinkNavigation`` knows, found for every link it opens: by the interned index
/// of the contract the link's action binds, else by the action's names.
///
/// Both are open-addressed tables of indices into one list. The contract index is the usual key: a
/// link to an action bound to a contract carries it, and a back stack declared with that action
/// contract has the same one (the index interns the names with the input and output types, and a
/// target cannot bind another target's contract), so finding its back stack reads and hashes no
/// name. Names are the fallback, for actions declared by name and back stacks declared with other
/// contracts; the action name is hashed by its exact bytes with the core's hash
/// (`NameComparison.hash`).
struct BackStackTable: Sendable {
    /// One declared back stack.
    private struct Entry: Sendable {
        let target: String
        let action: String
        let contractIndex: Int
        let plan: BackStack.Plan

        /// Whether the back stack is the action's with these names: compared by their exact bytes,
        /// as the registry compares names (`NameComparison`), so two actions whose names differ only
        /// in their Unicode normalization, which the registry keeps apart, have a back stack each.
        ///
        /// Only links whose action's contract does not name a back stack compare names (actions
        /// declared by name, redirects by names, back stacks of other contracts): the byte
        /// comparison, a call into the core that makes this caller retain both names, is not on the
        /// path of a link to a contract's action.
        func matches(target: String, action: String) -> Bool {
            NameComparison.sameBytes(self.action, action) && NameComparison.sameBytes(self.target, target)
        }
    }

    /// The back stacks, in the order first declared.
    private var entries: [Entry] = []
    /// Indices into `entries` plus one (zero is an empty slot) by action name, at least twice as
    /// many slots as entries.
    private var slots: [Int32]
    /// Indices into `entries` plus one by contract index, for entries declared with an action
    /// contract; as many slots as `slots`.
    private var contractSlots: [Int32]
    /// `slots.count - 1`; the slot count is a power of two.
    private let mask: Int

    /// A table of back stacks; a later one for the same action (the same names, byte for byte)
    /// replaces an earlier one.
    init(_ backStacks: [BackStack]) {
        var count = 8
        while count < backStacks.count * 2 { count <<= 1 }
        slots = Array(repeating: 0, count: count)
        contractSlots = Array(repeating: 0, count: count)
        mask = count - 1
        for backStack in backStacks {
            let entry = Entry(
                target: backStack.target, action: backStack.action, contractIndex: backStack.contractIndex,
                plan: backStack.plan)
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
        // Indexed by contract only once every replacement is made: an index of a replaced back
        // stack is then not found, and its links find the one that replaced it by names.
        for (position, entry) in entries.enumerated() where entry.contractIndex >= 0 {
            var slot = entry.contractIndex & mask
            while contractSlots[slot] != 0 { slot = (slot + 1) & mask }
            contractSlots[slot] = Int32(position + 1)
        }
    }

    /// The plan of the back stack declared for a routed link's action, if any.
    func plan(for link: Mediator.RoutedLink) -> BackStack.Plan? {
        let contractIndex = link.contractIndex
        if contractIndex >= 0 {
            var slot = contractIndex & mask
            while true {
                let stored = Int(contractSlots[slot])
                if stored == 0 { break }
                if entries[stored - 1].contractIndex == contractIndex { return entries[stored - 1].plan }
                slot = (slot + 1) & mask
            }
        }
        return plan(target: link.target, action: link.action)
    }

    /// The plan of the back stack declared for an action, by its names, if any.
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
