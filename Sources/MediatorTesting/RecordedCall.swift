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
    /// The typed input, when a stub answering a contract recorded the call.
    public let input: (any Sendable)?
    /// The hold the call continues, when it was held on a gate that has since opened (a recorder's
    /// second record of a held call).
    public let hold: MediatorHold?

    /// Creates a record.
    /// - Parameters:
    ///   - target: The target name.
    ///   - action: The action name.
    ///   - parameters: The parameters.
    ///   - source: Where the call came from.
    ///   - input: The typed input, if known.
    ///   - hold: The hold the call continues, if it does.
    public init(
        target: String, action: String, parameters: MediatorParameters, source: MediatorCallSource = .local,
        input: (any Sendable)? = nil, hold: MediatorHold? = nil
    ) {
        self.target = target
        self.action = action
        self.parameters = parameters
        self.source = source
        self.input = input
        self.hold = hold
    }

    /// The call's input as a contract's input type: the recorded typed input, or decoded from the
    /// parameters by the input's schema; `nil` when neither works.
    /// - Parameter contract: The contract whose input type to read.
    /// - Returns: The input.
    public func input<Contract: MediatorContract>(as contract: Contract) -> Contract.Input? {
        if let input = input as? Contract.Input { return input }
        return try? Contract.Input.schema.input(from: parameters)
    }

    /// `"Target.action[parameters]"`.
    public var description: String { "\(target).\(action)\(parameters)" }
}
