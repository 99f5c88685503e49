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
                switch lookup.convert(name, to: Value.self) {
                case .converted(let value): return value
                case .absent: throw missing(name, Value.self, definition)
                case .invalid(let raw): throw invalid(name, Value.self, raw, definition)
                }
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
            decode: { lookup, definition in
                switch lookup.convert(name, to: Wrapped.self) {
                case .converted(let value): return value
                case .absent: return nil
                case .invalid(let raw): throw invalid(name, Wrapped.self, raw, definition)
                }
            },
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
            decode: { lookup, definition in
                switch lookup.convert(name, to: Value.self) {
                case .converted(let value): return value
                case .absent: return defaultValue
                case .invalid(let raw): throw invalid(name, Value.self, raw, definition)
                }
            },
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
                guard let raw = lookup.raw(name) else { throw missingNative(name, Value.self, definition) }
                guard case .value(let supplied) = raw, let typed = supplied as? Value else {
                    throw invalidNative(name, Value.self, raw, definition)
                }
                return typed
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
            decode: { lookup, definition in
                guard let raw = lookup.raw(name) else { return nil }
                guard case .value(let supplied) = raw, let typed = supplied as? Wrapped else {
                    throw invalidNative(name, Wrapped.self, raw, definition)
                }
                return typed
            },
            encode: { input in value(input).map { $0 } })
    }

    // The errors, out of line: they run only on the failure path.

    @usableFromInline
    static func missing<Expected: MediatorParameterValue>(
        _ name: String, _ type: Expected.Type, _ definition: ActionDefinition?
    ) -> MediatorError {
        .missingParameter(key: name, expected: Self.expectation(type), in: definition)
    }

    @usableFromInline
    static func invalid<Expected: MediatorParameterValue>(
        _ name: String, _ type: Expected.Type, _ raw: RawParameter, _ definition: ActionDefinition?
    ) -> MediatorError {
        .invalidParameter(
            key: name, expected: Self.expectation(type), received: MediatorParameters.describe(raw.materialized),
            in: definition)
    }

    @usableFromInline
    static func missingNative(_ name: String, _ type: Any.Type, _ definition: ActionDefinition?) -> MediatorError {
        .missingParameter(key: name, expected: String(describing: type), in: definition)
    }

    @usableFromInline
    static func invalidNative(
        _ name: String, _ type: Any.Type, _ raw: RawParameter, _ definition: ActionDefinition?
    ) -> MediatorError {
        .invalidParameter(
            key: name, expected: String(describing: type), received: MediatorParameters.describe(raw.materialized),
            in: definition)
    }

    static func expectation<Expected: MediatorParameterValue>(_ type: Expected.Type) -> String {
        guard let values = Expected.mediatorAllowedValues, !values.isEmpty else { return Expected.mediatorTypeName }
        return "\(Expected.mediatorTypeName) (one of \(values.joined(separator: ", ")))"
    }
}
