import Foundation
import Mediator
import MediatorPublishing
import MediatorTesting
import Testing

/// Registers a value-defined target whose remote actions each return their own name and parameters.
func registerRoutes(
    _ mediator: Mediator, target: String, _ routes: [(action: String, patterns: [String])], exposure: MediatorExposure = .remote
) throws {
    try mediator.register(
        targetNamed: target,
        actions: routes.map { route in
            MediatorAction<Void>(route.action, exposure: exposure, urlPatterns: route.patterns) { _, p in
                "\(target).\(route.action) \(p.description)"
            }
        })
}

@Suite("URL routing")
struct URLRoutingTests {
    /// Routes declared in a scrambled order, so precedence cannot come from declaration order.
    static func precedenceMediator() throws -> Mediator {
        let mediator = Mediator()
        try registerRoutes(mediator, target: "W", [("wild", ["/a/*rest"]), ("deepWild", ["/a/b/*rest"])])
        try registerRoutes(mediator, target: "P", [("any", ["/a/:x"]), ("anyC", ["/a/:x/c"]), ("low", ["/p/:x"])])
        try registerRoutes(mediator, target: "L", [("ab", ["/a/b"]), ("abc", ["/a/b/c"]), ("high", ["/p/:y priority=5"])])
        mediator.registerScheme("app")
        return mediator
    }

    @Test(
        "literal beats placeholder beats wildcard, then priority",
        arguments: [
            ("app://a/b", "L.ab []"),
            ("app://a/z", "P.any [x: z]"),
            ("app://a/b/c", "L.abc []"),
            ("app://a/z/c", "P.anyC [x: z]"),
            ("app://a/b/d", "W.deepWild [rest: d]"),
            ("app://a/z/d", "W.wild [rest: z/d]"),
            ("app://a/b/c/d", "W.deepWild [rest: c/d]"),
            ("app://a/z/c/d/e", "W.wild [rest: z/c/d/e]"),
            ("app://p/1", "L.high [y: 1]"),
        ])
    func literalBeatsPlaceholderBeatsWildcard(url: String, expected: String) throws {
        let mediator = try Self.precedenceMediator()
        let result = try mediator.open(url, as: String.self)
        #expect(result == expected)
    }

    @Test(
        "a trailing wildcard matches zero or more segments, and a route ending there wins over it",
        arguments: [
            ("app://a", "W.wild [rest: ]"),
            ("app://a/", "W.wild [rest: ]"),
            ("app://a/b", "L.ab []"),
            ("app://a/b/", "L.ab []"),
        ])
    func trailingWildcardMatchesZeroOrMoreSegments(url: String, expected: String) throws {
        let mediator = try Self.precedenceMediator()
        #expect(try mediator.open(url, as: String.self) == expected)
    }

    @Test("a wildcard keeps its segments apart: each is decoded alone, and an encoded slash stays inside its segment")
    func wildcardKeepsItsSegmentsApart() throws {
        let mediator = Mediator()
        try mediator.register(
            targetNamed: "Files",
            actions: [
                MediatorAction<Void>(
                    "list", parameters: Segments.self, exposure: .remote, urlPatterns: ["/files/*path"]
                ) { _, p in try p.optionalValue("path", as: [String].self) ?? ["<none>"] },
                MediatorAction<Void>(
                    "joined", parameters: JoinedPath.self, exposure: .remote, urlPatterns: ["/joined/*path"]
                ) { _, p in try p.optionalValue("path", as: String.self) ?? "<none>" },
            ])
        mediator.registerScheme("app")
        #expect(try mediator.open("app://files/a/b%2Fc", as: [String].self) == ["a", "b/c"])
        #expect(try mediator.open("app://files/a/b/c", as: [String].self) == ["a", "b", "c"])
        #expect(try mediator.open("app://files/a%20b/%E2%9C%93", as: [String].self) == ["a b", "✓"])
        #expect(try mediator.open("app://files", as: [String].self) == [])
        // A String field receives the segments joined by "/", as the routing reference says.
        #expect(try mediator.open("app://joined/a/b/c", as: String.self) == "a/b/c")
        #expect(try mediator.open("app://joined", as: String.self) == "")
    }

    @Test("web links are https only unless the app opts in to http")
    func webLinksAreHTTPSOnlyByDefault() throws {
        let mediator = try makeURLMediator()
        #expect(mediator.canOpen("https://shop.example.com/product/7"))
        let refused = expectMediatorError(.unknownURLScheme) { try mediator.open("http://shop.example.com/product/7") }
        #expect(refused?.description.contains("acceptsHTTPWebLinks") == true)
        #expect(!mediator.canOpen("http://shop.example.com/product/7"))
        #expect(throws: MediatorError.self) { try mediator.url(for: "product", on: "Shop", with: ["id": 7], scheme: "http") }

        mediator.configure { $0.urlOptions = Mediator.URLOptions(acceptsHTTPWebLinks: true) }
        #expect(try mediator.open("http://shop.example.com/product/7", as: String.self) == "product 7 ref=-")
        #expect(
            try mediator.url(for: "product", on: "Shop", with: ["id": 7], scheme: "http") == "http://shop.example.com/product/7")
        // Opting in to http does not open other hosts.
        expectMediatorError(.unknownURLHost) { try mediator.open("http://evil.example.com/product/7") }
    }

    @Test("conflicting patterns are reported naming both, and the first registered wins")
    func conflictingPatternsAreReportedAndTheFirstWins() throws {
        let mediator = Mediator()
        try registerRoutes(mediator, target: "First", [("show", ["/item/:id"])])
        try registerRoutes(mediator, target: "Second", [("show", ["/item/:sku", "/fine/:id"])])
        mediator.registerScheme("app")
        let problems = expectMediatorError(.invalidRegistrations) { try mediator.checkRegistrations() }?.problems ?? []
        try #require(problems.count == 1)
        #expect(problems[0].contains("First.show") && problems[0].contains("Second.show"))
        #expect(problems[0].contains("/item/:sku") && problems[0].contains("/item/:id"))
        #expect(try mediator.open("app://item/7", as: String.self) == "First.show [id: 7]")
        #expect(try mediator.open("app://fine/7", as: String.self) == "Second.show [id: 7]")
    }

    @Test("validation reports invalid patterns and unreachable ones")
    func validationReportsInvalidAndUnreachablePatterns() throws {
        let mediator = Mediator()
        try registerRoutes(mediator, target: "T", [("bad", ["/a/*x/b", "/c(/:d", "/e/:e/:e", "no-slash"]), ("ok", ["/ok"])])
        try registerRoutes(mediator, target: "Local", [("hidden", ["/hidden"])], exposure: .local)
        mediator.registerScheme("app")
        mediator.registerScheme("https")
        let problems = expectMediatorError(.invalidRegistrations) { try mediator.checkRegistrations() }?.problems ?? []
        #expect(problems.count == 6, "\(problems)")
        #expect(problems.contains { $0.contains("Local.hidden") && $0.contains("local-only") })
        #expect(problems.contains { $0.contains("\"https\" cannot be an app scheme") })
        #expect(mediator.canOpen("app://ok"))
        #expect(!mediator.canOpen("app://hidden"))
        let error = expectMediatorError(.remoteCallNotAllowed) { try mediator.open("app://hidden") }
        #expect(error?.target == "Local")
        #expect(error?.action == "hidden")
    }

    @Test("validation reports a target whose declaration is unusable")
    func validationReportsUnusableDeclarations() throws {
        let mediator = Mediator()
        try registerRoutes(mediator, target: "T", [("ok", ["/ok"])])
        try mediator.register(
            targetNamed: "Twice", actions: [MediatorAction("go") { _, _ in 1 }, MediatorAction("go") { _, _ in 2 }])
        mediator.registerScheme("app")
        let problems = expectMediatorError(.invalidRegistrations) { try mediator.checkRegistrations() }?.problems ?? []
        #expect(problems.count == 1, "\(problems)")
        #expect(problems.first?.contains("target \"Twice\" is declared incorrectly") == true, "\(problems)")
        #expect(mediator.canOpen("app://ok"))
    }

    @Test("a registry with consistent routes validates")
    func cleanRegistryValidates() throws {
        try makeURLMediator().checkRegistrations()
    }

    @Test("a scheme can be scoped to its own routes or fall back to the global ones")
    func scopedSchemesAndFallbackToGlobalRoutes() throws {
        let mediator = Mediator()
        try registerRoutes(mediator, target: "T", [("global", ["/home"]), ("admin", ["admin://home"]), ("only", ["/only"])])
        mediator.registerScheme("app")
        mediator.registerScheme("admin", fallsBackToGlobalRoutes: false)
        mediator.registerWebHost("example.com")
        #expect(try mediator.open("app://home", as: String.self) == "T.global []")
        #expect(try mediator.open("admin://home", as: String.self) == "T.admin []")
        #expect(try mediator.open("https://example.com/home", as: String.self) == "T.global []")
        #expect(!mediator.canOpen("admin://only"))
        #expect(mediator.canOpen("app://only"))
        // The convention route works for any registered app scheme.
        #expect(try mediator.open("admin://T/only", as: String.self) == "T.only []")
    }

    @Test("unknown schemes and hosts are refused by name, listing the registered ones")
    func unknownSchemesAndHostsAreRefusedByName() throws {
        let mediator = try makeURLMediator()
        let scheme = expectMediatorError(.unknownURLScheme) { try mediator.open("FTP://product/1") }
        #expect(scheme?.available == ["shop"])
        #expect(scheme?.description.contains("\"ftp\"") == true)
        let host = expectMediatorError(.unknownURLHost) { try mediator.open("https://evil.example.com/product/1") }
        #expect(host?.available == ["shop.example.com"])
        #expect(host?.description.contains("\"evil.example.com\"") == true)
        #expect(!mediator.canOpen("https://shop.example.com.evil.com/product/1"))
        #expect(!mediator.canOpen("shop.example.com://product/1"))
        let unmatched = expectMediatorError(.noRouteMatched) { try mediator.open("shop://nowhere/at/all") }
        #expect(unmatched?.url == "shop://nowhere/at/all")
        #expect(unmatched?.description.contains("\"/nowhere/at/all\"") == true)
    }

    @Test("the unmatched-URL handler answers, and its redirects obey the remote policy")
    func unmatchedHandlerAnswersAndItsRedirectsObeyTheRemotePolicy() throws {
        let mediator = try makeURLMediator()
        let seen = Locked<[String]>([])
        mediator.configure {
            $0.unmatchedURLHandler = { request in
                seen.withLock { $0.append(request.pathSegments.joined(separator: "/")) }
                switch request.pathSegments.first {
                case "legacy":
                    return .redirect(target: "Shop", action: "product", parameters: ["id": request.queryParameters["p"] ?? ""])
                case "secret": return .redirect(target: "Shop", action: "wipe", parameters: [:])
                case "value": return .value("handled \(request.scheme)")
                default: return .notHandled
                }
            }
        }
        #expect(!mediator.canOpen("shop://legacy?p=3"))
        #expect(seen.withLock { $0 }.isEmpty)
        #expect(try mediator.open("shop://legacy?p=3", as: String.self) == "product 3 ref=-")
        #expect(try mediator.open("shop://value/x", as: String.self) == "handled shop")
        let refused = expectMediatorError(.remoteCallNotAllowed) { try mediator.open("shop://secret") }
        #expect(refused?.target == "Shop")
        #expect(refused?.action == "wipe")
        expectMediatorError(.noRouteMatched) { try mediator.open("shop://other") }
        #expect(seen.withLock { $0 } == ["legacy", "value/x", "secret", "other"])
        mediator.configure { $0.unmatchedURLHandler = nil }
        expectMediatorError(.noRouteMatched) { try mediator.open("shop://value/x") }
    }

    @Test("interceptor redirects of a URL call obey the remote policy")
    func interceptorRedirectsFromAURLObeyTheRemotePolicy() throws {
        struct ToWipe: MediatorInterceptor {
            func intercept(_ call: MediatorCall) throws -> MediatorCall.Decision {
                call.action == "product" ? .redirect(target: "Shop", action: "wipe") : .proceed
            }
        }
        let mediator = try makeURLMediator()
        mediator.configure { $0.interceptors.append(ToWipe()) }
        let error = expectMediatorError(.remoteCallNotAllowed) { try mediator.open("shop://product/1") }
        #expect(error?.target == "Shop")
        #expect(error?.action == "wipe")
        // A native call may still be redirected there.
        #expect(try mediator.perform("product", on: "Shop", with: ["id": 1], as: String.self) == "wiped")
    }

    @Test("placeholder values are validated by the declared types")
    func placeholdersAreValidatedByDeclaredTypes() throws {
        let mediator = try makeURLMediator()
        let invalid = expectMediatorError(.invalidParameter) { try mediator.open("shop://product/abc") }
        #expect(invalid?.parameter == "id")
        #expect(invalid?.expectedType == "Int")
        #expect(invalid?.target == "Shop")
        #expect(invalid?.action == "product")
        let missing = expectMediatorError(.missingParameter) { try mediator.open("shop://Shop/price") }
        #expect(missing?.parameter == "id")
        #expect(missing?.expectedType == "Int")
        #expect(missing?.target == "Shop")
        #expect(missing?.action == "price")
    }

    @Test("routes rebuild when targets change")
    func routesRebuildWhenTargetsChange() throws {
        let mediator = try makeURLMediator()
        #expect(!mediator.canOpen("shop://fresh"))
        try registerRoutes(mediator, target: "Fresh", [("show", ["/fresh"])])
        #expect(mediator.canOpen("shop://fresh"))
        mediator.unregister("Fresh")
        #expect(!mediator.canOpen("shop://fresh"))
    }

    @Test("URL options change how plus signs decode and how long a URL may be")
    func optionsChangeDecoding() throws {
        let mediator = try makeURLMediator()
        #expect(try mediator.open("shop://search/a+b", as: String.self) == "search a+b")
        mediator.configure { $0.urlOptions = Mediator.URLOptions(maximumLength: 30, decodesPlusAsSpace: true) }
        #expect(mediator.settings.urlOptions.maximumLength == 30)
        #expect(try mediator.open("shop://Shop/echo?q=a+b", as: String.self) == "[q: a b]")
        let error = expectMediatorError(.urlTooLong) { try mediator.open("shop://Shop/echo?q=0123456789012345") }
        #expect(error?.description.contains("limit of 30") == true)
    }

    @Test("the catalog lists patterns, exposure and which parameters a URL may set")
    func catalogListsPatternsExposureAndURLSettableParameters() throws {
        let mediator = try makeURLMediator()
        let shop = try #require(mediator.catalog().target(named: "Shop"))
        let search = try #require(shop.actions.first { $0.name == "search" })
        #expect(search.urlPatterns == ["/search(/:query)"])
        #expect(search.exposure == .remote)
        let pay = try #require(shop.actions.first { $0.name == "pay" })
        #expect(pay.parameters.map(\.acceptsURLValues) == [true, false])
        #expect(shop.actions.first { $0.name == "wipe" }?.exposure == .local)
    }

    @Test("a route among ten thousand is found as surely as among ten")
    func routeAmongManyIsFound() throws {
        func mediator(routes: Int) throws -> Mediator {
            let mediator = Mediator()
            try registerRoutes(mediator, target: "Many", (0..<routes).map { ("a\($0)", ["/r\($0)/:id/detail"]) })
            mediator.registerScheme("app")
            return mediator
        }
        let small = try mediator(routes: 10)
        let large = try mediator(routes: 10_000)
        #expect(try large.open("app://r9999/1/detail", as: String.self) == "Many.a9999 [id: 1]")
        #expect(try small.open("app://r9/1/detail", as: String.self) == "Many.a9 [id: 1]")
    }
}

/// A wildcard's segments, kept apart.
private struct Segments: MediatorInput {
    @Parameter var path: [String]?
}

/// A wildcard's segments, joined by "/".
private struct JoinedPath: MediatorInput {
    @Parameter var path: String?
}
