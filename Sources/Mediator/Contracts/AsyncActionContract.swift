/// An asynchronous action's signature: called only with `try await`.
///
/// ```swift
/// public static let reviews = AsyncActionContract<ProductID, [ProductReview]>("reviews", on: "Products")
/// let reviews = try await mediator.call(Products.reviews, with: ProductID(id: 42))
/// ```
public struct AsyncActionContract<Input: MediatorInput, Output: Sendable>: MediatorContract {
    /// The name of the target that declares the action.
    public let target: String
    /// The action's name within its target.
    public let action: String
    /// The key this contract's resolutions are cached under, made once.
    @usableFromInline let key: ContractKey

    /// Declares the signature of an asynchronous action.
    /// - Parameters:
    ///   - action: The action's name within its target.
    ///   - target: The target's name.
    public init(_ action: String, on target: String) {
        self.target = target
        self.action = action
        self.key = ContractKey(target: target, action: action, input: Input.self, output: Output.self)
    }

    /// Asynchronous.
    public static var execution: MediatorExecution { .asynchronous }
}
