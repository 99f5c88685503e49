/// The back stacks a ``LinkNavigation`` knows, found by their action's names for every link it
/// opens: an open-addressed table hashed by the action name's bytes (FNV-1a), so finding a link's
/// back stack compares a few names and runs no `Hasher`.
struct BackStackTable: Sendable {
    /// One declared back stack.
    private struct Entry: Sendable {
        let target: String
        let action: String
        let plan: BackStack.Plan
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
            var slot = Self.hash(backStack.action) & mask
            while slots[slot] != 0 {
                let index = Int(slots[slot]) - 1
                if entries[index].action == entry.action, entries[index].target == entry.target { break }
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
        var slot = Self.hash(action) & mask
        while true {
            let stored = Int(slots[slot])
            if stored == 0 { return nil }
            if entries[stored - 1].action == action, entries[stored - 1].target == target { return entries[stored - 1].plan }
            slot = (slot + 1) & mask
        }
    }

    /// FNV-1a over a name's UTF-8 bytes, read in place.
    private static func hash(_ name: String) -> Int {
        func fnv(_ bytes: some Sequence<UInt8>) -> Int {
            var hash: UInt64 = 0xcbf2_9ce4_8422_2325
            for byte in bytes { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
            return Int(truncatingIfNeeded: hash)
        }
        return name.utf8.withContiguousStorageIfAvailable(fnv) ?? fnv(name.utf8)
    }
}
