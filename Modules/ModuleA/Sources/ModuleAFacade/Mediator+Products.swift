public import Mediator
public import Presentation

extension Mediator {
    /// The Products module's typed facade: call it instead of importing the module.
    ///
    /// ```swift
    /// let summary = try mediator.products.summary(id: 42)
    /// ```
    public var products: ProductsFacade { ProductsFacade(mediator: self) }
}

/// Typed calls into the Products module, each one line over a contract from ``Products``.
nonisolated public struct ProductsFacade: Sendable {
    /// The mediator the calls go through.
    public let mediator: Mediator

    /// A product's price in cents.
    /// - Parameter id: The product id.
    /// - Returns: The price in cents.
    /// - Throws: A ``MediatorError``, for example when the product does not exist.
    public func price(id: Int) throws -> Int {
        try mediator.call(Products.price, with: ProductID(id: id))
    }

    /// A product's summary.
    /// - Parameter id: The product id.
    /// - Returns: Id, name and price.
    /// - Throws: A ``MediatorError``, for example when the product does not exist.
    public func summary(id: Int) throws -> ProductSummary {
        try mediator.call(Products.summary, with: ProductID(id: id))
    }

    /// The product list screen, optionally for one category.
    /// - Parameter category: The category, or `nil` for all products.
    /// - Returns: The screen to show.
    /// - Throws: A ``MediatorError``.
    public func listScreen(category: ProductCategory? = nil) async throws -> Screen {
        try await mediator.call(Products.list, with: ProductListQuery(category: category))
    }

    /// The product detail screen.
    /// - Parameter id: The product id.
    /// - Returns: The screen to show.
    /// - Throws: A ``MediatorError``, for example when the product does not exist.
    public func detailScreen(id: Int) async throws -> Screen {
        try await mediator.call(Products.detail, with: ProductID(id: id))
    }

    /// A product's reviews, loaded asynchronously.
    /// - Parameter id: The product id.
    /// - Returns: The reviews, newest first.
    /// - Throws: A ``MediatorError``.
    public func reviews(id: Int) async throws -> [ProductReview] {
        try await mediator.call(Products.reviews, with: ProductID(id: id))
    }

    /// Changes a product's price (staff tools; local only).
    /// - Parameters:
    ///   - id: The product id.
    ///   - cents: The new price in cents.
    /// - Returns: The updated summary.
    /// - Throws: A ``MediatorError``.
    @discardableResult
    public func reprice(id: Int, cents: Int) throws -> ProductSummary {
        try mediator.call(Products.reprice, with: Reprice(id: id, cents: cents))
    }

    /// The ids of the products viewed this session, most recent first.
    /// - Returns: The ids; empty after the user logs out.
    /// - Throws: A ``MediatorError``.
    public func recentlyViewed() throws -> [Int] {
        try mediator.call(Products.recentlyViewed)
    }
}
