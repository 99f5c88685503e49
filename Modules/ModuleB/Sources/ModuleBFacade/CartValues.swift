/// One line of the cart.
public struct CartLine: Sendable, Equatable {
    /// The product id.
    public var productID: Int
    /// The product's display name.
    public var name: String
    /// How many.
    public var quantity: Int
    /// The unit price in cents.
    public var unitCents: Int

    /// Creates a cart line.
    /// - Parameters:
    ///   - productID: The product id.
    ///   - name: The display name.
    ///   - quantity: How many.
    ///   - unitCents: The unit price in cents.
    public init(productID: Int, name: String, quantity: Int, unitCents: Int) {
        self.productID = productID
        self.name = name
        self.quantity = quantity
        self.unitCents = unitCents
    }
}

/// The cart's contents and total after a change.
public struct CartSummary: Sendable, Equatable {
    /// The lines, in the order products were first added.
    public var lines: [CartLine]

    /// Creates a summary.
    /// - Parameter lines: The lines.
    public init(lines: [CartLine]) {
        self.lines = lines
    }

    /// The number of items across all lines.
    public var itemCount: Int { lines.reduce(0) { $0 + $1.quantity } }

    /// The total in cents.
    public var totalCents: Int { lines.reduce(0) { $0 + $1.quantity * $1.unitCents } }
}

/// Called with the cart after an add; passed as a parameter by native callers.
public typealias CartCompletion = @Sendable (CartSummary) -> Void
