/// The input of an action that takes no parameters.
///
/// ```swift
/// public static let count = ActionContract<NoInput, Int>("count", on: "Cart")
/// let items = try mediator.call(Cart.count)
/// ```
public struct NoInput: MediatorInput, Equatable {
    /// The empty input.
    public init() {}
}
