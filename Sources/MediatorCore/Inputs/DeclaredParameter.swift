/// What a schema reads from one `@Parameter` of an input's declaration.
protocol DeclaredParameter {
    /// The declaration read as a field named after its property.
    func field(named name: String) -> ReflectedField
}

/// One declared parameter: its description, how to decode the property's wrapper (the
/// declaration's summary kept) from a call's values, and how to read its value back by name.
struct ReflectedField: Sendable {
    let parameter: MediatorParameter
    let decode: @Sendable (ParameterLookup, ActionDefinition?) throws -> any Sendable
    /// The value of this property of an input (the wrapper, as `Mirror` shows it); `nil` for an
    /// optional that holds nothing.
    let read: @Sendable (Any) -> (any Sendable)?
}

/// `Optional`, seen from code that only has a type: what it wraps, and whether a value holds nothing.
protocol OptionalParameterType {
    static var wrappedType: any Any.Type { get }
    static var nothing: Any { get }
    var isNil: Bool { get }
}

extension Optional: OptionalParameterType {
    static var wrappedType: any Any.Type { Wrapped.self }
    static var nothing: Any { Optional<Wrapped>.none as Any }
    var isNil: Bool { self == nil }
}

extension Parameter: DeclaredParameter {
    func field(named name: String) -> ReflectedField {
        // The type is known here only as `Value: Sendable`: it is opened once, when the schema is
        // read, so each decode runs code generic over the converting type.
        let optional = Value.self as? any OptionalParameterType.Type
        if conversion == .converting {
            if let optional, let wrapped = optional.wrappedType as? any MediatorParameterValue.Type {
                return convertingOptional(name, wrapped)
            }
            if let type = Value.self as? any MediatorParameterValue.Type { return converting(name, type) }
        }
        // Native, or (never made by the initializers) a converting parameter of a type that does not convert.
        return native(name, optional?.wrappedType ?? Value.self)
    }

    private func converting<Converted: MediatorParameterValue>(_ name: String, _: Converted.Type) -> ReflectedField {
        let defaultValue = storage.flatMap { $0 as? Converted }
        let parameter: MediatorParameter =
            if let defaultValue {
                .optional(name, Converted.self, default: defaultValue, "\(summary)")
            } else {
                .required(name, Converted.self, "\(summary)")
            }
        let summary = self.summary
        return ReflectedField(
            parameter: parameter,
            decode: { lookup, definition in
                guard let value = try lookup.converted(name, as: Converted.self, in: definition) ?? defaultValue else {
                    throw ParameterLookup.missing(name, Converted.self, definition)
                }
                return Parameter(storage: value as? Value, summary: summary, conversion: .converting)
            },
            read: { ($0 as? Self)?.storage })
    }

    private func convertingOptional<Converted: MediatorParameterValue>(
        _ name: String, _: Converted.Type
    ) -> ReflectedField {
        let defaultValue = storage.flatMap { $0 as? Converted }
        let parameter = MediatorParameter.optional(name, Converted.self, default: defaultValue, "\(summary)")
        let summary = self.summary
        return ReflectedField(
            parameter: parameter,
            decode: { lookup, definition in
                let value = try lookup.converted(name, as: Converted.self, in: definition) ?? defaultValue
                return Parameter(storage: value as? Value, summary: summary, conversion: .converting)
            },
            read: { ($0 as? Self)?.storage.flatMap { $0 as? Converted } })
    }

    private func native(_ name: String, _ type: any Any.Type) -> ReflectedField {
        func open<Native>(_: Native.Type) -> ReflectedField {
            // A defaulted parameter falls back to its default, an optional one to the `nil` it holds.
            let fallback = storage
            let parameter = MediatorParameter(
                name: name, typeName: String(describing: Native.self), isRequired: fallback == nil, defaultValue: nil,
                summary: "\(summary)", acceptsURLValues: false, valueType: Native.self,
                convert: { $0 is Native ? $0 : nil })
            let summary = self.summary
            return ReflectedField(
                parameter: parameter,
                decode: { lookup, definition in
                    // A supplied value is exactly a `Native`; the property's type is `Native` or `Native?`.
                    if let supplied = try lookup.native(name, as: Native.self, in: definition) {
                        return Parameter(storage: supplied as? Value, summary: summary, conversion: .native)
                    }
                    guard let fallback else { throw ParameterLookup.missingNative(name, Native.self, definition) }
                    return Parameter(storage: fallback, summary: summary, conversion: .native)
                },
                read: { child in
                    guard let value = (child as? Self)?.storage else { return nil }
                    return (value as? any OptionalParameterType)?.isNil == true ? nil : value
                })
        }
        return open(type)
    }
}
