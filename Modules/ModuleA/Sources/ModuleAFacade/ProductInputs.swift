public import Mediator

/// The input of the actions about one product.
public struct ProductID: MediatorInput, Equatable {
    /// The product id.
    public var id: Int

    /// Names a product.
    /// - Parameter id: The product id.
    public init(id: Int) {
        self.id = id
    }

    /// `id`: the product id, as URLs and callers by name spell it.
    public static let schema = MediatorSchema(ProductID.init, .required("id", \.id, "Product id"))
}

/// The input of the product list: an optional category.
public struct ProductListQuery: MediatorInput, Equatable {
    /// The category to show, or `nil` for every product.
    public var category: ProductCategory?

    /// A list query.
    /// - Parameter category: The category, or `nil` for all products.
    public init(category: ProductCategory? = nil) {
        self.category = category
    }

    /// `category`: optional, one of the ``ProductCategory`` raw values.
    public static let schema = MediatorSchema(ProductListQuery.init, .optional("category", \.category, "Only this category"))
}

/// The input of a price change.
public struct Reprice: MediatorInput, Equatable {
    /// The product id.
    public var id: Int
    /// The new price in cents.
    public var cents: Int

    /// A price change.
    /// - Parameters:
    ///   - id: The product id.
    ///   - cents: The new price in cents.
    public init(id: Int, cents: Int) {
        self.id = id
        self.cents = cents
    }

    /// `id` and `cents`, both required.
    public static let schema = MediatorSchema(
        Reprice.init, .required("id", \.id, "Product id"), .required("cents", \.cents, "New price in cents"))
}
