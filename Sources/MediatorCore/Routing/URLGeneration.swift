internal import MediatorText

/// Builds the URL for an action and parameters, such that opening it gives back the same values.
enum URLGeneration {
    /// The string forms a value travels as in a URL: one per element for arrays, `nil` when the
    /// value has no faithful string form (closures, model objects).
    static func strings(for value: any Sendable) -> [String]? {
        switch value {
        case let text as String: return [text]
        case let text as Substring: return [String(text)]
        case let flag as Bool: return [flag ? "true" : "false"]
        case let number as Int: return [String(number)]
        case let number as Double: return number.isFinite ? ["\(number)"] : nil
        case let number as Float: return number.isFinite ? ["\(number)"] : nil
        case let number as any BinaryInteger: return ["\(number)"]
        // A `UUID` or a `URL`: the Foundation bridge declares their text forms.
        case let value as any URLTextConvertible: return [value.urlText]
        case let list as [any Sendable]:
            var result: [String] = []
            for element in list {
                guard !(element is [any Sendable]), let forms = strings(for: element) else { return nil }
                result += forms
            }
            return result
        case let raw as any RawRepresentable:
            switch raw.rawValue {
            case let text as String: return [text]
            case let number as Int: return [String(number)]
            case let lossless as any LosslessStringConvertible: return [lossless.description]
            default: return nil
            }
        case let lossless as any LosslessStringConvertible:
            return [lossless.description]
        default:
            return nil
        }
    }

    /// Generates the URL; the caller checks that it routes back to the action.
    static func url(
        for entry: RouteSet.Action, with parameters: [String: any Sendable], scheme requested: String?, router: URLRouter
    ) throws -> String {
        let definition = entry.definition
        func failure(_ problem: String) -> MediatorError {
            .urlGenerationFailed(target: definition.target, action: definition.name, problem: problem)
        }
        guard definition.exposure == .remote else {
            throw MediatorError.remoteCallNotAllowed(target: definition.target, action: definition.name)
        }
        var values: [String: [String]] = [:]
        /// Keys whose value is a list: a wildcard takes its elements as segments, however many.
        var lists: Set<String> = []
        for (key, value) in parameters {
            if definition.nativeOnly.contains(key) {
                throw failure("parameter \(LogSafeText.quoted(key)) is native-only, so a URL cannot carry it")
            }
            guard let forms = strings(for: value) else {
                throw failure("parameter \(LogSafeText.quoted(key)) (\(type(of: value))) has no URL string form")
            }
            values[key] = forms
            if value is [any Sendable] { lists.insert(key) }
        }

        // The path: the first pattern's longest shape whose captures are all supplied, else the convention route.
        var segments: [String] = []
        var scheme = requested.map(ASCII.lowercased)
        if let pattern = entry.patterns.first {
            guard
                let shape = pattern.variants.first(where: { shape in
                    shape.allSatisfy { segment in
                        switch segment {
                        case .literal: true
                        // An empty value cannot be a path segment; a shorter shape carries it in the query.
                        case .placeholder(let name): values[name]?.count == 1 && values[name]?.first?.isEmpty == false
                        case .wildcard: true
                        }
                    }
                })
            else {
                let missing = pattern.captureNames.filter { values[$0]?.count != 1 }
                throw failure(
                    "pattern \(LogSafeText.quoted(pattern.text)) needs one value for "
                        + missing.map { LogSafeText.quoted($0) }.joined(separator: ", "))
            }
            for segment in shape {
                switch segment {
                case .literal(let text):
                    segments.append(encodeSegment(text))
                case .placeholder(let name):
                    let value = values.removeValue(forKey: name)?.first ?? ""
                    guard !value.isEmpty else { throw failure("placeholder \":\(name)\" cannot be empty in a path") }
                    segments.append(encodeSegment(value))
                case .wildcard(let name):
                    let given = values.removeValue(forKey: name) ?? []
                    if lists.contains(name) {
                        // A list's elements are the segments themselves; a `/` inside one stays inside it.
                        if given.contains(where: \.isEmpty) {
                            throw failure("wildcard \"\(name)\" cannot carry an empty segment")
                        }
                        segments += given.map(encodeSegment)
                    } else {
                        segments += wildcardSegments(given.first ?? "").map(encodeSegment)
                    }
                }
            }
            if let scoped = pattern.scheme {
                if let scheme, scheme != scoped {
                    throw failure(
                        "its pattern \(LogSafeText.quoted(pattern.text)) is scoped to the scheme \"\(scoped)\", not \(LogSafeText.quoted(scheme))"
                    )
                }
                scheme = scoped
            }
        } else {
            segments = [encodeSegment(definition.target), encodeSegment(definition.name)]
            if let scheme, router.fallsBack(scheme) == nil {
                throw failure("the convention route needs an app scheme, and \"\(scheme)\" is not one")
            }
        }

        var text: String
        let resolvedScheme =
            scheme ?? router.schemeOrder.first ?? (router.webHosts.isEmpty || entry.patterns.isEmpty ? nil : "https")
        guard let resolvedScheme else {
            throw failure("no app scheme is registered; call registerScheme(_:) or pass scheme:")
        }
        if resolvedScheme == "http", !router.options.acceptsHTTPWebLinks {
            throw failure("http web links are off; use https, or set Mediator.URLOptions.acceptsHTTPWebLinks")
        }
        if resolvedScheme == "https" || resolvedScheme == "http" {
            guard let host = router.webHosts.first else {
                throw failure("no web host is registered for \(resolvedScheme) URLs; call registerWebHost(_:)")
            }
            text = resolvedScheme + "://" + host + "/" + segments.joined(separator: "/")
        } else {
            guard router.fallsBack(resolvedScheme) != nil else {
                throw failure("\"\(resolvedScheme)\" is not a registered app scheme")
            }
            text = resolvedScheme + "://" + segments.joined(separator: "/")
        }

        var separator = "?"
        for key in values.keys.sorted() {
            for value in values[key] ?? [] {
                text += separator + PercentEncoding.encode(key) + "=" + PercentEncoding.encode(value)
                separator = "&"
            }
        }
        return text
    }

    /// A wildcard's text as segments that open back to the same text: split at each `/` between two
    /// non-empty parts, other slashes kept inside a segment (`a//b` → `a/`, `b`; `a/` → `a/`), since
    /// a URL's empty segments are dropped.
    static func wildcardSegments(_ text: String) -> [String] {
        var segments: [String] = []
        var current = ""
        for (index, part) in text.split(separator: "/", omittingEmptySubsequences: false).enumerated() {
            if index == 0 {
                current = String(part)
            } else if !current.isEmpty, !part.isEmpty {
                segments.append(current)
                current = String(part)
            } else {
                current += "/" + part
            }
        }
        if !current.isEmpty { segments.append(current) }
        return segments
    }

    /// Encodes one path segment; `.` and `..` are escaped so they are not read as dot segments.
    private static func encodeSegment(_ text: String) -> String {
        if text == "." { return "%2E" }
        if text == ".." { return "%2E%2E" }
        return PercentEncoding.encode(text)
    }
}
