import Foundation
import Mediator
import MediatorTestSupport
import MediatorTesting
import Testing

@testable import MediatorPublishing

/// Routes whose literals each platform compares differently: escapes, a dot, a star, a space, an
/// encoded slash; placeholders inside and at the end; optional groups; wildcards; a scoped pattern
/// and a local action, which web links never reach.
private struct HardLiteralsTarget: MediatorTarget {
    static let targetName = "Hard"
    static let actions: [MediatorAction<Self>] = [
        MediatorAction("cafe", exposure: .remote, urlPatterns: ["/caf%C3%A9"]) { _, _ in 0 },
        // The same text to a reader, other bytes to the router: `e` and a combining acute accent.
        MediatorAction("cafeDecomposed", exposure: .remote, urlPatterns: ["/cafe%CC%81"]) { _, _ in 0 },
        MediatorAction("percent", exposure: .remote, urlPatterns: ["/100%25/:id"]) { _, _ in 0 },
        MediatorAction("dotted", exposure: .remote, urlPatterns: ["/a.b/*rest"]) { _, _ in 0 },
        MediatorAction("star", exposure: .remote, urlPatterns: ["/star%2A/:id"]) { _, _ in 0 },
        MediatorAction("space", exposure: .remote, urlPatterns: ["/sp%20ace"]) { _, _ in 0 },
        MediatorAction("slash", exposure: .remote, urlPatterns: ["/slash/a%2Fb"]) { _, _ in 0 },
        MediatorAction("product", exposure: .remote, urlPatterns: ["/product/:id(/:slug)"]) { _, _ in 0 },
        MediatorAction("reviews", exposure: .remote, urlPatterns: ["/product/:id/reviews"]) { _, _ in 0 },
        MediatorAction("help", exposure: .remote, urlPatterns: ["/help/*topic"]) { _, _ in 0 },
        MediatorAction("files", exposure: .remote, urlPatterns: ["/files/:volume/*path"]) { _, _ in 0 },
        MediatorAction("cart", exposure: .remote, urlPatterns: ["/cart"]) { _, _ in 0 },
        MediatorAction("panel", exposure: .remote, urlPatterns: ["shop://panel"]) { _, _ in 0 },
        MediatorAction("wipe", urlPatterns: []) { _, _ in 0 },
    ]
}

/// A URL to try, why it is there, and which of a platform's documented limits it may meet.
private struct Candidate: CustomStringConvertible {
    let url: String
    let why: String
    /// Apple's format cannot claim this form although the router opens it (documented).
    var appleMayMiss = false
    /// Android's format cannot claim this form although the router opens it (documented).
    var androidMayMiss = false
    var description: String { "\(url) (\(why))" }
}

/// The links to check and the router that says what they open.
private struct LinkedApp {
    let name: String
    let links: MediatorLinks
    let opens: (String) -> Bool
}

/// The association files checked against the platforms' own matching rules
/// (`AndroidIntentMatching`, `AppleComponentMatching`): for the app's published example URLs and
/// near misses of each (a trailing slash, empty segments, a segment more or less, a character more
/// or less, another case, another spelling of the same characters, another host or scheme), a
/// platform claims a URL exactly when the router opens it, apart from the limits the PublishedLinks
/// article documents, each of which is modelled here on its own.
@Suite("Published links: association files match what the router opens")
struct AssociationMatchingTests {
    static let appID = "ABCDE12345.com.example.shop"

    private static func hardLiterals() throws -> LinkedApp {
        let mediator = Mediator()
        try mediator.register(HardLiteralsTarget())
        mediator.registerScheme("shop")
        mediator.registerWebHost("shop.example")
        mediator.registerWebHost("WWW.Shop.Example")
        try mediator.checkRegistrations()
        return LinkedApp(name: "hard literals", links: try mediator.publishedLinks(), opens: mediator.canOpen)
    }

    /// The example App's committed links, opened by a router built from those same links.
    private static func exampleApp() throws -> LinkedApp {
        let url = PackageFiles.url("App/links.json")
        let links = try MediatorLinks(json: Data(contentsOf: url))
        let mediator = Mediator()
        for target in Set(links.actions.map(\.target)).sorted() {
            let actions = links.actions.filter { $0.target == target }.map { action -> MediatorAction<Void> in
                let patterns = action.routes.filter(\.isWebLink).map(\.path)
                let handler: @Sendable ((), MediatorParameters) throws -> Int = { _, _ in 0 }
                return MediatorAction(action.action, exposure: .remote, urlPatterns: patterns, handler: handler)
            }
            try mediator.register(targetNamed: target, actions: actions)
        }
        links.webHosts.forEach { mediator.registerWebHost($0) }
        try mediator.checkRegistrations()
        return LinkedApp(name: "the example App (App/links.json)", links: links, opens: mediator.canOpen)
    }

    // MARK: The ports, against the platforms' documented examples

    @Test("the PatternMatcher port behaves as AOSP's, quirks included")
    func patternMatcherPort() {
        let cases: [(String, String, AndroidIntentMatching.PatternType, Bool)] = [
            ("/.*", "/anything/at/all", .simpleGlob, true),
            (".*", "", .simpleGlob, true),
            ("/a*b", "/aaab", .simpleGlob, true),
            ("/a*b", "/b", .simpleGlob, true),
            ("/\\*", "/*", .simpleGlob, true),
            ("/\\*", "/a", .simpleGlob, false),
            ("/a\\\\b", "/a\\b", .simpleGlob, true),
            ("/x..*", "/x", .simpleGlob, false),
            ("/x..*", "/xy/z", .simpleGlob, true),
            // `.*` runs to the first occurrence of the next character and never backtracks.
            ("/x.*y", "/xaybzy", .simpleGlob, false),
            ("/x.*/z", "/xa/b/z", .simpleGlob, false),
            // An escaped `.` is still any character when no `*` follows it.
            ("/a\\.b", "/axb", .simpleGlob, true),
            // A trailing `X*` is not matched by a string that is already used up.
            ("/a/*", "/a", .simpleGlob, false),
            ("/a/*", "/a//", .simpleGlob, true),
            ("/a", "/a", .literal, true),
            ("/a", "/ab", .literal, false),
            ("/a", "/ab", .prefix, true),
        ]
        for (pattern, path, type, expected) in cases {
            #expect(AndroidIntentMatching.matchPattern(path, pattern, type) == expected, "\(pattern) on \(path)")
        }
    }

    @Test("the intent-filter port follows IntentFilter.matchData: no host ignores paths, no path claims the host")
    func matchDataPort() {
        typealias Filter = AndroidIntentMatching.Filter
        let noHost = Filter(schemes: ["https"], hosts: [], paths: [("/only", .literal)])
        #expect(AndroidIntentMatching.claims(noHost, url: "https://anything.example/else"))
        let noPath = Filter(schemes: ["https"], hosts: ["shop.example"])
        #expect(AndroidIntentMatching.claims(noPath, url: "https://shop.example/any/path"))
        let full = Filter(schemes: ["https"], hosts: ["shop.example"], paths: [("/caf\u{E9}", .literal)])
        #expect(AndroidIntentMatching.claims(full, url: "https://SHOP.example:8443/caf%C3%A9"))
        #expect(!AndroidIntentMatching.claims(full, url: "https://shop.example/caf%25C3%25A9"))
        #expect(!AndroidIntentMatching.claims(full, url: "http://shop.example/caf%C3%A9"))
        #expect(!AndroidIntentMatching.claims(full, url: "https://other.example/caf%C3%A9"))
    }

    @Test("the components port follows Apple's documented examples")
    func componentsPort() {
        typealias Component = AppleComponentMatching.Component
        let components = [
            Component(path: "/help/website/*", exclude: true),
            Component(path: "/help/*", query: .items(["articleNumber": "????"])),
            Component(fragment: "nondeeplinking", exclude: true),
            Component(path: "/buy/*"),
            Component(path: "/Caf\u{E9}", caseSensitive: false, percentEncoded: false),
            Component(path: "/encoded/caf%C3%A9"),
        ]
        let hosts = ["shop.example"]
        let expectations: [(String, Bool)] = [
            ("https://shop.example/buy/shoes", true),
            ("https://shop.example/buy/", true),
            ("https://shop.example/buy", false),
            ("https://shop.example/buy/shoes#nondeeplinking", false),  // the exclusion comes first
            ("https://shop.example/buy/shoes#top", true),
            ("https://shop.example/x#nondeeplinking", false),
            ("https://shop.example/help/website/faq?articleNumber=1234", false),
            ("https://shop.example/help/faq?articleNumber=1234", true),
            ("https://shop.example/help/faq?articleNumber=123", false),
            ("https://shop.example/help/faq", false),
            ("https://shop.example/caf%C3%A9", true),
            ("https://shop.example/CAF%C3%89", true),
            ("https://shop.example/encoded/caf%C3%A9", true),
            ("https://shop.example/encoded/caf%c3%a9", false),
            ("https://Shop.Example/buy/x", true),
            ("http://shop.example/buy/x", false),
            ("https://other.example/buy/x", false),
        ]
        for (url, expected) in expectations {
            #expect(AppleComponentMatching.claims(components, hosts: hosts, url: url) == expected, "\(url)")
        }
    }

    // MARK: The generated files, URL by URL

    @Test("each platform claims exactly what the router opens, beyond the documented limits")
    func filesClaimWhatTheRouterOpens() throws {
        for app in [try Self.hardLiterals(), try Self.exampleApp()] {
            let xml = app.links.androidIntentFilters()
            let filters = AndroidIntentMatching.filters(inXML: xml)
            let components = try AppleComponentMatching.components(
                inAASA: app.links.appleAppSiteAssociation(appIDs: [Self.appID]), appID: Self.appID)
            let candidates = Self.candidates(app.links)
            var opened = 0
            for candidate in candidates {
                let opens = app.opens(candidate.url)
                if opens { opened += 1 }
                let path = Self.decodedSegments(candidate.url)
                let android = AndroidIntentMatching.claims(filters, url: candidate.url)
                let apple = AppleComponentMatching.claims(components, hosts: app.links.webHosts, url: candidate.url)
                // Never claimed beyond what the router opens and the documented reach of each format.
                #expect(
                    !android || opens || Self.androidReach(app.links, candidate.url, path),
                    "\(app.name): Android claims \(candidate)")
                #expect(
                    !apple || opens || Self.appleReach(app.links, candidate.url, path), "\(app.name): Apple claims \(candidate)")
                // Never missed, apart from the forms each format is documented not to claim.
                #expect(!opens || android || candidate.androidMayMiss, "\(app.name): Android misses \(candidate)")
                #expect(!opens || apple || candidate.appleMayMiss, "\(app.name): Apple misses \(candidate)")
            }
            // The enumeration reaches both sides: URLs that open and near misses that do not.
            #expect(opened > 20 && candidates.count - opened > 20, "\(app.name): \(opened) of \(candidates.count) open")
        }
    }

    @Test("each web host has its own intent filter, and each filter has a host and paths")
    func oneFilterPerHost() throws {
        let links = try Self.hardLiterals().links
        let filters = AndroidIntentMatching.filters(inXML: links.androidIntentFilters())
        #expect(filters.map(\.hosts) == [["shop.example"], ["www.shop.example"]])
        #expect(filters.allSatisfy { $0.schemes == ["https"] && !$0.paths.isEmpty })
    }

    @Test("no web host or no web-link route: no filter and no details, so nothing is claimed")
    func nothingToClaim() throws {
        let noHost = MediatorLinks(
            schemes: [.init(name: "shop", matchesGlobalRoutes: true)],
            actions: [.init(target: "T", action: "a", routes: [.init(path: "/a")])])
        let noRoute = MediatorLinks(
            webHosts: ["shop.example"],
            actions: [
                .init(
                    target: "T", action: "a", routes: [.init(path: "/a", scheme: "shop"), .init(path: "/T/a", kind: .convention)])
            ])
        for links in [noHost, noRoute] {
            let xml = links.androidIntentFilters()
            #expect(!xml.contains("<intent-filter"), "\(xml)")
            #expect(!xml.contains("<data"))
            #expect(!AndroidIntentMatching.claims(AndroidIntentMatching.filters(inXML: xml), url: "https://shop.example/a"))
            let aasa =
                try JSONSerialization.jsonObject(with: links.appleAppSiteAssociation(appIDs: [Self.appID])) as? [String: Any]
            #expect(((aasa?["applinks"] as? [String: Any])?["details"] as? [Any])?.isEmpty == true)
        }
    }

    @Test(
        "patterns the fuzzer found: the example URL of each shape that opens is claimed by both files",
        arguments: [
            // An encoded slash at the start of a literal: Android's `//*` took it as a separator.
            "//%2F,",
            // Backslashes, a byte order mark after an escape, a replacement character, a placeholder.
            #"/t/:a/\\\\%EF%BB%BF\\\\n\\\\\u{FFFD}\\quXnt/5"#,
            // An ampersand (written &amp;) before a combining mark, which joins the `;` in one Character.
            "/product/id(/:slug)/%CD%BE%26%26%CC%B9x",
            // A backslash, then a combining mark: one Character, so a String replacement did not
            // double the backslash for aapt; and a carriage return, written as a character reference.
            "/A(/)1u(/%0D/\\%D9%9CA)(/Yud)2",
        ])
    func fuzzFindings(pattern: String) throws {
        let mediator = Mediator()
        mediator.registerWebHost("shop.example")
        let handler: @Sendable ((), MediatorParameters) throws -> Int = { _, _ in 0 }
        try mediator.register(
            targetNamed: "Fuzzed",
            actions: [MediatorAction("linked", exposure: .remote, urlPatterns: [pattern], handler: handler)])
        let links = try mediator.publishedLinks()
        let filters = AndroidIntentMatching.filters(inXML: links.androidIntentFilters())
        let components = try AppleComponentMatching.components(
            inAASA: links.appleAppSiteAssociation(appIDs: [Self.appID]), appID: Self.appID)
        let routes = links.actions.flatMap(\.routes).filter(\.isWebLink)
        #expect(!routes.isEmpty)
        for route in routes {
            let url = "https://shop.example" + (Self.nearMisses(route).first?.url ?? "")
            #expect(mediator.canOpen(url), "\(url)")
            #expect(AndroidIntentMatching.claims(filters, url: url), "\(url)")
            #expect(AppleComponentMatching.claims(components, hosts: links.webHosts, url: url), "\(url)")
        }
    }

    // MARK: Candidates

    /// The published example URLs on every host, and near misses of each.
    private static func candidates(_ links: MediatorLinks) -> [Candidate] {
        var paths: [Candidate] = []
        for action in links.actions {
            for route in action.routes where route.isWebLink { paths += nearMisses(route) }
            // The action's own example, moved to the web when its route is one.
            if let example = action.example, let url = URLComponents(string: example), url.scheme != "https" {
                paths.append(Candidate(url: "/" + (url.host ?? "") + url.percentEncodedPath, why: "the example URL's path"))
            }
        }
        var result: [Candidate] = []
        for host in links.webHosts {
            for path in paths {
                result.append(
                    Candidate(
                        url: "https://\(host)\(path.url)", why: path.why, appleMayMiss: path.appleMayMiss,
                        androidMayMiss: path.androidMayMiss))
            }
        }
        if let host = links.webHosts.first {
            for path in paths {
                var upper = path
                upper = Candidate(
                    url: "https://\(host.uppercased())\(path.url)", why: path.why + ", the host in capitals",
                    appleMayMiss: path.appleMayMiss, androidMayMiss: path.androidMayMiss)
                result.append(upper)
                result.append(Candidate(url: "http://\(host)\(path.url)", why: path.why + ", over http"))
                result.append(Candidate(url: "https://evil.example\(path.url)", why: path.why + ", on another host"))
                result.append(
                    Candidate(url: "https://\(host).evil.example\(path.url)", why: path.why + ", on a host that ends like it"))
            }
        }
        return result
    }

    /// A route's example path (placeholders `1`, a wildcard empty) and its near misses.
    private static func nearMisses(_ route: MediatorLinks.Route) -> [Candidate] {
        let segments = route.path.split(separator: "/").map(String.init)
        let sample = segments.compactMap { $0.hasPrefix(":") ? "1" : $0.hasPrefix("*") ? nil : $0 }
        let last = segments.last ?? ""
        let endsInLiteral = !last.isEmpty && !last.hasPrefix(":") && !last.hasPrefix("*")
        // Apple has no escape for its wildcards: a route whose literal holds `*` or `?` is written
        // percent-encoded, and only that spelling is claimed.
        let encodedOnly = segments.contains {
            !$0.hasPrefix(":") && !$0.hasPrefix("*") && ($0.contains("%2A") || $0.contains("%3F"))
        }
        let path = "/" + sample.joined(separator: "/")
        func join(_ parts: [String]) -> String { "/" + parts.joined(separator: "/") }

        var result = [
            Candidate(url: path, why: "a published example"),
            Candidate(url: path + "/", why: "a trailing slash", appleMayMiss: sample.isEmpty),
            Candidate(
                url: path + (sample.isEmpty ? "/" : "//"), why: "two trailing slashes",
                appleMayMiss: endsInLiteral || sample.isEmpty),
            Candidate(url: "/" + path, why: "an empty first segment", appleMayMiss: true),
            Candidate(url: join(sample + ["zz"]), why: "a segment more"),
            Candidate(url: path + "?ref=mail&x=%20#top", why: "a query and a fragment"),
        ]
        if sample.count >= 2 {
            result.append(
                Candidate(url: join([sample[0], ""] + sample.dropFirst()), why: "an empty segment inside", appleMayMiss: true))
            result.append(Candidate(url: join(Array(sample.dropLast())), why: "a segment less"))
        }
        if !sample.isEmpty {
            result.append(Candidate(url: path + "x", why: "a character more"))
            result.append(Candidate(url: String(path.dropLast()), why: "a character less"))
        }
        for (index, segment) in segments.enumerated() where !segment.hasPrefix(":") && !segment.hasPrefix("*") {
            guard let sampleIndex = sampleIndex(of: index, in: segments) else { continue }
            func replaced(_ text: String) -> String {
                var parts = sample
                parts[sampleIndex] = text
                return join(parts)
            }
            if let first = segment.unicodeScalars.first, first.properties.isAlphabetic, first.isASCII {
                let flipped =
                    segment.prefix(1).uppercased() == segment.prefix(1)
                    ? segment.prefix(1).lowercased() : segment.prefix(1).uppercased()
                result.append(Candidate(url: replaced(flipped + segment.dropFirst()), why: "a literal in another case"))
                // The same characters, needlessly escaped: the router decodes before comparing.
                let escaped = String(format: "%%%02X", first.value) + segment.dropFirst()
                result.append(Candidate(url: replaced(escaped), why: "a literal's letter escaped", appleMayMiss: encodedOnly))
            }
            if segment.range(of: "%[0-9A-F][A-F]|%[A-F][0-9A-F]", options: .regularExpression) != nil {
                result.append(
                    Candidate(url: replaced(lowercasedEscapes(segment)), why: "lowercase escapes", appleMayMiss: encodedOnly))
            }
            if segment.contains("%2A") {
                result.append(
                    Candidate(
                        url: replaced(segment.replacingOccurrences(of: "%2A", with: "*")), why: "a raw star", appleMayMiss: true))
            }
            if segment.contains(".") {
                result.append(
                    Candidate(url: replaced(segment.replacingOccurrences(of: ".", with: "x")), why: "another character for a dot")
                )
            }
            if segment.contains("%2F") {
                result.append(
                    Candidate(
                        url: replaced(segment.replacingOccurrences(of: "%2F", with: "/")), why: "an encoded slash written raw"))
            }
        }
        // A placeholder's value with an encoded slash: one segment to the router, two to Android's
        // decoded path, which a placeholder inside the path does not take.
        for (index, segment) in segments.enumerated() where segment.hasPrefix(":") {
            guard let sampleIndex = sampleIndex(of: index, in: segments) else { continue }
            var parts = sample
            parts[sampleIndex] = "a%2Fb"
            result.append(
                Candidate(url: join(parts), why: "an encoded slash in a value", androidMayMiss: index < segments.count - 1))
        }
        return result
    }

    private static func sampleIndex(of index: Int, in segments: [String]) -> Int? {
        segments[index].hasPrefix("*") ? nil : segments[..<index].filter { !$0.hasPrefix("*") }.count
    }

    private static func lowercasedEscapes(_ text: String) -> String {
        var result = ""
        var remaining = 0
        for character in text {
            if character == "%" {
                remaining = 2
                result.append(character)
            } else if remaining > 0 {
                remaining -= 1
                result += character.lowercased()
            } else {
                result.append(character)
            }
        }
        return result
    }

    // MARK: The documented reach of each format beyond what the router opens

    /// The URL's decoded path segments as a platform sees them, empty segments dropped.
    private static func decodedSegments(_ url: String) -> [String] {
        (URLComponents(string: url)?.path ?? "").split(separator: "/").map(String.init)
    }

    /// Android may also claim, on a registered host over https, a path that a web-link route would
    /// match if a placeholder at its end took one or more segments, a `.` in a literal any character,
    /// and an encoded slash in a literal were a separator (Android compares decoded paths).
    private static func androidReach(_ links: MediatorLinks, _ url: String, _ path: [String]) -> Bool {
        guard onRegisteredHost(links, url) else { return false }
        return webShapes(links).contains { shape in
            reach(shape, path, dotIsAny: true, placeholderTakesMore: { $0 == shape.count - 1 })
        }
    }

    /// Apple may also claim a path that a route would match if any placeholder took one or more
    /// segments (`?*` also matches `/`) and an encoded slash in a literal were a separator.
    private static func appleReach(_ links: MediatorLinks, _ url: String, _ path: [String]) -> Bool {
        guard onRegisteredHost(links, url) else { return false }
        return webShapes(links).contains { shape in reach(shape, path, dotIsAny: false, placeholderTakesMore: { _ in true }) }
    }

    private static func onRegisteredHost(_ links: MediatorLinks, _ url: String) -> Bool {
        guard let parts = URLComponents(string: url), parts.scheme == "https", let host = parts.host?.lowercased() else {
            return false
        }
        return links.webHosts.contains(host)
    }

    /// Each web-link route as segments: a decoded literal (split at its encoded slashes), `:` or `*`.
    private static func webShapes(_ links: MediatorLinks) -> [[String]] {
        links.actions.flatMap(\.routes).filter(\.isWebLink).map { route in
            route.path.split(separator: "/").flatMap { segment -> [String] in
                if segment.hasPrefix(":") { return [":"] }
                if segment.hasPrefix("*") { return ["*"] }
                return (String(segment).removingPercentEncoding ?? String(segment)).split(separator: "/").map { "=" + $0 }
            }
        }
    }

    private static func reach(_ shape: [String], _ path: [String], dotIsAny: Bool, placeholderTakesMore: (Int) -> Bool) -> Bool {
        func match(_ s: Int, _ p: Int) -> Bool {
            if s == shape.count { return p == path.count }
            let segment = shape[s]
            if segment == "*" { return true }
            guard p < path.count else { return false }
            if segment == ":" {
                let most = placeholderTakesMore(s) ? path.count - p : 1
                return (1...max(1, most)).contains { taken in p + taken <= path.count && match(s + 1, p + taken) }
            }
            let literal = Array(segment.dropFirst())
            let text = Array(path[p])
            guard literal.count == text.count, zip(literal, text).allSatisfy({ $0 == $1 || (dotIsAny && $0 == ".") }) else {
                return false
            }
            return match(s + 1, p + 1)
        }
        return match(0, 0)
    }
}
