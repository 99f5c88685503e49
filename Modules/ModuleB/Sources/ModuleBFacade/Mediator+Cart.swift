public import Mediator
public import Presentation

extension Mediator {
    /// The Cart module's typed facade: call it instead of importing the module.
    ///
    /// ```swift
    /// let summary = try mediator.cart.add(productID: 42, quantity: 2)
    /// ```
    public var cart: CartFacade { CartFacade(mediator: self) }
}

/// Typed calls into the Cart module, each one line over a contract from ``Cart``.
nonisolated public struct CartFacade: Sendable {
    /// The mediator the calls go through.
    public let mediator: Mediator

    /// Adds a product to the cart.
    /// - Parameters:
    ///   - productID: The product id.
    ///   - quantity: How many; 1 to 99.
    ///   - completion: Called with the new cart, on the caller's thread, before this returns.
    /// - Returns: The new cart.
    /// - Throws: A ``MediatorError``, for example when the product does not exist.
    @discardableResult
    public func add(productID: Int, quantity: Int = AddToCart().quantity, completion: CartCompletion? = nil) throws -> CartSummary
    {
        try mediator.call(Cart.add, with: AddToCart(id: productID, quantity: quantity, completion: completion))
    }

    /// The number of items in the cart.
    /// - Returns: The item count.
    /// - Throws: A ``MediatorError``.
    public func count() throws -> Int {
        try mediator.call(Cart.count)
    }

    /// Empties the cart.
    /// - Throws: A ``MediatorError``.
    public func clear() throws {
        try mediator.call(Cart.clear)
    }

    /// The cart as last saved, when the app went to the background.
    /// - Returns: The saved cart.
    /// - Throws: A ``MediatorError``.
    public func saved() throws -> CartSummary {
        try mediator.call(Cart.saved)
    }

    /// The cart screen.
    /// - Returns: The screen to show.
    /// - Throws: A ``MediatorError``.
    public func screen() async throws -> Screen {
        try await mediator.call(Cart.show)
    }

    /// Places the order and returns the confirmation screen.
    /// - Returns: The confirmation screen.
    /// - Throws: A ``MediatorError``, for example a rejection when the user is not logged in.
    public func checkout() async throws -> Screen {
        try await mediator.call(Cart.checkout)
    }
}
