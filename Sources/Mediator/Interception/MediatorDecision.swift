/// What an interceptor decides about a call.
public enum MediatorDecision: Sendable {
    /// Lets the call continue to the next interceptor and then to its action.
    case proceed
    /// Refuses the call; the caller gets ``MediatorError/Code/rejected``.
    case reject(reason: String)
    /// Sends the call to another action instead; later interceptors see the redirected call.
    case redirect(target: String, action: String, parameters: MediatorParameters? = nil)
}
