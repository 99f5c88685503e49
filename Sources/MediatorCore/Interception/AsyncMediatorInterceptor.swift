/// An interceptor whose decision on awaited calls may suspend, for example to refresh a login token.
///
/// Awaited calls use ``interceptAsync(_:)``, bounded by the mediator's interceptor timeout (see
/// ``Mediator/Settings/interceptorTimeout``); synchronous calls, which cannot suspend, use
/// ``MediatorInterceptor/intercept(_:)``. Bounding a decision takes two tasks per call, which is why
/// it is a separate protocol: interceptors that decide synchronously cost nothing extra.
///
/// ```swift
/// struct TokenGate: AsyncMediatorInterceptor {
///     let tokens: TokenStore
///     func interceptAsync(_ call: MediatorCall) async throws -> MediatorCall.Decision {
///         try await tokens.refreshIfNeeded() ? .proceed : .reject(reason: "session expired")
///     }
/// }
/// ```
public protocol AsyncMediatorInterceptor: MediatorInterceptor {
    /// Decides what happens to a call made with `await`; may suspend.
    /// - Parameter call: The call as it stands after the interceptors before this one.
    /// - Returns: Proceed, reject with a reason, or redirect to another action.
    func interceptAsync(_ call: MediatorCall) async throws -> MediatorCall.Decision
}
