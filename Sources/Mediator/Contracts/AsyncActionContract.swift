/// An asynchronous action's signature: called only with `try await`.
///
/// ```swift
/// public static let reviews = AsyncActionContract<ProductID, [ProductReview]>("reviews", on: "Products")
/// let reviews = try await mediator.call(Products.reviews, with: ProductID(id: 42))
/// ```
public struct AsyncActionContract<Input: MediatorInput, Output: Sendable>: MediatorContract {
    /// The contract's identity, made once; it holds no reference, so a contract declared in
    /// another module is copied into a call without a retain.
    @usableFromInline let key: ContractKey

    /// The name of the target that declares the action.
    public var target: String { key.names.target }
    /// The action's name within its target.
    public var action: String { key.names.action }

    /// Declares the signature of an asynchronous action.
    /// - Parameters:
    ///   - action: The action's name within its target.
    ///   - target: The target's name.
    public init(_ action: String, on target: String) {
        self.key = ContractKey(target: target, action: action, input: Input.self, output: Output.self)
    }

    /// Asynchronous.
    public static var execution: MediatorExecution { .asynchronous }
}
