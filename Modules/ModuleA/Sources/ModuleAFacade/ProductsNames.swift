/// The Products module's target, action and parameter names, in one place for facade and target.
public enum ProductsNames {
    /// The target name the mediator knows the module by.
    public static let target = "Products"

    /// Every action the Products target declares.
    public enum Action: String, CaseIterable, Sendable {
        /// The product list screen (remote).
        case list
        /// The product detail screen (remote, main actor).
        case detail
        /// A product's price in cents (local).
        case price
        /// A product's summary value (local).
        case summary
        /// A product's reviews, loaded asynchronously (remote).
        case reviews
        /// Changes a price; for staff tools only, so local.
        case reprice
    }

    /// Parameter keys.
    public enum Key {
        /// A product id (`Int`).
        public static let id = "id"
        /// A product category (`ProductCategory`).
        public static let category = "category"
        /// A price in cents (`Int`).
        public static let cents = "cents"
    }
}
