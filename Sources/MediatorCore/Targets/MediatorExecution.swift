/// How an action's handler runs, which decides how it can be called.
public enum MediatorExecution: String, Sendable, Codable {
    /// On the caller's thread; callable without `await`, also from asynchronous code.
    case synchronous
    /// Asynchronously; callable only with `await`.
    case asynchronous
    /// On the main actor; callable synchronously from the main actor, or with `await` from anywhere.
    case mainActor
}
