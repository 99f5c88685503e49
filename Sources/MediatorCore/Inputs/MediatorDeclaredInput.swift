/// An action's input declared with `@Parameter` properties, whose schema is read from them: each
/// parameter's name, type, default and description is written once, on its property.
///
/// ```swift
/// public struct Reprice: MediatorDeclaredInput {
///     @Parameter("Product id") public var id: Int
///     @Parameter("New price in cents") public var cents: Int
///     public init() {}
///     public init(id: Int, cents: Int) { (self.id, self.cents) = (id, cents) }
/// }
/// ```
///
/// `init()` makes the declaration the schema reads (the shape of swift-argument-parser's
/// `ParsableArguments`): every parameter at its default, required ones without a value. It is not
/// an input to pass; make inputs with the typed initializer. Swift gives a struct no public
/// memberwise initializer, so a public input writes that one line by hand; the optional
/// `MediatorMacros` package writes it (and `init()`) from the declarations.
///
/// The schema is read on first use, with `Mirror`, once per type: threads racing the very first use
/// wait for the one reading it, so `init()` runs once. It runs with no lock held and must not call
/// the mediator (it declares; it does nothing); see
/// ``MediatorSchema/init(reflecting:descriptions:)`` for the form that needs no `init()` requirement.
public protocol MediatorDeclaredInput: MediatorInput, Decodable {
    /// The declaration the schema reads: every `@Parameter` at its default, required ones unset.
    init()
}

extension MediatorDeclaredInput {
    /// The schema read from the `@Parameter` declarations, kept once per type.
    public static var schema: MediatorSchema<Self> {
        // Read once, outside every lock: `init()` is the user's code.
        DeclaredSchemas.schema(of: Self.self) { MediatorSchema(reading: Self.init) }
    }
}
