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
    /// The contract's identity, made once; it holds no reference, so a contract declared in
    /// another module is copied into a call without a retain.
    @usableFromInline let key: ContractKey

    /// The name of the target that declares the action.
    public var target: String { key.names.target }
    /// The action's name within its target.
    public var action: String { key.names.action }

    /// Declares the signature of a synchronous action.
    /// - Parameters:
    ///   - action: The action's name within its target.
    ///   - target: The target's name.
    public init(_ action: String, on target: String) {
        self.key = ContractKey(target: target, action: action, input: Input.self, output: Output.self)
    }

    /// Synchronous.
    public static var execution: MediatorExecution { .synchronous }
}
