/// A call on its way through the pipeline: where it is going, what it carries, and where it came from.
struct CallState: Sendable {
    var target: String
    var action: String
    /// Set once, by the door the call came through; no redirect, interceptor or fallback changes it.
    let source: MediatorCallSource
    var payload: Payload
    var redirectedFrom: (target: String, action: String)?
    /// Whether the call asks to keep the target instance it makes (`cachingTarget:`).
    let keepsInstance: Bool
    /// How the call came in: what runs again if it is held and its gate opens.
    let origin: CallOrigin
    /// The hold this call continues, when it was held on a gate that has opened.
    var hold: MediatorHold?
    /// The scene or window the call arrived in, as its caller passed it: opaque to the mediator,
    /// kept whole through holds and de-duplication, shown to interceptors.
    var context: (any Sendable)?

    init(
        target: String, action: String, source: MediatorCallSource, payload: Payload, keepsInstance: Bool = false,
        origin: CallOrigin
    ) {
        self.target = target
        self.action = action
        self.source = source
        self.payload = payload
        self.keepsInstance = keepsInstance
        self.origin = origin
    }

    /// A URL's call before it is routed: it has no target or action yet (a remote call held at cold start).
    /// - Parameters:
    ///   - context: The scene or window it arrived in.
    ///   - hold: The hold it continues, when it was held before.
    init(url: String, native: [String: any Sendable], context: (any Sendable)?, continuing hold: MediatorHold? = nil) {
        self.init(
            target: "", action: "", source: .remote, payload: .values(ParameterLookup(values: [:], native: native)),
            origin: .url(url, native: native))
        self.hold = hold
        self.context = context
    }

    /// A broadcast: a call delivered to each subscriber of its event, named `*.event` (see
    /// ``MediatorCall/broadcastTarget``).
    init<Payload: Sendable>(
        broadcasting event: MediatorEvent<Payload>, _ payload: Payload, source: MediatorCallSource, onlyTo target: String?
    ) {
        self.init(
            target: MediatorCall.broadcastTarget, action: event.name, source: source,
            payload: .event(TypedEventPayload(payload)),
            origin: .event(event.key, exposure: event.exposure, onlyTo: target))
    }

    /// Whether the call is a broadcast, delivered to each subscriber of its event.
    var isBroadcast: Bool {
        if case .event = origin { return true }
        return false
    }

    /// What messages call it: `Target.action`, its URL before it is routed, or the broadcast of its event.
    var label: String {
        switch origin {
        case .url(let url, _) where target.isEmpty: return url
        case .event: return "the broadcast of \(action)"
        default: return "\(target).\(action)"
        }
    }

    /// The call's values as named parameters, native values winning: what interceptors and
    /// not-found handlers see. Built only when one of them runs.
    var parameters: MediatorParameters {
        MediatorParameters(payload.parameterValues)
    }

    /// The call as interceptors see it; its parameters are built only if one reads them.
    var interceptorView: MediatorCall {
        var call = MediatorCall(target: target, action: action, source: source, payload: payload)
        call.redirectedFrom = redirectedFrom
        call.hold = hold
        call.context = context
        switch origin {
        case .url(let url, _): call.url = url
        case .event: call.isBroadcast = true
        case .names: break
        }
        return call
    }

    /// Sends the call to another action. New parameters replace the call's values (and in a remote
    /// call they are remote input, whoever supplied them); `nil` keeps them. Values a native caller
    /// passed along with a URL stay with the call either way.
    mutating func redirect(to target: String, _ action: String, parameters: MediatorParameters?) {
        if redirectedFrom == nil { redirectedFrom = (self.target, self.action) }
        self.target = target
        self.action = action
        guard let parameters else { return }
        switch payload {
        case .input, .event:
            payload = .values(ParameterLookup(values: parameters.values))
        case .values(let lookup):
            payload = .values(ParameterLookup(values: parameters.values, native: lookup.native))
        }
    }

    /// The payload as the binding's handler takes it: a typed input passes through untouched when
    /// the binding takes that type, and is otherwise handed over as named values to decode.
    func payload(for binding: AnyBinding) -> Payload {
        guard case .input(let typed) = payload, typed.type != binding.definition.inputType else { return payload }
        return .values(ParameterLookup(values: typed.parameters()))
    }
}
