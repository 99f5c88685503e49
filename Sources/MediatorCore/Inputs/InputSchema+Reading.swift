extension InputSchema {
    /// Reads the schema from `declaration` (an input's `init()`), once per type, with `Mirror`: each
    /// stored property must be a `@Parameter`. Values from calls by name and URLs are converted,
    /// checked in declaration order, and written into a copy of the declaration.
    init(reading declaration: @Sendable () -> Input) {
        let instance = declaration()
        let declared = DeclaredInput(reflecting: instance)
        let fields = declared.fields
        // A copy of a class shares its object, so only a struct can be built by writing into a copy.
        let problem =
            declared.problem
            ?? (declared.writers == nil ? "it is not a struct whose stored properties are all @Parameter" : nil)
        let parameters = fields.map(\.field.parameter)
        // The writers know where each wrapper keeps its first word; without them, a typed call reflects.
        let unset = UnsetParameters(
            Input.self, parameters: parameters,
            offsets: declared.writers.map { writers in
                zip(writers, parameters).filter { $0.1.isRequired }.map { $0.0.header }
            })
        guard let writers = declared.writers, problem == nil else {
            self.init(
                parameters: parameters,
                decode: { _, definition in
                    throw MediatorError.invalidInput(Input.self, problem: problem ?? "", in: definition)
                },
                encode: { input in declared.namedValues(of: input) }, problem: problem, unset: unset)
            return
        }
        // Each parameter written straight into a copy of the declaration: no values by name
        // gathered, no decoder, no wrapper boxed.
        self.init(
            parameters: parameters, decode: Self.decoding(instance, with: writers),
            encode: { input in declared.namedValues(of: input) }, problem: nil, unset: unset)
    }

    /// Builds an input by writing each parameter into a copy of `declaration`. Inputs of up to three
    /// parameters (most) get a closure holding each writer in its own capture: calling a writer held
    /// there retains nothing, where one read from an array is retained and released around the call.
    private static func decoding(
        _ declaration: Input, with writers: [DeclaredInput.Writer]
    ) -> @Sendable (ParameterLookup, ActionDefinition?) throws -> Input {
        switch writers.count {
        case 1:
            let first = writers[0]
            return { lookup, definition in
                var input = declaration
                try withUnsafeMutablePointer(to: &input) { pointer in
                    let base = UnsafeMutableRawPointer(pointer)
                    try first.write(lookup, definition, into: base)
                }
                return input
            }
        case 2:
            let (first, second) = (writers[0], writers[1])
            return { lookup, definition in
                var input = declaration
                try withUnsafeMutablePointer(to: &input) { pointer in
                    let base = UnsafeMutableRawPointer(pointer)
                    try first.write(lookup, definition, into: base)
                    try second.write(lookup, definition, into: base)
                }
                return input
            }
        case 3:
            let (first, second, third) = (writers[0], writers[1], writers[2])
            return { lookup, definition in
                var input = declaration
                try withUnsafeMutablePointer(to: &input) { pointer in
                    let base = UnsafeMutableRawPointer(pointer)
                    try first.write(lookup, definition, into: base)
                    try second.write(lookup, definition, into: base)
                    try third.write(lookup, definition, into: base)
                }
                return input
            }
        default:
            return { lookup, definition in
                var input = declaration
                try withUnsafeMutablePointer(to: &input) { pointer in
                    let base = UnsafeMutableRawPointer(pointer)
                    for writer in writers { try writer.write(lookup, definition, into: base) }
                }
                return input
            }
        }
    }
}
