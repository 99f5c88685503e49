/// The optional type a converting parameter's storage holds (`Value?`), as the writer of an app's
/// type uses it: an existential metatype of it, made once with the writer, carries its metadata and
/// its witnesses, so the writer looks nothing up per call. Naming `Value?` in generic code (a
/// conversion's result, a write) asks the runtime's metadata cache for it on every call, ~530
/// instructions each.
protocol OptionalSlot<Wrapped>: SendableMetatype {
    /// The parameter's type.
    associatedtype Wrapped
    /// The value, wrapped.
    static func wrap(_ value: Wrapped) -> Self
    /// The value a URL's text converts to, or `nil`.
    static func parsed(fromText text: String) -> Self
    /// Whether it holds a value.
    var hasValue: Bool { get }
}

/// The doubly optional type an optional parameter's storage holds (`Value??`: its outer level says
/// whether the call set it), written as ``OptionalSlot`` writes `Value?`.
protocol NestedOptionalSlot<Inner>: SendableMetatype {
    /// The optional it wraps.
    associatedtype Inner: OptionalSlot
    /// The optional, wrapped.
    static func wrap(inner: Inner) -> Self
}

// In these witnesses `Self` comes with its metadata, and `Wrapped` with `Self`'s: nothing is looked up.

extension Optional: OptionalSlot where Wrapped: MediatorParameterValue {
    static func wrap(_ value: Wrapped) -> Self { .some(value) }

    static func parsed(fromText text: String) -> Self { Wrapped.mediatorValue(fromText: text) }

    var hasValue: Bool {
        if case .some = self { true } else { false }
    }
}

extension Optional: NestedOptionalSlot where Wrapped: OptionalSlot {
    static func wrap(inner: Wrapped) -> Self { .some(inner) }
}
