/// The schemas of input types (``MediatorInput``), read once per type (`DeclarationReads`): a
/// protocol extension has no per-type storage, so they are kept here by type.
enum DeclaredSchemas {
    /// A type's schema, or the thread reading it.
    private enum Entry {
        case reading(thread: UInt64)
        case read(any Sendable)
    }

    /// Every schema read so far, and those being read. LOCK: a leaf, held only to look one up, mark
    /// its reader or keep it; never while a declaration is read.
    private static let known = Locked([ObjectIdentifier: Entry]())

    /// The schema of `Input`: the one kept, else read now with `read` (outside every lock), or the
    /// one the thread reading it meanwhile keeps.
    static func schema<Input>(
        of type: Input.Type, reading read: () -> InputSchema<Input>
    ) -> InputSchema<Input> {
        let id = ObjectIdentifier(type)
        if case .read(let kept)? = known.withLock({ $0[id] }), let schema = kept as? InputSchema<Input> {
            return schema
        }
        return DeclarationReads.value(
            claim: { thread in
                known.withLock { known in
                    switch known[id] {
                    case .read(let kept)?:
                        // Kept under this identifier only as this type's schema, by `keep` below.
                        if let schema = kept as? InputSchema<Input> { return .kept(schema) }
                        return .reading(thread: thread)
                    case .reading(let reader)?:
                        return .reading(thread: reader)
                    case nil:
                        known[id] = .reading(thread: thread)
                        return .claimed
                    }
                }
            },
            keep: { schema in
                known.withLock { $0[id] = .read(schema) }
                return schema
            },
            reading: read)
    }
}
