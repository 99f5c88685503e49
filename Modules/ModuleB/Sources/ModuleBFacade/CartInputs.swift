public import Mediator

/// The input of adding a product to the cart.
public struct AddToCart: MediatorInput {
    /// The product id.
    public var productID: Int
    /// How many; 1 to 99.
    public var quantity: Int
    /// Called with the new cart after the add; native callers only.
    public var completion: CartCompletion?

    /// An add.
    /// - Parameters:
    ///   - productID: The product id.
    ///   - quantity: How many; 1 to 99.
    ///   - completion: Called with the new cart, on the caller's thread, before the call returns.
    public init(productID: Int, quantity: Int = 1, completion: CartCompletion? = nil) {
        self.productID = productID
        self.quantity = quantity
        self.completion = completion
    }

    /// `id` (required), `quantity` (default 1) and `completion` (native only).
    public static let schema = MediatorSchema(
        AddToCart.init,
        .required("id", \.productID, "Product id"),
        .optional("quantity", \.quantity, default: 1, "How many, 1 to 99"),
        .optional("completion", native: \.completion, "Called with the new cart"))
}
