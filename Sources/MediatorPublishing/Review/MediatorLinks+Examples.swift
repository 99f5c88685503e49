import Foundation

extension MediatorLinks {
    /// One example link of one route: a URL built from the route's shape with sample values, as a
    /// tester would type it.
    public struct Example: Sendable, Equatable, Codable {
        /// The route the example was built from.
        public var route: Route
        /// The URL, or `nil` when a parameter's type has no sample value.
        public var url: String?
        /// Whether it is a web link (`https://host/…`) rather than an app-scheme link.
        public var isWebLink: Bool
        /// The value, as text, of each parameter the URL sets: what the action must receive.
        public var values: [String: String]

        /// Creates an example entry.
        /// - Parameters:
        ///   - route: The route.
        ///   - url: The URL, if one could be built.
        ///   - isWebLink: Whether it is a web link.
        ///   - values: The parameters the URL sets, as text.
        public init(route: Route, url: String?, isWebLink: Bool, values: [String: String] = [:]) {
            self.route = route
            self.url = url
            self.isWebLink = isWebLink
            self.values = values
        }
    }

    /// An example link for every route of an action, through the first app scheme that reaches the
    /// route and, for a web-link route, the first web host too: placeholders and the wildcard take
    /// the sample value of the parameter they name, required parameters the path does not capture
    /// go in the query. A route with no scheme or host that reaches it gets no example; one whose
    /// parameter has no sample value gets an example whose `url` is `nil`.
    /// - Parameter action: One of these links' actions.
    /// - Returns: The examples, in the action's route order.
    public func examples(of action: Action) -> [Example] {
        var result: [Example] = []
        for route in action.routes {
            let tail = route.path == "/" ? "" : String(route.path.dropFirst())
            var bases: [(String, Bool)] = []
            switch (route.kind, route.scheme) {
            case (.convention, _):
                if let scheme = schemes.first { bases.append(("\(scheme.name)://", false)) }
            case (.pattern, .some(let scheme)):
                bases.append(("\(scheme)://", false))
            case (.pattern, .none):
                if let scheme = schemes.first(where: \.matchesGlobalRoutes) { bases.append(("\(scheme.name)://", false)) }
                if let host = webHosts.first { bases.append(("https://\(host)/", true)) }
            }
            for (base, isWeb) in bases {
                let built = Self.example(of: action, path: tail, base: base)
                result.append(Example(route: route, url: built?.url, isWebLink: isWeb, values: built?.values ?? [:]))
            }
        }
        return result
    }

    /// The route's path with sample values, and the required parameters it does not capture as a query.
    private static func example(of action: Action, path: String, base: String) -> (url: String, values: [String: String])? {
        var values: [String: String] = [:]
        var captured: Set<String> = []
        var segments: [String] = []
        for segment in path.split(separator: "/", omittingEmptySubsequences: false) {
            guard let first = segment.first, first == ":" || first == "*" else {
                segments.append(String(segment))
                continue
            }
            let name = String(segment.dropFirst())
            captured.insert(name)
            let parameter = action.parameters.first { $0.name == name }
            guard let sample = parameter.map(sampleValue(of:)) ?? "example" else { return nil }
            if !name.isEmpty { values[name] = sample }
            segments.append(encoded(sample))
        }
        var query: [String] = []
        for parameter in action.parameters where parameter.required && !captured.contains(parameter.name) {
            guard let sample = sampleValue(of: parameter) else { return nil }
            values[parameter.name] = sample
            query.append("\(encoded(parameter.name))=\(encoded(sample))")
        }
        let url = base + segments.joined(separator: "/") + (query.isEmpty ? "" : "?" + query.joined(separator: "&"))
        return (url, values)
    }

    /// Text as one path segment or query value: everything but the unreserved characters escaped.
    private static func encoded(_ text: String) -> String {
        var allowed = CharacterSet.alphanumerics
        allowed.insert(charactersIn: "-._~")
        return text.addingPercentEncoding(withAllowedCharacters: allowed) ?? text
    }

    /// A value a link can carry for a parameter: an enum's first value, else a sample of its type.
    static func sampleValue(of parameter: Parameter) -> String? {
        parameter.allowedValues?.first ?? sampleValue(forType: parameter.type)
    }

    /// A value a URL can carry for a parameter of this type, if the type is a common one.
    static func sampleValue(forType type: String) -> String? {
        switch type {
        case "Int", "Int8", "Int16", "Int32", "Int64", "UInt", "UInt8", "UInt16", "UInt32", "UInt64": "1"
        case "Double", "Float", "Decimal": "1.5"
        case "Bool": "true"
        case "String", "Substring": "example"
        case "URL": "https://example.com/"
        case "UUID": "00000000-0000-0000-0000-000000000001"
        default: nil
        }
    }
}
