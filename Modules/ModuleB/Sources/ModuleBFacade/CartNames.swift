/// The Cart module's target, action and parameter names, in one place for facade and target.
public enum CartNames {
    /// The target name the mediator knows the module by.
    public static let target = "Cart"

    /// Every action the Cart target declares.
    public enum Action: String, CaseIterable, Sendable {
        /// Adds a product (remote; asks the Products module for it).
        case add
        /// The cart screen (remote, main actor).
        case show
        /// Places the order (remote, asynchronous; the app gates it behind login).
        case checkout
        /// The number of items in the cart (local).
        case count
        /// Empties the cart (local).
        case clear
    }

    /// Parameter keys.
    public enum Key {
        /// A product id (`Int`).
        public static let id = "id"
        /// How many to add (`Int`, default 1).
        public static let quantity = "quantity"
        /// Called with the new ``CartSummary`` after an add (native callers only).
        public static let completion = "completion"
    }
}
