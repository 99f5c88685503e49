/// An action's input: a `Sendable` struct whose stored properties are its parameters, each declared
/// with ``Parameter``, and an initializer without arguments that makes the declaration.
///
/// ```swift
/// public struct AddToCart: MediatorInput {
///     @Parameter("Product id") public var id: Int
///     @Parameter("How many, 1 to 99") public var quantity = 1
///     @Parameter(native: "Called with the new cart") public var completion: CartCompletion?
///     public init() {}
///     public init(id: Int, quantity: Int = AddToCart().quantity, completion: CartCompletion? = nil) {
///         (self.id, self.quantity, self.completion) = (id, quantity, completion)
///     }
/// }
/// ```
///
/// Each parameter is written once, on its property: its name as callers by name and URLs spell it,
/// its type, its default (the initial value) and its one-line description. The mediator reads them
/// from the declaration `init()` makes (the shape of swift-argument-parser's `ParsableArguments`):
/// once per type, on first use, with no lock held, so `init()` must declare and do nothing else (no
/// call to the mediator). From them come validation and conversion for calls by name, decoding of
/// URL values, URL generation and the catalog; a typed call passes the struct through untouched.
///
/// `init()` is not an input to pass (its required parameters hold no value; a call given it fails
/// with ``MediatorError/Code/missingParameter``); make inputs with the typed initializer. Swift gives
/// a struct no public memberwise initializer, so a public input writes that one by hand; the
/// optional `MediatorMacros` package writes both initializers from plain stored properties.
///
/// Every stored property must be a `@Parameter`: an input with another is refused when its target is
/// registered, with a message naming the property. ``NoInput`` is the input without parameters, and
/// ``MediatorParameters`` the untyped one of an action declared by name, whose parameters an input
/// type declares all the same (`MediatorAction("show", parameters: ShowParameters.self) { … }`).
public protocol MediatorInput: Sendable {
    /// Makes the declaration the mediator reads: every `@Parameter` at its default, required ones unset.
    init()
}

extension MediatorInput {
    /// The schema read from the type's `@Parameter` declarations, once per type; the untyped
    /// parameters' own for ``MediatorParameters``.
    @usableFromInline
    package static var schema: InputSchema<Self> {
        // The same type, so the same layout: no cast to pay on every read.
        if Self.self == MediatorParameters.self {
            return unsafeBitCast(InputSchema<MediatorParameters>.untyped, to: InputSchema<Self>.self)
        }
        if Self.self == NoInput.self { return unsafeBitCast(InputSchema<NoInput>.empty, to: InputSchema<Self>.self) }
        // Read once, outside every lock: `init()` is the user's code.
        return DeclaredSchemas.schema(of: Self.self) { InputSchema(reading: Self.init) }
    }
}

/// Untyped parameters are an input too: an action declared by name takes them, its parameters
/// declared by another input type it names (``MediatorAction`` `parameters:`).
extension MediatorParameters: MediatorInput {}
