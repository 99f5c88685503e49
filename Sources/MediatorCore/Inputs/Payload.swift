/// What a call carries to its handler: a typed input as the caller made it, or values to decode one from.
@usableFromInline
enum Payload: Sendable {
    /// A typed call's input; decoded again only if the call is redirected to an action of another input type.
    case input(TypedInput)
    /// Values by name, from a call by name, a URL, or a redirect.
    case values(ParameterLookup)
    /// A broadcast's payload, handed to each subscriber as it is.
    case event(EventPayload)

    /// The values by name, native values winning: what interceptors and not-found handlers see.
    var parameterValues: [String: any Sendable] {
        switch self {
        case .input(let typed): typed.parameters()
        case .values(let lookup): lookup.materialized()
        case .event(let payload): ["payload": payload.value]
        }
    }
}

/// A broadcast's payload, boxed once per broadcast, so that handing it to each subscriber copies
/// one reference (an existential in the payload enum would grow every call's payload).
@usableFromInline
class EventPayload: @unchecked Sendable {
    // @unchecked: immutable (`let`s of Sendable types); not final only for `TypedEventPayload`.
    /// The payload's type: a subscriber reads the typed value only after comparing it.
    @usableFromInline let type: ObjectIdentifier
    /// The payload as interceptors see it, under `"payload"`.
    @usableFromInline let value: any Sendable

    init(type: ObjectIdentifier, value: any Sendable) {
        self.type = type
        self.value = value
    }
}

/// A broadcast's payload of a known type, which a subscriber of that type reads without a cast.
@usableFromInline
final class TypedEventPayload<Value: Sendable>: EventPayload, @unchecked Sendable {
    // @unchecked: immutable, as its superclass.
    @usableFromInline let typed: Value

    init(_ typed: Value) {
        self.typed = typed
        super.init(type: ObjectIdentifier(Value.self), value: typed)
    }
}

/// A typed call's input, with its schema's view of it as named values. A class, so the pipeline
/// passes one reference around instead of copying the input; the input itself is kept in place by
/// ``TypedInputOf`` (one allocation, whatever the input's size: no existential box, no closure).
@usableFromInline
package class TypedInput: @unchecked Sendable {
    // @unchecked: immutable (`let`s of Sendable types); not final only for `TypedInputOf`.
    /// The input's type: an action of that type reads it from ``TypedInputOf`` without a cast.
    @usableFromInline package let type: ObjectIdentifier
    /// The values it was decoded from (a routed link's), kept as they are; `nil` when its schema encodes it.
    @usableFromInline let decodedFrom: ParameterLookup?
    /// Whether it was decoded by its schema (so every required `@Parameter` is set), not made by a
    /// typed initializer the action must check.
    @usableFromInline let isDecoded: Bool

    @usableFromInline
    init(type: ObjectIdentifier, decodedFrom: ParameterLookup?) {
        self.type = type
        self.decodedFrom = decodedFrom
        isDecoded = decodedFrom != nil
    }

    /// The input as named values: what interceptors see, what the remote policy checks, and what
    /// an action of another input type decodes. From its schema, or the values it was decoded from.
    @usableFromInline
    package final func parameters() -> [String: any Sendable] {
        if let decodedFrom { return decodedFrom.materialized() }
        return encoded()
    }

    /// The input as its schema encodes it (not the values it was decoded from).
    @usableFromInline
    package func encoded() -> [String: any Sendable] { [:] }
}

/// A typed input of a known type, kept in place: what an action of that type reads.
@usableFromInline
package class TypedInputOf<Input: Sendable>: TypedInput, @unchecked Sendable {
    // @unchecked: immutable, as its superclass; not final only for `SchemaTypedInput`.
    @usableFromInline package let input: Input

    @inlinable
    init(_ input: Input, decodedFrom lookup: ParameterLookup?) {
        self.input = input
        super.init(type: ObjectIdentifier(Input.self), decodedFrom: lookup)
    }
}

/// The input a payload gives an action's handler: a typed input of the action's type, read where it
/// is kept (copying out an input with optional parameters goes through the runtime's value
/// witnesses), or one its schema decoded.
@usableFromInline
enum CarriedInput<Input: Sendable> {
    case kept(TypedInputOf<Input>)
    case decoded(Input)
}

/// A typed input whose schema encodes it when its values are read.
@usableFromInline
package final class SchemaTypedInput<Input: MediatorInput>: TypedInputOf<Input>, @unchecked Sendable {
    // @unchecked: immutable, as its superclass.

    /// A typed call's input.
    @inlinable
    package init(_ input: Input) {
        super.init(input, decodedFrom: nil)
    }

    /// An input decoded from these values (a routed link's), which interceptors and the remote
    /// policy see as they would have seen them undecoded.
    @inlinable
    override init(_ input: Input, decodedFrom lookup: ParameterLookup?) {
        super.init(input, decodedFrom: lookup)
    }

    @usableFromInline
    override package func encoded() -> [String: any Sendable] { Input.schema.encode(input) }
}

/// One parameter value as the call supplied it, before conversion to the declared type.
@usableFromInline
enum RawParameter: Sendable {
    /// A native value, or a string a caller passed by name.
    case value(any Sendable)
    /// A URL's path segment or query value, decoded.
    case text(String)
    /// A query key the URL repeats: its values in order.
    case texts([String])
    /// The segments a trailing wildcard captured, each decoded on its own.
    case segments([String])

    /// The value as a call by name would have supplied it: strings, arrays of strings, and a
    /// wildcard's segments joined by `/`.
    @usableFromInline
    var materialized: any Sendable {
        switch self {
        case .value(let value): value
        case .text(let text): text
        case .texts(let list): list
        case .segments(let list): list.joined(separator: "/")
        }
    }

    /// The value converted to `Value`, or `nil` when it does not convert.
    @inlinable
    func converted<Value: MediatorParameterValue>(to type: Value.Type) -> Value? {
        switch self {
        case .value(let raw): RawParameter.exactly(raw, as: Value.self) ?? Value.mediatorValue(from: raw)
        case .text(let text): Value.mediatorValue(fromText: text)
        case .texts(let list): Value.mediatorValue(from: list)
        case .segments(let list): Value.mediatorValue(from: list) ?? Value.mediatorValue(fromText: list.joined(separator: "/"))
        }
    }
}

extension RawParameter {
    /// The value itself when it is exactly of type `Value`: the types are compared, without the
    /// runtime's general dynamic cast (the usual case for native callers, which pass `42` for an `Int`).
    @inlinable
    static func exactly<Value>(_ raw: any Sendable, as type: Value.Type) -> Value? {
        func open<Supplied: Sendable>(_ supplied: Supplied) -> Value? {
            Supplied.self == Value.self ? unsafeBitCast(supplied, to: Value.self) : nil
        }
        return open(raw)
    }
}

/// A named value converted to a declared type: absent, converted, or not convertible (with what was supplied).
@usableFromInline
enum Conversion<Value> {
    case absent
    case converted(Value)
    case invalid(RawParameter)
}

/// The values a call supplies by name, where they came from, and which of them a remote caller set.
@usableFromInline
struct ParameterLookup: Sendable {
    /// Values supplied by name: by the caller, a redirect or a fallback. In a remote call they are remote input.
    @usableFromInline var values: [String: any Sendable]
    /// A URL's path and query values: always remote input.
    @usableFromInline var url: URLInput?
    /// The values a native caller passed along with a URL (`open(_:with:)`): never remote input,
    /// and they win over the URL's.
    @usableFromInline var native: [String: any Sendable]

    @usableFromInline
    init(values: [String: any Sendable] = Dictionary(), url: URLInput? = nil, native: [String: any Sendable] = Dictionary()) {
        self.values = values
        self.url = url
        self.native = native
    }

    /// The value for a key: native values first, then values by name, then the URL's (path before query).
    @usableFromInline
    func raw(_ key: String) -> RawParameter? {
        if !native.isEmpty, let value = native[key] { return .value(value) }
        if !values.isEmpty, let value = values[key] { return .value(value) }
        return url?.raw(key)
    }

    /// The value for a key converted to `Value`. A call by name (no URL, no native values) reads its
    /// dictionary directly, without wrapping the value first.
    @inlinable
    func convert<Value: MediatorParameterValue>(_ key: String, to type: Value.Type) -> Conversion<Value> {
        if url == nil, native.isEmpty {
            guard let value = values[key] else { return .absent }
            if let converted = RawParameter.exactly(value, as: Value.self) ?? Value.mediatorValue(from: value) {
                return .converted(converted)
            }
            return .invalid(.value(value))
        }
        if url != nil, let single = urlText(key) {
            // A URL's value that is one string (the usual case) converts straight from its text.
            guard single.found else { return .absent }
            if let text = single.text {
                guard let converted = Value.mediatorValue(fromText: text) else { return .invalid(.text(text)) }
                return .converted(converted)
            }
        }
        guard let raw = raw(key) else { return .absent }
        guard let converted = raw.converted(to: Value.self) else { return .invalid(raw) }
        return .converted(converted)
    }

    /// For a lookup of a URL's values only: whether the URL has a value for `key`, and the value
    /// when it is one string. `nil` when other values could win over the URL's.
    @usableFromInline
    func urlText(_ key: String) -> (found: Bool, text: String?)? {
        guard let url, native.isEmpty, values.isEmpty else { return nil }
        return url.singleText(key)
    }

    /// Whether a value for `key` came from remote input (the URL or values by name), which the remote
    /// policy refuses for native-only parameters.
    func suppliesRemotely(_ key: String) -> Bool {
        values[key] != nil || url?.raw(key) != nil
    }

    /// Every value as a dictionary, native values winning: what interceptors and fallbacks see.
    func materialized() -> [String: any Sendable] {
        var result = url?.values.materialized() ?? [:]
        for (key, value) in values { result[key] = value }
        for (key, value) in native { result[key] = value }
        return result
    }
}
