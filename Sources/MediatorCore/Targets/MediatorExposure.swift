/// Who may reach an action: code in the app only, or also URLs and other remote input.
public enum MediatorExposure: String, Sendable, Codable, CaseIterable {
    /// Reachable by native calls only. The default: a remote call can never reach a local action.
    case local
    /// Reachable by native calls and by remote calls (deep links, push payloads, other apps).
    case remote
}
