import Mediator

/// What the App's user reads when a link fails: a sentence about the link, before the mediator's
/// own description (which is written for the app's developer and may suggest code to change).
enum UserMessage {
    /// One line: the sentence for the user, then the developer's detail.
    static func failure(opening url: String, _ error: any Error) -> String {
        "can't open \(url): \(sentence(for: error)) (\(error))"
    }

    /// The sentence for the user, by what went wrong.
    static func sentence(for error: any Error) -> String {
        guard let error = error as? MediatorError else { return "something went wrong" }
        switch error.code {
        case .malformedURL, .urlTooLong:
            return "the link is not a valid URL"
        case .unknownURLScheme, .unknownURLHost, .noRouteMatched, .targetNotFound, .actionNotFound:
            if let suggestion = error.suggestions.first { return "the shop has no such page; did you mean \(suggestion)?" }
            return "the shop has no such page"
        case .remoteCallNotAllowed, .reservedParameter:
            return "this page cannot be opened by a link"
        case .missingParameter, .invalidParameter:
            return "the link is incomplete or has a wrong value"
        case .routeDisabled:
            return "this page is unavailable right now" + (error.reason.map { ": \($0)" } ?? "")
        case .rejected:
            return "the shop refused: " + (error.reason ?? "not allowed")
        default:
            return "something went wrong"
        }
    }
}
