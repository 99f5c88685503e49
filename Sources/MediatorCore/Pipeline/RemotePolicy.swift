/// The remote policy, in the one place every call passes through just before its handler runs:
/// after every redirect, interceptor decision and fallback, whichever door the call came through.
///
/// A remote call (a URL, or a call made with source `.remote`) may reach only an action declared
/// ``MediatorExposure/remote``, and may not set a native-only parameter (a closure, a model object)
/// from remote input: neither from the URL nor from values a redirect or fallback passed on. Only
/// the values a native caller handed to `open(_:with:)` may set them.
///
/// A broadcast is judged the same way: each subscriber is an action of its target, so a remote
/// broadcast tells only subscriptions declared remote (by the target, where it registered them),
/// and is refused as a whole when its event has subscribers and none of them is remote. The exposure
/// on the event value the broadcaster passes can only narrow this: a remote broadcast of a value
/// declared local is refused, but a value declared remote never reaches a local subscription.
enum RemotePolicy {
    /// Why the call may not run its action, or `nil` when it may.
    static func violation(of definition: ActionDefinition, by payload: Payload, source: MediatorCallSource) -> MediatorError? {
        guard source == .remote else { return nil }
        guard definition.exposure == .remote else {
            return .remoteCallNotAllowed(target: definition.target, action: definition.name)
        }
        guard !definition.nativeOnly.isEmpty else { return nil }
        switch payload {
        case .input(let typed):
            let values = typed.parameters()
            for key in definition.nativeOnly where values[key] != nil {
                return .reservedParameter(key: key, in: definition)
            }
        case .values(let lookup):
            for key in definition.nativeOnly where lookup.suppliesRemotely(key) {
                return .reservedParameter(key: key, in: definition)
            }
        case .event:
            break  // a subscription declares no parameters
        }
        return nil
    }

    /// Throws the violation, if any. Local calls pass at once.
    @inline(__always)
    static func check(_ definition: ActionDefinition, _ payload: Payload, source: MediatorCallSource) throws {
        guard source == .remote else { return }
        if let violation = violation(of: definition, by: payload, source: source) { throw violation }
    }

    /// Throws when a remote broadcast may tell none of its event's subscribers: every registered
    /// subscription of the event is local, or the broadcaster's own value declares it local. Checked
    /// once per broadcast at delivery, after interceptors; each subscriber is then judged as an
    /// action (`check(_:_:source:)`) just before its handler runs.
    static func check(broadcast call: CallState, to list: DeliveryList) throws {
        guard call.source == .remote else { return }
        guard case .event(_, let exposure, _) = call.origin, exposure == .remote, !list.refusesRemote else {
            throw MediatorError.remoteBroadcastNotAllowed(event: call.action)
        }
    }
}
