/// Interceptors, the fallback handler and the interceptor timeout: part of every registry snapshot,
/// replaced as a whole whenever one of them changes.
final class InterceptionSettings: Sendable {
    let interceptors: [any MediatorInterceptor]
    /// The interceptors that decide asynchronously, found once here rather than cast per call.
    let asyncInterceptors: [(any AsyncMediatorInterceptor)?]
    let fallback: FallbackHandler?
    /// How long an asynchronous interceptor decision may take.
    let interceptorTimeout: Duration

    /// The default interceptor timeout.
    static let defaultInterceptorTimeout = Duration.seconds(10)

    init(
        interceptors: [any MediatorInterceptor] = [], fallback: FallbackHandler? = nil,
        interceptorTimeout: Duration = InterceptionSettings.defaultInterceptorTimeout
    ) {
        self.interceptors = interceptors
        self.asyncInterceptors = interceptors.map { $0 as? any AsyncMediatorInterceptor }
        self.fallback = fallback
        self.interceptorTimeout = interceptorTimeout
    }
}
