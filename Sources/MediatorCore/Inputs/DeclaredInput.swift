internal import MediatorText

/// An input's `@Parameter` declarations, read once with `Mirror`: its fields in declaration order,
/// each under its property's name, or why the declaration cannot be used.
struct DeclaredInput {
    /// The fields: the parameter's name (its property's, without the wrapper's `_`), and the field.
    let fields: [(key: String, field: ReflectedField)]
    /// The first property that is not a `@Parameter`, described.
    let problem: String?
    /// Each field's position among the input's stored properties.
    private let positions: [Int]
    /// Where each field's value is kept in the input, and its writer: a call builds the input by
    /// writing into a copy of the declaration. `nil` when the input is not a struct of `@Parameter`
    /// properties as `Mirror` showed them (then it is refused).
    let writers: [Writer]?

    /// One parameter's writer, and where in the input its wrapper keeps its value and its first word.
    struct Writer {
        let storage: Int
        let header: Int
        /// The first word once the parameter holds a value (unset in the declaration for a required one).
        let setHeader: UInt64
        let write: StorageWriter

        /// Decodes the parameter into the input at `base` and marks it set (a required one is
        /// written or the call threw; the others were never unset).
        @inline(__always)
        func write(_ lookup: ParameterLookup, _ definition: ActionDefinition?, into base: UnsafeMutableRawPointer) throws {
            try write(lookup, definition, base + storage)
            (base + header).storeBytes(of: setHeader, as: UInt64.self)
        }
    }

    init<Input>(reflecting declaration: Input) {
        var fields: [(key: String, field: ReflectedField)] = []
        var problem: String?
        var positions: [Int] = []
        for (index, child) in Mirror(reflecting: declaration).children.enumerated() {
            let label = child.label ?? "#\(index)"
            // A wrapped property is stored as `_name`; its coding key and parameter name are `name`.
            let name = label.hasPrefix("_") ? String(label.dropFirst()) : label
            guard let parameter = child.value as? any DeclaredParameter else {
                problem = problem ?? "its property \(LogSafeText.quoted(name)) is not declared with @Parameter"
                continue
            }
            fields.append((name, parameter.field(named: name)))
            positions.append(index)
        }
        self.positions = positions
        self.fields = fields
        self.problem = problem
        self.writers = problem == nil ? Self.writers(of: Input.self, fields) : nil
    }

    /// The writers of `fields` at their offsets in `Input`, when its stored properties are exactly
    /// the fields' wrappers in the same order.
    private static func writers<Input>(
        of type: Input.Type, _ fields: [(key: String, field: ReflectedField)]
    ) -> [Writer]? {
        guard let stored = StoredFields.of(Input.self), stored.count == fields.count else { return nil }
        var writers: [Writer] = []
        for (property, (key, field)) in zip(stored, fields) {
            guard property.name == "_" + key || property.name == key, let storage = field.storageOffset,
                let header = field.headerOffset, property.type == field.wrapperType
            else { return nil }
            writers.append(
                Writer(
                    storage: property.offset + storage, header: property.offset + header, setHeader: field.setHeader,
                    write: field.write))
        }
        return writers
    }

    /// An input's parameter values by name, read property by property in declaration order;
    /// optionals that hold nothing are left out.
    func namedValues<Input>(of input: Input) -> [String: any Sendable] {
        var values: [String: any Sendable] = [:]
        let children = Array(Mirror(reflecting: input).children)
        for (position, (key, field)) in zip(positions, fields) where position < children.count {
            if let value = field.read(children[position].value) { values[key] = value }
        }
        return values
    }
}
