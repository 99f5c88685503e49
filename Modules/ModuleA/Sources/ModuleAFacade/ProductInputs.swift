public import Mediator

/// The input of the actions about one product.
public struct ProductID: MediatorInput, Hashable {
    /// Product id.
    @Parameter("Product id") public var id: Int
    /// The declaration the schema reads.
    public init() {}
    /// Names a product.
    public init(id: Int) { self.id = id }
}

/// The input of the product list: an optional category.
public struct ProductListQuery: MediatorInput, Hashable {
    /// Only this category (nil: every product).
    @Parameter("Only this category (nil: every product)") public var category: ProductCategory?
    /// The declaration the schema reads: every product.
    public init() {}
    /// A list query; `nil` lists every product.
    public init(category: ProductCategory?) { self.category = category }
}

/// The input of a price change.
public struct Reprice: MediatorInput, Equatable {
    /// Product id.
    @Parameter("Product id") public var id: Int
    /// New price in cents.
    @Parameter("New price in cents") public var cents: Int
    /// The declaration the schema reads.
    public init() {}
    /// A price change.
    public init(id: Int, cents: Int) { (self.id, self.cents) = (id, cents) }
}
