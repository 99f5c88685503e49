import Mediator

/// What the App's user reads when a link fails: a sentence about the link, before the mediator's
/// own description (which is written for the app's developer and may suggest code to change).
enum UserMessage {
    /// One line: the sentence for the user, then the developer's detail.
    static func failure(opening url: String, _ error: any Error) -> String {
        "can't open \(url): \(sentence(for: error)) (\(error))"
    }

    /// What the user reads about a link held on a gate: why it waits and what continues it.
    /// What the user reads when a link arrives twice (launch options and `open`, say).
    static let duplicate = "the same link just arrived, so it opens once (URLOptions.duplicateWindow)"

    static func held(on gate: String) -> String {
        switch gate {
        case Mediator.Gate.login.name: "log in to continue (open shop://login); the link goes on from there"
        case Mediator.Gate.ready.name: "the shop is starting; the link goes on once it is ready"
        default: "it goes on when \(gate) opens"
        }
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
        case .held:
            return "the link is waiting: " + held(on: error.hold?.gate.name ?? "")
        case .holdExpired, .holdDropped, .holdCancelled, .holdTimedOut:
            return "the link waited too long and was dropped"
        case .rejected:
            return "the shop refused: " + (error.reason ?? "not allowed")
        default:
            return "something went wrong"
        }
    }
}
