/// A step every call passes through, in the order installed: it can observe, reject or redirect.
///
/// Implement only what you need; the defaults proceed and observe nothing.
///
/// ```swift
/// struct LoginGate: MediatorInterceptor {
///     let session: Session
///     func intercept(_ call: MediatorCall) throws -> MediatorDecision {
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
    func intercept(_ call: MediatorCall) throws -> MediatorDecision

    /// Observes a finished call once: the call as dispatched, its outcome and how long it took.
    /// - Parameters:
    ///   - call: The call as it was finally dispatched (after any redirect).
    ///   - outcome: Whether it succeeded, and the error if not.
    ///   - duration: The time from entering the chain to the result.
    func callDidFinish(_ call: MediatorCall, outcome: MediatorOutcome, duration: Duration)
}

extension MediatorInterceptor {
    /// Proceeds by default.
    public func intercept(_ call: MediatorCall) throws -> MediatorDecision { .proceed }

    /// Observes nothing by default.
    public func callDidFinish(_ call: MediatorCall, outcome: MediatorOutcome, duration: Duration) {}
}

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

/// What an interceptor decides about a call.
public enum MediatorDecision: Sendable {
    /// Lets the call continue to the next interceptor and then to its action.
    case proceed
    /// Refuses the call; the caller gets ``MediatorError/rejected(target:action:interceptor:reason:)``.
    case reject(reason: String)
    /// Sends the call to another action instead; later interceptors see the redirected call.
    case redirect(target: String, action: String, parameters: MediatorParameters? = nil)
}

/// How a call ended, as observers see it.
public enum MediatorOutcome: Sendable {
    /// The action returned a value.
    case succeeded
    /// The call failed with this error (a ``MediatorError``, or a typed error wrapped in one).
    case failed(any Error)

    /// Whether the call succeeded.
    public var isSuccess: Bool {
        if case .succeeded = self { true } else { false }
    }
}

/// An interceptor whose decision on awaited calls may suspend, for example to refresh a login token.
///
/// Awaited calls use ``interceptAsync(_:)``, bounded by the mediator's interceptor timeout (see
/// ``Mediator/setInterceptorTimeout(_:)``); synchronous calls, which cannot suspend, use
/// ``MediatorInterceptor/intercept(_:)``. Bounding a decision takes two tasks per call, which is why
/// it is a separate protocol: interceptors that decide synchronously cost nothing extra.
///
/// ```swift
/// struct TokenGate: AsyncMediatorInterceptor {
///     let tokens: TokenStore
///     func interceptAsync(_ call: MediatorCall) async throws -> MediatorDecision {
///         try await tokens.refreshIfNeeded() ? .proceed : .reject(reason: "session expired")
///     }
/// }
/// ```
public protocol AsyncMediatorInterceptor: MediatorInterceptor {
    /// Decides what happens to a call made with `await`; may suspend.
    /// - Parameter call: The call as it stands after the interceptors before this one.
    /// - Returns: Proceed, reject with a reason, or redirect to another action.
    func interceptAsync(_ call: MediatorCall) async throws -> MediatorDecision
}
