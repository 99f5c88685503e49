internal import MediatorText

/// A mediator's URL routing at one moment: the compiled routes plus the schemes, hosts, options and
/// unmatched handler in force. Immutable, so every thread reads it without a lock.
///
/// Which routes a URL is matched against, in order (patterns first, then the convention route):
/// 1. An app scheme (`shop://product/42`, host = first path segment): the patterns scoped to that
///    scheme (`shop://product/:id`); then, if the scheme falls back to global routes, the global
///    patterns; then the convention route `shop://Target/action`, for exactly two segments naming a
///    declared action.
/// 2. `https` (and `http` if the options accept it) with a registered host
///    (`https://shop.example.com/product/42`): global patterns.
/// 3. Nothing matched: the unmatched-URL handler, if set; otherwise ``MediatorError/Code/noRouteMatched``.
///
/// Within one trie a literal segment beats a placeholder, which beats a wildcard; between routes of
/// the same shape a higher `priority=` wins, then the one declared first.
///
/// Values: query items, then path values over them, then the native caller's values over both.
/// Whether a URL may set a parameter, and reach the action at all, is the remote policy's to say,
/// where the call is about to run (`RemotePolicy`).
final class URLRouter: Sendable {
    let routes: RouteSet
    /// App schemes in registration order, with whether each falls back to global routes; few, so a
    /// URL's scheme is found by comparing bytes, not by hashing.
    let schemes: [(name: String, fallsBack: Bool)]
    /// Web hosts in registration order.
    let webHosts: [String]
    let options: Mediator.URLOptions
    let unmatchedHandler: UnmatchedURLHandler?
    /// Problems in the scheme and host settings.
    let settingsProblems: [String]

    init(routes: RouteSet, routing state: RoutingSettings) {
        self.routes = routes
        var problems: [String] = []
        for (name, _) in state.schemes where name == "http" || name == "https" {
            problems.append("\"\(name)\" cannot be an app scheme; register web hosts with registerWebHost(_:)")
        }
        let schemes = state.schemes.filter { $0.name != "http" && $0.name != "https" }
        for scheme in routes.scoped.keys.map(\.text).sorted() where !schemes.contains(where: { $0.name == scheme }) {
            problems.append(
                "routes are scoped to the scheme \(LogSafeText.quoted(scheme)), which is not registered with registerScheme(_:)")
        }
        self.schemes = schemes
        self.webHosts = state.webHosts
        self.options = state.options
        self.unmatchedHandler = state.unmatchedHandler
        self.settingsProblems = problems
    }

    /// The registered app schemes, in order.
    var schemeOrder: [String] { schemes.map(\.name) }

    /// Whether an app scheme falls back to global routes; `nil` when it is not an app scheme.
    @inline(__always)
    func fallsBack(_ scheme: String) -> Bool? {
        for registered in schemes where NameComparison.equal(registered.name, scheme) { return registered.fallsBack }
        return nil
    }

    /// Whether a (lowercased) host is a registered web host.
    @inline(__always)
    func isWebHost(_ host: String) -> Bool {
        webHosts.contains { NameComparison.equal($0, host) }
    }

    /// Every problem `checkRegistrations()` reports.
    var problems: [String] {
        routes.problems + routes.configurationProblems.map { "route configuration: \($0)" } + settingsProblems
    }

    /// Where a URL leads.
    enum Destination {
        /// This action, with the URL's values.
        case action(ActionID, URLInput)
        /// The action an unmatched-URL handler redirected to, by name, with the values it gave.
        case named(target: String, action: String, parameters: MediatorParameters)
        /// The unmatched-URL handler answered with a value.
        case value(any Sendable)
    }

    // MARK: Resolving

    /// Turns a URL into the call it stands for, applying the route configuration.
    /// - Parameters:
    ///   - url: The URL as received.
    ///   - caller: The native caller's values, which the unmatched-URL handler sees.
    ///   - runsUnmatchedHandler: `false` for `canOpen`, which must have no side effects.
    func resolve(_ url: String, caller: MediatorParameters, runsUnmatchedHandler: Bool) throws -> Destination {
        var parsed = try URLParser.parse(url, options: options)
        let entry = try entry(of: &parsed)

        var action: ActionID?
        var rule: RuleID?
        var values: URLValues
        /// The path a redirect led to, for the error if it leads nowhere.
        var redirectedPath: URLPath?
        switch entry.reach {
        case .route(let found)?:
            rule = routes.rule(forRouteAt: found)
            // The usual case: no rule, so the values are the URL's own, read in place when asked for.
            if rule == nil, let id = routes.routes[found].action {
                return .action(id, URLInput(consume parsed, shape: routes.shape(ofRouteAt: found)))
            }
            values = parsed.values
            capture(routes.shape(ofRouteAt: found), from: parsed.path, into: &values)
            action = routes.routes[found].action
        case .convention(let id)?:
            rule = routes.actionRules[id]
            if rule == nil { return .action(id, URLInput(consume parsed, shape: RoutePattern.Shape([]))) }
            values = parsed.values
            action = id
        case nil:
            // A copy for the closures below: capturing the variable would keep the hot cases above from moving it.
            let parsed = parsed
            let path = parsed.path
            values = parsed.values
            // canOpen (no handler runs) is a question, not a failure: it gets no suggestion. The
            // suggestion is for a developer reading the error: found when read, never by the miss.
            func unmatched() -> MediatorError {
                guard runsUnmatchedHandler else { return MediatorError.noRouteMatched(url: url, path: path.text) }
                let (scheme, host) = (parsed.scheme, parsed.host.map(ASCII.lowercased))
                return MediatorError.noRouteMatched(url: url, path: path.text) {
                    self.suggestion(for: path, scheme: scheme, host: host, entry: entry)
                }
            }
            guard runsUnmatchedHandler, let handler = unmatchedHandler else { throw unmatched() }
            let request = Mediator.UnmatchedURL(
                url: url, scheme: parsed.scheme, host: entry.isApp ? nil : ASCII.lowercased(parsed.host ?? ""),
                pathSegments: path.segments(from: 0), queryParameters: MediatorParameters(values.materialized()),
                fragment: parsed.fragment, parameters: caller)
            let answer: Mediator.Fallback
            do {
                answer = try handler(request)
            } catch {
                throw MediatorError.rethrownHold(error, by: "the unmatched-URL handler", target: nil, action: nil, url: url)
            }
            switch answer {
            case .value(let value): return .value(value)
            case let .redirect(target, action, parameters): return .named(target: target, action: action, parameters: parameters)
            case .notHandled: throw unmatched()
            }
        }

        var hops = 0
        while let current = rule {
            hops += 1
            guard hops <= RouteSet.redirectLimit else {
                throw MediatorError.routeRedirectLimitExceeded(url: url, limit: RouteSet.redirectLimit)
            }
            rule = nil
            let applied = routes[current]
            switch applied.effect {
            case .disable(let reason):
                throw MediatorError.routeDisabled(url: url, route: applied.match, reason: reason)
            case .redirectToAction(let id):
                action = id
                rule = routes.actionRules[id]
            case .degrade(let template):
                guard let fallback = routes.webFallback else {
                    throw MediatorError.noRouteMatched(url: url, path: (redirectedPath ?? parsed.path).text)
                }
                action = fallback
                values.replaceAll(with: URLValues.Item(key: "url", value: Self.fill(template, with: values)))
            case let .redirectToPath(scheme, shape):
                let next = try Self.path(from: shape, with: values, url: url)
                guard let found = match(next, scheme: scheme, fallsBack: true) else {
                    throw MediatorError.noRouteMatched(url: url, path: next.text)
                }
                capture(routes.shape(ofRouteAt: found), from: next, into: &values)
                action = routes.routes[found].action
                redirectedPath = next
                rule = routes.rule(forRouteAt: found)
            }
        }
        guard let action else { throw MediatorError.noRouteMatched(url: url, path: (redirectedPath ?? parsed.path).text) }
        return .action(action, URLInput(parsed, rewritten: values))
    }

    /// A parsed URL's routing before route configuration: whether its scheme is an app scheme, and
    /// what its path reaches.
    struct Entry: Sendable {
        let isApp: Bool
        /// Whether global routes apply: always for web links, for an app scheme if it falls back.
        let fallsBack: Bool
        let reach: Reach?
    }

    /// What a path reaches before route configuration.
    enum Reach: Sendable {
        /// A declared (or configured) pattern: the index of the route.
        case route(Int)
        /// The convention route `scheme://Target/action`.
        case convention(ActionID)
    }

    /// Classifies a URL's scheme or web host and finds what its path reaches (patterns first, then,
    /// for app schemes, the convention route). Marks the host as the path's first segment for an
    /// app scheme.
    func entry(of parsed: inout ParsedURL) throws -> Entry {
        let isApp: Bool
        let fallsBack: Bool
        var scheme: String?
        if let (name, schemeFallsBack) = appScheme(of: parsed) {
            isApp = true
            fallsBack = schemeFallsBack
            scheme = name
        } else if parsed.schemeIs("https") || (parsed.schemeIs("http") && options.acceptsHTTPWebLinks) {
            let host = ASCII.lowercased(parsed.host ?? "")
            guard isWebHost(host) else {
                throw MediatorError.unknownURLHost(host: host, registered: webHosts)
            }
            isApp = false
            fallsBack = true
        } else {
            throw MediatorError.unknownURLScheme(scheme: parsed.scheme, registered: schemeOrder)
        }
        parsed.hostIsSegment = isApp
        if let found = match(parsed, scheme: scheme, fallsBack: fallsBack) {
            return Entry(isApp: isApp, fallsBack: fallsBack, reach: .route(found))
        }
        if isApp, parsed.count == 2,
            let id = routes.action(target: parsed.string(parsed.pathSpan(0)), action: parsed.string(parsed.pathSpan(1)))
        {
            return Entry(isApp: isApp, fallsBack: fallsBack, reach: .convention(id))
        }
        return Entry(isApp: isApp, fallsBack: fallsBack, reach: nil)
    }

    /// The registered app scheme a URL has, as registered, and whether it falls back to global
    /// routes; compared byte by byte, without making the URL's scheme a string.
    @inline(__always)
    private func appScheme(of parsed: ParsedURL) -> (name: String, fallsBack: Bool)? {
        for registered in schemes where parsed.schemeIs(registered.name) { return registered }
        return nil
    }

    /// The action a URL reaches before route configuration, if any; used to check generated URLs.
    func actionReached(by url: String) -> ActionID? {
        guard var parsed = try? URLParser.parse(url, options: options), let entry = try? entry(of: &parsed) else {
            return nil
        }
        switch entry.reach {
        case .route(let found)?: return routes.routes[found].action
        case .convention(let id)?: return id
        case nil: return nil
        }
    }

    /// Whether a URL reaches an action the remote policy lets it run, running no handler of any kind.
    func canOpen(_ url: String) -> Bool {
        guard case .action(let id, let values)? = try? resolve(url, caller: [:], runsUnmatchedHandler: false) else {
            return false
        }
        return RemotePolicy.violation(
            of: routes[id].definition, by: .values(ParameterLookup(url: values)), source: .remote) == nil
    }

    /// The best route for a path: the scheme's own trie, then (if allowed) the global one.
    @inline(__always)
    func match<Path: RoutablePath>(_ path: borrowing Path, scheme: String?, fallsBack: Bool) -> Int? {
        if let scheme, !routes.scoped.isEmpty, let trie = routes.scoped[Name(scheme)], let found = trie.match(path) {
            return found
        }
        return fallsBack || scheme == nil ? routes.global.match(path) : nil
    }

    /// Adds a route's placeholder and wildcard values; path values win over query values.
    @inline(__always)
    private func capture(_ shape: RoutePattern.Shape, from path: URLPath, into values: inout URLValues) {
        values.capture(shape, from: path)
    }

    /// A path built from a redirect template and the values captured so far.
    private static func path(from shape: [RoutePattern.Segment], with values: URLValues, url: String) throws -> URLPath {
        var segments: [String] = []
        for segment in shape {
            switch segment {
            case .literal(let text):
                segments.append(text)
            case .placeholder(let name):
                guard let value = values.text(name) else {
                    throw MediatorError.missingParameter(key: name, expected: "String", context: "redirect of \(url)")
                }
                segments.append(value)
            case .wildcard(let name):
                switch values.raw(name) {
                case .segments(let list)?: segments += list
                case .text(let text)?: segments.append(text)
                default: throw MediatorError.missingParameter(key: name, expected: "String", context: "redirect of \(url)")
                }
            }
        }
        return URLPath(first: nil, rest: segments)
    }

    /// Fills a web URL template's `{name}` parts with percent-encoded values.
    ///
    /// Validation guarantees every name is one the rule's match can supply; a value the URL left out
    /// (an optional group such as `/search(/:query)` without its segment) fills in as empty, so
    /// `shop://search` degrades like `shop://search/shoes` does instead of failing.
    private static func fill(_ template: String, with values: URLValues) -> String {
        var result = ""
        var rest = Substring(template)
        while let open = rest.firstIndex(of: "{"), let close = rest[open...].firstIndex(of: "}") {
            result += rest[..<open]
            let name = String(rest[rest.index(after: open)..<close])
            result += PercentEncoding.encode(values.text(name) ?? "")
            rest = rest[rest.index(after: close)...]
        }
        return result + rest
    }
}
