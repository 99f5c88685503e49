import MediatorCore

extension MediatorLinks {
    /// A Markdown reference of every link, for the people who write them (marketing, support,
    /// other apps): per action, the URL shapes for each app scheme and web host that reaches it,
    /// the parameters with their types, defaults, values and descriptions, and an example URL that
    /// opens it.
    /// - Parameter title: The document's title.
    /// - Returns: Markdown, the same for the same links.
    public func markdownReference(title: String = "Deep links") -> String {
        var lines = ["# \(title)", ""]
        lines.append("Generated from the app's route declarations; every example URL opens its action.")
        lines.append("")
        let schemeList = schemes.map { "`\($0.name)://`" }.joined(separator: ", ")
        let hostList = webHosts.map { "`https://\($0)`" }.joined(separator: ", ")
        lines.append("- App schemes: " + (schemeList.isEmpty ? "none" : schemeList))
        lines.append("- Web hosts: " + (hostList.isEmpty ? "none" : hostList))
        for action in actions {
            lines += ["", "## \(action.label)", ""]
            if !action.summary.isEmpty { lines += [Self.cell(action.summary), ""] }
            lines += ["| URL | Opened by |", "|---|---|"]
            for route in action.routes {
                for (url, by) in urls(of: route) { lines.append("| `\(url)` | \(by) |") }
            }
            if !action.parameters.isEmpty {
                lines += ["", "| Parameter | Type | Required | Default | Description |", "|---|---|---|---|---|"]
                for parameter in action.parameters {
                    let type =
                        parameter.allowedValues.map { "\(parameter.type): " + $0.joined(separator: ", ") } ?? parameter.type
                    lines.append(
                        "| `\(parameter.name)` | \(Self.cell(type)) | \(parameter.required ? "yes" : "no") | "
                            + "\(parameter.defaultValue.map { "`\(Self.cell($0))`" } ?? "") | \(Self.cell(parameter.summary)) |")
                }
            }
            lines += ["", action.example.map { "Example: `\($0)`" } ?? "No example: a required parameter has no sample value."]
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// The full URL shapes of a route, with what opens each.
    private func urls(of route: Route) -> [(url: String, by: String)] {
        let tail = route.path == "/" ? "" : String(route.path.dropFirst())
        switch (route.kind, route.scheme) {
        case (.convention, _):
            return schemes.map { ("\($0.name)://\(tail)", "the convention route") }
        case (.pattern, .some(let scheme)):
            return [("\(scheme)://\(tail)", "the \(scheme) scheme only")]
        case (.pattern, .none):
            return schemes.filter(\.matchesGlobalRoutes).map { ("\($0.name)://\(tail)", "app scheme") }
                + webHosts.map { ("https://\($0)/\(tail)", "web link (universal link, App Link)") }
        }
    }

    /// Text safe inside a table cell: one line, pipes escaped.
    private static func cell(_ text: String) -> String {
        text.split(whereSeparator: \.isNewline).joined(separator: " ").split(separator: "|", omittingEmptySubsequences: false)
            .joined(separator: "\\|")
    }
}
