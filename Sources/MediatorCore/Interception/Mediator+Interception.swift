extension Mediator {
    /// Appends an interceptor to the chain every call passes through, in installation order.
    /// - Parameter interceptor: The interceptor.
    public func addInterceptor(_ interceptor: some MediatorInterceptor) {
        mutate { state in
            state.released.append(state.settings)
            state.settings = state.settings.with(interceptors: state.settings.interceptors + [interceptor])
        }
    }

    /// Removes every interceptor.
    public func removeAllInterceptors() {
        mutate { state in
            state.released.append(state.settings)
            state.settings = state.settings.with(interceptors: [])
        }
    }

    /// The installed interceptors, in the order calls pass through them.
    public var interceptors: [any MediatorInterceptor] {
        snapshot().settings.interceptors
    }

    /// Sets the handler for calls whose target or action does not exist and that the target itself
    /// did not answer; `nil` removes it, so such calls fail with a not-found error.
    /// - Parameter handler: Answers an unresolved call with a value, a redirect, or `.notHandled`.
    public func setFallbackHandler(_ handler: MediatorFallbackHandler?) {
        mutate { state in
            state.released.append(state.settings)
            state.settings = state.settings.with(fallback: .some(handler))
        }
    }

    /// Sets how long an interceptor's asynchronous decision may take before the call fails with
    /// ``MediatorError/Code/interceptorTimedOut``; the default is 10 seconds.
    ///
    /// The limit applies to ``AsyncMediatorInterceptor/interceptAsync(_:)`` in calls made with `await`, so a
    /// decision that never finishes (a lost network reply, a forgotten continuation) cannot hang the
    /// call, even one that ignores cancellation: the call goes on without it, and the decision's task
    /// is cancelled. A synchronous ``MediatorInterceptor/intercept(_:)`` cannot be interrupted and is
    /// not timed.
    ///
    /// ```swift
    /// mediator.setInterceptorTimeout(.seconds(3))
    /// ```
    /// - Parameter duration: The longest decision; a negative duration counts as zero.
    public func setInterceptorTimeout(_ duration: Duration) {
        let limit = duration.clampedForTimers
        mutate { state in
            state.released.append(state.settings)
            state.settings = state.settings.with(interceptorTimeout: limit)
        }
    }

    /// How long an interceptor's asynchronous decision may take; see ``setInterceptorTimeout(_:)``.
    public var interceptorTimeout: Duration {
        snapshot().settings.interceptorTimeout
    }
}
