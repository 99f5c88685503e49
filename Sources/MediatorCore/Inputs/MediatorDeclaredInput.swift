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
/// The schema is read on first use, with `Mirror`, and kept once per type (threads racing the very
/// first use may each read it, running `init()` more than once; the first result is kept); see
/// ``MediatorSchema/init(reflecting:)`` for the form that needs no `init()` requirement.
public protocol MediatorDeclaredInput: MediatorInput, Decodable {
    /// The declaration the schema reads: every `@Parameter` at its default, required ones unset.
    init()
}

extension MediatorDeclaredInput {
    /// The schema read from the `@Parameter` declarations, kept once per type.
    public static var schema: MediatorSchema<Self> {
        if let known = DeclaredSchemas.schema(of: Self.self) { return known }
        // Read outside the lock: `init()` is the user's code.
        return DeclaredSchemas.keep(MediatorSchema(reflecting: Self.init))
    }
}
