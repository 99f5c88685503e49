public import Foundation

/// Run-time changes to URL routing, loaded from a JSON document that iOS, Android and web can share:
/// redirect a route, degrade it to a web page, or disable it.
///
/// Apply one with ``Mediator/applyRouteConfiguration(_:)->_``. The document is checked as a whole,
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
public struct MediatorRouteConfiguration: Sendable, Equatable {
    /// A reference to one action of one target.
    public struct ActionReference: Sendable, Hashable, CustomStringConvertible {
        /// The target name.
        public var target: String
        /// The action name.
        public var action: String

        /// Creates a reference.
        /// - Parameters:
        ///   - target: The target name.
        ///   - action: The action name.
        public init(target: String, action: String) {
            self.target = target
            self.action = action
        }

        /// `"Target.action"`.
        public var description: String { "\(target).\(action)" }
    }

    /// What a rule applies to.
    public enum Match: Sendable, Equatable, CustomStringConvertible {
        /// URLs matching this pattern.
        case pattern(String)
        /// Every URL that reaches this action.
        case action(ActionReference)

        /// The pattern, or `"Target.action"`.
        public var description: String {
            switch self {
            case .pattern(let pattern): pattern
            case .action(let reference): reference.description
            }
        }
    }

    /// What a rule does.
    public enum Effect: Sendable, Equatable {
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
    public struct Rule: Sendable, Equatable {
        /// What the rule applies to.
        public var match: Match
        /// What it does.
        public var effect: Effect

        /// Creates a rule.
        /// - Parameters:
        ///   - match: What the rule applies to.
        ///   - effect: What it does.
        public init(match: Match, effect: Effect) {
            self.match = match
            self.effect = effect
        }
    }

    /// The action degraded routes call with their web URL as the `url` parameter.
    public var webFallback: ActionReference?
    /// The rules, in document order; at most one rule may apply to a route or an action.
    public var rules: [Rule]

    /// Creates a configuration from values.
    /// - Parameters:
    ///   - webFallback: The action degraded routes call.
    ///   - rules: The rules.
    public init(webFallback: ActionReference? = nil, rules: [Rule] = []) {
        self.webFallback = webFallback
        self.rules = rules
    }

    /// Reads a configuration from its JSON document, checking its shape (not yet the catalog).
    /// - Parameter json: The document.
    /// - Throws: ``MediatorError/Code/invalidRouteConfiguration`` listing every problem found.
    public init(json: Data) throws {
        let root: Any
        do {
            root = try JSONSerialization.jsonObject(with: json, options: [])
        } catch {
            throw MediatorError.invalidRouteConfiguration(problems: ["the document is not valid JSON (\(Self.describe(error)))"])
        }
        guard let object = root as? [String: Any] else {
            throw MediatorError.invalidRouteConfiguration(problems: ["the document must be a JSON object"])
        }
        var problems: [String] = []
        for key in object.keys.sorted() where !["version", "webFallback", "rules"].contains(key) {
            problems.append("unknown top-level key \"\(key)\"")
        }
        if let version = object["version"].flatMap(Self.integer) {
            if version != 1 { problems.append("version \(version) is not supported; use 1") }
        } else {
            problems.append("\"version\": 1 is required")
        }
        var webFallback: ActionReference?
        if let value = object["webFallback"] {
            webFallback = Self.reference(value, at: "webFallback", problems: &problems)
        }
        var rules: [Rule] = []
        if let value = object["rules"] {
            if let list = value as? [Any] {
                for (index, item) in list.enumerated() {
                    if let rule = Self.rule(item, at: "rules[\(index)]", problems: &problems) { rules.append(rule) }
                }
            } else {
                problems.append("\"rules\" must be an array")
            }
        }
        guard problems.isEmpty else { throw MediatorError.invalidRouteConfiguration(problems: problems) }
        self.init(webFallback: webFallback, rules: rules)
    }

    /// A JSON number as an integer; `JSONSerialization` hands numbers over as `NSNumber` on some platforms.
    private static func integer(_ value: Any) -> Int? {
        if let number = value as? Int { return number }
        if let number = value as? NSNumber, number.doubleValue == Double(number.intValue) { return number.intValue }
        return nil
    }

    /// A JSON boolean, whichever way the platform's `JSONSerialization` represents it.
    private static func boolean(_ value: Any) -> Bool? {
        if let flag = value as? Bool { return flag }
        return (value as? NSNumber)?.boolValue
    }

    private static func describe(_ error: any Error) -> String {
        (error as NSError).userInfo[NSDebugDescriptionErrorKey].map { "\($0)" } ?? "\(error)"
    }

    private static func reference(_ value: Any, at path: String, problems: inout [String]) -> ActionReference? {
        guard let object = value as? [String: Any] else {
            problems.append("\(path) must be an object {\"target\": ..., \"action\": ...}")
            return nil
        }
        for key in object.keys.sorted() where key != "target" && key != "action" {
            problems.append("\(path) has unknown key \"\(key)\"")
        }
        guard let target = object["target"] as? String, let action = object["action"] as? String else {
            problems.append("\(path) needs string \"target\" and \"action\"")
            return nil
        }
        return ActionReference(target: target, action: action)
    }

    private static func rule(_ value: Any, at path: String, problems: inout [String]) -> Rule? {
        guard let object = value as? [String: Any] else {
            problems.append("\(path) must be an object")
            return nil
        }
        let known: Set = ["pattern", "target", "action", "redirectTo", "degradeTo", "disabled", "reason"]
        for key in object.keys.sorted() where !known.contains(key) {
            problems.append("\(path) has unknown key \"\(key)\"")
        }
        let before = problems.count
        var match: Match?
        switch (object["pattern"], object["target"], object["action"]) {
        case (let pattern as String, nil, nil):
            match = .pattern(pattern)
        case (nil, let target as String, let action as String):
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
        switch effects[0] {
        case "redirectTo":
            if let template = object["redirectTo"] as? String {
                effect = .redirectToPath(template)
            } else if let reference = reference(object["redirectTo"] as Any, at: "\(path).redirectTo", problems: &problems) {
                effect = .redirectToAction(reference)
            }
        case "degradeTo":
            if let url = object["degradeTo"] as? String {
                effect = .degrade(webURL: url)
            } else {
                problems.append("\(path).degradeTo must be a URL string")
            }
        default:
            if object["disabled"].flatMap(Self.boolean) == true {
                effect = .disable(reason: object["reason"] as? String)
            } else {
                problems.append("\(path).disabled must be true")
            }
        }
        if object["reason"] != nil, !(object["reason"] is String) { problems.append("\(path).reason must be a string") }
        if object["reason"] != nil, effects[0] != "disabled" { problems.append("\(path).reason applies only to disabled rules") }
        guard problems.count == before, let match, let effect else { return nil }
        return Rule(match: match, effect: effect)
    }
}
