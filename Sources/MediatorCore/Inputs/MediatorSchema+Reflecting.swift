extension MediatorSchema where Input: Decodable {
    /// Reads an input's schema from its `@Parameter` declarations: each property's name, type,
    /// default and description, as written once on the property.
    ///
    /// ```swift
    /// public struct Reprice: MediatorInput, Decodable {
    ///     @Parameter("Product id") public var id: Int
    ///     @Parameter("New price in cents") public var cents: Int
    ///     public static let schema = MediatorSchema(reflecting: Self.init)
    /// }
    /// ```
    ///
    /// `Self.init` is the initializer without arguments Swift gives a struct whose stored properties
    /// all have initial values (a `@Parameter` with only a description counts): the schema reads
    /// that declaration once, with `Mirror`, the way swift-argument-parser reads a command. Values
    /// from calls by name and URLs are converted, checked in declaration order, and written into a
    /// copy of that declaration (a class's properties live in its object, so a class is built by
    /// its `Decodable` initializer instead); a typed call passes the input through untouched.
    ///
    /// Every stored property must be a `@Parameter`; an input that has another is refused when its
    /// target is registered, with a message naming the property.
    ///
    /// `descriptions` gives a parameter declared without one the description listed under its name;
    /// the `@MediatorInput` macro of the optional `MediatorMacros` package passes the first line of
    /// each parameter's doc comment, so a description is written once. One written in the attribute wins.
    /// - Parameters:
    ///   - declaration: The input's initializer without arguments, usually `Self.init`.
    ///   - descriptions: One-line descriptions by parameter name, for parameters declared without one.
    public init(reflecting declaration: @Sendable () -> Input, descriptions: [String: String] = [:]) {
        let reflected = MediatorSchema(reading: declaration)
        self.init(
            parameters: reflected.parameters.map { parameter in
                var described = parameter
                if parameter.summary.isEmpty, let summary = descriptions[parameter.name] { described.summary = summary }
                return described
            },
            decode: reflected.decode, encode: reflected.encode, problem: reflected.problem, unset: reflected.unset)
    }

    /// Reads the schema from the declaration ``init(reflecting:descriptions:)`` is given.
    init(reading declaration: @Sendable () -> Input) {
        let instance = declaration()
        let declared = DeclaredInput(reflecting: instance)
        let fields = declared.fields
        let problem = declared.problem
        let unset = UnsetParameters(declaration: instance, parameters: fields.map(\.field.parameter))
        if let writers = declared.writers {
            // Each parameter written straight into a copy of the declaration: no values by name
            // gathered, no decoder, no wrapper boxed.
            self.init(
                parameters: fields.map(\.field.parameter),
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
            parameters: fields.map(\.field.parameter),
            decode: { lookup, definition in
                if let problem { throw MediatorError.invalidInput(Input.self, problem: problem, in: definition) }
                var values: [String: any Sendable] = [:]
                values.reserveCapacity(fields.count)
                for (key, field) in fields { values[key] = try field.decode(lookup, definition) }
                do {
                    return try Input(from: DeclaredFieldsDecoder(values: values))
                } catch {
                    throw MediatorError.invalidInput(Input.self, problem: "\(error)", in: definition)
                }
            },
            encode: { input in declared.namedValues(of: input) },
            problem: problem, unset: unset)
    }
}
