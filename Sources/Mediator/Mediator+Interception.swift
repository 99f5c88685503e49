extension Mediator {
    /// Appends an interceptor to the chain every call passes through, in installation order.
    /// - Parameter interceptor: The interceptor.
    public func addInterceptor(_ interceptor: some MediatorInterceptor) {
        mutate { state in
            state.settings = MediatorSettings(
                interceptors: state.settings.interceptors + [interceptor], fallback: state.settings.fallback)
        }
    }

    /// Removes every interceptor.
    public func removeAllInterceptors() {
        mutate { state in
            state.settings = MediatorSettings(interceptors: [], fallback: state.settings.fallback)
        }
    }

    /// The installed interceptors, in the order calls pass through them.
    public var interceptors: [any MediatorInterceptor] {
        registry.withLock { $0.settings.interceptors }
    }

    /// Sets the handler for calls whose target or action does not exist and that the target itself
    /// did not answer; `nil` removes it, so such calls fail with a not-found error.
    /// - Parameter handler: Answers an unresolved call with a value, a redirect, or `.notHandled`.
    public func setFallbackHandler(_ handler: MediatorFallbackHandler?) {
        mutate { state in
            state.settings = MediatorSettings(interceptors: state.settings.interceptors, fallback: handler)
        }
    }
}
