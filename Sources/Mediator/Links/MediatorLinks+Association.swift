public import Foundation

extension MediatorLinks {
    /// The `apple-app-site-association` document for universal links: one `applinks` entry for these
    /// app IDs whose components are exactly the web-link routes (global patterns of remote actions),
    /// sorted, each with the action it reaches as its comment.
    ///
    /// Serve it at `https://<host>/.well-known/apple-app-site-association` on every web host. A
    /// placeholder becomes `?*` (one or more characters) and a trailing wildcard both the path
    /// without it and `/*`. The format has no way to say "one segment", so `?*` also matches a `/`:
    /// a deeper path opens the app, whose router then refuses it with
    /// ``MediatorError/Code/noRouteMatched``.
    /// - Parameter appIDs: The app IDs, `<Team ID>.<bundle ID>`.
    /// - Returns: UTF-8 JSON with sorted keys, ending with a newline.
    public func appleAppSiteAssociation(appIDs: [String]) -> Data {
        var components: [String: String] = [:]
        for action in actions {
            for route in action.routes where route.isWebLink {
                for path in Self.webPaths(route, placeholder: "?*", rest: "*") {
                    components[path] = components[path].map { $0 + ", " + action.label } ?? action.label
                }
            }
        }
        let document: [String: Any] = [
            "applinks": [
                "details": [
                    [
                        "appIDs": appIDs,
                        "components": components.keys.sorted().map { ["/": $0, "comment": components[$0] ?? ""] },
                    ]
                ]
            ]
        ]
        let options: JSONSerialization.WritingOptions = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        // Strings, arrays and dictionaries of them always serialize; an empty object if not.
        guard let data = try? JSONSerialization.data(withJSONObject: document, options: options) else {
            return Data("{}\n".utf8)
        }
        return data + Data("\n".utf8)
    }

    /// The Android App Links `<intent-filter>` for the same web hosts and paths as
    /// ``appleAppSiteAssociation(appIDs:)``: `https`, every registered host, and a `pathPattern` per
    /// web-link route (a placeholder is `..*`, one or more characters; a trailing wildcard both the
    /// path without it and `/.*`), to paste into the activity that handles the links.
    /// - Returns: The XML element, indented, ending with a newline.
    public func androidIntentFilters() -> String {
        var paths: Set<String> = []
        for action in actions {
            for route in action.routes where route.isWebLink {
                paths.formUnion(Self.webPaths(route, placeholder: "..*", rest: ".*", escape: Self.androidEscaped))
            }
        }
        var lines = [
            "<intent-filter android:autoVerify=\"true\">",
            "    <action android:name=\"android.intent.action.VIEW\" />",
            "    <category android:name=\"android.intent.category.DEFAULT\" />",
            "    <category android:name=\"android.intent.category.BROWSABLE\" />",
            "    <data android:scheme=\"https\" />",
        ]
        lines += webHosts.map { "    <data android:host=\"\(Self.xmlEscaped($0))\" />" }
        lines += paths.sorted().map { "    <data android:pathPattern=\"\(Self.xmlEscaped($0))\" />" }
        lines.append("</intent-filter>")
        return lines.joined(separator: "\n") + "\n"
    }

    /// A web-link route's paths in a wildcard syntax: literal segments (escaped), `placeholder` for
    /// each placeholder, and for a trailing wildcard the path without it plus `/` and `rest`.
    static func webPaths(
        _ route: Route, placeholder: String, rest: String, escape: (Substring) -> String = { String($0) }
    ) -> [String] {
        var prefix = ""
        for segment in route.segments {
            if segment.hasPrefix("*") {
                return [prefix.isEmpty ? "/" : prefix, prefix + "/" + rest]
            }
            prefix += "/" + (segment.hasPrefix(":") ? placeholder : escape(segment))
        }
        return [prefix.isEmpty ? "/" : prefix]
    }

    /// A literal segment for Android's `pathPattern`, where `.` and `*` are special and `\\` escapes.
    private static func androidEscaped(_ segment: Substring) -> String {
        var result = ""
        for character in segment {
            if character == "." || character == "*" || character == "\\" { result += "\\\\" }
            result.append(character)
        }
        return result
    }

    /// Text for an XML attribute value.
    private static func xmlEscaped(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "\"", with: "&quot;")
            .replacingOccurrences(of: "<", with: "&lt;").replacingOccurrences(of: ">", with: "&gt;")
    }
}
