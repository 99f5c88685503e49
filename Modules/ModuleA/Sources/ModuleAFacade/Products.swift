public import Mediator
public import Presentation

/// The Products module's actions as other modules see them: one contract per action, the single
/// source of their names, inputs and results. The facade calls them; the module's target binds them.
nonisolated public enum Products {
    /// The target name the mediator knows the module by.
    public static let target = "Products"

    /// The product list screen, optionally for one category (remote: `shop://products/tea`).
    public static let list = MainActorActionContract<ProductListQuery, Screen>("list", on: target)
    /// The product detail screen (remote: `shop://product/42`).
    public static let detail = MainActorActionContract<ProductID, Screen>("detail", on: target)
    /// A product's price in cents (local).
    public static let price = ActionContract<ProductID, Int>("price", on: target)
    /// A product's summary: id, name and price (local).
    public static let summary = ActionContract<ProductID, ProductSummary>("summary", on: target)
    /// A product's reviews, loaded asynchronously (remote: `shop://product/42/reviews`).
    public static let reviews = AsyncActionContract<ProductID, [ProductReview]>("reviews", on: target)
    /// Changes a price; for staff tools only, so local.
    public static let reprice = ActionContract<Reprice, ProductSummary>("reprice", on: target)
    /// The ids of the products viewed this session, most recent first (local; emptied on logout).
    public static let recentlyViewed = ActionContract<NoInput, [Int]>("recentlyViewed", on: target)

    /// Every contract of the module, for its contract test.
    public static let all: [any MediatorContract] = [list, detail, price, summary, reviews, reprice, recentlyViewed]
}
