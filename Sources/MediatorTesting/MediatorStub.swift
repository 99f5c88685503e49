public import Mediator

/// A test double registered under a real target name: canned answers per action, every call recorded.
///
/// A module's tests replace a neighbour with a stub instead of linking it, by contract or by name:
///
/// ```swift
/// let products = try mediator.stub(Products.summary.answering { ProductSummary(id: $0.id, name: "Tea", cents: 100) })
/// _ = try mediator.cart.add(productID: 7)
/// #expect(products.inputs(to: Products.summary) == [ProductID(id: 7)])
/// ```
public final class MediatorStub: Sendable {
    /// The target name the stub answers to.
    public let targetName: String
    private let recorded = Locked<[RecordedCall]>([])

    init(targetName: String) {
        self.targetName = targetName
    }

    /// Every call the stub answered (or refused), in order.
    public var calls: [RecordedCall] { recorded.withLock { $0 } }

    /// The calls made to one action.
    /// - Parameter action: The action name.
    /// - Returns: Those calls, in order.
    public func calls(to action: String) -> [RecordedCall] { calls.filter { $0.action == action } }

    /// The inputs of the calls made through a contract's action, in order.
    /// - Parameter contract: The contract.
    /// - Returns: The inputs, typed.
    public func inputs<Contract: MediatorContract>(to contract: Contract) -> [Contract.Input] {
        calls(to: contract.action).compactMap { $0.input(as: contract) }
    }

    func record(_ action: String, _ parameters: MediatorParameters, input: (any Sendable)? = nil) {
        recorded.withLock {
            $0.append(RecordedCall(target: targetName, action: action, parameters: parameters, input: input))
        }
    }
}
