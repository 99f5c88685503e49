extension InputSchema {
    /// Reads the schema from `declaration` (an input's `init()`), once per type, with `Mirror`: each
    /// stored property must be a `@Parameter`. Values from calls by name and URLs are converted,
    /// checked in declaration order, and written into a copy of the declaration; a class, whose
    /// properties live in its object, is built by its `Decodable` initializer if it has one.
    init(reading declaration: @Sendable () -> Input) {
        let instance = declaration()
        let declared = DeclaredInput(reflecting: instance)
        let fields = declared.fields
        let problem =
            declared.problem
            ?? (declared.writers == nil && !(Input.self is any Decodable.Type)
                ? "it is not a struct of @Parameter properties, so it must be Decodable to be built from values" : nil)
        let parameters = fields.map(\.field.parameter)
        // The writers know where each wrapper keeps its "unset" word; without them, the declaration is scanned.
        let unset = UnsetParameters(
            declaration: instance, parameters: parameters,
            offsets: declared.writers.map { writers in
                zip(writers, parameters).filter { $0.1.isRequired }.map { $0.0.unset }
            })
        if let writers = declared.writers {
            // Each parameter written straight into a copy of the declaration: no values by name
            // gathered, no decoder, no wrapper boxed.
            self.init(
                parameters: parameters,
                decode: { lookup, definition in
                    var input = instance
                    try withUnsafeMutableBytes(of: &input) { bytes in
                        guard let base = bytes.baseAddress else { return }
                        for writer in writers {
                            try writer.write(lookup, definition, base + writer.storage)
                            // Set (or never unset): a required parameter is written or the call threw.
                            (base + writer.unset).storeBytes(of: 0, as: UInt64.self)
                        }
                    }
                    return input
                },
                encode: { input in declared.namedValues(of: input) },
                problem: nil, unset: unset)
            return
        }
        self.init(
            parameters: parameters,
            decode: { lookup, definition in
                if let problem { throw MediatorError.invalidInput(Input.self, problem: problem, in: definition) }
                var values: [String: any Sendable] = [:]
                values.reserveCapacity(fields.count)
                for (key, field) in fields { values[key] = try field.decode(lookup, definition) }
                do {
                    if let input = try (Input.self as? any Decodable.Type)?.init(from: DeclaredFieldsDecoder(values: values))
                        as? Input
                    {
                        return input
                    }
                } catch {
                    throw MediatorError.invalidInput(Input.self, problem: "\(error)", in: definition)
                }
                // A type that is not `Decodable` has a problem above; this is its decoder making another type.
                throw MediatorError.invalidInput(Input.self, problem: "it could not be built from values", in: definition)
            },
            encode: { input in declared.namedValues(of: input) },
            problem: problem, unset: unset)
    }
}
