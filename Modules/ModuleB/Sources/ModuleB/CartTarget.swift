public import Mediator
import ModuleAFacade
import ModuleBFacade
import Presentation

/// The Cart module's entry point: every action it offers, declared once.
///
/// The cart reaches the Products module only through `ModuleAFacade`, never its implementation.
/// Register it with the factory that hands over the mediator, so it calls Products through the
/// same mediator that called it:
///
/// ```swift
/// try mediator.register(CartTarget.self) { CartTarget(mediator: $0) }
/// ```
public struct CartTarget: MediatorTarget {
    /// `"Cart"`.
    public static let targetName = CartNames.target
    /// What the module does.
    public static let summary = "Cart and checkout"
    /// The cart's lines live in the instance, so one instance serves every call.
    public static let cachesInstance = true

    private let mediator: Mediator
    private let store = CartStore()

    /// Creates the target on the shared mediator.
    public init() {
        self.init(mediator: .shared)
    }

    /// Creates the target on a given mediator.
    /// - Parameter mediator: The mediator to reach other modules through.
    public init(mediator: Mediator) {
        self.mediator = mediator
    }

    private typealias Action = CartNames.Action
    private typealias Key = CartNames.Key

    /// Every action of the Cart module.
    public static let actions: [MediatorAction<CartTarget>] = [
        MediatorAction(
            Action.add.rawValue, summary: "Adds a product to the cart",
            parameters: [
                .required(Key.id, Int.self, "Product id"),
                .optional(Key.quantity, Int.self, default: 1, "How many, 1 to 99"),
                .optional(Key.completion, native: CartCompletion.self, "Called with the new cart"),
            ],
            exposure: .remote, urlPatterns: ["/cart/add/:id"]
        ) { target, parameters in
            try target.add(parameters)
        },
        .onMainActor(
            Action.show.rawValue, summary: "The cart screen", exposure: .remote, urlPatterns: ["/cart"]
        ) { target, _ in
            CartScreens.cart(target.store.summary)
        },
        MediatorAction(
            Action.checkout.rawValue, summary: "Places the order (requires login)",
            exposure: .remote, urlPatterns: ["/checkout"]
        ) { target, _ async throws in
            await Task.yield()  // Stands in for the payment request.
            let order = try target.store.placeOrder()
            return CartScreens.confirmation(order: order.number, order.summary)
        },
        MediatorAction(Action.count.rawValue, summary: "The number of items in the cart") { target, _ in
            target.store.summary.itemCount
        },
        MediatorAction(Action.clear.rawValue, summary: "Empties the cart") { target, _ in
            target.store.clear()
        },
    ]

    private func add(_ parameters: MediatorParameters) throws -> CartSummary {
        let quantity: Int = try parameters.value(Key.quantity)
        guard (1...99).contains(quantity) else { throw CartError.invalidQuantity(quantity) }
        let product = try mediator.products.summary(id: parameters.value(Key.id))
        let summary = store.add(product, quantity: quantity)
        if let completion = try parameters.optionalValue(Key.completion, as: CartCompletion.self) {
            completion(summary)
        }
        return summary
    }
}
