// A module's facade as the profile's cross-module scenarios see it: contracts, their input and a
// facade method, declared in another module than the calls (as `ModuleAFacade` is for ModuleB).
public import Mediator

/// The contracts of the "Stock" target, which `MediatorProfile` implements.
public enum Stock {
    /// The target's name.
    public static let target = "Stock"
    /// How many items are in stock; no input.
    public static let count = ActionContract<NoInput, Int>("count", on: target)
    /// The price of a quantity of one item.
    public static let price = ActionContract<StockQuery, Int>("price", on: target)
}

/// An item and a quantity, declared with `@Parameter`.
public struct StockQuery: MediatorInput {
    /// The item's id.
    @Parameter("Item id") public var id: Int
    /// How many.
    @Parameter("How many") public var quantity: Int
    /// The declaration the schema reads.
    public init() {}
    /// Creates a query.
    public init(id: Int, quantity: Int) { (self.id, self.quantity) = (id, quantity) }
}

extension Mediator {
    /// The facade method over `Stock.count`.
    public func stockCount() throws -> Int { try call(Stock.count) }

    /// The facade method over `Stock.price`.
    public func stockPrice(id: Int, quantity: Int) throws -> Int {
        try call(Stock.price, with: StockQuery(id: id, quantity: quantity))
    }
}
