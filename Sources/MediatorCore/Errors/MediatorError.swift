internal import MediatorText

/// Every failure a mediator reports, with a one-line description that says what to do.
///
/// Errors name what was asked for and what exists:
///
/// ```text
/// No target named "Catalgo" is registered; did you mean "Catalog"? Register it with mediator.register(_:) before calling it.
/// ```
///
/// Match on ``code`` to tell failures apart; the properties hold what the error is about. New codes
/// may be added in later versions, so a `switch` over ``code`` needs a `default`:
///
/// ```swift
/// do {
///     try mediator.perform("detail", on: "Products", with: ["id": 42])
/// } catch let error as MediatorError where error.code == .targetNotFound {
///     print(error.suggestions)   // the registered names closest to what was asked for
/// }
/// ```
///
/// Every description is one line: input it echoes (URLs, names, keys, values) has its control,
/// line-separator and bidirectional-formatting characters escaped and is cut at 120 characters, so
/// the text is safe to log.
public struct MediatorError: Error, Sendable, CustomStringConvertible {
    /// What kind of failure an error is.
    public struct Code: Hashable, Sendable, CustomStringConvertible {
        /// The code's name, such as `"targetNotFound"`: its `description`.
        let name: String

        init(_ name: String) { self.name = name }

        /// The code's name, such as `"targetNotFound"`.
        public var description: String { name }

        /// No target is registered under the name; ``MediatorError/suggestions`` holds the closest registered names.
        public static let targetNotFound = Code("targetNotFound")
        /// The target exists but declares no such action; the description lists its actions, and
        /// ``MediatorError/suggestions`` holds the closest.
        public static let actionNotFound = Code("actionNotFound")
        /// A target with this name is already registered and replacement was not asked for.
        public static let duplicateTarget = Code("duplicateTarget")
        /// A target's declaration is unusable, for example it declares one action name twice.
        public static let invalidDeclaration = Code("invalidDeclaration")
        /// Creating a target instance needs, through factories calling the mediator, an instance of that same target.
        public static let factoryCycle = Code("factoryCycle")
        /// A required parameter was not supplied.
        public static let missingParameter = Code("missingParameter")
        /// A parameter could not be converted to the declared type.
        public static let invalidParameter = Code("invalidParameter")
        /// A remote call (a URL, or a call made with source `.remote`) tried to reach an action that is not declared remote.
        public static let remoteCallNotAllowed = Code("remoteCallNotAllowed")
        /// A remote call tried to set a parameter that only native callers may supply, such as a closure.
        public static let reservedParameter = Code("reservedParameter")
        /// An interceptor refused the call.
        public static let rejected = Code("rejected")
        /// An interceptor's asynchronous decision did not finish within the mediator's interceptor timeout.
        public static let interceptorTimedOut = Code("interceptorTimedOut")
        /// The action returned a value of another type than the caller asked for.
        public static let resultTypeMismatch = Code("resultTypeMismatch")
        /// The action's handler threw; ``MediatorError/underlyingError`` is its error.
        public static let handlerFailed = Code("handlerFailed")
        /// A main-actor action was called synchronously off the main actor.
        public static let mainActorRequired = Code("mainActorRequired")
        /// An asynchronous action was called without `await`.
        public static let asyncActionCalledSynchronously = Code("asyncActionCalledSynchronously")
        /// A URL does not follow RFC 3986; the description says what is wrong and where (byte offset and component).
        public static let malformedURL = Code("malformedURL")
        /// A URL is longer than ``Mediator/URLOptions/maximumLength`` allows.
        public static let urlTooLong = Code("urlTooLong")
        /// A URL's scheme is neither a registered app scheme nor a web scheme with a registered host
        /// (`http` counts only with ``Mediator/URLOptions/acceptsHTTPWebLinks``); ``MediatorError/suggestions``
        /// names the closest registered scheme.
        public static let unknownURLScheme = Code("unknownURLScheme")
        /// A web URL's host is not registered with ``Mediator/registerWebHost(_:)``;
        /// ``MediatorError/suggestions`` names the closest registered host.
        public static let unknownURLHost = Code("unknownURLHost")
        /// No URL pattern and no convention route matches the URL's path, and no unmatched-URL handler
        /// answered it; ``MediatorError/suggestions`` holds the closest URL that would open, if one is close.
        public static let noRouteMatched = Code("noRouteMatched")
        /// The route configuration disables the route the URL reached.
        public static let routeDisabled = Code("routeDisabled")
        /// Route-configuration redirects for a URL went on longer than the hop limit, which means a loop.
        public static let routeRedirectLimitExceeded = Code("routeRedirectLimitExceeded")
        /// The declared URL routes have problems; the description lists them.
        public static let invalidRoutes = Code("invalidRoutes")
        /// A route configuration was rejected as a whole; the description lists every problem.
        public static let invalidRouteConfiguration = Code("invalidRouteConfiguration")
        /// ``Mediator/checkRegistrations(facades:)`` found problems in what is registered; the
        /// description lists every one.
        public static let invalidRegistrations = Code("invalidRegistrations")
        /// A URL for the action could not be generated.
        public static let urlGenerationFailed = Code("urlGenerationFailed")
        /// The call is held until a gate opens (an interceptor's ``MediatorCall/Decision/hold(until:)``, or
        /// ``Mediator/Gate/ready`` at cold start); ``MediatorError/hold`` continues it then on its own,
        /// or cancels it. Not a failure of the call: its result comes later.
        public static let held = Code("held")
        /// A held call was older than the hold policy's maximum age when its gate opened, so it was dropped.
        public static let holdExpired = Code("holdExpired")
        /// A held call was dropped to make room: the hold policy's capacity was reached (or is 0).
        public static let holdDropped = Code("holdDropped")
        /// A held call was cancelled before it continued: by the app, or by the last caller waiting for it.
        public static let holdCancelled = Code("holdCancelled")
        /// A caller waited for a held call longer than it allowed (``MediatorHold/WhenHeld/wait(upTo:)``).
        public static let holdTimedOut = Code("holdTimedOut")
        /// The same link (the same URL as parsed, from the same source) arrived again within the URL
        /// options' ``Mediator/URLOptions/duplicateWindow``; the first one runs, this one does not.
        public static let duplicateLink = Code("duplicateLink")
    }

    /// What kind of failure this is.
    public let code: Code
    /// The target the error is about, when it is about one.
    public var target: String? { details.target }
    /// The action the error is about, when it is about one.
    public var action: String? { details.action }
    /// The parameter the error is about, for missing, invalid and reserved parameters.
    public var parameter: String? { details.parameter }
    /// The type that was expected: a parameter's declared type, or the result type the caller asked for.
    package var expectedType: String? { details.expectedType }
    /// What was received instead: a parameter's value and type, or the result's type.
    package var received: String? { details.received }
    /// The URL the error is about, for URL failures.
    package var url: String? { details.url }
    /// What exists instead: a target's actions, the registered schemes or hosts.
    package var available: [String] { details.available }
    /// Every problem, for invalid routes and route configurations; the one problem for declarations and URLs.
    ///
    /// Escaped and capped as the description quotes them (a problem often quotes a pattern or a key
    /// from a document), so each is one line, safe to log on its own.
    package var problems: [String] { details.problems }
    /// The names of the targets whose factories form a cycle, first repeated last, for ``Code/factoryCycle``.
    package var cycle: [String] { details.cycle }
    /// The interceptor that rejected the call or timed out.
    package var interceptor: String? { details.interceptor }
    /// The reason an interceptor gave for a rejection, or the configuration for disabling a route.
    public var reason: String? { details.reason }
    /// The error the action's handler threw, for ``Code/handlerFailed``.
    public var underlyingError: (any Error)? { details.underlyingError }
    /// The held call, for ``Code/held`` and the codes that end a hold: cancel it, wait for it, see its gate.
    public var hold: MediatorHold? { details.hold }

    /// What was probably meant, closest first: registered target names for ``Code/targetNotFound``;
    /// the target's closest action names for ``Code/actionNotFound``;
    /// the closest URL that would open for ``Code/noRouteMatched``; the closest registered scheme or
    /// host for ``Code/unknownURLScheme`` and ``Code/unknownURLHost``. Empty when nothing is close.
    ///
    /// They are for the developer reading the error, so they are found when this (or the
    /// ``description``) is first read, not when the call fails: a miss nobody reads, such as a
    /// remote caller's link to nothing, never builds the index of registered names.
    public var suggestions: [String] {
        // A target has few actions, and few schemes and hosts are registered: the closest is found
        // when asked for, not when the call fails.
        if code == .actionNotFound, let action { return SuggestionIndex.closest(to: action, among: available, limit: 2) }
        guard let subject, code == .unknownURLScheme || code == .unknownURLHost else { return closest }
        return SuggestionIndex.closest(to: subject, among: available, limit: 1)
    }

    /// This error, then each ``MediatorError`` it wraps, outermost first.
    ///
    /// A handler's failure (``Code/handlerFailed``) wraps what its handler threw, and that may be the
    /// error of another call the handler made: calling a facade whose target is not registered, from
    /// inside an action, fails as `handlerFailed` wrapping ``Code/targetNotFound``. Callers match a
    /// wrapped cause with ``cause(_:)``.
    package var causes: [MediatorError] {
        var chain = [self]
        // Each step unwraps a value held by the one before, so the chain ends; the cap is only a guard.
        while chain.count < 64, let inner = chain[chain.count - 1].underlyingError as? MediatorError {
            chain.append(inner)
        }
        return chain
    }

    /// The innermost `MediatorError` this one wraps, or this error when it wraps none.
    package var rootCause: MediatorError { causes[causes.count - 1] }

    /// This error, or the first ``MediatorError`` it wraps, whose code is `code`.
    ///
    /// A handler's failure (``Code/handlerFailed``) wraps what its handler threw, and that may be the
    /// error of another call the handler made: calling a facade whose target is not registered, from
    /// inside an action, fails as `handlerFailed` wrapping ``Code/targetNotFound``, which this finds.
    ///
    /// ```swift
    /// catch let error as MediatorError {
    ///     if let missing = error.cause(.targetNotFound) { print(missing.suggestions) }
    /// }
    /// ```
    /// - Parameter code: The code to look for.
    /// - Returns: That error, or `nil` when neither this error nor any it wraps has the code.
    public func cause(_ code: Code) -> MediatorError? {
        causes.first { $0.code == code }
    }

    /// One actionable line describing the failure, safe to log.
    public var description: String {
        LogSafeText.escaped(details.compose(self))
    }

    // What only the message reads.

    /// The suggestions given when the error was made, or found when read (`findingSuggestions`): the
    /// index they come from is built once per registry snapshot, on the first read.
    var closest: [String] { details.findingSuggestions?() ?? details.givenSuggestions }
    /// What a URL error is about besides the URL: the scheme, host, path or route.
    var subject: String? { details.subject }
    /// Who asked, for parameter errors outside an action (a route configuration's redirect).
    var context: String? { details.context }
    /// A URL's length, a hop limit.
    var count: Int { details.count }
    var limit: Int { details.limit }
    /// The interceptor timeout that ran out.
    var after: Duration { details.after }

    /// Everything but the code, in one shared object: an error is copied through every `throws`
    /// and `Result` on a failing call's way back, and kept in broadcast reports, so it stays three
    /// words (copying the ~40 words of its fields made the loops that collect failures too large
    /// to inline). Immutable, so sharing it between copies is safe.
    private let details: Details

    /// The fields of an error besides its code, as its constructor was given them.
    private final class Details: Sendable {
        let target: String?
        let action: String?
        let parameter: String?
        let expectedType: String?
        let received: String?
        let url: String?
        let available: [String]
        let problems: [String]
        let cycle: [String]
        let interceptor: String?
        let reason: String?
        let underlyingError: (any Error)?
        let hold: MediatorHold?
        let givenSuggestions: [String]
        let findingSuggestions: (@Sendable () -> [String])?
        let subject: String?
        let context: String?
        let count: Int
        let limit: Int
        let after: Duration
        let compose: @Sendable (MediatorError) -> String

        init(
            target: String?, action: String?, parameter: String?, expectedType: String?, received: String?, url: String?,
            available: [String], problems: [String], cycle: [String], interceptor: String?, reason: String?,
            underlyingError: (any Error)?, hold: MediatorHold?, givenSuggestions: [String],
            findingSuggestions: (@Sendable () -> [String])?, subject: String?, context: String?, count: Int, limit: Int,
            after: Duration, compose: @escaping @Sendable (MediatorError) -> String
        ) {
            self.target = target
            self.action = action
            self.parameter = parameter
            self.expectedType = expectedType
            self.received = received
            self.url = url
            self.available = available
            self.problems = problems
            self.cycle = cycle
            self.interceptor = interceptor
            self.reason = reason
            self.underlyingError = underlyingError
            self.hold = hold
            self.givenSuggestions = givenSuggestions
            self.findingSuggestions = findingSuggestions
            self.subject = subject
            self.context = context
            self.count = count
            self.limit = limit
            self.after = after
            self.compose = compose
        }
    }

    /// An error of a code, with the fields it is about and how its message reads.
    init(
        _ code: Code, target: String? = nil, action: String? = nil, parameter: String? = nil, expectedType: String? = nil,
        received: String? = nil, url: String? = nil, available: [String] = [], problems: [String] = [], cycle: [String] = [],
        interceptor: String? = nil, reason: String? = nil, underlyingError: (any Error)? = nil, hold: MediatorHold? = nil,
        suggestions: [String] = [], findingSuggestions: (@Sendable () -> [String])? = nil,
        subject: String? = nil, context: String? = nil, count: Int = 0, limit: Int = 0, after: Duration = .zero,
        message: @escaping @Sendable (MediatorError) -> String
    ) {
        self.code = code
        self.details = Details(
            target: target, action: action, parameter: parameter, expectedType: expectedType, received: received, url: url,
            available: available, problems: problems.map { LogSafeText.inline($0, limit: LogSafeText.problemLimit) },
            cycle: cycle, interceptor: interceptor, reason: reason, underlyingError: underlyingError, hold: hold,
            givenSuggestions: suggestions, findingSuggestions: findingSuggestions, subject: subject, context: context,
            count: count, limit: limit, after: after, compose: message)
    }
}
