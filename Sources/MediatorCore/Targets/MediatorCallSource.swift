/// Where a call came from, as interceptors and the remote policy see it.
///
/// A call's source never changes on its way to a handler: a remote call stays remote through every
/// redirect, interceptor decision and fallback.
public enum MediatorCallSource: String, Sendable, Codable, CaseIterable {
    /// A call made by code in the app.
    case local
    /// A call that arrived from outside the app: a URL, or values from a push payload passed with `source: .remote`.
    case remote
}
