extension MediatorHold {
    /// What an awaited call does when it is held on a gate: answer at once, or wait for the call to continue.
    ///
    /// ```swift
    /// // Wait up to a minute for the user to log in, then get the checkout's own result.
    /// let screen = try await mediator.openAsync("shop://checkout", whenHeld: .wait(upTo: .seconds(60)))
    /// ```
    public enum WhenHeld: Sendable, Equatable {
        /// Throw ``MediatorError/Code/held`` at once, as a synchronous call does; the error's
        /// ``MediatorError/hold`` continues the call later and can cancel it. The default.
        case answerAtOnce
        /// Wait for the held call to continue and return its result, for at most this long.
        ///
        /// If the limit passes first, the caller gets ``MediatorError/Code/holdTimedOut``; if its task is
        /// cancelled, `CancellationError`. Either way the held call is withdrawn (its observers see
        /// ``MediatorError/Code/holdCancelled``), unless another caller joined the same hold without
        /// waiting (an identical URL), for whom it stays held. If the call is dropped, expires or is
        /// cancelled while waited for, that error is thrown.
        case wait(upTo: Duration)
    }
}
