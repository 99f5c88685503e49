/// The schemas of ``MediatorDeclaredInput`` types, kept once per type: a protocol extension has no
/// per-type storage, so they are kept here by type.
enum DeclaredSchemas {
    /// Every schema read so far. LOCK: a leaf, held only to look one up or keep one; never while a
    /// declaration is read (that runs the input's `init()`).
    private static let known = Locked([ObjectIdentifier: any Sendable]())

    /// The schema kept for a type, if it was read before.
    static func schema<Input>(of type: Input.Type) -> MediatorSchema<Input>? {
        known.withLock { $0[ObjectIdentifier(type)] } as? MediatorSchema<Input>
    }

    /// Keeps a schema just read, or returns the one another thread kept first.
    static func keep<Input>(_ schema: MediatorSchema<Input>) -> MediatorSchema<Input> {
        let kept = known.withLock { known in
            if let first = known[ObjectIdentifier(Input.self)] { return first }
            known[ObjectIdentifier(Input.self)] = schema
            return schema
        }
        return kept as? MediatorSchema<Input> ?? schema
    }
}
