/// The signature of an action that runs on the main actor, such as one that builds a screen:
/// called synchronously from the main actor, or with `await` from anywhere else.
///
/// ```swift
/// public static let detail = MainActorActionContract<ProductID, Screen>("detail", on: "Products")
/// let screen = try mediator.call(Products.detail, with: ProductID(id: 42))   // on the main actor
/// ```
public struct MainActorActionContract<Input: MediatorInput, Output: Sendable>: MediatorContract {
    /// The contract's identity, made once; it holds no reference, so a contract declared in
    /// another module is copied into a call without a retain.
    @usableFromInline let key: ContractKey

    /// The name of the target that declares the action.
    public var target: String { key.names.target }
    /// The action's name within its target.
    public var action: String { key.names.action }

    /// Declares the signature of a main-actor action.
    /// - Parameters:
    ///   - action: The action's name within its target.
    ///   - target: The target's name.
    public init(_ action: String, on target: String) {
        self.key = ContractKey(target: target, action: action, input: Input.self, output: Output.self)
    }

    /// On the main actor.
    public static var execution: MediatorExecution { .mainActor }
}
