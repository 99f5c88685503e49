/// The parameters of one call: a `Sendable` bag of named values, written as a dictionary literal.
///
/// Values arrive as native values (`42`, a closure) or as strings from URLs (`"42"`); typed reads
/// convert either to the type asked for and report the key, the expected type and the value received
/// when they cannot.
///
/// ```swift
/// try mediator.perform("addItem", on: "Cart", with: ["id": 42, "completion": { (ok: Bool) in }])
/// let id: Int = try parameters.value("id")
/// ```
public struct MediatorParameters: Sendable, ExpressibleByDictionaryLiteral, CustomStringConvertible {
    /// The values as supplied, before any conversion.
    public private(set) var values: [String: any Sendable]

    /// The definition of the action being called, set by the mediator: declared defaults and error context.
    var definition: ActionDefinition?

    /// Creates empty parameters.
    public init() {
        self.values = Dictionary()
    }

    /// Creates parameters from a dictionary of values.
    /// - Parameter values: The values, keyed by parameter name.
    public init(_ values: [String: any Sendable]) {
        self.values = values
    }

    /// Creates parameters from a dictionary literal; a repeated key keeps its last value.
    /// - Parameter elements: The key-value pairs.
    public init(dictionaryLiteral elements: (String, any Sendable)...) {
        guard !elements.isEmpty else {
            self.values = Dictionary()
            return
        }
        // Start from an empty table with room for a typical call's parameters: its first insert
        // copies it (specialized code), where `init(minimumCapacity:)` ran unspecialized and looked
        // up generic metadata on every call, and inserting into an empty dictionary regrows it.
        var values = elements.count <= Self.roomyCount ? Self.roomyEmpty : Dictionary(minimumCapacity: elements.count)
        for (key, value) in elements { values[key] = value }
        self.values = values
    }

    /// How many parameters `roomyEmpty` holds without growing.
    private static let roomyCount = 6
    private static let roomyEmpty = [String: any Sendable](minimumCapacity: roomyCount)

    /// The raw value for a key, or `nil`; setting `nil` removes the key.
    public subscript(key: String) -> (any Sendable)? {
        get { values[key] }
        set { values[key] = newValue }
    }

    /// Whether the call supplied a value for the key.
    /// - Parameter key: The parameter name.
    /// - Returns: `true` when a value is present.
    public func contains(_ key: String) -> Bool { values[key] != nil }

    /// The supplied keys.
    package var keys: Dictionary<String, any Sendable>.Keys { values.keys }

    /// Whether the call supplied no values.
    public var isEmpty: Bool { values.isEmpty }

    /// Returns these parameters with `other`'s values added; on a shared key `other` wins.
    /// - Parameter other: The values to add.
    /// - Returns: The merged parameters.
    public func merging(_ other: MediatorParameters) -> MediatorParameters {
        var merged = self
        merged.values.merge(other.values, uniquingKeysWith: { _, new in new })
        return merged
    }

    // The typed reads are inlinable so they specialize in the module that calls them: unspecialized,
    // every read asked the runtime for `Optional<Value>` metadata through a shared lookup table,
    // which cost more than the rest of a call and contended across threads. The cold paths
    // (declared defaults, errors) stay out of line.

    /// Reads a value converted to `type`, falling back to the declared default.
    /// - Parameters:
    ///   - key: The parameter name.
    ///   - type: The type to convert to; usually inferred.
    /// - Returns: The converted value.
    /// - Throws: ``MediatorError/Code/missingParameter`` when absent with no default,
    ///   ``MediatorError/Code/invalidParameter`` when it cannot be converted.
    @inlinable
    public func value<Value: MediatorParameterValue>(_ key: String, as type: Value.Type = Value.self) throws -> Value {
        if let raw = values[key], let value = Value.mediatorValue(from: raw) { return value }
        if let converted = try optionalValue(key, as: type) { return converted }
        throw missing(key, expected: Value.mediatorTypeName)
    }

    /// Reads a native-only value (a closure, a model object) that must be exactly of `type`.
    /// - Parameters:
    ///   - key: The parameter name.
    ///   - type: The expected type; usually inferred.
    /// - Returns: The value.
    /// - Throws: ``MediatorError/Code/missingParameter`` or
    ///   ``MediatorError/Code/invalidParameter``.
    @inlinable
    public func value<Value: Sendable>(_ key: String, as type: Value.Type = Value.self) throws -> Value {
        if let value = try optionalValue(key, as: type) { return value }
        throw missing(key, expected: String(describing: Value.self))
    }

    /// Reads a value converted to `type`, or `nil` when absent and without a declared default.
    /// - Parameters:
    ///   - key: The parameter name.
    ///   - type: The type to convert to; usually inferred.
    /// - Returns: The converted value, or `nil`.
    /// - Throws: ``MediatorError/Code/invalidParameter`` when present but not convertible.
    @inlinable
    public func optionalValue<Value: MediatorParameterValue>(_ key: String, as type: Value.Type = Value.self) throws -> Value? {
        guard let raw = values[key] ?? declaredDefault(for: key) else { return nil }
        guard let value = Value.mediatorValue(from: raw) else {
            throw invalid(key, expected: Value.mediatorTypeName, received: raw)
        }
        return value
    }

    /// Reads a native-only value (a closure, a model object), or `nil` when absent.
    /// - Parameters:
    ///   - key: The parameter name.
    ///   - type: The expected type; usually inferred.
    /// - Returns: The value, or `nil`.
    /// - Throws: ``MediatorError/Code/invalidParameter`` when present but of another type.
    @inlinable
    public func optionalValue<Value: Sendable>(_ key: String, as type: Value.Type = Value.self) throws -> Value? {
        guard let raw = values[key] ?? declaredDefault(for: key) else { return nil }
        guard let value = raw as? Value else {
            throw invalid(key, expected: String(describing: Value.self), received: raw)
        }
        return value
    }

    /// The default the action declares for a key, if any.
    @usableFromInline
    func declaredDefault(for key: String) -> (any Sendable)? {
        definition?.parameter(named: key)?.defaultValue
    }

    @usableFromInline
    func missing(_ key: String, expected: String) -> MediatorError {
        .missingParameter(key: key, expected: expected, in: definition)
    }

    @usableFromInline
    func invalid(_ key: String, expected: String, received: any Sendable) -> MediatorError {
        .invalidParameter(key: key, expected: expected, received: Self.describe(received), in: definition)
    }

    /// Describes a received value for an error message: its value (quoted if a string) and its type.
    /// The error's description escapes and shortens it.
    static func describe(_ value: any Sendable) -> String {
        let text = value is String ? "\"\(value)\"" : String(describing: value)
        return "\(text) (\(type(of: value)))"
    }

    /// The values in key order, for logs and test failures.
    public var description: String {
        let pairs = values.keys.sorted().map { "\($0): \(values[$0].map { String(describing: $0) } ?? "nil")" }
        return "[" + pairs.joined(separator: ", ") + "]"
    }
}
