/// An action's input: a plain `Sendable` struct whose parameter schema is written once, with it.
///
/// The schema names each field as callers by name and URLs spell it, says whether it is required or
/// has a default, and describes it in one line. From it come validation and conversion for calls by
/// name, decoding of URL values, URL generation, and the catalog; a typed call passes the struct
/// through untouched.
///
/// ```swift
/// public struct AddToCart: MediatorInput {
///     public var productID: Int
///     public var quantity: Int
///     public var completion: CartCompletion?
///
///     public init(productID: Int, quantity: Int = 1, completion: CartCompletion? = nil) { ... }
///
///     public static let schema = MediatorSchema(Self.init,
///         .required("id", \.productID, "Product id"),
///         .optional("quantity", \.quantity, default: 1, "How many, 1 to 99"),
///         .optional("completion", native: \.completion, "Called with the new cart"))
/// }
/// ```
///
/// The fields are listed in the order of the initializer's parameters, and the compiler checks
/// that each field's type is the type of its parameter.
public protocol MediatorInput: Sendable {
    /// The input's parameters, and how to build the input from them.
    static var schema: MediatorSchema<Self> { get }
}

extension MediatorParameters: MediatorInput {
    /// Untyped parameters declare nothing by themselves: an action taking them declares its
    /// parameters in its ``MediatorAction`` (`parameters:`), and any other key passes through.
    public static let schema = MediatorSchema<MediatorParameters>(declaring: [])
}
