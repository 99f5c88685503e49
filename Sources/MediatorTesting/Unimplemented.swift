import Mediator

/// The error an unimplemented double throws after failing the running test.
public struct UnimplementedCallError: Error, Sendable, CustomStringConvertible {
    /// The target name.
    public let target: String
    /// The action that must not have been called.
    public let action: String

    /// One line naming the forbidden call.
    public var description: String {
        "\(target).\(action) is unimplemented in this test; stub it with mediator.stub(\"\(target)\", answers:) if the test needs it."
    }
}

/// Reports calls that reached an unimplemented double.
enum Unimplemented {
    /// Fails the running test (Swift Testing or XCTest) at the double's registration site, and
    /// returns the error to throw.
    static func report(
        target: String, action: String, parameters: MediatorParameters, registeredAt location: CallSite
    ) -> UnimplementedCallError {
        let error = UnimplementedCallError(target: target, action: action)
        TestFailure.report("\(error) Parameters: \(parameters)", at: location)
        return error
    }
}
