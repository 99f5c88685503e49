/// A synchronous action's signature: called with `try`, without `await`, from synchronous and
/// asynchronous code alike.
///
/// Declare it in the module's facade, and call it through the mediator:
///
/// ```swift
/// public enum Products {
///     public static let price = ActionContract<ProductID, Int>("price", on: "Products")
/// }
/// let cents = try mediator.call(Products.price, with: ProductID(id: 42))
/// ```
public struct ActionContract<Input: MediatorInput, Output: Sendable>: MediatorContract {
    /// The name of the target that declares the action.
    public let target: String
    /// The action's name within its target.
    public let action: String
    /// The key this contract's resolutions are cached under, made once.
    @usableFromInline let key: ContractKey

    /// Declares the signature of a synchronous action.
    /// - Parameters:
    ///   - action: The action's name within its target.
    ///   - target: The target's name.
    public init(_ action: String, on target: String) {
        self.target = target
        self.action = action
        self.key = ContractKey(target: target, action: action, input: Input.self, output: Output.self)
    }

    /// Synchronous.
    public static var execution: MediatorExecution { .synchronous }
}
