internal import MediatorText

/// An input's `@Parameter` declarations, read once with `Mirror`: its fields in declaration order,
/// each under its property's name, or why the declaration cannot be used.
struct DeclaredInput {
    /// The fields: the key the input's `Decodable` initializer asks for, and the field.
    let fields: [(key: String, field: ReflectedField)]
    /// The first property that is not a `@Parameter`, described.
    let problem: String?
    /// Each field's position among the input's stored properties.
    private let positions: [Int]

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
