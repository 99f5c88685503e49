extension Mediator {
    /// Run-time changes to URL routing, loaded from a JSON document that iOS, Android and web can share:
    /// redirect a route, degrade it to a web page, or disable it.
    ///
    /// Apply one with ``Mediator/applyRouteConfiguration(_:)``. The document is checked as a whole,
    /// first its shape, then against the mediator's catalog; if anything is wrong it is rejected with
    /// every problem listed and the configuration in force stays as it was.
    ///
    /// ```json
    /// {
    ///   "version": 1,
    ///   "webFallback": { "target": "Web", "action": "open" },
    ///   "rules": [
    ///     { "pattern": "/old/product/:id", "redirectTo": "/product/:id" },
    ///     { "target": "Catalog", "action": "legacyDetail",
    ///       "redirectTo": { "target": "Catalog", "action": "product" } },
    ///     { "pattern": "/product/:id", "degradeTo": "https://m.shop.example.com/product/{id}" },
    ///     { "target": "Cart", "action": "checkout", "disabled": true, "reason": "Checkout is down for maintenance" }
    ///   ]
    /// }
    /// ```
    ///
    /// - `version` must be `1`.
    /// - Each rule names what it matches, either `"pattern"` (a URL pattern in the syntax actions declare,
    ///   such as `/product/:id` or `shop://cart`), or `"target"` and `"action"` (every URL that reaches that
    ///   action, through any pattern or the convention route), and exactly one effect:
    ///   - `"redirectTo"`: a path template such as `/product/:id`, filled from the matched placeholders
    ///     and routed again, or `{ "target": ..., "action": ... }`, which calls that action with the same
    ///     parameters. A pattern rule that redirects or degrades may name a new pattern that no action
    ///     declares, to keep old links working or to add new ones.
    ///   - `"degradeTo"`: an `http`/`https` URL template whose `{name}` parts are filled (percent-encoded)
    ///     from the call's parameters (empty when the URL left a value out, such as an optional group's
    ///     placeholder); the `webFallback` action, which must be declared remote and
    ///     is required when any rule degrades, is called with that URL as its `url` parameter.
    ///   - `"disabled": true`, with an optional `"reason"` shown in the error.
    /// - Unknown keys are problems, so a typo never silently does nothing, and so are two rules for
    ///   one route or one action.
    /// - Every rule is followed to where its URLs end up, through the rules that apply on the way; a
    ///   loop (named step by step, `Cart.show → Products.detail → Cart.show`), a chain of more than four
    ///   rules, a path no route matches, a local-only destination, and a destination parameter that is
    ///   required but that neither the matched route's placeholders nor the rule supply are problems.
    ///
    /// Every destination is still subject to the remote policy: a redirect or degradation can reach only
    /// actions declared `.remote`, and validation rejects a rule that points anywhere else.
    public struct RouteConfiguration: Sendable, Equatable {
        /// A reference to one action of one target.
        package struct ActionReference: Sendable, Hashable, CustomStringConvertible {
            /// The target name.
            package var target: String
            /// The action name.
            package var action: String

            /// Creates a reference.
            /// - Parameters:
            ///   - target: The target name.
            ///   - action: The action name.
            package init(target: String, action: String) {
                self.target = target
                self.action = action
            }

            /// `"Target.action"`.
            package var description: String { "\(target).\(action)" }
        }

        /// What a rule applies to.
        package enum Match: Sendable, Equatable, CustomStringConvertible {
            /// URLs matching this pattern.
            case pattern(String)
            /// Every URL that reaches this action.
            case action(ActionReference)

            /// The pattern, or `"Target.action"`.
            package var description: String {
                switch self {
                case .pattern(let pattern): pattern
                case .action(let reference): reference.description
                }
            }
        }

        /// What a rule does.
        package enum Effect: Sendable, Equatable {
            /// Routes the URL again with this path template, filled from the matched placeholders.
            case redirectToPath(String)
            /// Calls this action instead, with the same parameters.
            case redirectToAction(ActionReference)
            /// Calls the web fallback action with this URL template, filled from the parameters.
            case degrade(webURL: String)
            /// Refuses the URL, with an optional reason.
            case disable(reason: String?)
        }

        /// One rule: what it matches and what it does.
        package struct Rule: Sendable, Equatable {
            /// What the rule applies to.
            package var match: Match
            /// What it does.
            package var effect: Effect

            /// Creates a rule.
            /// - Parameters:
            ///   - match: What the rule applies to.
            ///   - effect: What it does.
            package init(match: Match, effect: Effect) {
                self.match = match
                self.effect = effect
            }
        }

        /// The action degraded routes call with their web URL as the `url` parameter.
        package var webFallback: ActionReference?
        /// The rules, in document order; at most one rule may apply to a route or an action.
        package var rules: [Rule]

        // The document as values: the validation, routing and the catalog read them. Apps write the
        // document (JSON, shared with Android and the web) and read it back as `description`.

        /// Creates a configuration from values.
        /// - Parameters:
        ///   - webFallback: The action degraded routes call.
        ///   - rules: The rules.
        package init(webFallback: ActionReference? = nil, rules: [Rule] = []) {
            self.webFallback = webFallback
            self.rules = rules
        }

        /// The configuration as people read it, one line each: how many rules, the web fallback, then
        /// every rule and what it does, such as `/old/:id redirects to /product/:id`. For the App's
        /// `routes` command and the tools; not public, so the runtime's surface stays what an app calls.
        package var summary: String {
            var lines = ["\(rules.count) rule(s)"]
            if let webFallback { lines.append("web fallback: \(webFallback)") }
            for rule in rules {
                let effect =
                    switch rule.effect {
                    case .redirectToPath(let path): "redirects to \(path)"
                    case .redirectToAction(let action): "redirects to \(action)"
                    case .degrade(let url): "degrades to the web page \(url)"
                    case .disable(let reason): "disabled" + (reason.map { ": \($0)" } ?? "")
                    }
                lines.append("\(rule.match) \(effect)")
            }
            return lines.joined(separator: "\n")
        }

        /// Reads a configuration from its JSON document, checking its shape (not yet the catalog).
        ///
        /// The document is read strictly: UTF-8 JSON, each key at most once per object (a repeated key is
        /// refused and named, where a JSON library would keep one silently), and every value of the type
        /// the format says: `"version": true` or `"disabled": 1` are problems, not `1` and `true`.
        ///
        /// The Foundation bridge's `init(json: Data)` reads a document through this one.
        /// - Parameter json: The document's bytes.
        /// - Throws: ``MediatorError/Code/invalidRouteConfiguration`` listing every problem found.
        package init(jsonBytes json: [UInt8]) throws {
            let root: JSONValue
            do {
                root = try StrictJSON.parse(json)
            } catch {
                throw MediatorError.invalidRouteConfiguration(problems: [error.message])
            }
            guard case .object(let object) = root else {
                throw MediatorError.invalidRouteConfiguration(problems: ["the document must be a JSON object, not \(root.kind)"])
            }
            var problems: [String] = []
            for key in object.keys.sorted() where !["version", "webFallback", "rules"].contains(key) {
                problems.append("unknown top-level key \"\(key)\"")
            }
            switch object["version"] {
            case nil:
                problems.append("\"version\": 1 is required")
            case .number(let text):
                if let version = Int(text), version == 1 {
                    break
                }
                problems.append("version \(text) is not supported; use 1")
            case .some(let value):
                problems.append("\"version\" must be the number 1, not \(value.kind)")
            }
            var webFallback: ActionReference?
            if let value = object["webFallback"] {
                webFallback = Self.reference(value, at: "webFallback", problems: &problems)
            }
            var rules: [Rule] = []
            switch object["rules"] {
            case nil:
                break
            case .array(let list):
                for (index, item) in list.enumerated() {
                    if let rule = Self.rule(item, at: "rules[\(index)]", problems: &problems) { rules.append(rule) }
                }
            case .some(let value):
                problems.append("\"rules\" must be an array, not \(value.kind)")
            }
            guard problems.isEmpty else { throw MediatorError.invalidRouteConfiguration(problems: problems) }
            self.init(webFallback: webFallback, rules: rules)
        }

        private static func reference(_ value: JSONValue, at path: String, problems: inout [String]) -> ActionReference? {
            guard case .object(let object) = value else {
                problems.append("\(path) must be an object {\"target\": ..., \"action\": ...}, not \(value.kind)")
                return nil
            }
            for key in object.keys.sorted() where key != "target" && key != "action" {
                problems.append("\(path) has unknown key \"\(key)\"")
            }
            guard case .string(let target) = object["target"], case .string(let action) = object["action"] else {
                problems.append("\(path) needs string \"target\" and \"action\"")
                return nil
            }
            return ActionReference(target: target, action: action)
        }

        private static func rule(_ value: JSONValue, at path: String, problems: inout [String]) -> Rule? {
            guard case .object(let object) = value else {
                problems.append("\(path) must be an object, not \(value.kind)")
                return nil
            }
            let known: Set = ["pattern", "target", "action", "redirectTo", "degradeTo", "disabled", "reason"]
            for key in object.keys.sorted() where !known.contains(key) {
                problems.append("\(path) has unknown key \"\(key)\"")
            }
            let before = problems.count
            var match: Match?
            switch (object["pattern"], object["target"], object["action"]) {
            case (.string(let pattern), nil, nil):
                match = .pattern(pattern)
            case (nil, .string(let target), .string(let action)):
                match = .action(ActionReference(target: target, action: action))
            default:
                problems.append("\(path) must match either a string \"pattern\" or a string \"target\" and \"action\"")
            }
            let effects = ["redirectTo", "degradeTo", "disabled"].filter { object[$0] != nil }
            guard effects.count == 1 else {
                problems.append("\(path) must have exactly one of \"redirectTo\", \"degradeTo\", \"disabled\"")
                return nil
            }
            var effect: Effect?
            switch (effects[0], object[effects[0]]) {
            case ("redirectTo", .string(let template)):
                effect = .redirectToPath(template)
            case ("redirectTo", .some(let value)):
                if case .object = value {
                    effect = reference(value, at: "\(path).redirectTo", problems: &problems).map(Effect.redirectToAction)
                } else {
                    problems.append("\(path).redirectTo must be a path string or an action object, not \(value.kind)")
                }
            case ("degradeTo", .string(let url)):
                effect = .degrade(webURL: url)
            case ("degradeTo", let value):
                problems.append("\(path).degradeTo must be a URL string, not \(value?.kind ?? "missing")")
            case (_, .bool(true)):
                switch object["reason"] {
                case nil: effect = .disable(reason: nil)
                case .string(let reason): effect = .disable(reason: reason)
                case .some(let value): problems.append("\(path).reason must be a string, not \(value.kind)")
                }
            case (_, let value):
                // Only the JSON literal `true`: `1`, `"true"` and `false` do not disable anything.
                let found = value.map { $0 == .bool(false) ? "false" : $0.kind } ?? "missing"
                problems.append("\(path).disabled must be true, not \(found)")
            }
            if object["reason"] != nil, effects[0] != "disabled" {
                problems.append("\(path).reason applies only to disabled rules")
            }
            guard problems.count == before, let match, let effect else { return nil }
            return Rule(match: match, effect: effect)
        }
    }
}
