/// The schemas of ``MediatorDeclaredInput`` types, read once per type (`DeclarationReads`): a
/// protocol extension has no per-type storage, so they are kept here by type.
enum DeclaredSchemas {
    /// Every schema read so far. LOCK: a leaf, held only to look one up or keep one (the latter
    /// inside `DeclarationReads`'s lock); never while a declaration is read.
    private static let known = Locked([ObjectIdentifier: any Sendable]())

    /// The schema of `Input`: the one kept, else read now with `read` (outside every lock), or
    /// the one the thread reading it meanwhile keeps.
    static func schema<Input>(
        of type: Input.Type, reading read: () -> MediatorSchema<Input>
    ) -> MediatorSchema<Input> {
        let id = ObjectIdentifier(type)
        if let kept = known.withLock({ $0[id] }) as? MediatorSchema<Input> { return kept }
        return DeclarationReads.value(
            of: DeclarationReads.Key(object: id, part: .schema),
            kept: { known.withLock { $0[id] } as? MediatorSchema<Input> },
            keep: { schema in
                known.withLock { $0[id] = schema }
                return schema
            },
            reading: read)
    }
}
