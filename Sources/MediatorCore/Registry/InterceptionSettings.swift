/// Interceptors, the fallback handler and the interceptor timeout: part of every registry snapshot,
/// replaced as a whole whenever one of them changes.
final class InterceptionSettings: @unchecked Sendable {
    // @unchecked: no lock needed, nothing changes after `init`: `interceptorList` is written there
    // and freed only by `deinit`; every other stored property is a `let` of a Sendable type.
    let interceptors: [any MediatorInterceptor]
    /// The same interceptors, each in an entry of its own, unretained in memory of their own (the
    /// entries are kept by `entries`): the interceptor stage's short way (`InterceptedRun`) reads
    /// them in place, retaining no array and copying no interceptor to ask it or tell it.
    let interceptorList: UnsafeBufferPointer<Unmanaged<Entry>>
    private let entries: [Entry]

    /// One interceptor, in an object: asked through a `let` of a class, it is not copied.
    final class Entry: Sendable {
        let interceptor: any MediatorInterceptor
        init(_ interceptor: any MediatorInterceptor) { self.interceptor = interceptor }
    }
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
        let entries = interceptors.map(Entry.init)
        self.entries = entries
        let list = UnsafeMutableBufferPointer<Unmanaged<Entry>>.allocate(capacity: entries.count)
        _ = list.initialize(from: entries.lazy.map { Unmanaged.passUnretained($0) })
        self.interceptorList = UnsafeBufferPointer(list)
        self.asyncInterceptors = interceptors.map { $0 as? any AsyncMediatorInterceptor }
        self.fallback = fallback
        self.interceptorTimeout = interceptorTimeout
    }

    deinit {
        let list = UnsafeMutableBufferPointer(mutating: interceptorList)
        list.deinitialize()
        list.deallocate()
    }
}
