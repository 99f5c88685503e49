extension MediatorCall {
    /// What an interceptor decides about a call.
    public enum Decision: Sendable {
        /// Lets the call continue to the next interceptor and then to its action.
        case proceed
        /// Refuses the call; the caller gets ``MediatorError/Code/rejected``.
        case reject(reason: String)
        /// Sends the call to another action instead; later interceptors see the redirected call.
        case redirect(target: String, action: String, parameters: MediatorParameters? = nil)
        /// Holds the call until the gate opens (see ``Mediator/Gates/open(_:)``); if it is open now, the
        /// call proceeds.
        ///
        /// The caller gets ``MediatorError/Code/held`` at once (or, with ``MediatorHold/WhenHeld/wait(upTo:)``,
        /// the continued call's result). When the gate opens, the call as it arrived continues through
        /// the whole pipeline again: interceptors decide again and the remote policy judges it then.
        case hold(until: Mediator.Gate)
    }
}
