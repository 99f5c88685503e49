/// Every failure a mediator reports, each with a one-line description that says what to do.
///
/// Errors name what was asked for and what exists:
///
/// ```text
/// No target named "Catalgo" is registered; did you mean "Catalog"? Register it with mediator.register(_:) before calling it.
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
    /// An interceptor's asynchronous decision did not finish within the mediator's interceptor timeout.
    case interceptorTimedOut(interceptor: String, target: String, action: String, after: Duration)
    /// The action returned a value of another type than the caller asked for.
    case resultTypeMismatch(target: String, action: String, expected: String, actual: String)
    /// The action's handler threw; `underlying` is its error.
    case handlerFailed(target: String, action: String, underlying: any Error)
    /// A main-actor action was called synchronously off the main actor.
    case mainActorRequired(target: String, action: String)
    /// An asynchronous action was called without `await`.
    case asyncActionCalledSynchronously(target: String, action: String)
    /// A URL does not follow RFC 3986; `problem` says what is wrong and where (byte offset and component).
    case malformedURL(url: String, problem: String)
    /// A URL is longer than ``MediatorURLOptions/maximumLength`` allows.
    case urlTooLong(length: Int, limit: Int)
    /// A URL's scheme is neither a registered app scheme nor `http`/`https`; `registered` lists the app schemes.
    case unknownURLScheme(scheme: String, registered: [String])
    /// A web URL's host is not registered with ``Mediator/registerWebHost(_:)``; `registered` lists the hosts.
    case unknownURLHost(host: String, registered: [String])
    /// No URL pattern and no convention route matches the URL's path, and no unmatched-URL handler answered it.
    case noRouteMatched(url: String, path: String)
    /// The route configuration disables the route the URL reached (`route` is a pattern or `"Target.action"`).
    case routeDisabled(url: String, route: String, reason: String?)
    /// A URL tried to set a parameter that only native callers may supply, such as a closure.
    case reservedURLParameter(key: String, action: String)
    /// Route-configuration redirects for a URL went on longer than `limit` hops, which means a loop.
    case routeRedirectLimitExceeded(url: String, limit: Int)
    /// The declared URL routes have problems: conflicting patterns (naming both actions), invalid patterns.
    case invalidRoutes(problems: [String])
    /// A route configuration document was rejected as a whole; `problems` lists every problem found.
    case invalidRouteConfiguration(problems: [String])
    /// A URL for the action could not be generated; `problem` says which parameter or setting is missing.
    case urlGenerationFailed(target: String, action: String, problem: String)

    /// One actionable line describing the failure.
    public var description: String {
        switch self {
        case let .targetNotFound(target, suggestions):
            let names = suggestions.map { "\"\($0)\"" }
            let hint = names.isEmpty ? "." : "; did you mean \(names.joined(separator: " or "))?"
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
            return "\(target).\(action) was rejected by \(interceptor): \(Self.clause(reason))."
        case let .interceptorTimedOut(interceptor, target, action, after):
            return "\(interceptor) did not decide on \(target).\(action) within \(Self.seconds(after)), so the call was refused; "
                + "make its interceptAsync(_:) finish sooner or raise the limit with mediator.setInterceptorTimeout(_:)."
        case let .resultTypeMismatch(target, action, expected, actual):
            return "\(target).\(action) returned \(actual), but the caller asked for \(expected)."
        case let .handlerFailed(target, action, underlying):
            return "\(target).\(action) failed: \(Self.clause(String(describing: underlying)))."
        case let .mainActorRequired(target, action):
            return "\(target).\(action) runs on the main actor; call it with await, or synchronously from the main actor."
        case let .asyncActionCalledSynchronously(target, action):
            return "\(target).\(action) is asynchronous; call it with try await."
        case let .malformedURL(url, problem):
            return "The URL \(Self.quote(url)) is malformed: \(problem)."
        case let .urlTooLong(length, limit):
            return
                "The URL is \(length) bytes long, over the limit of \(limit); raise MediatorURLOptions.maximumLength if such URLs are expected."
        case let .unknownURLScheme(scheme, registered):
            let list = registered.isEmpty ? "none is registered" : "registered: " + registered.joined(separator: ", ")
            return "The URL scheme \"\(scheme)\" is not an app scheme (\(list)); register it with mediator.registerScheme(_:)."
        case let .unknownURLHost(host, registered):
            let list = registered.isEmpty ? "none is registered" : "registered: " + registered.joined(separator: ", ")
            return "The web host \(Self.quote(host)) is not registered (\(list)); register it with mediator.registerWebHost(_:)."
        case let .noRouteMatched(url, path):
            return
                "No route matches the path \(Self.quote(path)) of \(Self.quote(url)); declare a urlPattern on a remote action or set an unmatched-URL handler."
        case let .routeDisabled(url, route, reason):
            return "The route \(route) reached by \(Self.quote(url)) is disabled by the route configuration"
                + (reason.map { ": \($0)." } ?? ".")
        case let .reservedURLParameter(key, action):
            return "A URL cannot set parameter \"\(key)\" of \(action): it is native-only; pass it with open(_:with:) instead."
        case let .routeRedirectLimitExceeded(url, limit):
            return
                "Route configuration redirects for \(Self.quote(url)) exceeded \(limit) hops; check the configuration for a redirect loop."
        case let .invalidRoutes(problems):
            return "The URL routes have \(problems.count) problem(s): " + problems.joined(separator: "; ") + "."
        case let .invalidRouteConfiguration(problems):
            return "The route configuration was rejected and the previous one stays in force; \(problems.count) problem(s): "
                + problems.joined(separator: "; ") + "."
        case let .urlGenerationFailed(target, action, problem):
            return "Cannot generate a URL for \(target).\(action): \(problem)."
        }
    }

    /// A duration as seconds with at most three decimals, such as `10 s` or `0.25 s`.
    private static func seconds(_ duration: Duration) -> String {
        let (seconds, attoseconds) = duration.components
        let milliseconds = attoseconds / 1_000_000_000_000_000
        guard milliseconds != 0 else { return "\(seconds) s" }
        var fraction = String(milliseconds.magnitude)
        while fraction.count < 3 { fraction = "0" + fraction }
        while fraction.hasSuffix("0") { fraction.removeLast() }
        return "\(seconds).\(fraction) s"
    }

    /// Text from elsewhere (an underlying error, a reason) as one clause of this line: line breaks
    /// become spaces and a final period is dropped, so the description stays one sentence.
    private static func clause(_ text: String) -> String {
        var flat = text.split(whereSeparator: \.isNewline).joined(separator: " ")
        while flat.hasSuffix(".") { flat.removeLast() }
        return flat
    }

    /// A URL or path in quotes, shortened and with control and bidirectional-override characters
    /// escaped, so hostile input can neither flood nor forge a log line.
    private static func quote(_ text: String) -> String {
        var quoted = "\""
        var count = 0
        for scalar in text.unicodeScalars {
            count += 1
            if count > 117 {
                quoted += "...\" (\(text.utf8.count) bytes)"
                return quoted
            }
            switch scalar.value {
            case 0..<0x20, 0x7F..<0xA0, 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069:
                quoted += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
            default:
                quoted.unicodeScalars.append(scalar)
            }
        }
        return quoted + "\""
    }
}
