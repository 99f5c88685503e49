internal import MediatorText

/// Compiling a route configuration into a route set's rules, checked against the registry.
extension RouteSet.Builder {
    mutating func add(_ configuration: Mediator.RouteConfiguration) {
        if let reference = configuration.webFallback {
            if let id = remoteAction(reference, at: "webFallback") { webFallback = id }
        } else if configuration.rules.contains(where: { if case .degrade = $0.effect { true } else { false } }) {
            configurationProblems.append("webFallback is required because a rule degrades to a web URL")
        }
        for (position, rule) in configuration.rules.enumerated() {
            add(rule, at: "rules[\(position)]")
        }
    }

    private mutating func add(_ rule: Mediator.RouteConfiguration.Rule, at path: String) {
        let ruleID = RuleID(index: rules.count)
        // What the rule's match can capture, for its templates; and what every URL it matches
        // supplies, for the parameters its destination requires.
        var names: [String] = []
        var supplied: Set<String> = []
        var scope: String?
        var pattern: RoutePattern?
        switch rule.match {
        case .pattern(let text):
            do {
                let parsed = try RoutePattern(text)
                pattern = parsed
                names = parsed.captureNames
                scope = parsed.scheme
                supplied = Self.capturedByEveryVariant(of: parsed)
            } catch {
                configurationProblems.append("\(path): pattern \(LogSafeText.quoted(text)) is invalid: \(error.message)")
                return
            }
        case .action(let reference):
            guard let id = existingAction(reference, at: path) else { return }
            let action = actions[id.index]
            names = action.definition.parameters.map(\.name)
            // A URL reaching the action may carry any parameter it declares, and its patterns' values.
            supplied = Set(action.definition.parameters.filter(\.acceptsURLValues).map(\.name))
            for declared in action.patterns { supplied.formUnion(declared.captureNames) }
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
            guard template.variantCount == 1, template.priority == 0 else {
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
            effect = .redirectToPath(scheme: template.scheme ?? scope, shape: template.longest)
        }
        rules.append(RouteSet.Rule(match: rule.match.description, effect: effect))
        ruleEntries.append(RuleEntry(position: path, supplied: supplied))

        switch rule.match {
        case .action(let reference):
            guard let id = actionIndex()[ActionKey(target: reference.target, action: reference.action)] else { return }
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
                    if let action = routes[route].action,
                        Self.captureNames(of: self.shape(ofRouteAt: route)) != Self.captureNames(of: shape)
                    {
                        configurationProblems.append(
                            "\(path): pattern \(LogSafeText.quoted(pattern.text)) matches \(LogSafeText.quoted(routes[route].text)) "
                                + "of \(label(action)) but names its placeholders differently; use the route's names")
                    }
                    if let earlier = claimedRoutes[route] {
                        configurationProblems.append("\(path) matches the same route as rules[\(earlier.index)]")
                    }
                    claimedRoutes[route] = ruleID
                    routes[route].rule = ruleID
                    attached = true
                }
            }
            if !attached {
                // A new pattern that leads somewhere keeps old or new links working; disabling one
                // that nothing declares would do nothing, so it is surely a mistake.
                if case .disable = effect {
                    configurationProblems.append("\(path): no action declares the pattern \(LogSafeText.quoted(pattern.text))")
                } else {
                    for route in insert(pattern, action: nil, rule: ruleID) { claimedRoutes[route] = ruleID }
                }
            }
        }
    }

    private mutating func existingAction(_ reference: Mediator.RouteConfiguration.ActionReference, at path: String) -> ActionID? {
        if let id = actionIndex()[ActionKey(target: reference.target, action: reference.action)] { return id }
        let available = actions.filter { NameComparison.equal($0.target, reference.target) }.map(\.name)
        let known =
            available.isEmpty
            ? "no target \(LogSafeText.quoted(reference.target)) is registered"
            : "its actions: " + available.map { LogSafeText.inline($0) }.joined(separator: ", ")
        configurationProblems.append(
            "\(path) names \(LogSafeText.inline(reference.description)), which is not declared (\(known))")
        return nil
    }

    private mutating func remoteAction(_ reference: Mediator.RouteConfiguration.ActionReference, at path: String) -> ActionID? {
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

    /// Follows every rule to where its URLs end up, through the rules that apply on the way, and
    /// reports loops, chains over the redirect limit, dead ends, local-only destinations and
    /// required parameters nothing supplies: what each URL would otherwise fail with at run time.
    mutating func checkRuleChains() {
        var reportedLoops: Set<[Int]> = []
        for start in rules.indices {
            let entry = ruleEntries[start]
            var visited: [RuleID] = []
            var current: RuleID? = RuleID(index: start)
            var supplied = entry.supplied
            while let rule = current {
                if let repeated = visited.firstIndex(of: rule) {
                    let loop = visited[repeated...].map(\.index)
                    // One report per loop, from whichever rule leads into it.
                    if reportedLoops.insert(loop.sorted()).inserted {
                        let steps = (loop + [rule.index]).map { LogSafeText.inline(rules[$0].match) }
                        configurationProblems.append("\(entry.position) redirects in a loop: " + steps.joined(separator: " → "))
                    }
                    break
                }
                visited.append(rule)
                guard visited.count <= RouteSet.redirectLimit else {
                    configurationProblems.append(
                        "\(entry.position) leads through more than \(RouteSet.redirectLimit) rules ("
                            + visited.map { LogSafeText.inline(rules[$0.index].match) }.joined(separator: " → ")
                            + "); a URL may follow at most \(RouteSet.redirectLimit)")
                    break
                }
                let destination: ActionID?
                switch rules[rule.index].effect {
                case .disable:
                    destination = nil
                    current = nil
                case .redirectToAction(let id):
                    destination = id
                    current = actionRules[id]
                case .degrade:
                    destination = webFallback
                    supplied = ["url"]
                    current = nil
                case let .redirectToPath(scheme, shape):
                    let probe = URLPath(first: nil, rest: shape.map(Self.probe))
                    guard let found = scheme.flatMap({ scoped[Name($0)]?.match(probe) }) ?? global.match(probe) else {
                        configurationProblems.append(
                            "\(entry.position) (\(LogSafeText.inline(rules[start].match))) redirects to "
                                + "\(LogSafeText.quoted(RoutePattern.text(of: shape))), which no route matches")
                        current = nil
                        continue
                    }
                    supplied.formUnion(Self.captureNames(of: self.shape(ofRouteAt: found)))
                    destination = routes[found].action
                    current = routes[found].rule ?? destination.flatMap { actionRules[$0] }
                }
                guard current == nil, let destination else { continue }
                // The end of the chain: the action every URL the rule matches is handed to.
                let definition = actions[destination.index].definition
                let route =
                    visited.count == 1
                    ? ""
                    : " (through " + visited.dropFirst().map { LogSafeText.inline(rules[$0.index].match) }.joined(separator: ", ")
                        + ")"
                let source = "\(entry.position) (\(LogSafeText.inline(rules[start].match)))"
                if definition.exposure != .remote {
                    configurationProblems.append("\(source) leads to \(label(destination))\(route), which is local-only")
                    continue
                }
                for parameter in definition.parameters
                where parameter.isRequired && parameter.acceptsURLValues && !supplied.contains(parameter.name) {
                    let what =
                        if case .degrade = rules[visited.last?.index ?? start].effect {
                            "degrades to the web fallback \(label(destination))\(route), which requires \"\(LogSafeText.inline(parameter.name))\"; a degraded URL supplies only \"url\""
                        } else {
                            "redirects to \(label(destination))\(route), which requires \"\(LogSafeText.inline(parameter.name))\"; neither the matched route nor the rule supplies it"
                        }
                    configurationProblems.append("\(source) \(what)")
                }
            }
        }
    }

    /// The names every variant of a pattern captures (an optional group's placeholders only when
    /// no variant leaves them out).
    private static func capturedByEveryVariant(of pattern: RoutePattern) -> Set<String> {
        var common: Set<String>?
        for variant in pattern.variants {
            let names = Set(captureNames(of: variant))
            common = common.map { $0.intersection(names) } ?? names
        }
        return common ?? []
    }

    /// The placeholder and wildcard names of one shape, in order.
    static func captureNames(of shape: some Sequence<RoutePattern.Segment>) -> [String] {
        shape.compactMap { segment in
            switch segment {
            case .literal: nil
            case .placeholder(let name), .wildcard(let name): name
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
