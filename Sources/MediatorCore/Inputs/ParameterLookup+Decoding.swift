// Reading one declared parameter from a call's values: the one place an input's `@Parameter`
// properties decode a value and word its error.
// The two readers are always inlined into the fields' closures: left to the optimizer, the URL door
// paid about 20 instructions more per call than when each closure spelled the switch out.
extension ParameterLookup {
    /// The value of a converting parameter, or `nil` when the call leaves it out.
    /// - Throws: `invalidParameter` when the supplied value does not convert.
    @inlinable @inline(__always)
    func converted<Value: MediatorParameterValue>(
        _ name: String, as type: Value.Type, in definition: ActionDefinition?
    ) throws -> Value? {
        switch convert(name, to: Value.self) {
        case .converted(let value): return value
        case .absent: return nil
        case .invalid(let raw): throw Self.invalid(name, Value.self, raw, definition)
        }
    }

    /// The value of a native-only parameter, or `nil` when the call leaves it out.
    /// - Throws: `invalidParameter` when the supplied value is not exactly of the type (a URL's text never is).
    @inlinable @inline(__always)
    func native<Value>(_ name: String, as type: Value.Type, in definition: ActionDefinition?) throws -> Value? {
        guard let raw = raw(name) else { return nil }
        guard case .value(let supplied) = raw, let typed = supplied as? Value else {
            throw Self.invalidNative(name, Value.self, raw, definition)
        }
        return typed
    }

    // The errors, out of line: they run only on the failure path.

    /// A required converting parameter the call left out.
    @usableFromInline
    static func missing<Expected: MediatorParameterValue>(
        _ name: String, _ type: Expected.Type, _ definition: ActionDefinition?
    ) -> MediatorError {
        .missingParameter(key: name, expected: expectation(type), in: definition)
    }

    /// A required native-only parameter the call left out.
    @usableFromInline
    static func missingNative(_ name: String, _ type: Any.Type, _ definition: ActionDefinition?) -> MediatorError {
        .missingParameter(key: name, expected: String(describing: type), in: definition)
    }

    @usableFromInline
    static func invalid<Expected: MediatorParameterValue>(
        _ name: String, _ type: Expected.Type, _ raw: RawParameter, _ definition: ActionDefinition?
    ) -> MediatorError {
        .invalidParameter(
            key: name, expected: expectation(type), received: MediatorParameters.describe(raw.materialized),
            in: definition)
    }

    @usableFromInline
    static func invalidNative(
        _ name: String, _ type: Any.Type, _ raw: RawParameter, _ definition: ActionDefinition?
    ) -> MediatorError {
        .invalidParameter(
            key: name, expected: String(describing: type), received: MediatorParameters.describe(raw.materialized),
            in: definition)
    }

    /// A converting type as errors name it: its name, and its values when it lists them.
    static func expectation<Expected: MediatorParameterValue>(_ type: Expected.Type) -> String {
        guard let values = Expected.allowedValueTexts, !values.isEmpty else { return Expected.mediatorTypeName }
        return "\(Expected.mediatorTypeName) (one of \(values.joined(separator: ", ")))"
    }
}
