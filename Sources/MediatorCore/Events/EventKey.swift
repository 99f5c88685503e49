/// A small process-wide number for one event identity (name and payload type), so a broadcast finds
/// its subscribers by an integer, hashing no name.
///
/// Events with the same identity get the same number; it is assigned when the event is made,
/// usually once, in a `static let`. Two events with one name and different payload types are
/// different events: a subscriber of one is never handed the other's payload.
@usableFromInline
struct EventKey: Sendable, Hashable {
    /// The event's number.
    @usableFromInline let index: Int

    init(name: String, payload: any Any.Type) {
        let identity = Identity(name: Name(name), payload: ObjectIdentifier(payload))
        self.index = Self.interned.withLock { table in
            if let index = table[identity] { return index }
            let index = table.count
            table[identity] = index
            return index
        }
    }

    /// A payload type's name as people read it: `Void` for `()`.
    @usableFromInline
    static func typeName(_ type: any Any.Type) -> String {
        type == Void.self ? "Void" : String(describing: type)
    }

    private struct Identity: Hashable {
        let name: Name
        let payload: ObjectIdentifier
    }

    /// Every identity seen so far. LOCK: a leaf, held only to intern a key.
    private static let interned = Locked<[Identity: Int]>([:])
}
