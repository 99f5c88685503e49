import AppEvents
public import Mediator
import ModuleAFacade
import ModuleBFacade
import Presentation

/// The Cart module's entry point: every action it offers, declared once, each bound to the
/// contract the facade declares (``Cart``).
///
/// The cart reaches the Products module only through `ModuleAFacade`, never its implementation.
/// Register it with the factory that hands over the mediator, so it calls Products through the
/// same mediator that called it:
///
/// ```swift
/// try mediator.register { CartTarget(mediator: $0) }
/// ```
public struct CartTarget: MediatorTarget {
    /// `"Cart"`.
    public static let targetName = Cart.target
    /// What the module does.
    public static let summary = "Cart and checkout"
    /// The cart's lines live in the instance, so one instance serves every call.
    public static let cachesInstance = true

    private let mediator: Mediator
    private let store = CartStore()

    /// Creates the target on a mediator.
    /// - Parameter mediator: The mediator to reach other modules through.
    public init(mediator: Mediator) {
        self.mediator = mediator
    }

    /// Every action of the Cart module.
    public static let actions: [MediatorAction<CartTarget>] = [
        MediatorAction(Cart.add, summary: "Adds a product to the cart", exposure: .remote, urlPatterns: ["/cart/add/:id"]) {
            target, input in
            try target.add(input)
        },
        MediatorAction(Cart.show, summary: "The cart screen", exposure: .remote, urlPatterns: ["/cart"]) { target, _ in
            CartScreens.cart(target.store.summary)
        },
        MediatorAction(Cart.checkout, summary: "Places the order (requires login)", exposure: .remote, urlPatterns: ["/checkout"])
        {
            target, _ in
            await Task.yield()  // Stands in for the payment request.
            let order = try target.store.placeOrder()
            return CartScreens.confirmation(order: order.number, order.summary)
        },
        MediatorAction(Cart.count, summary: "The number of items in the cart") { target, _ in
            target.store.summary.itemCount
        },
        MediatorAction(Cart.clear, summary: "Empties the cart") { target, _ in
            target.store.clear()
        },
        MediatorAction(Cart.saved, summary: "The cart as last saved (when the app went to the background)") { target, _ in
            target.store.savedSummary
        },
    ]

    /// The app events the Cart module hears: the cart belongs to the session, is saved when the app
    /// goes to the background, and is restored at launch.
    public static let subscriptions: [MediatorSubscription<CartTarget>] = [
        MediatorSubscription(AppEvents.didFinishLaunching) { target, _ in target.store.restore() },
        MediatorSubscription(AppEvents.userDidLogOut) { target, _ in target.store.clear() },
        MediatorSubscription(AppEvents.didEnterBackground) { target, _ in await target.store.save() },
    ]

    private func add(_ input: AddToCart) throws -> CartSummary {
        guard (1...99).contains(input.quantity) else { throw CartError.invalidQuantity(input.quantity) }
        let product = try mediator.products.summary(id: input.id)
        let summary = store.add(product, quantity: input.quantity)
        input.completion?(summary)
        return summary
    }
}
