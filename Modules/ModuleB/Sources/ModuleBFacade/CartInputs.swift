public import Mediator

/// The input of adding a product to the cart.
public struct AddToCart: MediatorInput {
    /// Product id.
    @Parameter("Product id") public var id: Int
    /// How many, 1 to 99.
    @Parameter("How many, 1 to 99") public var quantity = 1
    /// Called with the new cart.
    @Parameter(native: "Called with the new cart") public var completion: CartCompletion?
    /// The declaration the schema reads: one of no product yet.
    public init() {}
    /// An add; `quantity`'s default is read from its declaration, so it is written once.
    public init(id: Int, quantity: Int = AddToCart().quantity, completion: CartCompletion? = nil) {
        (self.id, self.quantity, self.completion) = (id, quantity, completion)
    }
}
