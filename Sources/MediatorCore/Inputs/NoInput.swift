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

extension InputSchema where Input == NoInput {
    /// Nothing to read or write: a call by name to an action without input builds it directly, not
    /// by copying a reflected declaration (perform0 703 -> 576 instructions).
    @usableFromInline static let empty = InputSchema(parameters: [], decode: { _, _ in NoInput() }, encode: { _ in [:] })
}
