import Mediator

/// The error an unimplemented double throws after failing the running test.
public struct UnimplementedCallError: Error, Sendable, CustomStringConvertible {
    /// The target name.
    public let target: String
    /// The action that must not have been called.
    public let action: String
    /// Whether the double was made from the action's contract (`Cart.count.unimplemented`), so the
    /// typed stub is the one to suggest; a double made by name suggests both.
    let fromContract: Bool

    /// One line naming the forbidden call and the stub that would answer it, typed first.
    public var description: String {
        let typed = "mediator.stub(\(target).\(action).answering { input in … })"
        let suggestion =
            fromContract
            ? typed
            : "\(typed) when its facade declares the contract, or mediator.stub(\"\(target)\", answers: [\"\(action)\": …])"
        return "\(target).\(action) is unimplemented in this test; stub it with \(suggestion) if the test needs it."
    }
}

/// Reports calls that reached an unimplemented double.
enum Unimplemented {
    /// Fails the running test (Swift Testing or XCTest) at the double's registration site, and
    /// returns the error to throw; `fromContract` when the double was made from the action's contract.
    static func report(
        target: String, action: String, parameters: MediatorParameters, registeredAt location: CallSite,
        fromContract: Bool = false
    ) -> UnimplementedCallError {
        let error = UnimplementedCallError(target: target, action: action, fromContract: fromContract)
        TestFailure.report("\(error) Parameters: \(parameters)", at: location)
        return error
    }
}
