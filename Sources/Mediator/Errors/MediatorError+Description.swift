extension MediatorError {
    /// `"; did you mean "x"?"` for the first suggestion of a URL refusal, or nothing.
    private var didYouMean: String {
        suggestions.first.map { "; did you mean \(LogSafeText.quoted($0))?" } ?? ""
    }

    /// The description before the final pass over the whole line: every input it echoes goes through
    /// `LogSafeText`, quoted and capped.
    var message: String {
        typealias Text = LogSafeText
        let q = Text.quoted
        switch detail {
        case let .targetNotFound(target, suggestions):
            let named = suggestions.map { suggestion in
                // Canonically equivalent but other bytes: the two spellings look alike, so say how they differ.
                suggestion == target ? q(suggestion) + " (the same text in another Unicode normalization)" : q(suggestion)
            }
            let hint = suggestions.isEmpty ? "." : "; did you mean \(named.joined(separator: " or "))?"
            return "No target named \(q(target)) is registered\(hint) Register it with mediator.register(_:) before calling it."
        case let .actionNotFound(target, action, available):
            let list = available.isEmpty ? "it declares none" : "its actions: " + Self.list(available)
            return "Target \(q(target)) has no action \(q(action)); \(list)."
        case let .duplicateTarget(target):
            return "A target named \(q(target)) is already registered; pass replacingExisting: true to replace it."
        case let .invalidDeclaration(target, problem):
            return "Target \(q(target)) is declared incorrectly: \(Text.inline(problem, limit: 400))."
        case let .factoryCycle(cycle):
            return "Creating an instance of \(q(cycle.first ?? "")) needs itself through target factories that call the "
                + "mediator (\(cycle.map { Text.inline($0) }.joined(separator: " → "))); "
                + "a factory must not call, directly or through others, a target that is still being created."
        case let .missingParameter(key, expected, action):
            return
                "\(action.map { Text.inline($0) } ?? "The call") needs parameter \(q(key)) (\(Text.inline(expected))), which was not supplied."
        case let .invalidParameter(key, expected, received, action):
            return "\(action.map { Text.inline($0) } ?? "The call"): parameter \(q(key)) expects \(Text.inline(expected)) "
                + "but received \(Text.inline(received))."
        case let .remoteCallNotAllowed(target, action):
            return "\(Self.label(target, action)) is local-only, so a remote call (a URL) cannot reach it; "
                + "declare it with exposure: .remote to allow that."
        case let .reservedParameter(key, action):
            return "A remote call (a URL) cannot set parameter \(q(key)) of \(Text.inline(action)): it is native-only; "
                + "pass it with open(_:with:) instead."
        case let .rejected(target, action, interceptor, reason):
            return "\(Self.label(target, action)) was rejected by \(Text.inline(interceptor)): \(Self.clause(reason))."
        case let .interceptorTimedOut(interceptor, target, action, after):
            return "\(Text.inline(interceptor)) did not decide on \(Self.label(target, action)) within \(Self.seconds(after)), "
                + "so the call was refused; make its interceptAsync(_:) finish sooner or raise the limit with "
                + "mediator.setInterceptorTimeout(_:)."
        case let .resultTypeMismatch(target, action, expected, actual):
            return
                "\(Self.label(target, action)) returned \(Text.inline(actual)), but the caller asked for \(Text.inline(expected))."
        case let .handlerFailed(target, action, underlying):
            return "\(Self.label(target, action)) failed: \(Self.clause(String(describing: underlying)))."
        case let .mainActorRequired(target, action):
            return
                "\(Self.label(target, action)) runs on the main actor; call it with await, or synchronously from the main actor."
        case let .asyncActionCalledSynchronously(target, action):
            return "\(Self.label(target, action)) is asynchronous; call it with try await (performAsync or openAsync)."
        case let .malformedURL(url, problem):
            return "The URL \(q(url)) is malformed: \(Text.inline(problem, limit: 300))."
        case let .urlTooLong(length, limit):
            return "The URL is \(length) bytes long, over the limit of \(limit); "
                + "raise MediatorURLOptions.maximumLength if such URLs are expected."
        case let .unknownURLScheme(scheme, registered):
            if scheme == "http" {
                return "The URL is an http web link, and only https web links are routed; "
                    + "set MediatorURLOptions.acceptsHTTPWebLinks to accept http ones too."
            }
            let list = registered.isEmpty ? "none is registered" : "registered: " + Self.list(registered)
            return "The URL scheme \(q(scheme)) is not an app scheme (\(list))\(didYouMean); "
                + "register it with mediator.registerScheme(_:)."
        case let .unknownURLHost(host, registered):
            let list = registered.isEmpty ? "none is registered" : "registered: " + Self.list(registered)
            return
                "The web host \(q(host)) is not registered (\(list))\(didYouMean); register it with mediator.registerWebHost(_:)."
        case let .noRouteMatched(url, path, _):
            return "No route matches the path \(q(path)) of \(q(url))\(didYouMean); "
                + "declare a urlPattern on a remote action or set an unmatched-URL handler."
        case let .routeDisabled(url, route, reason):
            return "The route \(Text.inline(route)) reached by \(q(url)) is disabled by the route configuration"
                + (reason.map { ": \(Self.clause($0))." } ?? ".")
        case let .routeRedirectLimitExceeded(url, limit):
            return "Route configuration redirects for \(q(url)) exceeded \(limit) hops; "
                + "check the configuration for a redirect loop."
        case let .invalidRoutes(problems):
            return "The URL routes have \(problems.count) problem(s): " + Self.problems(problems) + "."
        case let .invalidRouteConfiguration(problems):
            return "The route configuration was rejected and the previous one stays in force; \(problems.count) problem(s): "
                + Self.problems(problems) + "."
        case let .urlGenerationFailed(target, action, problem):
            return "Cannot generate a URL for \(Self.label(target, action)): \(Text.inline(problem, limit: 300))."
        }
    }

    /// `Target.action`, each name escaped and capped.
    private static func label(_ target: String, _ action: String) -> String {
        LogSafeText.inline(target) + "." + LogSafeText.inline(action)
    }

    /// Names from the registry, comma-separated, at most 20 of them.
    private static func list(_ names: [String]) -> String {
        let shown = names.prefix(20).map { LogSafeText.inline($0) }.joined(separator: ", ")
        return names.count > 20 ? shown + ", and \(names.count - 20) more" : shown
    }

    /// Problems joined by `;`, each capped, at most 50 of them.
    private static func problems(_ problems: [String]) -> String {
        let shown = problems.prefix(50).map { LogSafeText.inline($0, limit: 400) }.joined(separator: "; ")
        return problems.count > 50 ? shown + "; and \(problems.count - 50) more" : shown
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
    /// become spaces, a final period is dropped, and the rest is escaped and capped.
    private static func clause(_ text: String) -> String {
        var flat = text.split(whereSeparator: \.isNewline).joined(separator: " ")
        while flat.hasSuffix(".") { flat.removeLast() }
        return LogSafeText.inline(flat, limit: 300)
    }
}
