import Foundation
import Mediator
import MediatorPublishing

/// What a user can open, for people: the schemes and hosts links use, the route configuration in
/// force, every action with its exposure, parameters (an enum's values listed), URL patterns and
/// convention route, and every event with its subscribers.
enum Routes {
    /// The table, one entry per line; a line may quote the route configuration (a reason, a
    /// pattern), so each is printed on its own and escaped.
    static func table(_ mediator: Mediator) -> [String] {
        let schemes = mediator.settings.schemes
        var lines = [
            "App schemes: " + (schemes.isEmpty ? "none" : schemes.map { "\($0)://" }.joined(separator: ", ")),
            "Web hosts:   " + list(mediator.settings.webHosts.map { "https://\($0)" }),
        ]
        lines += configuration(mediator.settings.routeConfiguration)
        lines.append("")
        lines.append("Actions: name(parameters) -> result  [exposure, execution]  URL patterns, then the convention route")
        for target in mediator.catalog().targets {
            lines.append("\(target.name)  \(target.summary)")
            for action in target.actions {
                let parameters = action.parameters.map { parameter in
                    let type = readable(parameter.type)
                    if parameter.required { return "\(parameter.name): \(type)" }
                    if let value = parameter.defaultValue { return "\(parameter.name): \(type) = \(value)" }
                    return "\(parameter.name): \(type.contains("->") ? "(\(type))" : type)?"
                }
                var routes = action.urlPatterns
                if action.exposure == .remote { routes += schemes.map { "\($0)://\(target.name)/\(action.name)" } }
                lines.append(
                    "  \(action.name)(\(parameters.joined(separator: ", "))) -> \(readable(action.result))"
                        + "  [\(action.exposure.rawValue), \(action.execution.rawValue)]"
                        + (routes.isEmpty ? "" : "  " + routes.joined(separator: "  ")))
                if !action.summary.isEmpty { lines.append("      \(action.summary)") }
                for parameter in action.parameters {
                    if let values = parameter.allowedValues {
                        lines.append("      \(parameter.name) is one of: \(values.joined(separator: ", "))")
                    }
                }
            }
        }
        lines += events(mediator.catalog())
        return lines
    }

    /// Every event with its payload, exposure, and subscribers in delivery order, one line each.
    private static func events(_ catalog: MediatorCatalog) -> [String] {
        var lines = ["", "Events: name(payload)  [exposure]  -> subscribers, in delivery order"]
        if catalog.events.isEmpty { lines.append("  none") }
        for event in catalog.events {
            lines.append(
                "  \(event.name)(\(readable(event.payload)))  [\(event.exposure.rawValue)]  -> "
                    + event.subscribers.joined(separator: ", "))
        }
        return lines
    }

    /// The route configuration's rules, one line each.
    private static func configuration(_ configuration: Mediator.RouteConfiguration?) -> [String] {
        guard let configuration else { return ["Route configuration: none"] }
        let lines = configuration.summary.split(separator: "\n").map(String.init)
        guard lines.count > 1 else { return ["Route configuration: none"] }
        return ["Route configuration: \(lines[0])"] + lines.dropFirst().map { "  \($0)" }
    }

    /// A type as people write it: no `@Sendable`, `Void` for `()`.
    static func readable(_ type: String) -> String {
        type.replacingOccurrences(of: "@Sendable ", with: "").replacingOccurrences(of: "-> ()", with: "-> Void")
    }

    private static func list(_ items: [String]) -> String { items.isEmpty ? "none" : items.joined(separator: ", ") }
}
