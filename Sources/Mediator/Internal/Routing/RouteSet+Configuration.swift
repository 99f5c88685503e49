/// Compiling a route configuration into a route set's rules, checked against the registry.
extension RouteSet.Builder {
    mutating func add(_ configuration: MediatorRouteConfiguration) {
        if let reference = configuration.webFallback {
            if let id = remoteAction(reference, at: "webFallback") { webFallback = id }
        } else if configuration.rules.contains(where: { if case .degrade = $0.effect { true } else { false } }) {
            configurationProblems.append("webFallback is required because a rule degrades to a web URL")
        }
        for (position, rule) in configuration.rules.enumerated() {
            add(rule, at: "rules[\(position)]")
        }
    }

    private mutating func add(_ rule: MediatorRouteConfiguration.Rule, at path: String) {
        let ruleID = RuleID(index: rules.count)
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
                configurationProblems.append("\(path): pattern \(LogSafeText.quoted(text)) is invalid: \(error.message)")
                return
            }
        case .action(let reference):
            guard let id = existingAction(reference, at: path) else { return }
            names = actions[id.index].definition.parameters.map(\.name)
        }

        let effect: RouteSet.Rule.Effect
        switch rule.effect {
        case .disable(let reason):
            effect = .disable(reason: reason)
        case .redirectToAction(let reference):
            guard let id = remoteAction(reference, at: "\(path).redirectTo") else { return }
            effect = .redirectToAction(id)
        case .degrade(let template):
            if let problem = Self.checkWebTemplate(template, names: names) {
                configurationProblems.append("\(path).degradeTo \(problem)")
                return
            }
            effect = .degrade(template: template)
        case .redirectToPath(let text):
            let template: RoutePattern
            do {
                template = try RoutePattern(text)
            } catch {
                configurationProblems.append("\(path).redirectTo \(LogSafeText.quoted(text)) is invalid: \(error.message)")
                return
            }
            guard template.variants.count == 1, template.priority == 0 else {
                configurationProblems.append(
                    "\(path).redirectTo \(LogSafeText.quoted(text)) must be one path, without optional groups or options")
                return
            }
            if let missing = template.captureNames.first(where: { !names.contains($0) }) {
                configurationProblems.append(
                    "\(path).redirectTo uses \"\(missing)\", which \(LogSafeText.inline(rule.match.description)) does not capture"
                )
                return
            }
            pendingRedirects.append((ruleID, template, template.scheme ?? scope))
            effect = .redirectToPath(scheme: template.scheme ?? scope, shape: template.variants[0])
        }
        rules.append(RouteSet.Rule(match: rule.match.description, effect: effect))

        switch rule.match {
        case .action(let reference):
            guard let id = actionIndex[ActionKey(target: reference.target, action: reference.action)] else { return }
            if let earlier = actionRules[id] {
                configurationProblems.append(
                    "\(path) applies to \(LogSafeText.inline(reference.description)), which the rule for "
                        + "\(LogSafeText.inline(rules[earlier.index].match)) already covers")
            }
            actionRules[id] = ruleID
        case .pattern:
            guard let pattern else { return }
            let trie = pattern.scheme.map { scoped[Name($0)] ?? RouteTrie() } ?? global
            var attached = false
            for shape in pattern.variants {
                for route in trie.routes(withShape: shape) {
                    if let earlier = claimedRoutes[route] {
                        configurationProblems.append("\(path) matches the same route as rules[\(earlier.index)]")
                    }
                    claimedRoutes[route] = ruleID
                    routes[route].rule = ruleID
                    attached = true
                }
            }
            if !attached {
                if case .redirectToPath = effect {
                    for route in insert(pattern, action: nil, rule: ruleID) { claimedRoutes[route] = ruleID }
                } else {
                    configurationProblems.append("\(path): no action declares the pattern \(LogSafeText.quoted(pattern.text))")
                }
            }
        }
    }

    private mutating func existingAction(_ reference: MediatorRouteConfiguration.ActionReference, at path: String) -> ActionID? {
        if let id = actionIndex[ActionKey(target: reference.target, action: reference.action)] { return id }
        let available = actions.filter { NameComparison.equal($0.definition.target, reference.target) }.map(\.definition.name)
        let known =
            available.isEmpty
            ? "no target \(LogSafeText.quoted(reference.target)) is registered"
            : "its actions: " + available.map { LogSafeText.inline($0) }.joined(separator: ", ")
        configurationProblems.append(
            "\(path) names \(LogSafeText.inline(reference.description)), which is not declared (\(known))")
        return nil
    }

    private mutating func remoteAction(_ reference: MediatorRouteConfiguration.ActionReference, at path: String) -> ActionID? {
        guard let id = existingAction(reference, at: path) else { return nil }
        guard actions[id.index].definition.exposure == .remote else {
            configurationProblems.append(
                "\(path) names \(LogSafeText.inline(reference.description)), which is local-only, so no URL may reach it")
            return nil
        }
        return id
    }

    /// A problem with a web URL template, or `nil` when it is an `http(s)` URL whose `{name}` parts are known.
    private static func checkWebTemplate(_ template: String, names: [String]) -> String? {
        let lowered = template.lowercased()
        guard lowered.hasPrefix("https://") || lowered.hasPrefix("http://") else {
            return "\(LogSafeText.quoted(template)) must be an http:// or https:// URL"
        }
        var rest = Substring(template)
        while let open = rest.firstIndex(of: "{") {
            guard let close = rest[open...].firstIndex(of: "}") else {
                return "\(LogSafeText.quoted(template)) has a \"{\" without \"}\""
            }
            let name = String(rest[rest.index(after: open)..<close])
            if !names.contains(name) { return "uses {\(LogSafeText.inline(name))}, which the rule's match does not provide" }
            rest = rest[rest.index(after: close)...]
        }
        if rest.contains("}") { return "\(LogSafeText.quoted(template)) has a \"}\" without \"{\"" }
        return nil
    }

    /// Checks that every path redirect leads, within the hop limit, to a remote action.
    mutating func checkRedirects() {
        for pending in pendingRedirects {
            var shape = pending.template.variants[0]
            var scheme = pending.from
            var hops = 0
            let match = LogSafeText.inline(rules[pending.rule.index].match)
            while true {
                hops += 1
                guard hops <= RouteSet.redirectLimit else {
                    configurationProblems.append("rules[\(pending.rule.index)] redirects in a loop")
                    break
                }
                let probe = URLPath(first: nil, rest: shape.map(Self.probe))
                let found = scheme.flatMap { scoped[Name($0)]?.match(probe) } ?? global.match(probe)
                guard let found else {
                    configurationProblems.append(
                        "rule for \(match) redirects to \(LogSafeText.quoted(pending.template.text)), which no route matches")
                    break
                }
                let route = routes[found]
                let ruleID = route.rule ?? route.action.flatMap { actionRules[$0] }
                if let ruleID, case let .redirectToPath(nextScheme, nextShape) = rules[ruleID.index].effect {
                    shape = nextShape
                    scheme = nextScheme
                    continue
                }
                if ruleID == nil, let action = route.action, actions[action.index].definition.exposure != .remote {
                    configurationProblems.append("rule for \(match) redirects to \(label(action)), which is local-only")
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
}
