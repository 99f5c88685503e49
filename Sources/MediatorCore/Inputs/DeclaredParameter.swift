/// What a schema reads from one `@Parameter` of an input's declaration.
protocol DeclaredParameter {
    /// The declaration read as a field named after its property.
    func field(named name: String) -> ReflectedField
}

/// Decodes one parameter from a call's values and writes it into the wrapper's `storage`, which
/// the pointer addresses in a copy of the input's declaration. A parameter the call leaves out
/// keeps the declaration's value (its default, or `nil` for an optional), as the typed caller's
/// would; a required one throws.
typealias StorageWriter = @Sendable (ParameterLookup, ActionDefinition?, UnsafeMutableRawPointer) throws -> Void

/// One declared parameter: its description, how to write it from a call's values into a copy of the
/// declaration, and how to read its value back by name.
struct ReflectedField: Sendable {
    let parameter: MediatorParameter
    /// The value of this property of an input (the wrapper, as `Mirror` shows it); `nil` for an
    /// optional that holds nothing.
    let read: @Sendable (Any) -> (any Sendable)?
    /// Writes the decoded value into the wrapper's storage, `storageOffset` bytes into the wrapper.
    let write: StorageWriter
    /// Where the wrapper keeps its value; `nil` if the runtime cannot say (then the input is refused).
    let storageOffset: Int?
    /// Where the wrapper keeps its first word (``ParameterHeader``).
    let headerOffset: Int?
    /// That word once the parameter holds a value (a required one is unset in the declaration).
    let setHeader: UInt64
    /// The wrapper's type, `Parameter<Value>`.
    let wrapperType: any Any.Type
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
        return ReflectedField(
            parameter: parameter,
            read: { ($0 as? Self)?.storage },
            write: StorageWriters.converting(name, Converted.self, required: defaultValue == nil),
            storageOffset: Self.storageOffset, headerOffset: Self.headerOffset, setHeader: setHeader, wrapperType: Self.self)
    }

    /// Where the wrapper keeps its value.
    private static var storageOffset: Int? { MemoryLayout<Self>.offset(of: \Self.storage) }

    /// Where the wrapper keeps its first word.
    private static var headerOffset: Int? { MemoryLayout<Self>.offset(of: \Self.header) }

    /// The first word to write once the parameter holds a value.
    private var setHeader: UInt64 { header.set }

    private func convertingOptional<Converted: MediatorParameterValue>(
        _ name: String, _: Converted.Type
    ) -> ReflectedField {
        let defaultValue = storage.flatMap { $0 as? Converted }
        let parameter = MediatorParameter.optional(name, Converted.self, default: defaultValue, "\(summary)")
        return ReflectedField(
            parameter: parameter,
            read: { ($0 as? Self)?.storage.flatMap { $0 as? Converted } },
            write: StorageWriters.convertingOptional(name, Converted.self),
            storageOffset: Self.storageOffset, headerOffset: Self.headerOffset, setHeader: setHeader, wrapperType: Self.self)
    }

    private func native(_ name: String, _ type: any Any.Type) -> ReflectedField {
        func open<Native>(_: Native.Type) -> ReflectedField {
            // A defaulted parameter falls back to its default, an optional one to the `nil` it holds.
            let fallback = storage
            let parameter = MediatorParameter(
                name: name, typeName: String(describing: Native.self), isRequired: fallback == nil, defaultValue: nil,
                summary: "\(summary)", acceptsURLValues: false, valueType: Native.self,
                convert: { $0 is Native ? $0 : nil })
            return ReflectedField(
                parameter: parameter,
                read: { child in
                    guard let value = (child as? Self)?.storage else { return nil }
                    return (value as? any OptionalParameterType)?.isNil == true ? nil : value
                },
                write: { lookup, definition, storage in
                    // Native parameters are rare and never come from a URL: generic code is enough here.
                    if let supplied = try lookup.native(name, as: Native.self, in: definition) {
                        storage.assumingMemoryBound(to: Value?.self).pointee = supplied as? Value
                    } else if fallback == nil {
                        throw ParameterLookup.missingNative(name, Native.self, definition)
                    }
                },
                storageOffset: Self.storageOffset, headerOffset: Self.headerOffset, setHeader: setHeader, wrapperType: Self.self)
        }
        return open(type)
    }
}

/// The writers of converting parameters. A schema reads its parameters' types at run time, so the
/// code that decodes them is generic, and generic code looks up the metadata of every type it
/// derives (`Value?`, the conversion's result) on each call, a few hundred instructions each: the
/// built-in types get writers compiled for them.
enum StorageWriters {
    /// The writer of a parameter whose property holds `Converted` (required, or with a default).
    static func converting<Converted: MediatorParameterValue>(
        _ name: String, _ type: Converted.Type, required: Bool
    ) -> StorageWriter {
        if Converted.self == Int.self { return convertingWriter(name, Int.self, required: required) }
        if Converted.self == String.self { return convertingWriter(name, String.self, required: required) }
        if Converted.self == Bool.self { return convertingWriter(name, Bool.self, required: required) }
        if Converted.self == Double.self { return convertingWriter(name, Double.self, required: required) }
        if Converted.self == [Int].self { return convertingWriter(name, [Int].self, required: required) }
        if Converted.self == [String].self { return convertingWriter(name, [String].self, required: required) }
        return genericWriter(name, Converted.self, required: required)
    }

    /// The writer of a parameter whose property holds `Converted?`.
    static func convertingOptional<Converted: MediatorParameterValue>(
        _ name: String, _ type: Converted.Type
    ) -> StorageWriter {
        if Converted.self == Int.self { return optionalWriter(name, Int.self) }
        if Converted.self == String.self { return optionalWriter(name, String.self) }
        if Converted.self == Bool.self { return optionalWriter(name, Bool.self) }
        if Converted.self == Double.self { return optionalWriter(name, Double.self) }
        if Converted.self == [Int].self { return optionalWriter(name, [Int].self) }
        if Converted.self == [String].self { return optionalWriter(name, [String].self) }
        return genericOptionalWriter(name, Converted.self)
    }

    private static func convertingWriter<Converted: MediatorParameterValue>(
        _ name: String, _ type: Converted.Type, required: Bool
    ) -> StorageWriter {
        { lookup, definition, storage in
            if let value = try lookup.converted(name, as: Converted.self, in: definition) {
                storage.assumingMemoryBound(to: Converted?.self).pointee = value
            } else if required {
                throw ParameterLookup.missing(name, Converted.self, definition)
            }
        }
    }

    private static func optionalWriter<Converted: MediatorParameterValue>(
        _ name: String, _ type: Converted.Type
    ) -> StorageWriter {
        { lookup, definition, storage in
            if let value = try lookup.converted(name, as: Converted.self, in: definition) {
                storage.assumingMemoryBound(to: Converted??.self).pointee = value
            }
        }
    }

    // The writers of other types (an app's enums, `UUID`, `URL`) run as generic code: each type
    // they derive is looked up per call, so they read a URL's text straight into the storage
    // instead of through `ParameterLookup.convert`'s intermediate values (three lookups fewer), and
    // write it through the storage's optional type looked up once, when the writer is made
    // (`OptionalSlot`: `Converted?` and `Converted??` were looked up on every call, ~530 each).

    private static func genericWriter<Converted: MediatorParameterValue>(
        _ name: String, _ type: Converted.Type, required: Bool
    ) -> StorageWriter {
        let slot: any OptionalSlot.Type = Converted?.self
        return { lookup, definition, storage in
            if let text = urlText(lookup, name) {
                guard let text else {
                    if required { throw ParameterLookup.missing(name, Converted.self, definition) }
                    return
                }
                guard write(text, as: slot, at: storage) else {
                    throw ParameterLookup.invalid(name, Converted.self, .text(text), definition)
                }
            } else if try !generalRead(lookup, name, Converted.self, definition, into: storage, optional: false), required {
                throw ParameterLookup.missing(name, Converted.self, definition)
            }
        }
    }

    private static func genericOptionalWriter<Converted: MediatorParameterValue>(
        _ name: String, _ type: Converted.Type
    ) -> StorageWriter {
        let slot: any NestedOptionalSlot.Type = Converted??.self
        return { lookup, definition, storage in
            if let text = urlText(lookup, name) {
                guard let text else { return }
                guard write(text, as: slot, at: storage) else {
                    throw ParameterLookup.invalid(name, Converted.self, .text(text), definition)
                }
            } else {
                try generalRead(lookup, name, Converted.self, definition, into: storage, optional: true)
            }
        }
    }

    /// Writes the value a URL's text converts to into storage holding `Slot` (`Value?`).
    /// - Returns: Whether the text converts (nothing is written when it does not).
    @inline(__always)
    private static func write<Slot: OptionalSlot>(_ text: String, as _: Slot.Type, at storage: UnsafeMutableRawPointer) -> Bool {
        let value = Slot.parsed(fromText: text)
        guard value.hasValue else { return false }
        storage.assumingMemoryBound(to: Slot.self).pointee = value
        return true
    }

    /// Writes the value a URL's text converts to into storage holding `Slot` (`Value??`).
    /// - Returns: Whether the text converts (nothing is written when it does not).
    @inline(__always)
    private static func write<Slot: NestedOptionalSlot>(
        _ text: String, as _: Slot.Type, at storage: UnsafeMutableRawPointer
    ) -> Bool {
        let value = Slot.Inner.parsed(fromText: text)
        guard value.hasValue else { return false }
        storage.assumingMemoryBound(to: Slot.self).pointee = Slot.wrap(inner: value)
        return true
    }

    /// The general reader's path of a generic writer (values by name, native values, repeated keys),
    /// out of line: inlined, the metadata of its `Conversion<Converted>` result was looked up on
    /// entry to the writer, on every call, even for a URL's single text (~320 instructions a call).
    /// - Returns: Whether the call supplied the value (and it is written).
    @inline(never)
    @discardableResult
    private static func generalRead<Converted: MediatorParameterValue>(
        _ lookup: ParameterLookup, _ name: String, _ type: Converted.Type, _ definition: ActionDefinition?,
        into storage: UnsafeMutableRawPointer, optional: Bool
    ) throws -> Bool {
        guard let value = try lookup.converted(name, as: Converted.self, in: definition) else { return false }
        if optional {
            storage.assumingMemoryBound(to: Converted??.self).pointee = value
        } else {
            storage.assumingMemoryBound(to: Converted?.self).pointee = value
        }
        return true
    }

    /// A URL's value for `name` when it is the only source and is absent (`.some(nil)`) or one
    /// string, as `ParameterLookup.convert` reads it first; `nil` when the general reader must decide.
    private static func urlText(_ lookup: ParameterLookup, _ name: String) -> String?? {
        guard lookup.url != nil, let single = lookup.urlText(name) else { return nil }
        guard single.found else { return .some(nil) }
        guard let text = single.text else { return nil }
        return .some(text)
    }
}
