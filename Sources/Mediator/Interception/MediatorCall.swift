/// A call as interceptors see it: where it goes, with what, and where it came from.
public struct MediatorCall: Sendable, CustomStringConvertible {
    /// The target name.
    public var target: String
    /// The action name.
    public var action: String
    /// The parameters.
    public var parameters: MediatorParameters
    /// Whether the call is native (`.local`) or arrived as a URL (`.remote`).
    public let source: MediatorCallSource
    /// The target and action the caller originally asked for, when an interceptor redirected the call.
    public internal(set) var redirectedFrom: (target: String, action: String)?

    /// Creates a call description.
    /// - Parameters:
    ///   - target: The target name.
    ///   - action: The action name.
    ///   - parameters: The parameters.
    ///   - source: Where the call came from.
    public init(target: String, action: String, parameters: MediatorParameters = [:], source: MediatorCallSource = .local) {
        self.target = target
        self.action = action
        self.parameters = parameters
        self.source = source
    }

    /// `"Target.action"`, with the source when remote.
    public var description: String {
        "\(target).\(action)" + (source == .remote ? " (remote)" : "")
    }
}
