@_spi(Reflection) import Swift

/// Where a struct keeps its stored properties, as the runtime lays them out: what lets a declared
/// input be built by writing each parameter into a copy of its declaration, with no `Decoder`.
enum StoredFields {
    /// One stored property: its name as declared (`_id` for a wrapped `id`), its offset in the
    /// value, and its type.
    struct Field {
        let name: String
        let offset: Int
        let type: any Any.Type
    }

    /// The stored properties of `type` in declaration order, or `nil` when it is not a struct (a
    /// class keeps its properties in the object, not in the value a copy writes to).
    static func of(_ type: any Any.Type) -> [Field]? {
        var fields: [Field] = []
        // The standard library's own walk over the type's field records (what `Mirror` reads), with
        // the offsets the runtime computed for the type; it answers `false` for anything but a struct.
        let isStruct = _forEachField(of: type) { name, offset, type, _ in
            fields.append(Field(name: String(cString: name), offset: offset, type: type))
            return true
        }
        return isStruct ? fields : nil
    }
}
