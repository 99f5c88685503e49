/// The "did you mean" of a URL that matched no route: the closest URL that would open.
///
/// Computed only when a URL fails (never by `canOpen`, which may be asked about every link on a
/// screen), at a cost that grows with the URL's depth, not with the number of routes. Two kinds of
/// near miss are tried: one path segment mistyped, looked up in an index of every route literal,
/// target and action name (built once per route set, on its first miss), unless it is exactly one
/// of them; and, for an app scheme's
/// two-segment path, the convention route `scheme://Target/action` with either name or both
/// corrected. Only URLs that reach a remote action through a route no rule disables are suggested,
/// so a suggestion never names what a URL may not open; the fewest edits (case counting) wins.
extension URLRouter {
    /// How many leading segments are tried one by one, so a deep hostile URL cannot multiply the work.
    static let suggestedSegmentLimit = 8

    /// The closest URL to an unmatched one that would open, without its query and fragment.
    func suggestion(for path: URLPath, scheme: String, host: String?, entry: Entry) -> String? {
        let count = path.count
        guard count > 0 else { return nil }
        let vocabulary = routes.suggestionVocabulary()
        let segments = path.segments(from: 0)
        var best: (cost: Int, segments: [String])?
        func consider(_ candidate: [String], cost: Int) {
            if cost > 0, best.map({ cost < $0.cost }) ?? true { best = (cost, candidate) }
        }

        // Each segment's close names, looked up once: none for a segment that is exactly a known name,
        // which was meant as written (`shop://Products/detial` means the action, not the
        // `/products/:category` list); none past the deepest route, which no correction could reach.
        let reachable = count <= vocabulary.deepestRoute || vocabulary.hasWildcard
        let closest = segments.prefix(Self.suggestedSegmentLimit).enumerated().map { index, segment -> [String] in
            guard reachable || (entry.isApp && count == 2 && index < 2), !vocabulary.names.contains(Name(segment)) else {
                return []
            }
            return vocabulary.index.closest(to: segment).filter { $0 != segment }
        }

        // One segment mistyped, wherever it is.
        for index in closest.indices where reachable {
            for replacement in closest[index] {
                var candidate = segments
                candidate[index] = replacement
                let probe = URLPath(first: nil, rest: candidate)
                let opens: Bool
                if let found = match(probe, scheme: entry.isApp ? scheme : nil, fallsBack: entry.fallsBack) {
                    opens = routes.opensRemotely(routeAt: found)
                } else {
                    opens = false
                }
                if opens { consider(candidate, cost: SuggestionIndex.exactDistance(segments[index], replacement)) }
            }
        }

        // The convention route with its target or action name corrected.
        if entry.isApp, count == 2 {
            let targets = [segments[0]] + closest[0]
            for target in targets {
                guard let actions = vocabulary.remoteActions[Name(target)] else { continue }
                let targetCost = SuggestionIndex.exactDistance(segments[0], target)
                let names =
                    actions.contains(segments[1]) ? [segments[1]] : SuggestionIndex.closest(to: segments[1], among: actions)
                for action in names {
                    guard let id = routes.action(target: target, action: action), routes.opensRemotely(action: id) else {
                        continue
                    }
                    consider([target, action], cost: targetCost + SuggestionIndex.exactDistance(segments[1], action))
                }
            }
        }

        guard let best else { return nil }
        let path = best.segments.map(PercentEncoding.encode).joined(separator: "/")
        return entry.isApp ? "\(scheme)://\(path)" : "\(scheme)://\(host ?? "")/\(path)"
    }
}

extension RouteSet {
    /// The names a "did you mean" may offer: every literal of a route that opens remotely, and every
    /// target with its remote actions, for the convention route.
    struct SuggestionVocabulary: Sendable {
        /// The most segments a route without a wildcard has, and whether any route has one: a longer
        /// path can only be matched by a wildcard.
        let deepestRoute: Int
        let hasWildcard: Bool
        /// Every name, compared as bytes like routes compare them.
        let names: Set<Name>
        let index: SuggestionIndex
        let remoteActions: [Name: [String]]
    }

    /// The vocabulary, built on the first miss and kept for the route set's life. Two threads that miss
    /// at once may both build it; either copy is the same.
    func suggestionVocabulary() -> SuggestionVocabulary {
        if let built = suggestionCache.withLock({ $0 }) { return built }
        var literals: Set<String> = []
        var remoteActions: [Name: [String]] = [:]
        for action in actions.indices where opensRemotely(action: ActionID(index: action)) {
            let definition = actions[action].definition
            remoteActions[Name(definition.target), default: []].append(definition.name)
            literals.insert(definition.target)
            literals.insert(definition.name)
        }
        var deepestRoute = 0
        var hasWildcard = false
        for index in routes.indices where opensRemotely(routeAt: index) {
            let shape = shape(ofRouteAt: index)
            deepestRoute = max(deepestRoute, shape.count)
            for segment in shape {
                switch segment {
                case .literal(let text): literals.insert(text)
                case .placeholder: break
                case .wildcard: hasWildcard = true
                }
            }
        }
        let built = SuggestionVocabulary(
            deepestRoute: deepestRoute, hasWildcard: hasWildcard, names: Set(literals.map(Name.init)),
            index: SuggestionIndex(names: literals.sorted()), remoteActions: remoteActions)
        suggestionCache.withLock { $0 = built }
        return built
    }

    /// Whether a URL that matches this route reaches an action it may run: a remote one, and no rule disables it.
    func opensRemotely(routeAt index: Int) -> Bool {
        if let rule = rule(forRouteAt: index), case .disable = rules[rule.index].effect { return false }
        guard let action = routes[index].action else { return true }
        return actions[action.index].definition.exposure == .remote
    }

    /// Whether the convention route to this action opens: it is remote, and no rule disables it.
    func opensRemotely(action: ActionID) -> Bool {
        if let rule = actionRules[action], case .disable = rules[rule.index].effect { return false }
        return actions[action.index].definition.exposure == .remote
    }
}
