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
            parameters: parameters,
            decode: { lookup, definition in
                var input = instance
                try withUnsafeMutableBytes(of: &input) { bytes in
                    guard let base = bytes.baseAddress else { return }
                    for index in writers.indices {
                        try writers[index].write(lookup, definition, base + writers[index].storage)
                        // Set (or never unset): a required parameter is written or the call threw.
                        (base + writers[index].header).storeBytes(of: writers[index].setHeader, as: UInt64.self)
                    }
                }
                return input
            },
            encode: { input in declared.namedValues(of: input) },
            problem: nil, unset: unset)
    }
}
