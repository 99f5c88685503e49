/// A call as interceptors see it: where it goes, with what, and where it came from.
public struct MediatorCall: Sendable, CustomStringConvertible {
    /// The target name.
    public var target: String
    /// The action name.
    public var action: String
    /// The parameters.
    ///
    /// A typed call's input, or a URL's values, become named parameters only when an interceptor
    /// reads this, each time it does: a call whose interceptors look only at names pays nothing for
    /// them, not even an allocation. An interceptor that reads them more than once may keep them.
    public var parameters: MediatorParameters {
        get {
            switch storage {
            case .built(let parameters): parameters
            case .payload(let payload): MediatorParameters(payload.parameterValues)
            case .input(let input): MediatorParameters(Self.values(of: input))
            }
        }
        set { storage = .built(newValue) }
    }
    /// The parameters, or how to build them when read.
    private var storage: Storage
    /// Whether the call is native (`.local`) or arrived as a URL (`.remote`).
    public let source: MediatorCallSource
    /// The target and action the caller originally asked for, when an interceptor redirected the call.
    public internal(set) var redirectedFrom: (target: String, action: String)?
    /// The URL the call came from, when it arrived as one. A URL held at cold start, before it is
    /// routed, has only this: its ``target`` and ``action`` are empty.
    public internal(set) var url: String?
    /// The hold this call continues, when it was held on a gate that has since opened: the same call
    /// running again through the whole pipeline (observers see it held, then continued).
    public internal(set) var hold: MediatorHold?
    /// Whether this is a broadcast of an event rather than a call to one action: its ``target`` is
    /// then `"*"` (every subscriber) and its ``action`` the event's name, and its ``parameters`` hold
    /// the payload under `"payload"`. An interceptor may let a broadcast proceed or reject it.
    public internal(set) var isBroadcast = false
    /// The scene or window the call arrived in, as the app passed it to `open` (or `nil`): opaque to
    /// the mediator and kept whole while the call is held, so a link continues in the window it came to.
    public internal(set) var context: (any Sendable)?

    /// The ``target`` of every broadcast: `"*"`, every subscriber.
    package static let broadcastTarget = "*"

    /// Creates a call description.
    /// - Parameters:
    ///   - target: The target name.
    ///   - action: The action name.
    ///   - parameters: The parameters.
    ///   - source: Where the call came from.
    public init(target: String, action: String, parameters: MediatorParameters = [:], source: MediatorCallSource = .local) {
        self.target = target
        self.action = action
        self.storage = .built(parameters)
        self.source = source
    }

    /// A call whose parameters are built from the call's payload only if an interceptor reads them.
    init(target: String, action: String, source: MediatorCallSource, payload: Payload) {
        self.target = target
        self.action = action
        self.storage = .payload(payload)
        self.source = source
    }

    /// A typed call whose parameters are its input's, encoded by the input's schema only if an
    /// interceptor reads them: the input is kept as it is, so a call nobody reads the parameters of
    /// builds no dictionary and no box for them (an input of up to three words is held in place).
    init(target: String, action: String, source: MediatorCallSource, input: consuming any MediatorInput) {
        self.target = target
        self.action = action
        self.storage = .input(input)
        self.source = source
    }

    /// The parameters, or what they are built from on each read: a read is rare (most interceptors
    /// look at names), so nothing is allocated up front to share one build between copies.
    private enum Storage: Sendable {
        case built(MediatorParameters)
        case payload(Payload)
        case input(any MediatorInput)
    }

    /// The call's payload as the general pass carries it: a typed input as it is (when an interceptor
    /// diverts a typed call that took the short way), or the values it has.
    var payload: Payload {
        switch storage {
        case .input(let input): .input(Self.typed(input))
        case .payload(let payload): payload
        case .built(let parameters): .values(ParameterLookup(values: parameters.values))
        }
    }

    private static func typed<Input: MediatorInput>(_ input: Input) -> TypedInput { TypedInput(input) }

    /// An input's values by name, from its schema.
    private static func values<Input: MediatorInput>(of input: Input) -> [String: any Sendable] {
        Input.schema.encode(input)
    }

    /// `"Target.action"` (or the URL of one not routed yet), with the source when remote.
    public var description: String {
        (target.isEmpty ? url ?? "" : "\(target).\(action)") + (source == .remote ? " (remote)" : "")
    }
}
