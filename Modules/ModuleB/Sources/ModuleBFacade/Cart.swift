public import Mediator
public import Presentation

/// The Cart module's actions as other modules see them: one contract per action, the single source
/// of their names, inputs and results. The facade calls them; the module's target binds them.
nonisolated public enum Cart {
    /// The target name the mediator knows the module by.
    public static let target = "Cart"

    /// Adds a product (remote: `shop://cart/add/42?quantity=2`; asks the Products module for it).
    public static let add = ActionContract<AddToCart, CartSummary>("add", on: target)
    /// The cart screen (remote: `shop://cart`).
    public static let show = MainActorActionContract<NoInput, Screen>("show", on: target)
    /// Places the order (remote: `shop://checkout`; the app gates it behind login).
    public static let checkout = AsyncActionContract<NoInput, Screen>("checkout", on: target)
    /// The number of items in the cart (local).
    public static let count = ActionContract<NoInput, Int>("count", on: target)
    /// Empties the cart (local).
    public static let clear = ActionContract<NoInput, Void>("clear", on: target)
    /// The cart as last saved, when the app went to the background (local).
    public static let saved = ActionContract<NoInput, CartSummary>("saved", on: target)

    /// Every contract of the module, for its contract test.
    public static let all: [any MediatorContract] = [add, show, checkout, count, clear, saved]
}
