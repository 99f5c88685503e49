/// A type the mediator can convert parameter values to, from native values or from URL strings.
///
/// Built in: `String`, `Int`, `Bool`, `Double`, `UUID` and `URL` (from the `Mediator` module, which
/// bridges Foundation), arrays of these (from repeated URL keys), any `String`- or `Int`-backed
/// enum that declares conformance, and any `LosslessStringConvertible` type that declares it
/// (converted from itself or its text form):
///
/// ```swift
/// enum Tab: String, MediatorParameterValue { case home, cart }
/// let tab: Tab = try parameters.value("tab")   // "cart" → .cart
/// ```
public protocol MediatorParameterValue: Sendable {
    /// Converts a value as a caller or a URL supplied it, or returns `nil` when it cannot be converted.
    /// - Parameter raw: A native value of any type, or a `String` decoded from a URL.
    static func mediatorValue(from raw: any Sendable) -> Self?

    /// Converts a value decoded from a URL (a path segment or a query value), or returns `nil`.
    ///
    /// The default asks ``mediatorValue(from:)``; the built-in types parse the text directly.
    /// - Parameter text: The decoded text.
    static func mediatorValue(fromText text: String) -> Self?
}

extension MediatorParameterValue {
    /// The type's name as errors and the catalog show it: its own name, such as `"Int"`, and
    /// `"[Element]"` for a list, such as `"[Int]"`.
    @usableFromInline
    package static var mediatorTypeName: String {
        if let list = Self.self as? any ParameterList.Type { return "[\(list.elementTypeName)]" }
        return String(describing: Self.self)
    }

    /// Parses `String`, `Int`, `Bool` and `Double` directly (as their ``mediatorValue(from:)``
    /// describes); converts any other type's text through ``mediatorValue(from:)``.
    @inlinable
    public static func mediatorValue(fromText text: String) -> Self? {
        // Each test is a constant once specialized (the standard types' conformances are, here).
        if Self.self is String.Type { return text as? Self }
        if Self.self is Int.Type { return Int(text).flatMap { $0 as? Self } }
        if Self.self is Bool.Type { return Bool.parse(Substring(text)).flatMap { $0 as? Self } }
        if Self.self is Double.Type { return Double.standardValue(fromText: text).flatMap { $0 as? Self } }
        return mediatorValue(from: text)
    }

    /// The values a URL may use, for errors and the catalog: a `CaseIterable` type's cases, each as
    /// its raw value (`["home", "cart"]`) or, without one, its text form; `nil` for any other type.
    ///
    /// Read from the conformance, not declared: a list an enum declared by hand could drift from its
    /// cases. Asked when a schema is built and when an error is written, never per call.
    @usableFromInline
    static var allowedValueTexts: [String]? {
        guard let cases = Self.self as? any CaseIterable.Type else { return nil }
        return caseTexts(cases)
    }
}

/// Every case of a `CaseIterable` type as text: its raw value, or its description when it has none.
private func caseTexts<Cases: CaseIterable>(_ type: Cases.Type) -> [String] {
    type.allCases.map { value in
        if let raw = value as? any RawRepresentable { "\(raw.rawValue)" } else { "\(value)" }
    }
}

// The standard types take their conversions from the default below, so each is one public
// declaration, not one per type; what each accepts is written on its own conversion.
extension String: MediatorParameterValue {
    /// Accepts `String` and `Substring`; other types are not silently stringified.
    @inlinable
    static func standardValue(from raw: any Sendable) -> String? {
        switch raw {
        case let value as String: value
        case let value as Substring: String(value)
        default: nil
        }
    }
}

extension Int: MediatorParameterValue {
    /// Accepts any integer that fits, an integral `Double`, or a decimal string such as `"42"`.
    @inlinable
    static func standardValue(from raw: any Sendable) -> Int? {
        switch raw {
        case let value as Int: value
        case let value as String: Int(value)
        case let value as Substring: Int(value)
        case let value as Double: Int(exactly: value)
        case let value as any BinaryInteger: Int(exactly: value)
        default: nil
        }
    }
}

extension Bool: MediatorParameterValue {
    /// Accepts `Bool`, `0`/`1`, and the strings `true`/`false`, `1`/`0`, `yes`/`no` in any case.
    @inlinable
    static func standardValue(from raw: any Sendable) -> Bool? {
        switch raw {
        case let value as Bool: return value
        case let value as Int: return value == 0 ? false : value == 1 ? true : nil
        case let value as String: return parse(Substring(value))
        case let value as Substring: return parse(value)
        default: return nil
        }
    }

    /// `true`/`false`, `1`/`0`, `yes`/`no`, in any case.
    @usableFromInline
    static func parse(_ text: Substring) -> Bool? {
        switch text.lowercased() {
        case "true", "1", "yes": true
        case "false", "0", "no": false
        default: nil
        }
    }
}

extension Double: MediatorParameterValue {
    /// Accepts any `Double`, `Float` or integer, or a finite decimal number as text, such as `"9.99"`,
    /// `"-1e3"` or `".5"`; not hexadecimal (`"0x1p3"`), `"inf"`, `"nan"`, or a value too large to be finite.
    @usableFromInline
    static func standardValue(from raw: any Sendable) -> Double? {
        switch raw {
        case let value as Double: value
        case let value as Float: Double(value)
        case let value as Int: Double(value)
        case let value as String: DecimalText.double(value)
        case let value as Substring: DecimalText.double(value)
        default: nil
        }
    }

    /// A finite decimal number such as `"9.99"`: an optional sign, digits with an optional decimal
    /// point, an optional exponent (`e` or `E`); nothing else `Double(_:)` reads.
    @usableFromInline
    static func standardValue(fromText text: String) -> Double? { DecimalText.double(text) }
}

extension MediatorParameterValue where Self: LosslessStringConvertible {
    /// Converts the standard types: `String` accepts `String` and `Substring` (other types are not
    /// silently stringified); `Int` any integer that fits, an integral `Double`, or a decimal string
    /// such as `"42"`; `Bool` a `Bool`, `0`/`1`, and the strings `true`/`false`, `1`/`0`, `yes`/`no`
    /// in any case; `Double` any `Double`, `Float` or integer, or a finite decimal number as text
    /// (`"9.99"`, `"-1e3"`, `".5"`; not hexadecimal, `"inf"`, `"nan"`, or a value too large to be
    /// finite). Another type that declares conformance accepts itself, or its text form
    /// (`Self(text)`).
    @inlinable
    public static func mediatorValue(from raw: any Sendable) -> Self? {
        // Each test is a constant once specialized (the standard types' conformances are, here).
        if Self.self is String.Type { return String.standardValue(from: raw).flatMap { $0 as? Self } }
        if Self.self is Int.Type { return Int.standardValue(from: raw).flatMap { $0 as? Self } }
        if Self.self is Bool.Type { return Bool.standardValue(from: raw).flatMap { $0 as? Self } }
        if Self.self is Double.Type { return Double.standardValue(from: raw).flatMap { $0 as? Self } }
        switch raw {
        case let value as Self: return value
        case let value as String: return Self(value)
        case let value as Substring: return Self(String(value))
        default: return nil
        }
    }
}

extension Array: MediatorParameterValue where Element: MediatorParameterValue {
    /// Converts every element of an array (such as a URL's repeated keys), or wraps a single value.
    public static func mediatorValue(from raw: any Sendable) -> [Element]? {
        if let same = raw as? [Element] { return same }
        if let many = raw as? [any Sendable] {
            var converted: [Element] = []
            converted.reserveCapacity(many.count)
            for item in many {
                guard let element = Element.mediatorValue(from: item) else { return nil }
                converted.append(element)
            }
            return converted
        }
        return Element.mediatorValue(from: raw).map { [$0] }
    }
}

/// A list parameter type, whose name is its element's in brackets.
protocol ParameterList {
    /// The element type's name, as `mediatorTypeName` gives it.
    static var elementTypeName: String { get }
}

extension Array: ParameterList where Element: MediatorParameterValue {
    static var elementTypeName: String { Element.mediatorTypeName }
}

extension MediatorParameterValue where Self: RawRepresentable, RawValue: MediatorParameterValue {
    // Inlinable, so each enum's conformance gets them compiled for it: run as generic code, they
    // looked the enum's `Optional` up at run time on every conversion (~450 instructions).

    /// Accepts the enum itself, or anything its raw value converts from, such as `"cart"` for `.cart`.
    @inlinable
    public static func mediatorValue(from raw: any Sendable) -> Self? {
        if let value = raw as? Self { return value }
        return RawValue.mediatorValue(from: raw).flatMap(Self.init(rawValue:))
    }

    /// The raw value's text form, such as `"cart"` for `.cart`.
    @inlinable
    public static func mediatorValue(fromText text: String) -> Self? {
        RawValue.mediatorValue(fromText: text).flatMap(Self.init(rawValue:))
    }
}
