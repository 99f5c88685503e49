/// Marks a plain stored property of a `@MediatorInput` struct as a parameter only native callers can
/// set: a closure or a model object, which a URL or a remote caller never can.
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
/// `@MediatorInput` makes the property `@Parameter(native: "Called with the new cart")`, so its type
/// need not convert from strings: a call by name passes a value of exactly that type, and a URL or a
/// remote caller that supplies it is refused with `reservedParameter`. Adds nothing itself; reported on
/// anything but a stored property of a `@MediatorInput` struct, and on a property written with
/// `@Parameter`, which says `native:` in its attribute instead.
@attached(peer)
public macro Native() = #externalMacro(module: "MediatorMacrosPlugin", type: "NativeMacro")
