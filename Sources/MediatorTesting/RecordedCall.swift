public import Mediator

/// One call a double or recorder saw: where it went, with what, and from where.
public struct RecordedCall: Sendable, CustomStringConvertible {
    /// The target name.
    public let target: String
    /// The action name.
    public let action: String
    /// The parameters as supplied.
    public let parameters: MediatorParameters
    /// Whether the call was local or remote; stubs, which cannot see it, record `.local`.
    public let source: MediatorCallSource

    /// Creates a record.
    /// - Parameters:
    ///   - target: The target name.
    ///   - action: The action name.
    ///   - parameters: The parameters.
    ///   - source: Where the call came from.
    public init(target: String, action: String, parameters: MediatorParameters, source: MediatorCallSource = .local) {
        self.target = target
        self.action = action
        self.parameters = parameters
        self.source = source
    }

    /// `"Target.action[parameters]"`.
    public var description: String { "\(target).\(action)\(parameters)" }
}
