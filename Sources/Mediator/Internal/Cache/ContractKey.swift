/// A small process-wide number for one contract identity (target and action names, input and output
/// types), so a typed call finds its per-thread resolution by array index: no name is hashed and no
/// dictionary is probed on a hit.
///
/// Contracts with the same identity get the same number, so contracts created on the fly (in a
/// loop, say) do not grow the per-thread tables; the number is assigned when the contract is made,
/// usually once, in a `static let`.
@usableFromInline
struct ContractKey: Sendable, Hashable {
    /// The index into per-thread tables.
    @usableFromInline let index: Int
    let input: ObjectIdentifier
    let output: ObjectIdentifier

    /// Keys at or above this index are not cached per thread; their calls resolve by name each time.
    static let cachedLimit = 1 << 16

    init(target: String, action: String, input: any Any.Type, output: any Any.Type) {
        let identity = Identity(
            target: Name(target), action: Name(action), input: ObjectIdentifier(input), output: ObjectIdentifier(output))
        self.input = identity.input
        self.output = identity.output
        self.index = Self.interned.withLock { table in
            if let index = table[identity] { return index }
            let index = table.count
            table[identity] = index
            return index
        }
    }

    private struct Identity: Hashable {
        let target: Name
        let action: Name
        let input: ObjectIdentifier
        let output: ObjectIdentifier
    }

    /// Every identity seen so far. LOCK: a leaf; only the interning above takes it.
    private static let interned = Locked<[Identity: Int]>([:])
}
