/// The schemas of ``MediatorDeclaredInput`` types, read once per type: a protocol extension has no
/// per-type storage, so they are kept here by type, each in a once-cell.
enum DeclaredSchemas {
    /// A once-cell per type whose schema was asked for. LOCK: a leaf, held only to find or add a
    /// cell; never while a declaration is read (that runs the input's `init()`, in the cell's build).
    private static let cells = Locked([ObjectIdentifier: BuiltOnce<any Sendable>]())

    /// The schema of `Input`, read by `read` on its first use, once however many threads race it:
    /// the others wait for the first and share its schema.
    static func schema<Input>(
        of type: Input.Type, read: @escaping @Sendable () -> MediatorSchema<Input>
    ) -> MediatorSchema<Input> {
        let cell = cells.withLock { cells in
            if let cell = cells[ObjectIdentifier(type)] { return cell }
            let cell = BuiltOnce<any Sendable>({ read() })
            cells[ObjectIdentifier(type)] = cell
            return cell
        }
        return cell.get() as? MediatorSchema<Input> ?? read()
    }
}
