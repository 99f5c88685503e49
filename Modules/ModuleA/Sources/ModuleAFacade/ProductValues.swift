public import Mediator

/// A product category; URLs carry it by its raw value, such as `shop://products/tea`.
public enum ProductCategory: String, CaseIterable, Sendable, MediatorParameterValue {
    /// Teas.
    case tea
    /// Teaware.
    case teaware
}

/// What other modules need to know about a product: id, name and price.
public struct ProductSummary: Sendable, Equatable {
    /// The product id.
    public var id: Int
    /// The display name.
    public var name: String
    /// The price in cents.
    public var cents: Int

    /// Creates a summary.
    /// - Parameters:
    ///   - id: The product id.
    ///   - name: The display name.
    ///   - cents: The price in cents.
    public init(id: Int, name: String, cents: Int) {
        self.id = id
        self.name = name
        self.cents = cents
    }
}

/// One customer review.
public struct ProductReview: Sendable, Equatable {
    /// Stars from 1 to 5.
    public var stars: Int
    /// The review text.
    public var text: String

    /// Creates a review.
    /// - Parameters:
    ///   - stars: Stars from 1 to 5.
    ///   - text: The review text.
    public init(stars: Int, text: String) {
        self.stars = stars
        self.text = text
    }
}
