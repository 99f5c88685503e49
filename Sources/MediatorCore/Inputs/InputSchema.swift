/// The parameters of an input type as the mediator uses them: read once from the type's `@Parameter`
/// declarations (``MediatorInput``), with how to build the input from supplied values and read it back.
@usableFromInline
package struct InputSchema<Input: Sendable>: Sendable {
    /// The input's parameters, in declaration order, as the catalog and URL routing see them.
    @usableFromInline package let parameters: [MediatorParameter]
    /// Builds the input from supplied values, or throws the first problem in declaration order.
    @usableFromInline let decode: @Sendable (ParameterLookup, ActionDefinition?) throws -> Input
    /// The input as named values: absent optionals are left out.
    @usableFromInline let encode: @Sendable (Input) -> [String: any Sendable]
    /// Why the declaration cannot be used (a stored property that is not a `@Parameter`); the
    /// action taking the input is refused when its target is registered.
    @usableFromInline let problem: String?
    /// Refuses a typed input that leaves a required `@Parameter` unset; `nil` for inputs that cannot
    /// (the untyped parameters, declarations without required parameters).
    @usableFromInline let unset: UnsetParameters?

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
    /// push payload included); throws the first problem, in declaration order.
    package func input(from parameters: MediatorParameters) throws -> Input {
        try decode(ParameterLookup(values: parameters.values), nil)
    }

    /// The input's values by parameter name, as interceptors and URL generation see them; absent
    /// optional values are left out.
    package func parameters(of input: Input) -> MediatorParameters {
        MediatorParameters(encode(input))
    }
}

extension InputSchema where Input == MediatorParameters {
    /// The schema of untyped parameters that declare nothing by themselves: an action taking them
    /// declares its parameters with an input type in its ``MediatorAction`` (`parameters:`), and any
    /// other key passes through.
    @usableFromInline static let untyped = InputSchema(declaring: [])

    /// The schema of an action whose handler reads untyped ``MediatorParameters`` and declares them
    /// with `Declared`'s `@Parameter`s; a declaration that cannot be used refuses the action as it
    /// would a typed input.
    @inlinable
    init<Declared: MediatorInput>(declaring _: Declared.Type) {
        let declared = Declared.schema
        self.init(declaring: declared.parameters, problem: declared.problem)
    }

    /// The schema of an action whose handler reads untyped ``MediatorParameters``: the declared
    /// parameters are checked in order before the handler runs, and every supplied value, declared
    /// or not, is handed over.
    @usableFromInline
    init(declaring parameters: [MediatorParameter], problem: String? = nil) {
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
            encode: { $0.values }, problem: problem)
    }
}
