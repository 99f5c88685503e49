/// The signature of an action that runs on the main actor, such as one that builds a screen:
/// called synchronously from the main actor, or with `await` from anywhere else.
///
/// ```swift
/// public static let detail = MainActorActionContract<ProductID, Screen>("detail", on: "Products")
/// let screen = try mediator.call(Products.detail, with: ProductID(id: 42))   // on the main actor
/// ```
public struct MainActorActionContract<Input: MediatorInput, Output: Sendable>: MediatorContract {
    /// The name of the target that declares the action.
    public let target: String
    /// The action's name within its target.
    public let action: String
    /// The key this contract's resolutions are cached under, made once.
    @usableFromInline let key: ContractKey

    /// Declares the signature of a main-actor action.
    /// - Parameters:
    ///   - action: The action's name within its target.
    ///   - target: The target's name.
    public init(_ action: String, on target: String) {
        self.target = target
        self.action = action
        self.key = ContractKey(target: target, action: action, input: Input.self, output: Output.self)
    }

    /// On the main actor.
    public static var execution: MediatorExecution { .mainActor }
}
