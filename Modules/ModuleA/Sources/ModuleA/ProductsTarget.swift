import AppEvents
public import Mediator
public import MediatorNavigation
import ModuleAFacade
import Presentation

/// The Products module's entry point: every action it offers, declared once, each bound to the
/// contract the facade declares (``Products``), so a handler that does not match its contract's
/// input or result does not compile.
public struct ProductsTarget: MediatorTarget {
    /// `"Products"`.
    public static let targetName = Products.target
    /// What the module does.
    public static let summary = "Product catalog: list, detail, prices, reviews"
    /// The store is the module's state, so one instance serves every call.
    public static let cachesInstance = true

    private let store: ProductStore

    /// Creates the target with a fresh store.
    public init() {
        store = ProductStore()
    }

    /// Every action of the Products module.
    public static let actions: [MediatorAction<ProductsTarget>] = [
        MediatorAction(
            Products.list, summary: "The product list screen", exposure: .remote,
            urlPatterns: ["/products", "/products/:category"]
        ) { target, input in
            ProductScreens.list(target.store.all(in: input.category), category: input.category)
        },
        MediatorAction(Products.detail, summary: "The product detail screen", exposure: .remote, urlPatterns: ["/product/:id"]) {
            target, input in
            let product = try target.store.product(input.id)
            target.store.recordView(of: product.id)
            return ProductScreens.detail(product)
        },
        MediatorAction(Products.price, summary: "A product's price in cents") { target, input in
            try target.store.product(input.id).cents
        },
        MediatorAction(Products.summary, summary: "A product's id, name and price") { target, input in
            try target.store.product(input.id)
        },
        MediatorAction(
            Products.reviews, summary: "A product's reviews, loaded asynchronously", exposure: .remote,
            urlPatterns: ["/product/:id/reviews"]
        ) { target, input in
            try await target.store.reviews(of: input.id)
        },
        MediatorAction(Products.reprice, summary: "Changes a price (staff tools; local only)") { target, input in
            try target.store.reprice(input.id, cents: input.cents)
        },
        MediatorAction(Products.recentlyViewed, summary: "The products viewed this session, most recent first") {
            target, _ in
            target.store.recentlyViewed
        },
    ]

    /// The screens beneath the module's screens when a link opens one, declared next to their
    /// routes: the list is a root; a product stands on the list; its reviews on the product.
    public static let backStacks: [BackStack] = [
        BackStack(Products.list, presentation: .replaceRoot) { _ in },
        BackStack(Products.detail) { _ in
            NavigationDestination(Products.list, ProductListQuery())
        },
        BackStack(Products.reviews) { input in
            NavigationDestination(Products.list, ProductListQuery())
            NavigationDestination(Products.detail, input)
        },
    ]

    /// The app events the Products module hears: what was viewed belongs to the session.
    public static let subscriptions: [MediatorSubscription<ProductsTarget>] = [
        MediatorSubscription(AppEvents.userDidLogOut) { target, _ in target.store.endSession() }
    ]
}
