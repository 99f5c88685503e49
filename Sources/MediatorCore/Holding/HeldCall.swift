/// What a hold keeps of its call: enough to show it (``MediatorHold/call``) and to run it again
/// when its gate opens.
///
/// A link held at its door before it is routed (a link at cold start, the usual held call) keeps
/// its URL, the native values its caller passed along and the scene or window it arrived in: a few
/// words inside the hold, and its ``MediatorHold/call`` is made from them when read. Any other call
/// keeps, in one box, the call as interceptors saw it and what runs again.
enum HeldCall: Sendable {
    /// A URL held before it was routed: reopened from its text.
    case link(String, native: [String: any Sendable], context: (any Sendable)?)
    /// A call an interceptor held, or a remote call by name held before it was resolved.
    indirect case call(MediatorCall, replay: Replay)

    /// What a call held after it entered the pipeline runs again: a URL call reopens its URL, so it
    /// keeps only that; any other call keeps its state.
    enum Replay: Sendable {
        /// A URL, the native values its caller passed along, and the scene or window it arrived in.
        case url(String, native: [String: any Sendable], context: (any Sendable)?)
        /// The call as it entered the pipeline (by names, or a broadcast).
        case state(CallState)
    }

    /// What a call that is being held keeps.
    /// - Parameter state: The call as it entered the pipeline.
    init(_ state: CallState) {
        switch state.origin {
        case let .url(url, native) where state.target.isEmpty:
            // Not routed yet: nothing but the URL, its native values and its context to keep.
            self = .link(url, native: native, context: state.context)
        case let .url(url, native):
            self = .call(state.interceptorView, replay: .url(url, native: native, context: state.context))
        case .names, .event:
            self = .call(state.interceptorView, replay: .state(state))
        }
    }

    /// The call as interceptors see it.
    var call: MediatorCall {
        switch self {
        case let .link(url, native, context):
            // As `CallState(url:native:context:).interceptorView` makes it, without the state.
            var call = MediatorCall(
                target: "", action: "", source: .remote, payload: .values(ParameterLookup(values: [:], native: native)))
            call.url = url
            call.context = context
            return call
        case .call(let call, _):
            return call
        }
    }

    /// The call's target name; empty for a URL not routed yet.
    var target: String {
        if case .call(let call, _) = self { return call.target }
        return ""
    }

    /// The call's action name; empty for a URL not routed yet.
    var action: String {
        if case .call(let call, _) = self { return call.action }
        return ""
    }

    /// The URL the call came from, when it arrived as one.
    var url: String? {
        switch self {
        case .link(let url, _, _): url
        case .call(let call, _): call.url
        }
    }

    /// The URL an identical URL held later joins on, when identical URLs coalesce: a URL call with
    /// no native values (which cannot be compared).
    var coalescingURL: String? {
        switch self {
        case let .link(url, native, _) where native.isEmpty: url
        case let .call(_, .url(url, native, _)) where native.isEmpty: url
        default: nil
        }
    }

    /// `"Target.action"`, the URL of a URL held before it was routed, or the broadcast of an event.
    var label: String {
        switch self {
        case .link(let url, _, _):
            return url
        case .call(let call, _):
            if call.isBroadcast { return "the broadcast of \(call.action)" }
            return call.target.isEmpty ? (call.url ?? "a call") : "\(call.target).\(call.action)"
        }
    }
}
