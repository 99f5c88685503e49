/// A small process-wide number for one contract identity (target and action names, input and output
/// types), so a typed call finds its per-thread resolution by array index: no name is hashed and no
/// dictionary is probed on a hit.
///
/// Contracts with the same identity get the same number, so contracts created on the fly (in a
/// loop, say) do not grow the per-thread tables; the number is assigned when the contract is made,
/// usually once, in a `static let`.
@usableFromInline
package struct ContractKey: Sendable, Hashable {
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
            Self.published.write((target, action), at: index)
            return index
        }
    }

    /// The contract's target and action names, read from the process-wide table: without a lock for
    /// the first `cachedLimit` keys (a link's back stack reads them for every destination it makes).
    var names: (target: String, action: String) { Self.names(ofIndex: index) }

    /// The names of the contract whose key has this index, read from the interned table: for a call
    /// or a routed link that kept only the index, and for the package's navigation layer, which keeps
    /// a contract's `nameIndex` in a destination and reads the names when asked.
    package static func names(ofIndex index: Int) -> (target: String, action: String) {
        if let names = published.read(at: index) { return names }
        return interned.withLock { $0.names[index] }
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

    /// The names of the first `cachedLimit` keys, readable without the lock.
    private static let published = PublishedNames()

    /// Names by key index in chunks of 256 entries, each chunk allocated once and never moved or freed.
    ///
    /// An entry (and its chunk) is written once, under `interned`'s lock, before the key that indexes
    /// it is returned; it is read only through such a key, which reached its reader after that write
    /// (by the lock, or whatever handed the key over), so a read never races the write it needs.
    private final class PublishedNames: @unchecked Sendable {
        // @unchecked: written only under `interned`'s lock, each entry once; read as above.
        private typealias Names = (target: String, action: String)
        private static let chunkSize = 256
        private let chunks: UnsafeMutablePointer<UnsafeMutablePointer<Names>?>

        init() {
            chunks = .allocate(capacity: ContractKey.cachedLimit / Self.chunkSize)
            chunks.initialize(repeating: nil, count: ContractKey.cachedLimit / Self.chunkSize)
        }

        /// Writes a new key's names. Called under `interned`'s lock, once per index.
        func write(_ names: (target: String, action: String), at index: Int) {
            guard index < ContractKey.cachedLimit else { return }
            let (chunk, entry) = index.quotientAndRemainder(dividingBy: Self.chunkSize)
            if chunks[chunk] == nil { chunks[chunk] = .allocate(capacity: Self.chunkSize) }
            chunks[chunk]?.advanced(by: entry).initialize(to: names)
        }

        /// A key's names, or `nil` past the first `cachedLimit` keys.
        func read(at index: Int) -> (target: String, action: String)? {
            guard index < ContractKey.cachedLimit, let chunk = chunks[index / Self.chunkSize] else { return nil }
            return chunk[index % Self.chunkSize]
        }
    }
}
