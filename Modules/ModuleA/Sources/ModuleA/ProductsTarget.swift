public import Mediator
import ModuleAFacade
import Presentation

/// The Products module's entry point: every action it offers, declared once.
///
/// Names come from ``ProductsNames`` in the facade, so the facade and this declaration cannot drift
/// apart silently; the module's contract test proves they agree.
public struct ProductsTarget: MediatorTarget {
    /// `"Products"`.
    public static let targetName = ProductsNames.target
    /// What the module does.
    public static let summary = "Product catalog: list, detail, prices, reviews"
    /// The store is the module's state, so one instance serves every call.
    public static let cachesInstance = true

    private let store: ProductStore

    /// Creates the target with a fresh store.
    public init() {
        store = ProductStore()
    }

    private typealias Action = ProductsNames.Action
    private typealias Key = ProductsNames.Key

    /// Every action of the Products module.
    public static let actions: [MediatorAction<ProductsTarget>] = [
        .onMainActor(
            Action.list.rawValue, summary: "The product list screen",
            parameters: [.optional(Key.category, ProductCategory.self, "Only this category")],
            exposure: .remote, urlPatterns: ["/products", "/products/:category"]
        ) { target, parameters in
            let category = try parameters.optionalValue(Key.category, as: ProductCategory.self)
            return ProductScreens.list(target.store.all(in: category), category: category)
        },
        .onMainActor(
            Action.detail.rawValue, summary: "The product detail screen",
            parameters: [.required(Key.id, Int.self, "Product id")],
            exposure: .remote, urlPatterns: ["/product/:id"]
        ) { target, parameters in
            ProductScreens.detail(try target.store.product(parameters.value(Key.id)))
        },
        MediatorAction(
            Action.price.rawValue, summary: "A product's price in cents",
            parameters: [.required(Key.id, Int.self, "Product id")]
        ) { target, parameters in
            try target.store.product(parameters.value(Key.id)).cents
        },
        MediatorAction(
            Action.summary.rawValue, summary: "A product's id, name and price",
            parameters: [.required(Key.id, Int.self, "Product id")]
        ) { target, parameters in
            try target.store.product(parameters.value(Key.id))
        },
        MediatorAction(
            Action.reviews.rawValue, summary: "A product's reviews, loaded asynchronously",
            parameters: [.required(Key.id, Int.self, "Product id")],
            exposure: .remote, urlPatterns: ["/product/:id/reviews"]
        ) { target, parameters async throws in
            try await target.store.reviews(of: parameters.value(Key.id))
        },
        MediatorAction(
            Action.reprice.rawValue, summary: "Changes a price (staff tools; local only)",
            parameters: [.required(Key.id, Int.self, "Product id"), .required(Key.cents, Int.self, "New price in cents")]
        ) { target, parameters in
            try target.store.reprice(parameters.value(Key.id), cents: parameters.value(Key.cents))
        },
    ]
}
