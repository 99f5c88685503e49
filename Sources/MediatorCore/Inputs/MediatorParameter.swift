/// The declaration of one parameter of an action: name, type, required or default, and description.
///
/// Read from an input's `@Parameter` declarations (``MediatorInput``), never written by users: the
/// catalog, URL routing, publishing and the registration checks read it.
@usableFromInline
package struct MediatorParameter: Sendable {
    /// The key callers and URLs use.
    @usableFromInline package let name: String
    /// The expected type's name, such as `"Int"`.
    package let typeName: String
    /// Whether a call without this key fails before the handler runs.
    package let isRequired: Bool
    /// The value a typed read returns when the call does not supply the key.
    package let defaultValue: (any Sendable)?
    /// A one-line description for the catalog; a schema may fill in one its declaration left empty.
    package internal(set) var summary: String
    /// Whether a URL can supply this parameter (strings convert to it); closures cannot.
    package let acceptsURLValues: Bool
    /// The values a URL may use, when the type lists them (an enum's cases); `nil` otherwise.
    package let allowedValues: [String]?

    /// Converts a supplied value to the declared type, or returns `nil` when it cannot.
    let convert: @Sendable (any Sendable) -> (any Sendable)?
    /// The declared type, compared with a supplied value's type before any conversion is tried.
    let valueType: ObjectIdentifier

    // The factories are inlinable so `convert` is formed, specialized, in the declaring module;
    // formed here it was generic code that looked up `Optional<Value>` metadata on every call.
    @usableFromInline
    init(
        name: String, typeName: String, isRequired: Bool, defaultValue: (any Sendable)?, summary: String,
        acceptsURLValues: Bool, valueType: any Any.Type, allowedValues: [String]? = nil,
        convert: @escaping @Sendable (any Sendable) -> (any Sendable)?
    ) {
        self.name = name
        self.typeName = typeName
        self.isRequired = isRequired
        self.defaultValue = defaultValue
        self.summary = summary
        self.acceptsURLValues = acceptsURLValues
        self.convert = convert
        self.valueType = ObjectIdentifier(valueType)
        self.allowedValues = allowedValues
    }

    /// Whether a supplied value converts to the declared type: a value already of that type is
    /// accepted by comparing types, without a cast.
    func accepts(_ raw: RawParameter) -> Bool {
        switch raw {
        case .value(let value): ObjectIdentifier(type(of: value)) == valueType || convert(value) != nil
        case .text(let text): convert(text) != nil
        case .texts(let list): convert(list) != nil
        case .segments(let list): convert(list) != nil || convert(list.joined(separator: "/")) != nil
        }
    }

    /// The declared type for messages: its name, and its values when the type lists them.
    var expectation: String {
        guard let allowedValues, !allowedValues.isEmpty else { return typeName }
        return "\(typeName) (one of \(allowedValues.joined(separator: ", ")))"
    }

    /// Declares a parameter every call must supply; strings from URLs are converted to `type`.
    /// - Parameters:
    ///   - name: The key.
    ///   - type: The expected type.
    ///   - summary: A one-line description.
    /// - Returns: The declaration.
    @inlinable
    package static func required<Value: MediatorParameterValue>(
        _ name: String, _ type: Value.Type, _ summary: String = ""
    ) -> MediatorParameter {
        MediatorParameter(
            name: name, typeName: Value.mediatorTypeName, isRequired: true, defaultValue: nil,
            summary: summary, acceptsURLValues: true, valueType: Value.self, allowedValues: Value.allowedValueTexts,
            convert: { Value.mediatorValue(from: $0) })
    }

    /// Declares a parameter of a native-only type (a closure, a model object) that every call must supply.
    ///
    /// The `native:` label keeps this apart from the converting overload: a URL can never supply it.
    /// - Parameters:
    ///   - name: The key.
    ///   - type: The expected type; a supplied value must be exactly of it.
    ///   - summary: A one-line description.
    /// - Returns: The declaration.
    @inlinable
    package static func required<Value: Sendable>(
        _ name: String, native type: Value.Type, _ summary: String = ""
    ) -> MediatorParameter {
        MediatorParameter(
            name: name, typeName: String(describing: Value.self), isRequired: true, defaultValue: nil,
            summary: summary, acceptsURLValues: false, valueType: Value.self, convert: { $0 as? Value })
    }

    /// Declares a parameter calls may leave out, with an optional default a typed read falls back to.
    /// - Parameters:
    ///   - name: The key.
    ///   - type: The expected type.
    ///   - defaultValue: The value used when the call leaves the key out, if any.
    ///   - summary: A one-line description.
    /// - Returns: The declaration.
    @inlinable
    package static func optional<Value: MediatorParameterValue>(
        _ name: String, _ type: Value.Type, default defaultValue: Value? = nil, _ summary: String = ""
    ) -> MediatorParameter {
        MediatorParameter(
            name: name, typeName: Value.mediatorTypeName, isRequired: false, defaultValue: defaultValue,
            summary: summary, acceptsURLValues: true, valueType: Value.self, allowedValues: Value.allowedValueTexts,
            convert: { Value.mediatorValue(from: $0) })
    }

    /// Declares a native-only parameter (a closure, a model object) calls may leave out.
    ///
    /// The `native:` label keeps this apart from the converting overload: a URL can never supply it.
    /// - Parameters:
    ///   - name: The key.
    ///   - type: The expected type; a supplied value must be exactly of it.
    ///   - summary: A one-line description.
    /// - Returns: The declaration.
    @inlinable
    package static func optional<Value: Sendable>(
        _ name: String, native type: Value.Type, _ summary: String = ""
    ) -> MediatorParameter {
        MediatorParameter(
            name: name, typeName: String(describing: Value.self), isRequired: false, defaultValue: nil,
            summary: summary, acceptsURLValues: false, valueType: Value.self, convert: { $0 as? Value })
    }
}
