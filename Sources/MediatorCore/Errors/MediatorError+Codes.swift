// Every kind of failure the package reports: one constructor a code, holding the fields the error is
// about and the one line it reads as. Every input a message echoes goes through `LogSafeText`,
// quoted and capped, and `description` escapes the whole line once more.
internal import MediatorText

extension MediatorError {
    static func targetNotFound(target: String, suggestions: [String]) -> Self {
        targetNotFound(target: target, found: suggestions, finding: nil)
    }

    /// - Parameter suggestions: Finds the closest registered names, when the error's suggestions are first read.
    static func targetNotFound(target: String, suggestions: @escaping @Sendable () -> [String]) -> Self {
        targetNotFound(target: target, found: [], finding: suggestions)
    }

    private static func targetNotFound(target: String, found: [String], finding: (@Sendable () -> [String])?) -> Self {
        Self(.targetNotFound, target: target, suggestions: found, findingSuggestions: finding) { error in
            let target = error.target ?? ""
            let named = error.closest.map { suggestion in
                // Canonically equivalent but other bytes: the two spellings look alike, so say how they differ.
                suggestion == target ? q(suggestion) + " (the same text in another Unicode normalization)" : q(suggestion)
            }
            let hint = named.isEmpty ? "." : "; did you mean \(named.joined(separator: " or "))?"
            return "No target named \(q(target)) is registered\(hint) Register it with mediator.register(_:) before calling it."
        }
    }

    static func actionNotFound(target: String, action: String, available: [String]) -> Self {
        Self(.actionNotFound, target: target, action: action, available: available) { error in
            let actions = error.available.isEmpty ? "it declares none" : "its actions: " + list(error.available)
            let meant = error.suggestions.map(q).joined(separator: " or ")
            let base = "Target \(q(error.target)) has no action \(q(error.action))"
            return meant.isEmpty ? "\(base); \(actions)." : "\(base); did you mean \(meant)? \(actions.capitalizedFirst)."
        }
    }

    static func duplicateTarget(target: String) -> Self {
        Self(.duplicateTarget, target: target) { error in
            "A target named \(q(error.target)) is already registered; pass replacingExisting: true to replace it."
        }
    }

    static func invalidDeclaration(target: String, problem: String) -> Self {
        Self(.invalidDeclaration, target: target, problems: [problem]) { error in
            "Target \(q(error.target)) is declared incorrectly: \(error.problems[0])."
        }
    }

    /// An action's input declared with `@Parameter` that cannot be decoded (a stored property that is not one).
    static func invalidInput(_ input: any Any.Type, problem: String, in definition: ActionDefinition?) -> Self {
        let action = definition.map { " of its action \(LogSafeText.quoted($0.name))" } ?? ""
        return .invalidDeclaration(
            target: definition?.target ?? String(describing: input), problem: "the input \(input)\(action): \(problem)")
    }

    static func factoryCycle(_ cycle: [String]) -> Self {
        Self(.factoryCycle, cycle: cycle) { error in
            "Creating an instance of \(q(error.cycle.first)) needs itself through target factories that call the "
                + "mediator (\(error.cycle.map { LogSafeText.inline($0) }.joined(separator: " → "))); "
                + "a factory must not call, directly or through others, a target that is still being created."
        }
    }

    /// A required parameter of an action (or, with no definition, of a call by name) was not supplied.
    @usableFromInline
    static func missingParameter(key: String, expected: String, in definition: ActionDefinition?) -> Self {
        .missingParameter(key: key, expected: expected, target: definition?.target, action: definition?.name)
    }

    static func missingParameter(key: String, expected: String, target: String?, action: String?) -> Self {
        Self(.missingParameter, target: target, action: action, parameter: key, expectedType: expected, message: missingMessage)
    }

    /// A parameter needed outside an action (a route configuration's redirect) was not supplied.
    static func missingParameter(key: String, expected: String, context: String) -> Self {
        Self(.missingParameter, parameter: key, expectedType: expected, context: context, message: missingMessage)
    }

    /// A typed input's initializer left a required `@Parameter` unset (``UnsetParameters``).
    static func unsetParameter(key: String, expected: String, input: String, in definition: ActionDefinition?) -> Self {
        Self(.missingParameter, target: definition?.target, action: definition?.name, parameter: key, expectedType: expected) {
            error in
            "\(error.caller) was given a \(LogSafeText.inline(input)) whose typed initializer left the required parameter "
                + "\(q(error.parameter)) (\(LogSafeText.inline(error.expectedType ?? ""))) unset; set it in that initializer."
        }
    }

    private static let missingMessage: @Sendable (MediatorError) -> String = { error in
        "\(error.caller) needs parameter \(q(error.parameter)) (\(LogSafeText.inline(error.expectedType ?? ""))), "
            + "which was not supplied."
    }

    @usableFromInline
    static func invalidParameter(key: String, expected: String, received: String, in definition: ActionDefinition?) -> Self {
        .invalidParameter(key: key, expected: expected, received: received, target: definition?.target, action: definition?.name)
    }

    static func invalidParameter(key: String, expected: String, received: String, target: String?, action: String?) -> Self {
        Self(
            .invalidParameter, target: target, action: action, parameter: key, expectedType: expected, received: received
        ) { error in
            "\(error.caller): parameter \(q(error.parameter)) expects \(LogSafeText.inline(error.expectedType ?? "")) "
                + "but received \(LogSafeText.inline(error.received ?? ""))."
        }
    }

    static func remoteCallNotAllowed(target: String, action: String) -> Self {
        Self(.remoteCallNotAllowed, target: target, action: action) { error in
            "\(error.label) is local-only, so a remote call (a URL) cannot reach it; "
                + "declare it with exposure: .remote to allow that."
        }
    }

    static func reservedParameter(key: String, in definition: ActionDefinition) -> Self {
        .reservedParameter(key: key, target: definition.target, action: definition.name)
    }

    static func reservedParameter(key: String, target: String, action: String) -> Self {
        Self(.reservedParameter, target: target, action: action, parameter: key) { error in
            "A remote call (a URL) cannot set parameter \(q(error.parameter)) of \(error.label): it is native-only; "
                + "pass it with open(_:with:) instead."
        }
    }

    static func rejected(target: String, action: String, interceptor: String, reason: String) -> Self {
        Self(.rejected, target: target, action: action, interceptor: interceptor, reason: reason) { error in
            "\(error.label) was rejected by \(LogSafeText.inline(error.interceptor ?? "")): \(clause(error.reason ?? ""))."
        }
    }

    static func interceptorTimedOut(interceptor: String, target: String, action: String, after: Duration) -> Self {
        Self(.interceptorTimedOut, target: target, action: action, interceptor: interceptor, after: after) { error in
            "\(LogSafeText.inline(error.interceptor ?? "")) did not decide on \(error.label) within \(seconds(error.after)), "
                + "so the call was refused; make its interceptAsync(_:) finish sooner or raise the limit, "
                + "Mediator.Settings.interceptorTimeout."
        }
    }

    @usableFromInline
    static func resultTypeMismatch(target: String, action: String, expected: String, actual: String) -> Self {
        Self(.resultTypeMismatch, target: target, action: action, expectedType: expected, received: actual) { error in
            "\(error.label) returned \(LogSafeText.inline(error.received ?? "")), "
                + "but the caller asked for \(LogSafeText.inline(error.expectedType ?? ""))."
        }
    }

    static func resultTypeMismatch(url: String, expected: String, actual: String) -> Self {
        Self(.resultTypeMismatch, expectedType: expected, received: actual, url: url) { error in
            "\(q(error.url)) returned \(LogSafeText.inline(error.received ?? "")), "
                + "but the caller asked for \(LogSafeText.inline(error.expectedType ?? ""))."
        }
    }

    static func handlerFailed(target: String, action: String, underlying: any Error) -> Self {
        Self(.handlerFailed, target: target, action: action, underlyingError: underlying) { error in
            "\(error.label) failed: \(clause(error.underlyingError.map { String(describing: $0) } ?? ""))."
        }
    }

    static func mainActorRequired(target: String, action: String) -> Self {
        Self(.mainActorRequired, target: target, action: action) { error in
            "\(error.label) runs on the main actor; call it with await, or synchronously from the main actor."
        }
    }

    @usableFromInline
    static func mainActorRequired(for definition: ActionDefinition) -> Self {
        if definition.subscribing != nil { return .mainActorSubscriberBroadcastSynchronously(definition) }
        return .mainActorRequired(target: definition.target, action: definition.name)
    }

    static func asyncActionCalledSynchronously(target: String, action: String) -> Self {
        Self(.asyncActionCalledSynchronously, target: target, action: action) { error in
            "\(error.label) is asynchronous; call it with try await (performAsync or openAsync)."
        }
    }

    @usableFromInline
    static func asyncActionCalledSynchronously(for definition: ActionDefinition) -> Self {
        if definition.subscribing != nil { return .asyncSubscriberBroadcastSynchronously(definition) }
        return .asyncActionCalledSynchronously(target: definition.target, action: definition.name)
    }

    static func malformedURL(url: String, problem: String) -> Self {
        Self(.malformedURL, url: url, problems: [problem]) { error in
            "The URL \(q(error.url)) is malformed: \(LogSafeText.inline(error.problems[0], limit: 300))."
        }
    }

    static func urlTooLong(length: Int, limit: Int) -> Self {
        Self(.urlTooLong, count: length, limit: limit) { error in
            "The URL is \(error.count) bytes long, over the limit of \(error.limit); "
                + "raise Mediator.URLOptions.maximumLength if such URLs are expected."
        }
    }

    static func unknownURLScheme(scheme: String, registered: [String]) -> Self {
        Self(.unknownURLScheme, available: registered, subject: scheme) { error in
            if error.subject == "http" {
                return "The URL is an http web link, and only https web links are routed; "
                    + "set Mediator.URLOptions.acceptsHTTPWebLinks to accept http ones too."
            }
            let list = error.available.isEmpty ? "none is registered" : "registered: " + list(error.available)
            return "The URL scheme \(q(error.subject)) is not an app scheme (\(list))\(error.didYouMean); "
                + "register it with mediator.registerScheme(_:)."
        }
    }

    static func unknownURLHost(host: String, registered: [String]) -> Self {
        Self(.unknownURLHost, available: registered, subject: host) { error in
            let list = error.available.isEmpty ? "none is registered" : "registered: " + list(error.available)
            return "The web host \(q(error.subject)) is not registered (\(list))\(error.didYouMean); "
                + "register it with mediator.registerWebHost(_:)."
        }
    }

    /// - Parameter suggestion: Finds the closest URL that would open, when the error's suggestions are first read.
    static func noRouteMatched(url: String, path: String, suggestion: (@Sendable () -> String?)? = nil) -> Self {
        let finding = suggestion.map { find in { @Sendable in find().map { [$0] } ?? [] } }
        return Self(.noRouteMatched, url: url, findingSuggestions: finding, subject: path) { error in
            "No route matches the path \(q(error.subject)) of \(q(error.url))\(error.didYouMean); "
                + "declare a urlPattern on a remote action or set an unmatched-URL handler."
        }
    }

    static func routeDisabled(url: String, route: String, reason: String?) -> Self {
        Self(.routeDisabled, url: url, reason: reason, subject: route) { error in
            "The route \(LogSafeText.inline(error.subject ?? "")) reached by \(q(error.url)) is disabled by the route "
                + "configuration" + (error.reason.map { ": \(clause($0))." } ?? ".")
        }
    }

    static func routeRedirectLimitExceeded(url: String, limit: Int) -> Self {
        Self(.routeRedirectLimitExceeded, url: url, limit: limit) { error in
            "Route configuration redirects for \(q(error.url)) exceeded \(error.limit) hops; "
                + "check the configuration for a redirect loop."
        }
    }

    static func invalidRoutes(problems: [String]) -> Self {
        Self(.invalidRoutes, problems: problems) { error in
            "The URL routes have \(error.problems.count) problem(s): " + Self.problems(error.problems) + "."
        }
    }

    static func invalidRegistrations(problems: [String]) -> Self {
        Self(.invalidRegistrations, problems: problems) { error in
            "The registrations have \(error.problems.count) problem(s): " + Self.problems(error.problems) + "."
        }
    }

    static func invalidRouteConfiguration(problems: [String]) -> Self {
        Self(.invalidRouteConfiguration, problems: problems) { error in
            "The route configuration was rejected and the previous one stays in force; "
                + "\(error.problems.count) problem(s): " + Self.problems(error.problems) + "."
        }
    }

    package static func urlGenerationFailed(target: String, action: String, problem: String) -> Self {
        Self(.urlGenerationFailed, target: target, action: action, problems: [problem]) { error in
            "Cannot generate a URL for \(error.label): \(LogSafeText.inline(error.problems[0], limit: 300))."
        }
    }
}

// MARK: Held calls

extension MediatorError {
    /// What another call's `held` error becomes when user code (an interceptor, a not-found or
    /// unmatched-URL handler) throws it into this call: the hold answers for its own call only, so
    /// this call must not wait on it or hand back its result. It is refused instead, naming who threw.
    /// Errors that are not `held` pass unchanged.
    static func rethrownHold(
        _ error: any Error, by thrower: String, target: String?, action: String?, url: String? = nil
    ) -> any Error {
        guard let held = error as? MediatorError, held.code == .held else { return error }
        let reason =
            "it threw the held error of another call (\(held.hold?.label ?? held.label)), which answers for that call only"
        return Self(.rejected, target: target, action: action, url: url, interceptor: thrower, reason: reason) { error in
            let call = error.target == nil ? q(error.url) : error.label
            return "\(call) was rejected by \(LogSafeText.inline(error.interceptor ?? "")): \(clause(error.reason ?? ""))."
        }
    }

    /// A call held on a gate; `subject` is what the call is (`Target.action`, or a URL not routed yet).
    static func held(_ hold: MediatorHold, on gate: Mediator.Gate) -> Self {
        Self(
            .held, target: hold.held.target.isEmpty ? nil : hold.held.target,
            action: hold.held.target.isEmpty ? nil : hold.held.action,
            url: hold.held.url, reason: gate.name, hold: hold, subject: hold.label
        ) { error in
            let until =
                error.reason == Mediator.Gate.ready.name ? "the app is ready (gate \"ready\")" : "gate \(q(error.reason)) opens"
            return "\(error.heldCall) is held until \(until); it continues then on its own, or cancel it with its hold."
        }
    }

    /// A held call that left its queue without continuing, saying why.
    static func withdrawn(_ hold: MediatorHold, because reason: HoldWithdrawal) -> Self {
        switch reason {
        case let .expired(gate, maximumAge):
            return Self(.holdExpired, url: hold.held.url, reason: gate.name, hold: hold, subject: hold.label, after: maximumAge) {
                "\($0.heldCall) was dropped when gate \(q($0.reason)) opened: it had been held longer than the hold policy's "
                    + "maximum age (\(seconds($0.after)))."
            }
        case .dropped(let capacity):
            return holdDropped(label: hold.label, hold: hold, capacity: capacity)
        case .cancelled(let why):
            return Self(.holdCancelled, url: hold.held.url, reason: why, hold: hold, subject: hold.label) {
                "\($0.heldCall) was cancelled before it continued: \(clause($0.reason ?? ""))."
            }
        }
    }

    /// A held call dropped to make room, or (with no hold) a call the policy would not hold at all.
    static func holdDropped(label: String, hold: MediatorHold?, capacity: Int) -> Self {
        Self(.holdDropped, url: hold?.held.url, hold: hold, subject: label, limit: capacity) { error in
            error.hold == nil
                ? "\(error.heldCall) could not be held: the hold policy holds no calls (capacity 0)."
                : "\(error.heldCall) was dropped to make room: the hold policy holds at most \(error.limit) calls at once."
        }
    }

    /// A link that arrived again within the duplicate window of the same link, which ran (or is held) instead.
    static func duplicateLink(_ url: String, after window: Duration) -> Self {
        Self(.duplicateLink, url: url, after: window) { error in
            "The link \(LogSafeText.quoted(error.url ?? "")) arrived again within \(seconds(error.after)) of the same link, "
                + "so it did not run again (URLOptions.duplicateWindow); the first one is the one that runs."
        }
    }

    /// A caller stopped waiting for a held call.
    static func holdTimedOut(_ hold: MediatorHold?, after limit: Duration) -> Self {
        Self(.holdTimedOut, url: hold?.held.url, hold: hold, subject: hold?.label ?? "", after: limit) { error in
            "Waited \(seconds(error.after)) for \(error.heldCall) to continue; it was withdrawn unless another caller "
                + "is still holding it."
        }
    }

    /// The held call, as messages name it: `Target.action (hold 3)`, or its URL.
    fileprivate var heldCall: String {
        let number = hold.map { " (hold \($0.id))" } ?? ""
        return LogSafeText.inline(subject ?? "") + number
    }
}

// MARK: Pieces of messages

extension MediatorError {
    /// `Target.action`, each name escaped and capped.
    fileprivate var label: String {
        LogSafeText.inline(target ?? "") + "." + LogSafeText.inline(action ?? "")
    }

    /// Who made a call with a bad parameter: the action, the context, or "The call".
    fileprivate var caller: String {
        if target != nil || action != nil { return label }
        return context.map { LogSafeText.inline($0) } ?? "The call"
    }

    /// `"; did you mean "x"?"` for the first suggestion of a URL refusal, or nothing.
    fileprivate var didYouMean: String {
        suggestions.first.map { "; did you mean \(LogSafeText.quoted($0))?" } ?? ""
    }
}

extension String {
    /// The text with its first letter in upper case: a clause that starts a sentence.
    fileprivate var capitalizedFirst: String { prefix(1).uppercased() + dropFirst() }
}

/// Input quoted, escaped and capped.
private func q(_ text: String?) -> String { LogSafeText.quoted(text ?? "") }

/// Names from the registry, comma-separated, at most 20 of them.
private func list(_ names: [String]) -> String {
    let shown = names.prefix(20).map { LogSafeText.inline($0) }.joined(separator: ", ")
    return names.count > 20 ? shown + ", and \(names.count - 20) more" : shown
}

extension MediatorError {
    /// Problems joined by `;`, each capped, at most 50 of them.
    fileprivate static func problems(_ problems: [String]) -> String {
        // Each problem was escaped and capped when the error was made.
        let shown = problems.prefix(50).joined(separator: "; ")
        return problems.count > 50 ? shown + "; and \(problems.count - 50) more" : shown
    }
}

/// A duration as seconds with at most three decimals, such as `10 s` or `0.25 s`.
private func seconds(_ duration: Duration) -> String {
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
private func clause(_ text: String) -> String {
    var flat = text.split(whereSeparator: \.isNewline).joined(separator: " ")
    while flat.hasSuffix(".") { flat.removeLast() }
    return LogSafeText.inline(flat, limit: 300)
}
