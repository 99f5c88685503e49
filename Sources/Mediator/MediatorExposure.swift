/// Who may reach an action: code in the app only, or also URLs from outside it.
public enum MediatorExposure: String, Sendable, Codable, CaseIterable {
    /// Reachable by native calls only. The default: a URL can never reach a local action.
    case local
    /// Reachable by native calls and by URLs (deep links, push payloads, other apps).
    case remote
}

/// Where a call came from, as interceptors and the remote policy see it.
public enum MediatorCallSource: String, Sendable, Codable, CaseIterable {
    /// A call made by code in the app.
    case local
    /// A call that arrived as a URL from outside the app.
    case remote
}
