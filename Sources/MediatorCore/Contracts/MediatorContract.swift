/// The caller-visible signature of one action: target and action names, input type, output type,
/// and how the handler runs. Declared once, in the module's facade target.
///
/// ``MediatorActionContract`` conforms, with one alias per way an action runs, so the compiler
/// enforces how it is called: ``ActionContract`` (synchronous; called without `await`, also from
/// async code), ``AsyncActionContract`` (called only with `await`), and ``MainActorActionContract``
/// (called synchronously on the main actor, or with `await` from elsewhere). The facade's methods are one
/// line over a contract, and the implementation binds its handler to the same value with a
/// ``MediatorAction`` initializer that takes the contract, so a handler whose input or output type
/// differs does not compile.
public protocol MediatorContract<Input, Output>: Sendable, CustomStringConvertible {
    /// The action's input.
    associatedtype Input: MediatorInput
    /// The action's result.
    associatedtype Output: Sendable

    /// The name of the target that declares the action.
    var target: String { get }
    /// The action's name within its target.
    var action: String { get }
    /// How the action's handler runs, which decides how it is called.
    static var execution: MediatorExecution { get }
}

extension MediatorContract {
    /// `"Target.action"`.
    public var description: String { "\(target).\(action)" }

    /// The process-wide key typed calls cache their resolution under.
    var cacheKey: ContractKey { ContractKey(target: target, action: action, input: Input.self, output: Output.self) }
}
