/// An action's input: a `Sendable` struct and the schema of its parameters.
///
/// The schema names each parameter as callers by name and URLs spell it, says whether it is
/// required or has a default, and describes it in one line. From it come validation and conversion
/// for calls by name, decoding of URL values, URL generation, and the catalog; a typed call passes
/// the struct through untouched.
///
/// Declare an input with ``Parameter`` properties and ``MediatorDeclaredInput``, which reads the
/// schema from them, so each fact is written once:
///
/// ```swift
/// public struct AddToCart: MediatorDeclaredInput {
///     @Parameter("Product id") public var id: Int
///     @Parameter("How many, 1 to 99") public var quantity = 1
///     @Parameter(native: "Called with the new cart") public var completion: CartCompletion?
///     public init() {}
///     public init(id: Int, quantity: Int = AddToCart().quantity, completion: CartCompletion? = nil) { ... }
/// }
/// ```
///
/// An input that cannot use property wrappers (a type whose stored properties you do not want to
/// annotate) conforms to this protocol directly and writes its schema with
/// ``MediatorSchema/init(_:_:)``, one ``MediatorField`` per initializer parameter.
public protocol MediatorInput: Sendable {
    /// The input's parameters, and how to build the input from them.
    static var schema: MediatorSchema<Self> { get }
}

extension MediatorParameters: MediatorInput {
    /// Untyped parameters declare nothing by themselves: an action taking them declares its
    /// parameters in its ``MediatorAction`` (`parameters:`), and any other key passes through.
    public static let schema = MediatorSchema<MediatorParameters>(declaring: [])
}
