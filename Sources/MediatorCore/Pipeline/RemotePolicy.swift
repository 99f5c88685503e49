/// The remote policy, in the one place every call passes through just before its handler runs:
/// after every redirect, interceptor decision and fallback, whichever door the call came through.
///
/// A remote call (a URL, or a call made with source `.remote`) may reach only an action declared
/// ``MediatorExposure/remote``, and may not set a native-only parameter (a closure, a model object)
/// from remote input: neither from the URL nor from values a redirect or fallback passed on. Only
/// the values a native caller handed to `open(_:with:)` may set them. A remote broadcast may send only
/// an event declared remote (`check(event:exposure:source:)`, which every broadcast passes through).
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
        }
        return nil
    }

    /// Throws the violation, if any. Local calls pass at once.
    @inline(__always)
    static func check(_ definition: ActionDefinition, _ payload: Payload, source: MediatorCallSource) throws {
        guard source == .remote else { return }
        if let violation = violation(of: definition, by: payload, source: source) { throw violation }
    }

    /// Throws when a remote broadcast would send an event not declared remote: the same rule as for
    /// actions, checked once per broadcast after interceptors and before any subscriber runs.
    @inline(__always)
    static func check(event name: String, exposure: MediatorExposure, source: MediatorCallSource) throws {
        guard source == .remote, exposure != .remote else { return }
        throw MediatorError.remoteBroadcastNotAllowed(event: name)
    }
}
