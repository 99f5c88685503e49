/// A call as interceptors see it: where it goes, with what, and where it came from.
public struct MediatorCall: Sendable, CustomStringConvertible {
    /// The target name.
    public var target: String {
        get { names.target }
        set { names = .given(target: newValue, action: names.action) }
    }
    /// The action name.
    public var action: String {
        get { names.action }
        set { names = .given(target: names.target, action: newValue) }
    }
    /// The target and action names: the action's registered declaration (one reference, no string
    /// copied for a call that takes the interceptor stage's short way), or names of its own.
    private var names: Names
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
    public internal(set) var redirectedFrom: (target: String, action: String)? {
        get { rare?.redirectedFrom }
        set { updateRare { $0.redirectedFrom = newValue } }
    }
    /// The URL the call came from, when it arrived as one. A URL held at cold start, before it is
    /// routed, has only this: its ``target`` and ``action`` are empty.
    public internal(set) var url: String?
    /// The hold this call continues, when it was held on a gate that has since opened: the same call
    /// running again through the whole pipeline (observers see it held, then continued).
    public internal(set) var hold: MediatorHold? {
        get { rare?.hold }
        set { updateRare { $0.hold = newValue } }
    }
    /// Whether this is a broadcast of an event rather than a call to one action: its ``target`` is
    /// then `"*"` (every subscriber) and its ``action`` the event's name, and its ``parameters`` hold
    /// the payload under `"payload"`. An interceptor may let a broadcast proceed or reject it.
    public internal(set) var isBroadcast: Bool {
        get { rare?.isBroadcast ?? false }
        set { updateRare { $0.isBroadcast = newValue } }
    }
    /// The scene or window the call arrived in, as the app passed it to `open` (or `nil`): opaque to
    /// the mediator and kept whole while the call is held, so a link continues in the window it came to.
    public internal(set) var context: (any Sendable)?
    /// What only some calls have (a redirect, a hold, a broadcast), kept in place but apart: a plain
    /// call or link writes and destroys one empty optional instead of each field.
    private var rare: Rare?

    private mutating func updateRare(_ update: (inout Rare) -> Void) {
        var rare = self.rare ?? Rare()
        update(&rare)
        self.rare = rare
    }

    /// The ``target`` of every broadcast: `"*"`, every subscriber.
    package static let broadcastTarget = "*"

    /// Creates a call description.
    /// - Parameters:
    ///   - target: The target name.
    ///   - action: The action name.
    ///   - parameters: The parameters.
    ///   - source: Where the call came from.
    public init(target: String, action: String, parameters: MediatorParameters = [:], source: MediatorCallSource = .local) {
        self.names = .given(target: target, action: action)
        self.storage = .built(parameters)
        self.source = source
    }

    /// A call whose parameters are built from the call's payload only if an interceptor reads them.
    init(target: String, action: String, source: MediatorCallSource, payload: Payload) {
        self.names = .given(target: target, action: action)
        self.storage = .payload(payload)
        self.source = source
    }

    /// A call to a registered action, named by its declaration, whose parameters are built from the
    /// call's payload only if an interceptor reads them.
    init(to definition: ActionDefinition, source: MediatorCallSource, payload: Payload) {
        self.names = .declared(definition)
        self.storage = .payload(payload)
        self.source = source
    }

    /// A typed call, named by its contract's key, whose parameters are its input's, encoded by the
    /// input's schema only if an interceptor reads them: the input is kept as it is, so a call nobody
    /// reads the parameters of builds no dictionary and no box for them (an input of up to three
    /// words is held in place). The contract's names are the bytes of the action it resolved to.
    init(contract: ContractKey, source: MediatorCallSource, input: consuming any MediatorInput) {
        self.names = .contract(index: contract.index)
        self.storage = .input(input)
        self.source = source
    }

    /// Where the names come from.
    private enum Names: Sendable {
        /// The registered declaration's names.
        case declared(ActionDefinition)
        /// Names the call was given (by its caller, a redirect, or an interceptor's copy).
        case given(target: String, action: String)
        /// A typed call's contract's names, by its key's index: read from the process-wide table
        /// of contract names, which is never freed, so the call holds no reference for them.
        case contract(index: Int)

        var target: String {
            switch self {
            case .declared(let definition): definition.target
            case .given(let target, _): target
            case .contract(let index): ContractKey.names(ofIndex: index).target
            }
        }

        var action: String {
            switch self {
            case .declared(let definition): definition.name
            case .given(_, let action): action
            case .contract(let index): ContractKey.names(ofIndex: index).action
            }
        }
    }

    /// The fields only some calls have.
    private struct Rare: Sendable {
        var redirectedFrom: (target: String, action: String)?
        var hold: MediatorHold?
        var isBroadcast = false
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

    private static func typed<Input: MediatorInput>(_ input: Input) -> TypedInput { SchemaTypedInput(input) }

    /// An input's values by name, from its schema.
    private static func values<Input: MediatorInput>(of input: Input) -> [String: any Sendable] {
        Input.schema.encode(input)
    }

    /// `"Target.action"` (or the URL of one not routed yet), with the source when remote.
    public var description: String {
        (target.isEmpty ? url ?? "" : "\(target).\(action)") + (source == .remote ? " (remote)" : "")
    }
}
