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
/// passes one reference around instead of copying an existential and a closure.
@usableFromInline
final class TypedInput: Sendable {
    @usableFromInline let value: any Sendable
    @usableFromInline let type: ObjectIdentifier
    /// Where the input's named values come from.
    @usableFromInline let named: Named

    /// Where a typed input's named values come from.
    @usableFromInline
    enum Named: Sendable {
        /// Its schema, encoding it.
        case encoded(@Sendable () -> [String: any Sendable])
        /// The values it was decoded from (a routed link's), kept as they are: no closure made for them.
        case decoded(ParameterLookup)
    }

    @inlinable
    init<Input: MediatorInput>(_ input: Input) {
        value = input
        type = ObjectIdentifier(Input.self)
        named = .encoded { Input.schema.encode(input) }
    }

    /// An input decoded from these values (a routed link's), which interceptors and the remote
    /// policy see as they would have seen them undecoded.
    @inlinable
    init<Input: MediatorInput>(_ input: Input, decodedFrom lookup: ParameterLookup) {
        value = input
        type = ObjectIdentifier(Input.self)
        named = .decoded(lookup)
    }

    /// The input as named values: what interceptors see, what the remote policy checks, and what
    /// an action of another input type decodes. From its schema, or the values it was decoded from.
    @usableFromInline
    func parameters() -> [String: any Sendable] {
        switch named {
        case .encoded(let encode): encode()
        case .decoded(let lookup): lookup.materialized()
        }
    }
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
