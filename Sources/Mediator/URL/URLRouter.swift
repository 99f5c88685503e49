/// A mediator's URL routing at one moment: the compiled routes plus the schemes, hosts, options and
/// unmatched handler in force. Immutable, so every thread reads it without a lock.
///
/// Which routes a URL is matched against, in order (patterns first, then the convention route):
/// 1. An app scheme (`shop://product/42`, host = first path segment): the patterns scoped to that
///    scheme (`shop://product/:id`); then, if the scheme falls back to global routes, the global
///    patterns; then the convention route `shop://Target/action`, for exactly two segments naming a
///    declared action.
/// 2. `http`/`https` with a registered host (`https://shop.example.com/product/42`): global patterns.
/// 3. Nothing matched: the unmatched-URL handler, if set; otherwise ``MediatorError/noRouteMatched(url:path:)``.
///
/// Within one trie a literal segment beats a placeholder, which beats a wildcard; between routes of
/// the same shape a higher `priority=` wins, then the one registered first.
///
/// Parameters: query values, then path values over them, then the native caller's values over both.
/// A URL may not set a parameter the action declares native-only (such as a closure).
final class URLRouter: Sendable {
    let routes: RouteSet
    let targetsVersion: UInt64
    let configurationVersion: UInt64
    let settingsVersion: UInt64
    /// App schemes → whether each falls back to global routes.
    let schemes: [String: Bool]
    let schemeOrder: [String]
    let webHosts: Set<String>
    let webHostOrder: [String]
    let options: MediatorURLOptions
    let unmatchedHandler: MediatorUnmatchedURLHandler?
    /// Problems in the scheme and host settings.
    let settingsProblems: [String]

    init(routes: RouteSet, state: RoutingState, settingsVersion: UInt64) {
        self.routes = routes
        self.targetsVersion = routes.targetsVersion
        self.configurationVersion = routes.configurationVersion
        self.settingsVersion = settingsVersion
        var schemes: [String: Bool] = [:]
        var problems: [String] = []
        for (name, fallsBack) in state.schemes {
            if name == "http" || name == "https" {
                problems.append("\"\(name)\" cannot be an app scheme; register web hosts with registerWebHost(_:)")
                continue
            }
            schemes[name] = fallsBack
        }
        for scheme in routes.scoped.keys.sorted() where schemes[scheme] == nil {
            problems.append("routes are scoped to the scheme \"\(scheme)\", which is not registered with registerScheme(_:)")
        }
        self.schemes = schemes
        self.schemeOrder = state.schemes.map(\.name).filter { schemes[$0] != nil }
        self.webHosts = Set(state.webHosts)
        self.webHostOrder = state.webHosts
        self.options = state.options
        self.unmatchedHandler = state.unmatchedHandler
        self.settingsProblems = problems
    }

    /// Every problem `validateRoutes()` reports.
    var problems: [String] {
        routes.problems + routes.configurationProblems.map { "route configuration: \($0)" } + settingsProblems
    }

    /// Where a URL leads.
    enum Destination {
        /// Perform this action with these parameters, as a remote call; `index` is the action's
        /// index in the route set, or `nil` for an unmatched handler's redirect.
        case call(target: String, action: String, parameters: MediatorParameters, index: Int?)
        /// The unmatched-URL handler answered with a value.
        case value(any Sendable)
    }

    // MARK: Resolving

    /// Turns a URL into the call it stands for, applying the route configuration.
    /// - Parameters:
    ///   - url: The URL as received.
    ///   - caller: The native caller's values, which win over the URL's.
    ///   - runsUnmatchedHandler: `false` for `canOpen`, which must have no side effects.
    func resolve(_ url: String, with caller: MediatorParameters, runsUnmatchedHandler: Bool) throws -> Destination {
        let parsed = try URLParser.parse(url, options: options)
        let entry = try entry(of: parsed)
        let isApp = entry.isApp
        let path = entry.path
        var values = parsed.query

        var action: Int
        var rule: Int
        var reached: String
        switch entry.reach {
        case .route(let found)?:
            capture(routes.routes[found].shape, from: path, into: &values)
            action = routes.routes[found].action
            rule = routes.routes[found].rule
            reached = ""
        case .convention(let index)?:
            action = index
            rule = -1
            reached = routes.actions[index].label
        case nil:
            guard runsUnmatchedHandler, let handler = unmatchedHandler else {
                throw MediatorError.noRouteMatched(url: url, path: path.text)
            }
            let request = MediatorURLRequest(
                url: url, scheme: parsed.scheme, host: isApp ? nil : Self.lowercased(parsed.host ?? ""),
                pathSegments: (0..<path.count).map { path[$0] }, queryParameters: MediatorParameters(values),
                fragment: parsed.fragment.map(String.init), parameters: caller)
            switch try handler(request) {
            case .value(let value): return .value(value)
            case let .redirect(target, action, parameters):
                return .call(target: target, action: action, parameters: parameters, index: nil)
            case .notHandled: throw MediatorError.noRouteMatched(url: url, path: path.text)
            }
        }
        if action >= 0 { try checkReserved(values, for: action) }

        if rule < 0, action >= 0, !routes.actionRules.isEmpty, let actionRule = routes.actionRules[action] { rule = actionRule }
        var hops = 0
        while rule >= 0 {
            hops += 1
            guard hops <= RouteSet.redirectLimit else {
                throw MediatorError.routeRedirectLimitExceeded(url: url, limit: RouteSet.redirectLimit)
            }
            let current = routes.rules[rule]
            rule = -1
            switch current.effect {
            case .disable(let reason):
                throw MediatorError.routeDisabled(url: url, route: current.match, reason: reason)
            case .redirectToAction(let index):
                action = index
                try checkReserved(values, for: index)
                rule = routes.actionRules[index] ?? -1
            case .degrade(let template):
                let webURL = Self.fill(template, with: values)
                action = routes.webFallback
                values = ["url": webURL]
            case let .redirectToPath(scheme, shape):
                let next = try Self.path(from: shape, with: values, url: url)
                guard let found = match(next, scheme: scheme, fallsBack: true) else {
                    throw MediatorError.noRouteMatched(url: url, path: next.text)
                }
                let route = routes.routes[found]
                capture(route.shape, from: next, into: &values)
                action = route.action
                reached = next.text
                if action >= 0 { try checkReserved(values, for: action) }
                rule = route.rule >= 0 ? route.rule : (action >= 0 ? routes.actionRules[action] ?? -1 : -1)
            }
        }
        guard action >= 0 else { throw MediatorError.noRouteMatched(url: url, path: reached.isEmpty ? path.text : reached) }
        if !caller.isEmpty {
            for (key, value) in caller.values { values[key] = value }
        }
        return .call(
            target: routes.actions[action].target, action: routes.actions[action].action,
            parameters: MediatorParameters(values), index: action)
    }

    /// A parsed URL's routing before route configuration: whether its scheme is an app scheme, its
    /// path, and what that path reaches.
    struct Entry {
        let isApp: Bool
        let path: URLPath
        let reach: Reach?
    }

    /// What a path reaches before route configuration.
    enum Reach {
        /// A declared pattern: the index of the route.
        case route(Int)
        /// The convention route `scheme://Target/action`: the index of the action.
        case convention(Int)
    }

    /// Classifies a URL's scheme or web host and finds what its path reaches (patterns first, then,
    /// for app schemes, the convention route).
    /// - Throws: ``MediatorError/unknownURLScheme(scheme:registered:)`` or ``MediatorError/unknownURLHost(host:registered:)``.
    func entry(of parsed: ParsedURL) throws -> Entry {
        let isApp: Bool
        let fallsBack: Bool
        if let schemeFallsBack = schemes[parsed.scheme] {
            isApp = true
            fallsBack = schemeFallsBack
        } else if parsed.scheme == "https" || parsed.scheme == "http" {
            let host = Self.lowercased(parsed.host ?? "")
            guard webHosts.contains(host) else {
                throw MediatorError.unknownURLHost(host: host, registered: webHostOrder)
            }
            isApp = false
            fallsBack = true
        } else {
            throw MediatorError.unknownURLScheme(scheme: parsed.scheme, registered: schemeOrder)
        }
        let path = parsed.path(hostIsSegment: isApp)
        if let found = match(path, scheme: isApp ? parsed.scheme : nil, fallsBack: fallsBack) {
            return Entry(isApp: isApp, path: path, reach: .route(found))
        }
        if isApp, path.count == 2, let index = routes.actionIndex[ActionKey(target: path[0], action: path[1])] {
            return Entry(isApp: isApp, path: path, reach: .convention(index))
        }
        return Entry(isApp: isApp, path: path, reach: nil)
    }

    /// The action a URL reaches before route configuration, or `nil`; used to check generated URLs.
    func actionReached(by url: String) -> Int? {
        guard let parsed = try? URLParser.parse(url, options: options), let entry = try? entry(of: parsed) else {
            return nil
        }
        switch entry.reach {
        case .route(let found)?: return routes.routes[found].action
        case .convention(let index)?: return index
        case nil: return nil
        }
    }

    /// Whether a URL reaches an action a URL may reach, running no handler of any kind.
    func canOpen(_ url: String) -> Bool {
        guard case .call(_, _, _, let index?) = try? resolve(url, with: [:], runsUnmatchedHandler: false) else {
            return false
        }
        return routes.actions[index].exposure == .remote
    }

    /// The best route for a path: the scheme's own trie, then (if allowed) the global one.
    @inline(__always)
    func match(_ path: URLPath, scheme: String?, fallsBack: Bool) -> Int? {
        if let scheme, let trie = routes.scoped[scheme], let found = trie.match(path) { return found }
        return fallsBack || scheme == nil ? routes.global.match(path) : nil
    }

    /// Adds a route's placeholder and wildcard values; path values win over query values.
    @inline(__always)
    private func capture(_ shape: [RoutePattern.Segment], from path: URLPath, into values: inout [String: any Sendable]) {
        for (index, segment) in shape.enumerated() {
            switch segment {
            case .literal: continue
            case .placeholder(let name): values[name] = path[index]
            case .wildcard(let name): values[name] = path.joined(from: index)
            }
        }
    }

    /// Refuses URL values for parameters only native callers may supply.
    @inline(__always)
    private func checkReserved(_ values: [String: any Sendable], for action: Int) throws {
        guard !routes.actions[action].nativeOnly.isEmpty, !values.isEmpty else { return }
        for key in routes.actions[action].nativeOnly where values[key] != nil {
            throw MediatorError.reservedURLParameter(key: key, action: routes.actions[action].label)
        }
    }

    /// A path built from a redirect template and the values captured so far.
    private static func path(
        from shape: [RoutePattern.Segment], with values: [String: any Sendable], url: String
    ) throws -> URLPath {
        var segments: [String] = []
        for segment in shape {
            switch segment {
            case .literal(let text):
                segments.append(text)
            case .placeholder(let name):
                guard let value = values[name] as? String else {
                    throw MediatorError.missingParameter(key: name, expected: "String", action: "redirect of \(url)")
                }
                segments.append(value)
            case .wildcard(let name):
                guard let value = values[name] as? String else {
                    throw MediatorError.missingParameter(key: name, expected: "String", action: "redirect of \(url)")
                }
                segments += value.split(separator: "/").map(String.init)
            }
        }
        return URLPath(first: nil, rest: segments)
    }

    /// Fills a web URL template's `{name}` parts with percent-encoded values.
    ///
    /// Validation guarantees every name is one the rule's match can supply; a value the URL left out
    /// (an optional group such as `/search(/:query)` without its segment) fills in as empty, so
    /// `shop://search` degrades like `shop://search/shoes` does instead of failing.
    private static func fill(_ template: String, with values: [String: any Sendable]) -> String {
        var result = ""
        var rest = Substring(template)
        while let open = rest.firstIndex(of: "{"), let close = rest[open...].firstIndex(of: "}") {
            result += rest[..<open]
            let name = String(rest[rest.index(after: open)..<close])
            let value = values[name].flatMap(URLGeneration.strings(for:))?.first ?? ""
            result += PercentEncoding.encode(value)
            rest = rest[rest.index(after: close)...]
        }
        return result + rest
    }

    /// ASCII-lowercases without allocating when there is nothing to lower.
    static func lowercased(_ text: String) -> String {
        text.utf8.contains(where: { (ASCII.upperA...ASCII.upperZ).contains($0) }) ? text.lowercased() : text
    }
}
