/// Every failure a mediator reports, each with a one-line description that says what to do.
///
/// Errors name what was asked for and what exists:
///
/// ```text
/// No target named "Catalgo" is registered; did you mean "Catalog"? Registered: Cart, Catalog.
/// ```
public enum MediatorError: Error, Sendable, CustomStringConvertible {
    /// No target is registered under the name; `suggestions` holds the closest registered names.
    case targetNotFound(target: String, suggestions: [String])
    /// The target exists but declares no such action; `available` lists its actions.
    case actionNotFound(target: String, action: String, available: [String])
    /// A target with this name is already registered and replacement was not asked for.
    case duplicateTarget(target: String)
    /// A target's declaration is unusable, for example it declares one action name twice.
    case invalidDeclaration(target: String, problem: String)
    /// A required parameter was not supplied; `action` is `"Target.action"` when known.
    case missingParameter(key: String, expected: String, action: String?)
    /// A parameter could not be converted to the declared type; `received` shows the value and its type.
    case invalidParameter(key: String, expected: String, received: String, action: String?)
    /// A remote caller (a URL) tried to reach an action that is not declared remote.
    case remoteCallNotAllowed(target: String, action: String)
    /// An interceptor refused the call, with its reason.
    case rejected(target: String, action: String, interceptor: String, reason: String)
    /// The action returned a value of another type than the caller asked for.
    case resultTypeMismatch(target: String, action: String, expected: String, actual: String)
    /// The action's handler threw; `underlying` is its error.
    case handlerFailed(target: String, action: String, underlying: any Error)
    /// A main-actor action was called synchronously off the main actor.
    case mainActorRequired(target: String, action: String)
    /// An asynchronous action was called without `await`.
    case asyncActionCalledSynchronously(target: String, action: String)

    /// One actionable line describing the failure.
    public var description: String {
        switch self {
        case let .targetNotFound(target, suggestions):
            let hint = suggestions.first.map { "; did you mean \"\($0)\"?" } ?? "."
            return "No target named \"\(target)\" is registered\(hint) Register it with mediator.register(_:) before calling it."
        case let .actionNotFound(target, action, available):
            let list = available.isEmpty ? "it declares none" : "its actions: " + available.joined(separator: ", ")
            return "Target \"\(target)\" has no action \"\(action)\"; \(list)."
        case let .duplicateTarget(target):
            return "A target named \"\(target)\" is already registered; pass replacingExisting: true to replace it."
        case let .invalidDeclaration(target, problem):
            return "Target \"\(target)\" is declared incorrectly: \(problem)."
        case let .missingParameter(key, expected, action):
            return "\(action ?? "The call") needs parameter \"\(key)\" (\(expected)), which was not supplied."
        case let .invalidParameter(key, expected, received, action):
            return "\(action ?? "The call"): parameter \"\(key)\" expects \(expected) but received \(received)."
        case let .remoteCallNotAllowed(target, action):
            return "\(target).\(action) is local-only, so a URL cannot reach it; declare it with exposure: .remote to allow that."
        case let .rejected(target, action, interceptor, reason):
            return "\(target).\(action) was rejected by \(interceptor): \(reason)."
        case let .resultTypeMismatch(target, action, expected, actual):
            return "\(target).\(action) returned \(actual), but the caller asked for \(expected)."
        case let .handlerFailed(target, action, underlying):
            return "\(target).\(action) failed: \(underlying)."
        case let .mainActorRequired(target, action):
            return "\(target).\(action) runs on the main actor; call it with await, or synchronously from the main actor."
        case let .asyncActionCalledSynchronously(target, action):
            return "\(target).\(action) is asynchronous; call it with try await."
        }
    }
}
