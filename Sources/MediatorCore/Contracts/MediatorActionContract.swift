/// An action's signature, declared once in its module's facade: target and action names, input
/// type, output type, and how the handler runs.
///
/// Write it with the alias for how the action runs, which decides how it is called:
///
/// ```swift
/// public enum Products {
///     public static let price = ActionContract<ProductID, Int>("price", on: "Products")              // try
///     public static let reviews = AsyncActionContract<ProductID, [Review]>("reviews", on: "Products")  // try await
///     public static let detail = MainActorActionContract<ProductID, Screen>("detail", on: "Products")  // on the main actor
/// }
/// let cents = try mediator.call(Products.price, with: ProductID(id: 42))
/// ```
///
/// A contract holds only its identity (its names are interned with it), so copying one, even from
/// another module's `static let`, costs no reference counting.
public struct MediatorActionContract<Execution: MediatorExecution.Kind, Input: MediatorInput, Output: Sendable>:
    MediatorContract
{
    /// The contract's identity, made once; it holds no reference, so a contract declared in
    /// another module is copied into a call without a retain.
    @usableFromInline let key: ContractKey

    /// The name of the target that declares the action.
    public var target: String { key.names.target }
    /// The action's name within its target.
    public var action: String { key.names.action }
    /// The index of the contract's interned names, which `ContractKey.names(ofIndex:)`
    /// reads: a navigation destination keeps it rather than the names (two strings to retain for
    /// every destination it makes).
    @inlinable package var nameIndex: Int { key.index }

    /// Declares the signature of an action.
    /// - Parameters:
    ///   - action: The action's name within its target.
    ///   - target: The target's name.
    public init(_ action: String, on target: String) {
        self.key = ContractKey(target: target, action: action, input: Input.self, output: Output.self)
    }

    /// How the action's handler runs.
    public static var execution: MediatorExecution { Execution.execution }
}

/// A synchronous action's signature: called with `try`, without `await`, from synchronous and
/// asynchronous code alike.
///
/// ```swift
/// public static let price = ActionContract<ProductID, Int>("price", on: "Products")
/// let cents = try mediator.call(Products.price, with: ProductID(id: 42))
/// ```
public typealias ActionContract<Input: MediatorInput, Output: Sendable> =
    MediatorActionContract<MediatorExecution.Synchronous, Input, Output>

/// An asynchronous action's signature: called only with `try await`.
///
/// ```swift
/// public static let reviews = AsyncActionContract<ProductID, [ProductReview]>("reviews", on: "Products")
/// let reviews = try await mediator.call(Products.reviews, with: ProductID(id: 42))
/// ```
public typealias AsyncActionContract<Input: MediatorInput, Output: Sendable> =
    MediatorActionContract<MediatorExecution.Asynchronous, Input, Output>

/// The signature of an action that runs on the main actor, such as one that builds a screen:
/// called synchronously from the main actor, or with `await` from anywhere else.
///
/// ```swift
/// public static let detail = MainActorActionContract<ProductID, Screen>("detail", on: "Products")
/// let screen = try mediator.call(Products.detail, with: ProductID(id: 42))   // on the main actor
/// ```
public typealias MainActorActionContract<Input: MediatorInput, Output: Sendable> =
    MediatorActionContract<MediatorExecution.OnMainActor, Input, Output>

extension MediatorActionContract: InternedContractNames {}

/// A contract whose names are interned, readable by index (the package's navigation layer keeps
/// the index in a destination and reads the names when asked).
@usableFromInline
package protocol InternedContractNames {
    /// The index of the contract's interned names.
    var nameIndex: Int { get }
}
