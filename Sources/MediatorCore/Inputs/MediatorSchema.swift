/// The parameters of an input type, written once, and how to build the input from them and read them back.
///
/// Create one from the input's initializer and one ``MediatorField`` per parameter, in the order of
/// the initializer's parameters (see ``MediatorInput``):
///
/// ```swift
/// static let schema = MediatorSchema(ProductID.init, .required("id", \.id, "Product id"))
/// ```
public struct MediatorSchema<Input: Sendable>: Sendable {
    /// The input's parameters, in declaration order, as the catalog and URL routing see them.
    public let parameters: [MediatorParameter]
    /// Builds the input from supplied values, or throws the first problem in declaration order.
    @usableFromInline let decode: @Sendable (ParameterLookup, ActionDefinition?) throws -> Input
    /// The input as named values: absent optionals are left out.
    @usableFromInline let encode: @Sendable (Input) -> [String: any Sendable]
    /// Why the declaration cannot be used (a stored property that is not a `@Parameter`); the
    /// action taking the input is refused when its target is registered.
    @usableFromInline let problem: String?
    /// Refuses a typed input that leaves a required `@Parameter` unset; `nil` for inputs that cannot
    /// (explicit schemas, declarations without required parameters).
    @usableFromInline let unset: UnsetParameters?

    /// Creates a schema from the input's initializer and its fields.
    ///
    /// - Parameters:
    ///   - make: The initializer (or any function) that builds the input from the fields' values, in order.
    ///   - fields: One field per parameter of `make`, in the same order.
    @inlinable
    public init<each Value>(
        _ make: @escaping @Sendable (repeat each Value) -> Input, _ fields: repeat MediatorField<Input, each Value>
    ) {
        var parameters: [MediatorParameter] = []
        for field in repeat each fields { parameters.append(field.parameter) }
        self.parameters = parameters
        self.decode = { lookup, definition in try make(repeat (each fields).decode(lookup, definition)) }
        self.encode = { input in
            var values: [String: any Sendable] = [:]
            for field in repeat each fields {
                if let value = field.encode(input) { values[field.parameter.name] = value }
            }
            return values
        }
        self.problem = nil
        self.unset = nil
    }

    @usableFromInline
    init(
        parameters: [MediatorParameter], decode: @escaping @Sendable (ParameterLookup, ActionDefinition?) throws -> Input,
        encode: @escaping @Sendable (Input) -> [String: any Sendable], problem: String? = nil,
        unset: UnsetParameters? = nil
    ) {
        self.parameters = parameters
        self.decode = decode
        self.encode = encode
        self.problem = problem
        self.unset = unset
    }

    /// Throws when `input`, made by a typed initializer, leaves a required `@Parameter` unset.
    @inlinable
    func checkTyped(_ input: borrowing Input, in definition: ActionDefinition?) throws {
        if let unset { try unset.check(input, in: definition) }
    }

    /// Builds an input from named values, converting each as a call by name would (strings from a
    /// push payload included).
    ///
    /// ```swift
    /// let input = try ProductID.schema.input(from: ["id": "42"])   // ProductID(id: 42)
    /// ```
    /// - Parameter parameters: The values, by parameter name.
    /// - Returns: The input.
    /// - Throws: ``MediatorError/Code/missingParameter`` or ``MediatorError/Code/invalidParameter``
    ///   for the first problem, in declaration order.
    public func input(from parameters: MediatorParameters) throws -> Input {
        try decode(ParameterLookup(values: parameters.values), nil)
    }

    /// The input's values by parameter name, as interceptors and URL generation see them; absent
    /// optional values are left out.
    /// - Parameter input: The input.
    /// - Returns: The values.
    public func parameters(of input: Input) -> MediatorParameters {
        MediatorParameters(encode(input))
    }
}

extension MediatorSchema where Input == MediatorParameters {
    /// The schema of an action whose handler reads untyped ``MediatorParameters``: the declared
    /// parameters are checked in order before the handler runs, and every supplied value, declared
    /// or not, is handed over.
    @usableFromInline
    init(declaring parameters: [MediatorParameter]) {
        self.init(
            parameters: parameters,
            decode: { lookup, definition in
                var wildcardValues: [String: any Sendable] = [:]
                for parameter in parameters {
                    if let raw = lookup.raw(parameter.name) {
                        guard parameter.accepts(raw) else {
                            throw MediatorError.invalidParameter(
                                key: parameter.name, expected: parameter.expectation,
                                received: MediatorParameters.describe(raw.materialized), in: definition)
                        }
                        // A wildcard's segments stay apart for a parameter declared as a list.
                        if case .segments(let list) = raw, let value = parameter.convert(list) {
                            wildcardValues[parameter.name] = value
                        }
                    } else if parameter.isRequired {
                        throw MediatorError.missingParameter(
                            key: parameter.name, expected: parameter.expectation, in: definition)
                    }
                }
                let onlyByName = lookup.url == nil && lookup.native.isEmpty
                var values = onlyByName ? lookup.values : lookup.materialized()
                for (name, value) in wildcardValues { values[name] = value }
                var result = MediatorParameters(values)
                result.definition = definition
                return result
            },
            encode: { $0.values })
    }
}
