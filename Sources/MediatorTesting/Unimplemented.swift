import Mediator
import Testing

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
    /// Records a test issue (when a test is running) at the double's registration site, and
    /// returns the error to throw.
    static func report(
        target: String, action: String, parameters: MediatorParameters, registeredAt location: SourceLocation
    ) -> UnimplementedCallError {
        let error = UnimplementedCallError(target: target, action: action)
        if Test.current != nil {
            Issue.record("\(error) Parameters: \(parameters)", sourceLocation: location)
        }
        return error
    }
}
