/// Marks a stored property of a `@MediatorInput` struct as a parameter only native callers can set:
/// a closure or a model object, which a URL or a remote caller never can.
///
/// ```swift
/// @MediatorInput
/// public struct AddToCart {
///     /// Product id
///     public var id: Int
///     /// Called with the new cart
///     @Native public var completion: (@Sendable (Cart) -> Void)?
/// }
/// ```
///
/// `@MediatorInput` declares the property's field with `native:` (`.optional("completion", native:
/// \.completion, "Called with the new cart")`), so its type need not convert from strings. Adds
/// nothing itself; reported on anything but a stored property of a `@MediatorInput` struct, and on
/// a `@Parameter` property, which says `native:` in its attribute instead.
@attached(peer)
public macro Native() = #externalMacro(module: "MediatorMacrosPlugin", type: "NativeMacro")
