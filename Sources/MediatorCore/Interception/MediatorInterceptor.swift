/// A step every call passes through, in the order installed: it can observe, reject or redirect.
///
/// Implement only what you need; the defaults proceed and observe nothing.
///
/// ```swift
/// struct LoginGate: MediatorInterceptor {
///     let session: Session
///     func intercept(_ call: MediatorCall) throws -> MediatorCall.Decision {
///         call.target == "Cart" && call.action == "checkout" && !session.isLoggedIn
///             ? .reject(reason: "login required") : .proceed
///     }
/// }
/// ```
public protocol MediatorInterceptor: Sendable {
    /// Decides what happens to a call, synchronous or awaited; it runs inline, on the caller's thread.
    ///
    /// To suspend while deciding, for example to refresh a token, conform to
    /// ``AsyncMediatorInterceptor`` instead.
    /// - Parameter call: The call as it stands after the interceptors before this one.
    /// - Returns: Proceed, reject with a reason, or redirect to another action.
    func intercept(_ call: MediatorCall) throws -> MediatorCall.Decision

    /// Observes a finished call once: the call as dispatched, its outcome and how long it took.
    /// - Parameters:
    ///   - call: The call as it was finally dispatched (after any redirect).
    ///   - outcome: Whether it succeeded, and the error if not.
    ///   - duration: The time from entering the chain to the result.
    func callDidFinish(_ call: MediatorCall, outcome: MediatorCall.Outcome, duration: Duration)
}

extension MediatorInterceptor {
    /// Proceeds by default.
    public func intercept(_ call: MediatorCall) throws -> MediatorCall.Decision { .proceed }

    /// Observes nothing by default.
    public func callDidFinish(_ call: MediatorCall, outcome: MediatorCall.Outcome, duration: Duration) {}
}
