import Foundation

/// How iOS decides that an `apple-app-site-association` file claims a URL, written from Apple's
/// documentation of `applinks.details[].components` (Supporting associated domains; the
/// `applinks` `Details` `Components` reference):
///
/// - The file is fetched per host, so a URL can only be claimed on a host the app lists (`applinks:`
///   entitlement; here, the links' web hosts), over `https`, hosts compared as DNS compares them.
/// - Components are evaluated in order and the first one that matches decides: it claims the URL,
///   or, with `"exclude": true`, refuses it. None matching refuses it.
/// - A component matches when each URL component it names matches: `"/"` the path, `"?"` the query
///   (a pattern for the whole query, or a dictionary whose every key must be a query item whose value
///   matches), `"#"` the fragment. A key left out matches anything.
/// - Patterns: `*` matches zero or more characters, `?` exactly one (so `?*` one or more); any
///   other character matches itself. `caseSensitive` (default `true`) and `percentEncoded` (default
///   `true`: the URL's components are compared as written, percent escapes and all; `false`: decoded).
enum AppleComponentMatching {
    struct Component {
        var path: String?
        var query: Query?
        var fragment: String?
        var exclude = false
        var caseSensitive = true
        var percentEncoded = true
    }

    enum Query: Decodable {
        case whole(String)
        case items([String: String])

        init(from decoder: any Decoder) throws {
            let container = try decoder.singleValueContainer()
            if let whole = try? container.decode(String.self) {
                self = .whole(whole)
            } else {
                self = .items(try container.decode([String: String].self))
            }
        }
    }

    /// The components of the first `details` entry that lists `appID`. Read with `JSONDecoder`:
    /// `JSONSerialization` in swift-corelibs-foundation drops a U+FEFF that follows an escape.
    static func components(inAASA data: Data, appID: String) throws -> [Component] {
        let document = try JSONDecoder().decode(Document.self, from: data)
        guard let entry = document.applinks.details.first(where: { $0.appIDs.contains(appID) }) else { return [] }
        return entry.components.map { item in
            Component(
                path: item.path, query: item.query, fragment: item.fragment, exclude: item.exclude ?? false,
                caseSensitive: item.caseSensitive ?? true, percentEncoded: item.percentEncoded ?? true)
        }
    }

    private struct Document: Decodable {
        struct Applinks: Decodable { let details: [Details] }
        struct Details: Decodable {
            let appIDs: [String]
            let components: [Item]
        }
        struct Item: Decodable {
            let path: String?
            let query: Query?
            let fragment: String?
            let exclude: Bool?
            let caseSensitive: Bool?
            let percentEncoded: Bool?

            enum CodingKeys: String, CodingKey {
                case path = "/"
                case query = "?"
                case fragment = "#"
                case exclude, caseSensitive, percentEncoded
            }
        }
        let applinks: Applinks
    }

    /// Whether the file's components claim the URL for an app whose associated domains are `hosts`.
    static func claims(_ components: [Component], hosts: [String], url: String) -> Bool {
        guard let parts = URLComponents(string: url), parts.scheme == "https", let host = parts.host,
            hosts.contains(where: { $0.lowercased() == host.lowercased() })
        else { return false }
        for component in components where matches(component, parts) { return !component.exclude }
        return false
    }

    static func matches(_ component: Component, _ url: URLComponents) -> Bool {
        let encoded = component.percentEncoded
        if let path = component.path, !glob(path, encoded ? url.percentEncodedPath : url.path, component.caseSensitive) {
            return false
        }
        switch component.query {
        case nil: break
        case .whole(let pattern):
            guard let query = encoded ? url.percentEncodedQuery : url.query, glob(pattern, query, component.caseSensitive) else {
                return false
            }
        case .items(let patterns):
            let items = (encoded ? url.percentEncodedQueryItems : url.queryItems) ?? []
            for (name, pattern) in patterns {
                guard let value = items.first(where: { $0.name == name })?.value, glob(pattern, value, component.caseSensitive)
                else { return false }
            }
        }
        if let pattern = component.fragment {
            guard let fragment = encoded ? url.percentEncodedFragment : url.fragment,
                glob(pattern, fragment, component.caseSensitive)
            else { return false }
        }
        return true
    }

    /// `*` zero or more characters, `?` exactly one, by Unicode scalar; backtracking as a glob does.
    static func glob(_ pattern: String, _ text: String, _ caseSensitive: Bool) -> Bool {
        let pattern = Array((caseSensitive ? pattern : pattern.lowercased()).unicodeScalars)
        let text = Array((caseSensitive ? text : text.lowercased()).unicodeScalars)
        var p = 0
        var t = 0
        var starP = -1
        var starT = 0
        while t < text.count {
            if p < pattern.count, pattern[p] == "?" || (pattern[p] != "*" && pattern[p] == text[t]) {
                p += 1
                t += 1
            } else if p < pattern.count, pattern[p] == "*" {
                starP = p
                starT = t
                p += 1
            } else if starP >= 0 {
                p = starP + 1
                starT += 1
                t = starT
            } else {
                return false
            }
        }
        while p < pattern.count, pattern[p] == "*" { p += 1 }
        return p == pattern.count
    }
}
