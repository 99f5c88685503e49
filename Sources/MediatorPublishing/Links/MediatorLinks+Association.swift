public import Foundation
import MediatorCore

extension MediatorLinks {
    /// The `apple-app-site-association` document for universal links: one `applinks` entry for these
    /// app IDs whose components match the paths the router opens on a web host, sorted, each with the
    /// actions it reaches as its comment; no entry when there is no web host or no web-link route.
    ///
    /// Serve the same document at `https://<host>/.well-known/apple-app-site-association` on each web
    /// host: web links match global patterns only, so every host opens the same paths. Literal segments
    /// are written decoded with `"percentEncoded": false`, so Apple compares decoded paths as the
    /// router does (`/caf%c3%a9` and `/caf%C3%A9` both match `/café`), and case-sensitively. A
    /// placeholder is `?*` (one or more characters), a path ending in a literal also matches with a
    /// trailing slash, and a trailing wildcard matches the path without it and `/*`. What the format
    /// cannot say is listed in the PublishedLinks article: `?*` also matches a `/`, so a deeper path
    /// opens the app, whose router refuses it with `MediatorError.Code.noRouteMatched`; an empty
    /// segment inside the path (`/cart//add`) is not claimed.
    /// - Parameter appIDs: The app IDs, `<Team ID>.<bundle ID>`.
    /// - Returns: UTF-8 JSON with sorted keys, ending with a newline.
    public func appleAppSiteAssociation(appIDs: [String]) -> Data {
        var components: [AppleComponent: [String]] = [:]
        if !webHosts.isEmpty {
            for action in actions {
                for route in action.routes where route.isWebLink {
                    for component in Self.appleComponents(route) { components[component, default: []].append(action.label) }
                }
            }
        }
        let sorted = components.keys.sorted { (lhs: AppleComponent, rhs: AppleComponent) -> Bool in
            lhs.path.utf8.elementsEqual(rhs.path.utf8)
                ? (lhs.percentEncoded ?? true) && rhs.percentEncoded == false
                : lhs.path.utf8.lexicographicallyPrecedes(rhs.path.utf8)
        }
        let entries = sorted.map { component in
            AppleComponent.Entry(
                path: component.path, percentEncoded: component.percentEncoded,
                comment: Array(Set(components[component] ?? [])).sorted().joined(separator: ", "))
        }
        let document = AppleDocument(
            applinks: .init(details: entries.isEmpty ? [] : [.init(appIDs: appIDs, components: entries)]))
        return StableJSON.data(document)
    }

    /// The Android App Links `<intent-filter>` elements for the paths the router opens on a web host:
    /// one filter per host, each with `https`, the host and a `pathPattern` per path shape, to paste
    /// into the activity that handles the links; only a comment when there is no web host or no
    /// web-link route (a filter without paths would claim every path of its host, and one without
    /// a host every `https` URL).
    ///
    /// Android matches `pathPattern` against the decoded path with its `PatternMatcher` simple glob
    /// (`.` any character, `X*` zero or more of `X`, `\` escapes; `.*` runs to the next character of
    /// the pattern without backtracking), so literal segments are written decoded and escaped, and
    /// every `/` before a segment is `//*`, one or more slashes, as the router drops empty segments;
    /// a path ending in a literal also matches with trailing slashes (`/*`).
    /// A placeholder is `..*`: inside the path it ends at the next `/`, at the end it takes the rest,
    /// so a deeper path opens the app, whose router refuses it with `MediatorError.Code.noRouteMatched`.
    /// - Returns: The XML elements, indented, ending with a newline.
    public func androidIntentFilters() -> String {
        // Keyed by bytes: `String` equality is canonical equivalence, and the router tells `café`
        // from `cafe` + U+0301 apart, so both patterns must stay.
        var patterns: [[UInt8]: String] = [:]
        for action in actions {
            for route in action.routes where route.isWebLink {
                for pattern in Self.androidPatterns(route) { patterns[Array(pattern.utf8)] = pattern }
            }
        }
        guard !webHosts.isEmpty, !patterns.isEmpty else {
            return "<!-- No App Links: the app has no web host or no global URL pattern on a remote action. -->\n"
        }
        var lines: [String] = []
        for host in webHosts {
            if !lines.isEmpty { lines.append("") }
            lines += [
                "<intent-filter android:autoVerify=\"true\">",
                "    <action android:name=\"android.intent.action.VIEW\" />",
                "    <category android:name=\"android.intent.category.DEFAULT\" />",
                "    <category android:name=\"android.intent.category.BROWSABLE\" />",
                "    <data android:scheme=\"https\" />",
                "    <data android:host=\"\(Self.xmlEscaped(host))\" />",
            ]
            let sorted = patterns.sorted { $0.key.lexicographicallyPrecedes($1.key) }.map(\.value)
            lines += sorted.map { "    <data android:pathPattern=\"\(Self.xmlEscaped(Self.aaptEscaped($0)))\" />" }
            lines.append("</intent-filter>")
        }
        return lines.joined(separator: "\n") + "\n"
    }
}

extension MediatorLinks {
    /// One `components` entry of the Apple document, before its comment is added.
    struct AppleComponent: Hashable {
        /// The `/` pattern.
        let path: String
        /// `false` when the literals are written decoded; `nil` (the default, `true`) when one holds
        /// `*` or `?`, which Apple reads as wildcards, so the component is written encoded.
        let percentEncoded: Bool?

        // Compared by bytes, as the router compares literals: `String` equality would merge
        // canonically equivalent paths (`café` and `cafe` + U+0301) that the router tells apart.
        static func == (lhs: Self, rhs: Self) -> Bool {
            lhs.percentEncoded == rhs.percentEncoded && lhs.path.utf8.elementsEqual(rhs.path.utf8)
        }

        func hash(into hasher: inout Hasher) {
            hasher.combine(percentEncoded)
            for byte in path.utf8 { hasher.combine(byte) }
        }

        struct Entry: Encodable {
            let path: String
            let percentEncoded: Bool?
            let comment: String

            enum CodingKeys: String, CodingKey {
                case path = "/"
                case percentEncoded, comment
            }
        }
    }

    private struct AppleDocument: Encodable {
        struct Details: Encodable {
            let appIDs: [String]
            let components: [AppleComponent.Entry]
        }
        struct Applinks: Encodable { let details: [Details] }
        let applinks: Applinks
    }

    /// What a web-link route's segment is, with a literal decoded as the router compares it.
    private enum WebSegment {
        case literal(String)
        case placeholder
        case wildcard
    }

    private static func webSegments(_ route: Route) -> [WebSegment] {
        route.segments.map { segment in
            if segment.hasPrefix(":") { return .placeholder }
            if segment.hasPrefix("*") { return .wildcard }
            return .literal(PercentEncoding.decode(segment) ?? String(segment))
        }
    }

    /// The Apple components matching a route's paths: the shape, with a trailing slash too when it
    /// ends in a literal; for a trailing wildcard, the path before it and everything below.
    static func appleComponents(_ route: Route) -> [AppleComponent] {
        let segments = webSegments(route)
        let wildcardLiteral = segments.contains { segment in
            if case .literal(let text) = segment { return text.unicodeScalars.contains { $0 == "*" || $0 == "?" } }
            return false
        }
        var parts: [String] = []
        for segment in segments {
            switch segment {
            case .literal(let text): parts.append(wildcardLiteral ? PercentEncoding.encode(text) : text)
            case .placeholder: parts.append("?*")
            case .wildcard:
                let prefix = parts.isEmpty ? "" : "/" + parts.joined(separator: "/")
                let paths = prefix.isEmpty ? ["/*"] : [prefix, prefix + "/*"]
                return paths.map { AppleComponent(path: $0, percentEncoded: wildcardLiteral ? nil : false) }
            }
        }
        let path = "/" + parts.joined(separator: "/")
        var paths = [path]
        if case .literal = segments.last { paths.append(path + "/") }
        return paths.map { AppleComponent(path: $0, percentEncoded: wildcardLiteral ? nil : false) }
    }

    /// The `pathPattern`s (as `PatternMatcher` reads them, before XML and aapt escaping) matching a
    /// route's paths, with any number of slashes between and after segments.
    static func androidPatterns(_ route: Route) -> [String] {
        var body = ""
        // Whether the body ends in a placeholder, whose `..*` at the end of a pattern takes the rest.
        var endsOpen = false
        for segment in webSegments(route) {
            switch segment {
            case .literal(let text):
                // Android compares the decoded path, where an encoded slash inside a literal is a
                // separator like the others: each part of the literal is a segment of its own.
                // By scalar: a `/` followed by a combining mark is one `Character`.
                for part in text.unicodeScalars.split(separator: "/") { body += "//*" + androidEscaped(String(part)) }
                endsOpen = false
            case .placeholder:
                body += "//*..*"
                endsOpen = true
            // "/.*" takes the path without the wildcard's segments and every path below it.
            case .wildcard: return body.isEmpty ? ["/.*"] : endsOpen ? [body] : [body, body + "/.*"]
            }
        }
        if body.isEmpty { return ["/", "//*"] }
        // Trailing slashes: `/*` after the last literal. `X*` at the very end of a pattern is not
        // matched by a path already used up, so the form without them is a pattern of its own.
        return endsOpen ? [body] : [body, body + "/*"]
    }

    /// A decoded literal for `PatternMatcher`: `.`, `*` and `\` escaped. A character XML 1.0 cannot
    /// hold (a C0 control other than tab, line feed and carriage return) becomes `.`, any character.
    private static func androidEscaped(_ text: String) -> String {
        var result = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case ".", "*", "\\":
                result += "\\"
                result.unicodeScalars.append(scalar)
            case "\u{0}"..."\u{8}", "\u{B}", "\u{C}", "\u{E}"..."\u{1F}", "\u{FFFE}", "\u{FFFF}":
                result += "."
            default:
                result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    /// The pattern as aapt reads an attribute value: a backslash starts an escape, so each is doubled
    /// (by scalar: a backslash followed by a combining mark is one `Character`, which a `String`
    /// replacement would leave alone).
    private static func aaptEscaped(_ pattern: String) -> String {
        var result = String.UnicodeScalarView()
        for scalar in pattern.unicodeScalars {
            if scalar == "\\" { result.append(scalar) }
            result.append(scalar)
        }
        return String(result)
    }

    /// Text for an XML attribute value; tab, line feed and carriage return as character references,
    /// since an XML reader turns them into spaces.
    private static func xmlEscaped(_ text: String) -> String {
        var result = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": result += "&amp;"
            case "\"": result += "&quot;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\t", "\n", "\r": result += "&#x\(String(scalar.value, radix: 16, uppercase: true));"
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result
    }
}
