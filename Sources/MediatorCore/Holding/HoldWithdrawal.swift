/// Why held calls leave their queue without continuing.
enum HoldWithdrawal: Sendable {
    /// Older than the hold policy's maximum age when their gate opened.
    case expired(Mediator.Gate, maximumAge: Duration)
    /// Dropped to make room: the policy's capacity was reached.
    case dropped(capacity: Int)
    /// Cancelled by the app, or by the last caller waiting for it.
    case cancelled(reason: String)
}
