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

/// Typed calls into the Cart module; names and parameter keys stay inside the facade.
public struct CartFacade: Sendable {
    /// The mediator the calls go through.
    public let mediator: Mediator

    /// Adds a product to the cart.
    /// - Parameters:
    ///   - productID: The product id.
    ///   - quantity: How many; at least 1.
    ///   - completion: Called with the new cart, on the caller's thread, before this returns.
    /// - Returns: The new cart.
    /// - Throws: A ``MediatorError``, for example when the product does not exist.
    @discardableResult
    public func add(productID: Int, quantity: Int = 1, completion: CartCompletion? = nil) throws -> CartSummary {
        var parameters: MediatorParameters = [CartNames.Key.id: productID, CartNames.Key.quantity: quantity]
        parameters[CartNames.Key.completion] = completion
        return try mediator.perform(CartNames.Action.add.rawValue, on: CartNames.target, with: parameters)
    }

    /// The number of items in the cart.
    /// - Returns: The item count.
    /// - Throws: A ``MediatorError``.
    public func count() throws -> Int {
        try mediator.perform(CartNames.Action.count.rawValue, on: CartNames.target)
    }

    /// Empties the cart.
    /// - Throws: A ``MediatorError``.
    public func clear() throws {
        try mediator.perform(CartNames.Action.clear.rawValue, on: CartNames.target, as: Void.self)
    }

    /// The cart screen.
    /// - Returns: The screen to show.
    /// - Throws: A ``MediatorError``.
    public func screen() async throws -> Screen {
        try await mediator.perform(CartNames.Action.show.rawValue, on: CartNames.target)
    }

    /// Places the order and returns the confirmation screen.
    /// - Returns: The confirmation screen.
    /// - Throws: A ``MediatorError``, for example a rejection when the user is not logged in.
    public func checkout() async throws -> Screen {
        try await mediator.perform(CartNames.Action.checkout.rawValue, on: CartNames.target)
    }
}
