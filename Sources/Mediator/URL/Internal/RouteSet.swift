/// Every URL route of a registry, compiled once: the tries, the actions they lead to, the route
/// configuration's rules, and every problem found on the way.
///
/// Built from the catalog (so from each target's single action declaration) on the first URL use
/// after the targets or the configuration change; never while the registry lock is held, because
/// reading a target's declarations runs its code.
final class RouteSet: Sendable {
    /// One declared action as routing needs it.
    struct ActionEntry: Sendable {
        let target: String
        let action: String
        let label: String
        let exposure: MediatorExposure
        /// The patterns that parsed; invalid ones are reported in `problems`.
        let patterns: [RoutePattern]
        /// Parameters only native callers may supply; a URL that sets one is refused.
        let nativeOnly: [String]
        let parameterNames: [String]
    }

    /// One path shape in a trie, leading to an action (or, for a configuration redirect, nowhere yet).
    struct Route: Sendable {
        /// Index into `actions`; `-1` for a pattern only the configuration declares.
        let action: Int
        let pattern: RoutePattern
        let shape: [RoutePattern.Segment]
        /// Declaration order across the registry: targets in registration order, then actions by name.
        let order: Int
        /// Index into `rules`, or `-1`.
        var rule: Int
    }

    /// A configuration rule, checked against the catalog and ready to apply.
    struct Rule: Sendable {
        enum Effect: Sendable {
            case redirectToPath(scheme: String?, shape: [RoutePattern.Segment])
            case redirectToAction(Int)
            case degrade(template: String)
            case disable(reason: String?)
        }
        /// The rule's match as the document wrote it, for errors.
        let match: String
        let effect: Effect
    }

    let targetsVersion: UInt64
    let configurationVersion: UInt64
    let actions: [ActionEntry]
    let actionIndex: [ActionKey: Int]
    let global: RouteTrie
    let scoped: [String: RouteTrie]
    let routes: [Route]
    let rules: [Rule]
    /// Rules that apply to an action whichever route reached it: action index → rule index.
    let actionRules: [Int: Int]
    /// The action degraded routes call, or `-1`.
    let webFallback: Int
    /// Problems in the declared routes: invalid patterns, conflicts, unreachable patterns.
    let problems: [String]
    /// Problems in the route configuration, checked against the current catalog.
    let configurationProblems: [String]

    /// How many configuration redirects one URL may follow.
    static let redirectLimit = 4

    init(
        targets: [MediatorCatalog.Target], targetsVersion: UInt64,
        configuration: MediatorRouteConfiguration?, configurationVersion: UInt64
    ) {
        self.targetsVersion = targetsVersion
        self.configurationVersion = configurationVersion
        var builder = Builder()
        builder.addActions(of: targets)
        if let configuration { builder.add(configuration) }
        builder.finish()
        actions = builder.actions
        actionIndex = builder.actionIndex
        global = builder.global
        scoped = builder.scoped
        routes = builder.routes
        rules = builder.rules
        actionRules = builder.actionRules
        webFallback = builder.webFallback
        problems = builder.problems
        configurationProblems = builder.configurationProblems
    }

    /// The trie for a scope: an app scheme's own routes, or the global ones for `nil`.
    func trie(for scheme: String?) -> RouteTrie? {
        guard let scheme else { return global }
        return scoped[scheme]
    }
}

// MARK: Building

extension RouteSet {
    /// Mutable state while a route set is compiled.
    private struct Builder {
        var actions: [ActionEntry] = []
        var actionIndex: [ActionKey: Int] = [:]
        var global = RouteTrie()
        var scoped: [String: RouteTrie] = [:]
        var routes: [Route] = []
        var rules: [Rule] = []
        var actionRules: [Int: Int] = [:]
        var webFallback = -1
        var problems: [String] = []
        var configurationProblems: [String] = []
        /// Which rule first claimed a route or action, so two rules for one route are reported.
        private var claimedRoutes: [Int: Int] = [:]
        private var pendingRedirects: [(rule: Int, template: RoutePattern, from: String?, names: [String])] = []

        mutating func addActions(of targets: [MediatorCatalog.Target]) {
            for target in targets {
                for action in target.actions {
                    var patterns: [RoutePattern] = []
                    let label = "\(target.name).\(action.name)"
                    let nativeOnly = action.parameters.filter { !$0.acceptsURLValues }.map(\.name)
                    for text in action.urlPatterns {
                        do {
                            let pattern = try RoutePattern(text)
                            patterns.append(pattern)
                            for name in pattern.captureNames where nativeOnly.contains(name) {
                                problems.append(
                                    "\(label): pattern \"\(text)\" captures \"\(name)\", which is a native-only parameter")
                            }
                        } catch {
                            problems.append("\(label): pattern \"\(text)\" is invalid: \(error.message)")
                        }
                    }
                    if !action.urlPatterns.isEmpty, action.exposure != .remote {
                        problems.append("\(label) declares URL patterns but is local-only; declare it with exposure: .remote")
                    }
                    let index = actions.count
                    actions.append(
                        ActionEntry(
                            target: target.name, action: action.name, label: label, exposure: action.exposure,
                            patterns: patterns, nativeOnly: nativeOnly, parameterNames: action.parameters.map(\.name)))
                    actionIndex[ActionKey(target: target.name, action: action.name)] = index
                    for pattern in patterns { insert(pattern, action: index) }
                }
            }
        }

        /// Inserts every shape of a pattern; returns the new routes' indices.
        @discardableResult
        mutating func insert(_ pattern: RoutePattern, action: Int, rule: Int = -1) -> [Int] {
            var added: [Int] = []
            let order = routes.count
            for shape in pattern.variants {
                let index = routes.count
                routes.append(Route(action: action, pattern: pattern, shape: shape, order: order, rule: rule))
                if let scheme = pattern.scheme {
                    scoped[scheme, default: RouteTrie()].insert(shape, route: index)
                } else {
                    global.insert(shape, route: index)
                }
                added.append(index)
            }
            return added
        }

        // MARK: Configuration

        mutating func add(_ configuration: MediatorRouteConfiguration) {
            if let reference = configuration.webFallback {
                if let index = remoteAction(reference, at: "webFallback") { webFallback = index }
            } else if configuration.rules.contains(where: { if case .degrade = $0.effect { true } else { false } }) {
                configurationProblems.append("webFallback is required because a rule degrades to a web URL")
            }
            for (position, rule) in configuration.rules.enumerated() {
                add(rule, at: "rules[\(position)]")
            }
        }

        private mutating func add(_ rule: MediatorRouteConfiguration.Rule, at path: String) {
            let ruleIndex = rules.count
            // What the rule's match can capture, for its templates.
            var names: [String] = []
            var scope: String?
            var pattern: RoutePattern?
            switch rule.match {
            case .pattern(let text):
                do {
                    let parsed = try RoutePattern(text)
                    pattern = parsed
                    names = parsed.captureNames
                    scope = parsed.scheme
                } catch {
                    configurationProblems.append("\(path): pattern \"\(text)\" is invalid: \(error.message)")
                    return
                }
            case .action(let reference):
                guard let index = existingAction(reference, at: path) else { return }
                names = actions[index].parameterNames
            }

            let effect: Rule.Effect
            switch rule.effect {
            case .disable(let reason):
                effect = .disable(reason: reason)
            case .redirectToAction(let reference):
                guard let index = remoteAction(reference, at: "\(path).redirectTo") else { return }
                effect = .redirectToAction(index)
            case .degrade(let template):
                guard let problem = Self.checkWebTemplate(template, names: names) else {
                    effect = .degrade(template: template)
                    break
                }
                configurationProblems.append("\(path).degradeTo \(problem)")
                return
            case .redirectToPath(let text):
                let template: RoutePattern
                do {
                    template = try RoutePattern(text)
                } catch {
                    configurationProblems.append("\(path).redirectTo \"\(text)\" is invalid: \(error.message)")
                    return
                }
                guard template.variants.count == 1, template.priority == 0 else {
                    configurationProblems.append(
                        "\(path).redirectTo \"\(text)\" must be one path, without optional groups or options")
                    return
                }
                if let missing = template.captureNames.first(where: { !names.contains($0) }) {
                    configurationProblems.append(
                        "\(path).redirectTo uses \"\(missing)\", which \(rule.match) does not capture")
                    return
                }
                pendingRedirects.append((ruleIndex, template, template.scheme ?? scope, names))
                effect = .redirectToPath(scheme: template.scheme ?? scope, shape: template.variants[0])
            }
            rules.append(Rule(match: "\(rule.match)", effect: effect))

            switch rule.match {
            case .action(let reference):
                if let index = actionIndex[ActionKey(target: reference.target, action: reference.action)] {
                    if let earlier = actionRules[index] {
                        configurationProblems.append(
                            "\(path) applies to \(reference), which rule for \(rules[earlier].match) already covers")
                    }
                    actionRules[index] = ruleIndex
                }
            case .pattern:
                guard let pattern else { return }
                let trie = pattern.scheme.map { scoped[$0] ?? RouteTrie() } ?? global
                var attached = false
                for shape in pattern.variants {
                    for route in trie.routes(withShape: shape) {
                        if let earlier = claimedRoutes[route] {
                            configurationProblems.append("\(path) matches the same route as rules[\(earlier)]")
                        }
                        claimedRoutes[route] = ruleIndex
                        routes[route].rule = ruleIndex
                        attached = true
                    }
                }
                if !attached {
                    if case .redirectToPath = effect {
                        for route in insert(pattern, action: -1, rule: ruleIndex) { claimedRoutes[route] = ruleIndex }
                    } else {
                        configurationProblems.append("\(path): no action declares the pattern \"\(pattern.text)\"")
                    }
                }
            }
        }

        private mutating func existingAction(
            _ reference: MediatorRouteConfiguration.ActionReference, at path: String
        ) -> Int? {
            if let index = actionIndex[ActionKey(target: reference.target, action: reference.action)] { return index }
            let available = actions.filter { $0.target == reference.target }.map(\.action)
            let known =
                available.isEmpty
                ? "no target \"\(reference.target)\" is registered" : "its actions: " + available.joined(separator: ", ")
            configurationProblems.append("\(path) names \(reference), which is not declared (\(known))")
            return nil
        }

        private mutating func remoteAction(_ reference: MediatorRouteConfiguration.ActionReference, at path: String) -> Int? {
            guard let index = existingAction(reference, at: path) else { return nil }
            guard actions[index].exposure == .remote else {
                configurationProblems.append("\(path) names \(reference), which is local-only, so no URL may reach it")
                return nil
            }
            return index
        }

        /// A problem with a web URL template, or `nil` when it is an `http(s)` URL whose `{name}` parts are known.
        private static func checkWebTemplate(_ template: String, names: [String]) -> String? {
            let lowered = template.lowercased()
            guard lowered.hasPrefix("https://") || lowered.hasPrefix("http://") else {
                return "\"\(template)\" must be an http:// or https:// URL"
            }
            var rest = Substring(template)
            while let open = rest.firstIndex(of: "{") {
                guard let close = rest[open...].firstIndex(of: "}") else { return "\"\(template)\" has a \"{\" without \"}\"" }
                let name = String(rest[rest.index(after: open)..<close])
                if !names.contains(name) { return "uses {\(name)}, which the rule's match does not provide" }
                rest = rest[rest.index(after: close)...]
            }
            if rest.contains("}") { return "\"\(template)\" has a \"}\" without \"{\"" }
            return nil
        }

        // MARK: Finishing

        mutating func finish() {
            let routes = self.routes
            let better: (Int, Int) -> Bool = { left, right in
                let (a, b) = (routes[left], routes[right])
                if a.pattern.priority != b.pattern.priority { return a.pattern.priority > b.pattern.priority }
                return a.order < b.order
            }
            global.sortRoutes(by: better)
            for key in scoped.keys { scoped[key]?.sortRoutes(by: better) }
            for trie in [global] + scoped.keys.sorted().compactMap({ scoped[$0] }) {
                for group in trie.sharedShapes { reportConflicts(in: group) }
            }
            checkRedirects()
        }

        /// Reports each pair of routes with one shape and one priority: the later is rejected.
        private mutating func reportConflicts(in group: [Int]) {
            let winner = routes[group[0]]
            for index in group.dropFirst() {
                let loser = routes[index]
                guard loser.pattern.priority == winner.pattern.priority, loser.action >= 0, winner.action >= 0 else { continue }
                let scope = winner.pattern.scheme.map { " in scheme \($0)" } ?? ""
                problems.append(
                    "pattern \"\(loser.pattern.text)\" of \(actions[loser.action].label) conflicts with "
                        + "\"\(winner.pattern.text)\" of \(actions[winner.action].label)\(scope): both match "
                        + "\(Self.describe(loser.shape)); the later one is rejected (give one a priority=N option or change it)")
            }
        }

        /// Checks that every path redirect leads, within the hop limit, to a remote action.
        private mutating func checkRedirects() {
            for pending in pendingRedirects {
                var shape = pending.template.variants[0]
                var scheme = pending.from
                var hops = 0
                while true {
                    hops += 1
                    guard hops <= RouteSet.redirectLimit else {
                        configurationProblems.append("rules[\(pending.rule)] redirects in a loop")
                        break
                    }
                    let probe = URLPath(first: nil, rest: shape.map(Self.probe))
                    let found = scheme.flatMap { scoped[$0]?.match(probe) } ?? global.match(probe)
                    guard let found else {
                        configurationProblems.append(
                            "rule for \(rules[pending.rule].match) redirects to \"\(pending.template.text)\", which no route matches"
                        )
                        break
                    }
                    let route = routes[found]
                    let ruleIndex = route.rule >= 0 ? route.rule : (route.action >= 0 ? actionRules[route.action] ?? -1 : -1)
                    if ruleIndex >= 0, case let .redirectToPath(nextScheme, nextShape) = rules[ruleIndex].effect {
                        shape = nextShape
                        scheme = nextScheme
                        continue
                    }
                    if ruleIndex < 0, route.action >= 0, actions[route.action].exposure != .remote {
                        configurationProblems.append(
                            "rule for \(rules[pending.rule].match) redirects to \(actions[route.action].label), which is local-only"
                        )
                    }
                    break
                }
            }
        }

        /// A segment standing in for a template's segment: placeholders become a value no literal equals.
        private static func probe(_ segment: RoutePattern.Segment) -> String {
            switch segment {
            case .literal(let text): text
            case .placeholder, .wildcard: "\u{0}"
            }
        }

        static func describe(_ shape: [RoutePattern.Segment]) -> String {
            "/"
                + shape.map { segment in
                    switch segment {
                    case .literal(let text): text
                    case .placeholder: ":_"
                    case .wildcard: "*"
                    }
                }.joined(separator: "/")
        }
    }
}
