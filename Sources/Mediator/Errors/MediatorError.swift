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
        /// The code's name, such as `"targetNotFound"`.
        public let name: String

        init(_ name: String) { self.name = name }

        /// The code's name.
        public var description: String { name }

        /// No target is registered under the name; ``MediatorError/suggestions`` holds the closest registered names.
        public static let targetNotFound = Code("targetNotFound")
        /// The target exists but declares no such action; ``MediatorError/available`` lists its actions.
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
        /// A URL is longer than ``MediatorURLOptions/maximumLength`` allows.
        public static let urlTooLong = Code("urlTooLong")
        /// A URL's scheme is neither a registered app scheme nor a web scheme with a registered host
        /// (`http` counts only with ``MediatorURLOptions/acceptsHTTPWebLinks``); ``MediatorError/suggestions``
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
        /// The declared URL routes have problems; ``MediatorError/problems`` lists them.
        public static let invalidRoutes = Code("invalidRoutes")
        /// A route configuration was rejected as a whole; ``MediatorError/problems`` lists every problem.
        public static let invalidRouteConfiguration = Code("invalidRouteConfiguration")
        /// A URL for the action could not be generated.
        public static let urlGenerationFailed = Code("urlGenerationFailed")
    }

    /// What the error says, with the values it needs; internal so that new kinds of failure do not
    /// break callers (they see ``code`` and the properties).
    enum Detail: Sendable {
        case targetNotFound(target: String, suggestions: [String])
        case actionNotFound(target: String, action: String, available: [String])
        case duplicateTarget(target: String)
        case invalidDeclaration(target: String, problem: String)
        case factoryCycle(cycle: [String])
        case missingParameter(key: String, expected: String, action: String?)
        case invalidParameter(key: String, expected: String, received: String, action: String?)
        case remoteCallNotAllowed(target: String, action: String)
        case reservedParameter(key: String, action: String)
        case rejected(target: String, action: String, interceptor: String, reason: String)
        case interceptorTimedOut(interceptor: String, target: String, action: String, after: Duration)
        case resultTypeMismatch(target: String, action: String, expected: String, actual: String)
        case handlerFailed(target: String, action: String, underlying: any Error)
        case mainActorRequired(target: String, action: String)
        case asyncActionCalledSynchronously(target: String, action: String)
        case malformedURL(url: String, problem: String)
        case urlTooLong(length: Int, limit: Int)
        case unknownURLScheme(scheme: String, registered: [String])
        case unknownURLHost(host: String, registered: [String])
        case noRouteMatched(url: String, path: String, suggestions: [String])
        case routeDisabled(url: String, route: String, reason: String?)
        case routeRedirectLimitExceeded(url: String, limit: Int)
        case invalidRoutes(problems: [String])
        case invalidRouteConfiguration(problems: [String])
        case urlGenerationFailed(target: String, action: String, problem: String)
    }

    let detail: Detail

    init(_ detail: Detail) {
        self.detail = detail
    }

    /// What kind of failure this is.
    public var code: Code {
        switch detail {
        case .targetNotFound: .targetNotFound
        case .actionNotFound: .actionNotFound
        case .duplicateTarget: .duplicateTarget
        case .invalidDeclaration: .invalidDeclaration
        case .factoryCycle: .factoryCycle
        case .missingParameter: .missingParameter
        case .invalidParameter: .invalidParameter
        case .remoteCallNotAllowed: .remoteCallNotAllowed
        case .reservedParameter: .reservedParameter
        case .rejected: .rejected
        case .interceptorTimedOut: .interceptorTimedOut
        case .resultTypeMismatch: .resultTypeMismatch
        case .handlerFailed: .handlerFailed
        case .mainActorRequired: .mainActorRequired
        case .asyncActionCalledSynchronously: .asyncActionCalledSynchronously
        case .malformedURL: .malformedURL
        case .urlTooLong: .urlTooLong
        case .unknownURLScheme: .unknownURLScheme
        case .unknownURLHost: .unknownURLHost
        case .noRouteMatched: .noRouteMatched
        case .routeDisabled: .routeDisabled
        case .routeRedirectLimitExceeded: .routeRedirectLimitExceeded
        case .invalidRoutes: .invalidRoutes
        case .invalidRouteConfiguration: .invalidRouteConfiguration
        case .urlGenerationFailed: .urlGenerationFailed
        }
    }

    /// The target the error is about, when it is about one.
    public var target: String? {
        switch detail {
        case .targetNotFound(let target, _), .actionNotFound(let target, _, _), .duplicateTarget(let target),
            .invalidDeclaration(let target, _), .remoteCallNotAllowed(let target, _), .rejected(let target, _, _, _),
            .interceptorTimedOut(_, let target, _, _), .resultTypeMismatch(let target, _, _, _),
            .handlerFailed(let target, _, _), .mainActorRequired(let target, _),
            .asyncActionCalledSynchronously(let target, _), .urlGenerationFailed(let target, _, _):
            return target
        default:
            return parameterLabel?.target
        }
    }

    /// The action the error is about, when it is about one.
    public var action: String? {
        switch detail {
        case .actionNotFound(_, let action, _), .remoteCallNotAllowed(_, let action), .rejected(_, let action, _, _),
            .interceptorTimedOut(_, _, let action, _), .resultTypeMismatch(_, let action, _, _),
            .handlerFailed(_, let action, _), .mainActorRequired(_, let action),
            .asyncActionCalledSynchronously(_, let action), .urlGenerationFailed(_, let action, _):
            return action
        default:
            return parameterLabel?.action
        }
    }

    /// The `Target.action` a parameter error names, split.
    private var parameterLabel: (target: String, action: String)? {
        let label: String?
        switch detail {
        case .missingParameter(_, _, let action): label = action
        case .invalidParameter(_, _, _, let action): label = action
        case .reservedParameter(_, let action): label = action
        default: label = nil
        }
        guard let label, let dot = label.firstIndex(of: ".") else { return nil }
        return (String(label[..<dot]), String(label[label.index(after: dot)...]))
    }

    /// The parameter the error is about, for missing, invalid and reserved parameters.
    public var parameter: String? {
        switch detail {
        case .missingParameter(let key, _, _), .invalidParameter(let key, _, _, _), .reservedParameter(let key, _): key
        default: nil
        }
    }

    /// The type that was expected: a parameter's declared type, or the result type the caller asked for.
    public var expectedType: String? {
        switch detail {
        case .missingParameter(_, let expected, _), .invalidParameter(_, let expected, _, _),
            .resultTypeMismatch(_, _, let expected, _):
            expected
        default: nil
        }
    }

    /// What was received instead: a parameter's value and type, or the result's type.
    public var received: String? {
        switch detail {
        case .invalidParameter(_, _, let received, _), .resultTypeMismatch(_, _, _, let received): received
        default: nil
        }
    }

    /// The URL the error is about, for URL failures.
    public var url: String? {
        switch detail {
        case .malformedURL(let url, _), .noRouteMatched(let url, _, _), .routeDisabled(let url, _, _),
            .routeRedirectLimitExceeded(let url, _):
            url
        default: nil
        }
    }

    /// What was probably meant, closest first: registered target names for ``Code/targetNotFound``;
    /// the closest URL that would open for ``Code/noRouteMatched``; the closest registered scheme or
    /// host for ``Code/unknownURLScheme`` and ``Code/unknownURLHost``. Empty when nothing is close.
    public var suggestions: [String] {
        switch detail {
        case .targetNotFound(_, let suggestions), .noRouteMatched(_, _, let suggestions): suggestions
        // Few are registered, so the closest is found when asked for, not when the URL fails.
        case let .unknownURLScheme(scheme, registered): SuggestionIndex.closest(to: scheme, among: registered, limit: 1)
        case let .unknownURLHost(host, registered): SuggestionIndex.closest(to: host, among: registered, limit: 1)
        default: []
        }
    }

    /// What exists instead: a target's actions, the registered schemes or hosts.
    public var available: [String] {
        switch detail {
        case .actionNotFound(_, _, let available), .unknownURLScheme(_, let available), .unknownURLHost(_, let available):
            available
        default: []
        }
    }

    /// Every problem, for invalid routes and route configurations; the one problem for declarations and URLs.
    public var problems: [String] {
        switch detail {
        case .invalidRoutes(let problems), .invalidRouteConfiguration(let problems): problems
        case .invalidDeclaration(_, let problem), .malformedURL(_, let problem), .urlGenerationFailed(_, _, let problem):
            [problem]
        default: []
        }
    }

    /// The names of the targets whose factories form a cycle, first repeated last, for ``Code/factoryCycle``.
    public var cycle: [String] {
        if case .factoryCycle(let cycle) = detail { return cycle }
        return []
    }

    /// The interceptor that rejected the call or timed out.
    public var interceptor: String? {
        switch detail {
        case .rejected(_, _, let interceptor, _), .interceptorTimedOut(let interceptor, _, _, _): interceptor
        default: nil
        }
    }

    /// The reason an interceptor gave for a rejection, or the configuration for disabling a route.
    public var reason: String? {
        switch detail {
        case .rejected(_, _, _, let reason): reason
        case .routeDisabled(_, _, let reason): reason
        default: nil
        }
    }

    /// The error the action's handler threw, for ``Code/handlerFailed``.
    public var underlyingError: (any Error)? {
        if case .handlerFailed(_, _, let underlying) = detail { return underlying }
        return nil
    }

    /// One actionable line describing the failure, safe to log.
    public var description: String {
        LogSafeText.escaped(message)
    }
}

// The constructors the package uses, one per kind of failure; internal, like the representation.
extension MediatorError {
    static func targetNotFound(target: String, suggestions: [String]) -> Self {
        Self(.targetNotFound(target: target, suggestions: suggestions))
    }
    static func actionNotFound(target: String, action: String, available: [String]) -> Self {
        Self(.actionNotFound(target: target, action: action, available: available))
    }
    static func duplicateTarget(target: String) -> Self { Self(.duplicateTarget(target: target)) }
    static func invalidDeclaration(target: String, problem: String) -> Self {
        Self(.invalidDeclaration(target: target, problem: problem))
    }
    static func factoryCycle(_ cycle: [String]) -> Self { Self(.factoryCycle(cycle: cycle)) }
    @usableFromInline
    static func missingParameter(key: String, expected: String, action: String?) -> Self {
        Self(.missingParameter(key: key, expected: expected, action: action))
    }
    @usableFromInline
    static func invalidParameter(key: String, expected: String, received: String, action: String?) -> Self {
        Self(.invalidParameter(key: key, expected: expected, received: received, action: action))
    }
    static func remoteCallNotAllowed(target: String, action: String) -> Self {
        Self(.remoteCallNotAllowed(target: target, action: action))
    }
    static func reservedParameter(key: String, action: String) -> Self { Self(.reservedParameter(key: key, action: action)) }
    static func rejected(target: String, action: String, interceptor: String, reason: String) -> Self {
        Self(.rejected(target: target, action: action, interceptor: interceptor, reason: reason))
    }
    static func interceptorTimedOut(interceptor: String, target: String, action: String, after: Duration) -> Self {
        Self(.interceptorTimedOut(interceptor: interceptor, target: target, action: action, after: after))
    }
    @usableFromInline
    static func resultTypeMismatch(target: String, action: String, expected: String, actual: String) -> Self {
        Self(.resultTypeMismatch(target: target, action: action, expected: expected, actual: actual))
    }
    static func handlerFailed(target: String, action: String, underlying: any Error) -> Self {
        Self(.handlerFailed(target: target, action: action, underlying: underlying))
    }
    static func mainActorRequired(target: String, action: String) -> Self {
        Self(.mainActorRequired(target: target, action: action))
    }
    @usableFromInline
    static func mainActorRequired(for definition: ActionDefinition) -> Self {
        .mainActorRequired(target: definition.target, action: definition.name)
    }
    @usableFromInline
    static func asyncActionCalledSynchronously(for definition: ActionDefinition) -> Self {
        .asyncActionCalledSynchronously(target: definition.target, action: definition.name)
    }
    static func asyncActionCalledSynchronously(target: String, action: String) -> Self {
        Self(.asyncActionCalledSynchronously(target: target, action: action))
    }
    static func malformedURL(url: String, problem: String) -> Self { Self(.malformedURL(url: url, problem: problem)) }
    static func urlTooLong(length: Int, limit: Int) -> Self { Self(.urlTooLong(length: length, limit: limit)) }
    static func unknownURLScheme(scheme: String, registered: [String]) -> Self {
        Self(.unknownURLScheme(scheme: scheme, registered: registered))
    }
    static func unknownURLHost(host: String, registered: [String]) -> Self {
        Self(.unknownURLHost(host: host, registered: registered))
    }
    static func noRouteMatched(url: String, path: String, suggestions: [String] = []) -> Self {
        Self(.noRouteMatched(url: url, path: path, suggestions: suggestions))
    }
    static func routeDisabled(url: String, route: String, reason: String?) -> Self {
        Self(.routeDisabled(url: url, route: route, reason: reason))
    }
    static func routeRedirectLimitExceeded(url: String, limit: Int) -> Self {
        Self(.routeRedirectLimitExceeded(url: url, limit: limit))
    }
    static func invalidRoutes(problems: [String]) -> Self { Self(.invalidRoutes(problems: problems)) }
    static func invalidRouteConfiguration(problems: [String]) -> Self { Self(.invalidRouteConfiguration(problems: problems)) }
    static func urlGenerationFailed(target: String, action: String, problem: String) -> Self {
        Self(.urlGenerationFailed(target: target, action: action, problem: problem))
    }
}
