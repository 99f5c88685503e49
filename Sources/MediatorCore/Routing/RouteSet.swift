internal import MediatorText

/// An action in a route set: its index into `RouteSet.actions`.
struct ActionID: Hashable, Sendable {
    let index: Int
}

/// A configuration rule in a route set: its index into `RouteSet.rules`.
struct RuleID: Hashable, Sendable {
    let index: Int
}

/// Every URL route of a registry, compiled once: the tries, the actions they lead to, the route
/// configuration's rules, and every problem found on the way.
///
/// Built from a registry snapshot's targets' own action definitions on the first URL use after the
/// targets or the configuration change (`RegistryState.routes`); never while a lock is held, because
/// reading a target's declarations runs its code. A matched route leads straight to its target and action (no second
/// lookup by name).
final class RouteSet: Sendable {
    /// One declared action as routing needs it: its target and place there, and its name. Its
    /// definition is the target's, read when needed (a route set of every routed action does not
    /// make them all), and its parsed patterns are not kept: each route keeps its own shape, and the
    /// rare reader of an action's patterns parses them again.
    struct Action: Sendable {
        let box: any AnyTargetBox
        /// The action's position in its target's declaration (32 bits, so the contract index beside
        /// it keeps an action at 64 bytes).
        private let position: Int32
        /// The interned index of the contract the action binds, or -1 (`MediatorAction.contractIndex`):
        /// what a routed link names its action by for the navigation layer.
        let contractIndex: Int32
        let name: String

        init(box: any AnyTargetBox, index: Int, name: String, contractIndex: Int32) {
            self.box = box
            // A target declares far fewer than 2^31 actions; past that, the last position is kept.
            position = Int32(clamping: index)
            self.contractIndex = contractIndex
            self.name = name
        }

        /// The action's position in its target's declaration.
        var index: Int { Int(position) }

        /// The target's name.
        var target: String { box.name }
        /// The action's definition, made by its target on first use.
        var definition: ActionDefinition { box.definitions[index] }

        /// The patterns that parse, parsed now (for URL generation and configuration checks; invalid
        /// ones are reported in `problems`).
        var patterns: [RoutePattern] { definition.urlPatterns.compactMap { try? RoutePattern($0) } }
    }

    /// One path shape in a trie, leading to an action (or, for a configuration redirect, nowhere yet).
    ///
    /// Kept for the app's lifetime, one per route, so it keeps only what is read once routes are
    /// built: its pattern's text (its scheme, for the rare reader that needs it, parsed again from
    /// it), 32-bit indices, and its shape as a range of the route set's `segments` (no array per
    /// route). What sorting and conflict reports read (priority, declaration order, scheme) stays
    /// with the builder. A route is 32 bytes (it was 72, and 104 before that, with an array of ~96
    /// bytes of heap beside it).
    struct Route: Sendable {
        /// The pattern as declared.
        let text: String
        /// The shape's segments: `segments[shapeStart..<shapeEnd]` of the route set.
        private let shapeStart: Int32
        private let shapeEnd: Int32
        /// The action's index; -1 for a pattern only the configuration declares.
        private let actionIndex: Int32
        /// The rule's index; -1 for none.
        private var ruleIndex: Int32

        init(action: ActionID?, text: String, shape: Range<Int>, rule: RuleID?) {
            self.text = text
            shapeStart = Int32(truncatingIfNeeded: shape.lowerBound)
            shapeEnd = Int32(truncatingIfNeeded: shape.upperBound)
            self.actionIndex = Int32(action?.index ?? -1)
            self.ruleIndex = Int32(rule?.index ?? -1)
        }

        /// The action; `nil` for a pattern only the configuration declares.
        var action: ActionID? { actionIndex < 0 ? nil : ActionID(index: Int(actionIndex)) }
        /// The path shape this route matches, in the route set's `segments`.
        func shape(in segments: [RoutePattern.Segment]) -> RoutePattern.Shape {
            RoutePattern.Shape(segments, range: Int(shapeStart)..<Int(shapeEnd))
        }
        /// The app scheme the pattern is scoped to, lowercased; `nil` for a global pattern. Parsed
        /// again from the text: only publishing reads it once routes are built.
        var scheme: String? { (try? RoutePattern(text))?.scheme }
        /// The configuration rule that applies to this route, if any.
        var rule: RuleID? {
            get { ruleIndex < 0 ? nil : RuleID(index: Int(ruleIndex)) }
            set { ruleIndex = Int32(newValue?.index ?? -1) }
        }
    }

    /// A configuration rule, checked against the registry and ready to apply.
    struct Rule: Sendable {
        enum Effect: Sendable {
            case redirectToPath(scheme: String?, shape: [RoutePattern.Segment])
            case redirectToAction(ActionID)
            case degrade(template: String)
            case disable(reason: String?)
        }
        /// The rule's match as the document wrote it, for errors.
        let match: String
        let effect: Effect
    }

    let actions: [Action]
    /// The actions by their names, for the convention route (`scheme://Target/action`), suggestions
    /// and configuration: made on first use (a dictionary of every action costs ~65 bytes per
    /// action, kept for the app's lifetime, and most apps route by patterns); `nil` until made. The
    /// lock is a leaf, held only to read or store it.
    private let actionIndexCache: Locked<[ActionKey: ActionID]?>
    let global: RouteTrie.Compiled
    /// Tries of routes scoped to one app scheme, by scheme.
    let scoped: [Name: RouteTrie.Compiled]
    let routes: [Route]
    /// Every route's shape, one after another (`Route.shape(in:)`).
    let segments: [RoutePattern.Segment]
    let rules: [Rule]
    /// Rules that apply to an action whichever route reached it.
    let actionRules: [ActionID: RuleID]
    /// The action degraded routes call.
    let webFallback: ActionID?
    /// Problems in the declared routes: invalid patterns, conflicts, unusable declarations.
    let problems: [String]
    /// Problems in the route configuration, checked against the current registry.
    let configurationProblems: [String]
    /// The names "did you mean" offers, built on the first unmatched URL (`RouteSuggestions.swift`);
    /// the lock is a leaf, held only to read or store the value.
    let suggestionCache = Locked<SuggestionVocabulary?>(nil)

    /// How many configuration redirects one URL may follow.
    static let redirectLimit = 4

    /// Compiles the routes of these targets (in registration order) and this configuration.
    init(targets: [any AnyTargetBox], configuration: Mediator.RouteConfiguration?) {
        var builder = Builder()
        // Ordinals are unique within a mediator: sorting by them alone is registration order.
        builder.addActions(of: targets.map { ($0.ordinal, $0) }.sorted { $0.0 < $1.0 }.map(\.1))
        if let configuration { builder.add(configuration) }
        builder.finish()
        actions = builder.actions
        actionIndexCache = Locked(builder.builtActionIndex)
        global = builder.global.compiled
        scoped = builder.scoped.mapValues { $0.compiled }
        routes = builder.routes
        segments = builder.segments
        rules = builder.rules
        actionRules = builder.actionRules
        webFallback = builder.webFallback
        problems = builder.problems
        configurationProblems = builder.configurationProblems
    }

    /// The action with exactly these names, if declared.
    func action(target: String, action: String) -> ActionID? {
        let key = ActionKey(target: target, action: action)
        if let built = actionIndexCache.withLock({ $0 }) { return built[key] }
        let index = Self.index(of: actions)
        let kept = actionIndexCache.withLock { cached -> [ActionKey: ActionID] in
            if let cached { return cached }
            cached = index
            return index
        }
        return kept[key]
    }

    /// The actions by their names; of two with the same names (a target declaring an action twice
    /// is refused, so only across a replaced registration), the later wins, as it always did.
    static func index(of actions: [Action]) -> [ActionKey: ActionID] {
        var index: [ActionKey: ActionID] = [:]
        index.reserveCapacity(actions.count)
        for (position, action) in actions.enumerated() {
            index[ActionKey(target: action.target, action: action.name)] = ActionID(index: position)
        }
        return index
    }

    /// The rule that applies to the route at an index: its own, else its action's.
    func rule(forRouteAt index: Int) -> RuleID? {
        if let rule = routes[index].rule { return rule }
        guard !actionRules.isEmpty, let action = routes[index].action else { return nil }
        return actionRules[action]
    }

    /// The path shape of the route at an index.
    func shape(ofRouteAt index: Int) -> RoutePattern.Shape { routes[index].shape(in: segments) }

    subscript(action: ActionID) -> Action { actions[action.index] }
    /// The contract index of an action, read in place (a routed link reads it for every link).
    func contractIndex(of action: ActionID) -> Int32 { actions[action.index].contractIndex }
    subscript(rule: RuleID) -> Rule { rules[rule.index] }
}

// MARK: Building

extension RouteSet {
    /// Mutable state while a route set is compiled.
    struct Builder {
        var actions: [Action] = []
        /// The actions by names, made when the configuration first needs it.
        var builtActionIndex: [ActionKey: ActionID]?
        var global = RouteTrie()
        var scoped: [Name: RouteTrie] = [:]
        var routes: [Route] = []
        /// Every route's shape, one after another.
        var segments: [RoutePattern.Segment] = []
        /// Beside each route while building: what sorting and conflict reports read of its pattern.
        var ranks: [Rank] = []
        var rules: [Rule] = []
        var actionRules: [ActionID: RuleID] = [:]
        var webFallback: ActionID?
        var problems: [String] = []
        var configurationProblems: [String] = []
        /// Which rule first claimed a route, so two rules for one route are reported.
        var claimedRoutes: [Int: RuleID] = [:]
        /// Beside each rule: where the document declares it and what every URL it matches supplies.
        var ruleEntries: [RuleEntry] = []

        /// The actions by names (made on first use, once every action is added).
        mutating func actionIndex() -> [ActionKey: ActionID] {
            if let builtActionIndex { return builtActionIndex }
            let index = RouteSet.index(of: actions)
            builtActionIndex = index
            return index
        }

        mutating func addActions(of targets: [any AnyTargetBox]) {
            actions.reserveCapacity(targets.count)
            for box in targets {
                // The target's own problem comes before its actions' (one read of its table for both).
                let position = problems.count
                let problem = box.forEachRoutable { index, definition in
                    var label: String { LogSafeText.inline("\(box.name).\(definition.name)") }
                    let id = ActionID(index: actions.count)
                    actions.append(Action(box: box, index: index, name: definition.name, contractIndex: definition.contractIndex))
                    let checksNativeOnly = definition.parameters.contains { !$0.acceptsURLValues }
                    for text in definition.urlPatterns {
                        do throws(RoutePatternProblem) {
                            let pattern = try RoutePattern(text)
                            insert(pattern, action: id)
                            guard checksNativeOnly else { continue }
                            for name in pattern.captureNames where definition.isNativeOnly(name) {
                                problems.append(
                                    "\(label): pattern \(LogSafeText.quoted(text)) captures \"\(name)\", which is a native-only parameter"
                                )
                            }
                        } catch {
                            problems.append("\(label): pattern \(LogSafeText.quoted(text)) is invalid: \(error.message)")
                        }
                    }
                    if !definition.urlPatterns.isEmpty, definition.exposure != .remote {
                        problems.append("\(label) declares URL patterns but is local-only; declare it with exposure: .remote")
                    }
                }
                if let problem {
                    problems.insert("target \(LogSafeText.quoted(box.name)) is declared incorrectly: \(problem)", at: position)
                }
            }
        }

        /// Inserts every shape of a pattern; returns the new routes' indices.
        @discardableResult
        mutating func insert(_ pattern: RoutePattern, action: ActionID?, rule: RuleID? = nil) -> Range<Int> {
            let order = routes.count
            for shape in pattern.variants {
                insert(shape, of: pattern, action: action, rule: rule, order: order)
            }
            return order..<routes.count
        }

        /// Inserts one shape of a pattern.
        private mutating func insert(
            _ shape: [RoutePattern.Segment], of pattern: RoutePattern, action: ActionID?, rule: RuleID?, order: Int
        ) {
            let index = routes.count
            let start = segments.count
            segments.append(contentsOf: shape)
            routes.append(Route(action: action, text: pattern.text, shape: start..<segments.count, rule: rule))
            ranks.append(Rank(priority: pattern.priority, order: order, scheme: pattern.scheme))
            if let scheme = pattern.scheme {
                scoped[Name(scheme), default: RouteTrie()].insert(shape, route: index)
            } else {
                global.insert(shape, route: index)
            }
        }

        /// What sorting routes and reporting conflicts read of a route's pattern.
        struct Rank {
            /// The pattern's tie-breaking priority; higher wins.
            let priority: Int
            /// Declaration order across the registry: targets in registration order, then actions
            /// in declaration order (the index of the pattern's first route).
            let order: Int
            /// The pattern's app scheme; `nil` for a global pattern.
            let scheme: String?
        }

        /// A rule as its chain check needs it.
        struct RuleEntry {
            /// `rules[i]`: the rule's place in the document.
            let position: String
            /// The parameter names every URL the rule matches supplies.
            let supplied: Set<String>
        }

        // MARK: Finishing

        mutating func finish() {
            // Built once and then only read for the app's lifetime: the slack of growing goes.
            if actions.capacity > actions.count { actions = actions.withUnsafeBufferPointer { Array($0) } }
            if self.routes.capacity > self.routes.count { self.routes = self.routes.withUnsafeBufferPointer { Array($0) } }
            if segments.capacity > segments.count { segments = segments.withUnsafeBufferPointer { Array($0) } }
            let ranks = self.ranks
            let better: (Int, Int) -> Bool = { left, right in
                let (a, b) = (ranks[left], ranks[right])
                if a.priority != b.priority { return a.priority > b.priority }
                return a.order < b.order
            }
            global.sortRoutes(by: better)
            for key in scoped.keys { scoped[key]?.sortRoutes(by: better) }
            for trie in [global] + scoped.keys.sorted(by: { $0.text < $1.text }).compactMap({ scoped[$0] }) {
                for group in trie.sharedShapes { reportConflicts(in: group) }
            }
            checkRuleChains()
        }

        /// Reports each pair of routes with one shape and one priority: the later is rejected.
        private mutating func reportConflicts(in group: [Int]) {
            let winner = routes[group[0]]
            guard let winnerAction = winner.action else { return }
            for index in group.dropFirst() {
                let loser = routes[index]
                guard ranks[index].priority == ranks[group[0]].priority, let loserAction = loser.action else { continue }
                let scope = ranks[group[0]].scheme.map { " in scheme \($0)" } ?? ""
                problems.append(
                    "pattern \(LogSafeText.quoted(loser.text)) of \(label(loserAction)) conflicts with "
                        + "\(LogSafeText.quoted(winner.text)) of \(label(winnerAction))\(scope): both match "
                        + "\(Self.describe(shape(ofRouteAt: index))); the later one is rejected (give one a priority=N option or change it)"
                )
            }
        }

        /// The path shape of the route at an index.
        func shape(ofRouteAt index: Int) -> RoutePattern.Shape { routes[index].shape(in: segments) }

        func label(_ action: ActionID) -> String {
            LogSafeText.inline(actions[action.index].definition.label)
        }

        static func describe(_ shape: RoutePattern.Shape) -> String {
            "/"
                + shape.map { segment in
                    switch segment {
                    case .literal(let text): LogSafeText.inline(text)
                    case .placeholder: ":_"
                    case .wildcard: "*"
                    }
                }.joined(separator: "/")
        }
    }
}
