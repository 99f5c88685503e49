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
            if let index = table.indices[identity] { return index }
            let index = table.names.count
            table.indices[identity] = index
            table.names.append((target, action))
            return index
        }
    }

    /// The contract's target and action names, read from the process-wide table (a lock taken for
    /// a few instructions: only the pipeline's slow path and descriptions read them).
    var names: (target: String, action: String) {
        Self.interned.withLock { $0.names[index] }
    }

    private struct Identity: Hashable {
        let target: Name
        let action: Name
        let input: ObjectIdentifier
        let output: ObjectIdentifier
    }

    /// Every identity seen so far, and each one's names by index.
    private struct Interned {
        var indices: [Identity: Int] = [:]
        var names: [(target: String, action: String)] = []
    }

    /// Every identity seen so far. LOCK: a leaf, held only to intern a key or read its names.
    private static let interned = Locked(Interned())
}
