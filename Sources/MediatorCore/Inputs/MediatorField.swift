/// One parameter of an input type: its name, how to read it from the input, whether it is required
/// or has a default, and a one-line description.
///
/// ```swift
/// .required("id", \.productID, "Product id")                     // Int; callers and URLs must supply it
/// .optional("category", \.category, "Only this category")         // ProductCategory?; nil when absent
/// .optional("quantity", \.quantity, default: 1, "How many")       // Int; 1 when absent
/// .optional("completion", native: \.completion, "Called when done") // a closure only native callers pass
/// ```
///
/// Fields of ``MediatorParameterValue`` types convert what callers pass, including strings from URLs
/// (`"42"` becomes `42`). `native:` fields take values of exactly their type (closures, model
/// objects); a URL can never set them.
public struct MediatorField<Input: Sendable, Value>: Sendable {
    /// The parameter as the catalog and URL routing see it.
    public let parameter: MediatorParameter
    @usableFromInline let decode: @Sendable (ParameterLookup, ActionDefinition?) throws -> Value
    @usableFromInline let encode: @Sendable (Input) -> (any Sendable)?

    @usableFromInline
    init(
        parameter: MediatorParameter, decode: @escaping @Sendable (ParameterLookup, ActionDefinition?) throws -> Value,
        encode: @escaping @Sendable (Input) -> (any Sendable)?
    ) {
        self.parameter = parameter
        self.decode = decode
        self.encode = encode
    }

    // The factories are inlinable so their closures are formed, specialized, in the module that
    // declares the input: formed here, every conversion would look up `Value`'s metadata at run time.

    /// A parameter every call must supply; values are converted to `Value`, strings from URLs included.
    /// - Parameters:
    ///   - name: The name callers and URLs use.
    ///   - value: Reads the value from the input, usually a key path such as `\.id`.
    ///   - summary: A one-line description.
    /// - Returns: The field.
    @inlinable
    public static func required(
        _ name: String, _ value: @escaping @Sendable (Input) -> Value, _ summary: String = ""
    ) -> Self where Value: MediatorParameterValue {
        Self(
            parameter: .required(name, Value.self, summary),
            decode: { lookup, definition in
                guard let value = try lookup.converted(name, as: Value.self, in: definition) else {
                    throw ParameterLookup.missing(name, Value.self, definition)
                }
                return value
            },
            encode: { value($0) })
    }

    /// A parameter calls may leave out; the input holds `nil` then.
    /// - Parameters:
    ///   - name: The name callers and URLs use.
    ///   - value: Reads the value from the input, such as `\.category`.
    ///   - summary: A one-line description.
    /// - Returns: The field.
    @inlinable
    public static func optional<Wrapped: MediatorParameterValue>(
        _ name: String, _ value: @escaping @Sendable (Input) -> Wrapped?, _ summary: String = ""
    ) -> Self where Value == Wrapped? {
        Self(
            parameter: .optional(name, Wrapped.self, summary),
            decode: { lookup, definition in try lookup.converted(name, as: Wrapped.self, in: definition) },
            encode: { input in value(input).map { $0 } })
    }

    /// A parameter calls may leave out; the input holds `defaultValue` then.
    /// - Parameters:
    ///   - name: The name callers and URLs use.
    ///   - value: Reads the value from the input, such as `\.quantity`.
    ///   - defaultValue: The value when the call leaves the parameter out.
    ///   - summary: A one-line description.
    /// - Returns: The field.
    @inlinable
    public static func optional(
        _ name: String, _ value: @escaping @Sendable (Input) -> Value, default defaultValue: Value, _ summary: String = ""
    ) -> Self where Value: MediatorParameterValue {
        Self(
            parameter: .optional(name, Value.self, default: defaultValue, summary),
            decode: { lookup, definition in try lookup.converted(name, as: Value.self, in: definition) ?? defaultValue },
            encode: { value($0) })
    }

    /// A native-only parameter (a closure, a model object) every call must supply; a URL never can.
    /// - Parameters:
    ///   - name: The name native callers use.
    ///   - value: Reads the value from the input.
    ///   - summary: A one-line description.
    /// - Returns: The field.
    @inlinable
    public static func required(
        _ name: String, native value: @escaping @Sendable (Input) -> Value, _ summary: String = ""
    ) -> Self where Value: Sendable {
        Self(
            parameter: .required(name, native: Value.self, summary),
            decode: { lookup, definition in
                guard let value = try lookup.native(name, as: Value.self, in: definition) else {
                    throw ParameterLookup.missingNative(name, Value.self, definition)
                }
                return value
            },
            encode: { value($0) })
    }

    /// A native-only parameter (a closure, a model object) calls may leave out; a URL never can set it.
    /// - Parameters:
    ///   - name: The name native callers use.
    ///   - value: Reads the value from the input, such as `\.completion`.
    ///   - summary: A one-line description.
    /// - Returns: The field.
    @inlinable
    public static func optional<Wrapped: Sendable>(
        _ name: String, native value: @escaping @Sendable (Input) -> Wrapped?, _ summary: String = ""
    ) -> Self where Value == Wrapped? {
        Self(
            parameter: .optional(name, native: Wrapped.self, summary),
            decode: { lookup, definition in try lookup.native(name, as: Wrapped.self, in: definition) },
            encode: { input in value(input).map { $0 } })
    }
}
