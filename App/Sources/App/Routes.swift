import Mediator

/// The catalog as a table for people: every action, its exposure, URL patterns and parameters.
enum Routes {
    static func table(_ catalog: MediatorCatalog) -> String {
        var lines: [String] = []
        for target in catalog.targets {
            lines.append("\(target.name)  \(target.summary)")
            for action in target.actions {
                let parameters = action.parameters.map { parameter in
                    let suffix = parameter.required ? "" : (parameter.defaultValue.map { " = \($0)" } ?? "?")
                    return "\(parameter.name): \(parameter.type)\(suffix)"
                }
                let patterns = action.urlPatterns.isEmpty ? "" : "  " + action.urlPatterns.joined(separator: " ")
                lines.append(
                    "  \(action.name)(\(parameters.joined(separator: ", "))) -> \(action.result)"
                        + "  [\(action.exposure.rawValue), \(action.execution.rawValue)]\(patterns)")
                if !action.summary.isEmpty { lines.append("      \(action.summary)") }
            }
        }
        return lines.joined(separator: "\n")
    }
}
