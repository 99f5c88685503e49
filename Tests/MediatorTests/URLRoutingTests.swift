import Foundation
import Mediator
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

/// The error a throwing call produced, as a `MediatorError`.
func mediatorError(_ body: () throws -> Void) -> MediatorError? {
    do {
        try body()
        return nil
    } catch {
        return error as? MediatorError
    }
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
    func precedence(url: String, expected: String) throws {
        let mediator = try Self.precedenceMediator()
        let result: String = try mediator.open(url)
        #expect(result == expected)
    }

    @Test func conflicting_patterns_are_reported_naming_both_and_the_first_wins() throws {
        let mediator = Mediator()
        try registerRoutes(mediator, target: "First", [("show", ["/item/:id"])])
        try registerRoutes(mediator, target: "Second", [("show", ["/item/:sku", "/fine/:id"])])
        mediator.registerScheme("app")
        guard case .invalidRoutes(let problems)? = mediatorError({ try mediator.validateRoutes() }) else {
            Issue.record("validateRoutes passed")
            return
        }
        #expect(problems.count == 1)
        #expect(problems[0].contains("First.show") && problems[0].contains("Second.show"))
        #expect(problems[0].contains("/item/:sku") && problems[0].contains("/item/:id"))
        let result: String = try mediator.open("app://item/7")
        #expect(result == "First.show [id: 7]")
        let other: String = try mediator.open("app://fine/7")
        #expect(other == "Second.show [id: 7]")
    }

    @Test func validation_reports_invalid_patterns_and_unreachable_ones() throws {
        let mediator = Mediator()
        try registerRoutes(mediator, target: "T", [("bad", ["/a/*x/b", "/c(/:d", "/e/:e/:e", "no-slash"]), ("ok", ["/ok"])])
        try registerRoutes(mediator, target: "Local", [("hidden", ["/hidden"])], exposure: .local)
        mediator.registerScheme("app")
        mediator.registerScheme("https")
        guard case .invalidRoutes(let problems)? = mediatorError({ try mediator.validateRoutes() }) else {
            Issue.record("validateRoutes passed")
            return
        }
        #expect(problems.count == 6, "\(problems)")
        #expect(problems.contains { $0.contains("Local.hidden") && $0.contains("local-only") })
        #expect(problems.contains { $0.contains("\"https\" cannot be an app scheme") })
        #expect(mediator.canOpen("app://ok"))
        #expect(!mediator.canOpen("app://hidden"))
        guard case .remoteCallNotAllowed("Local", "hidden")? = mediatorError({ try mediator.open("app://hidden") }) else {
            Issue.record("local action opened")
            return
        }
    }

    @Test func a_clean_registry_validates() throws {
        try makeURLMediator().validateRoutes()
    }

    @Test func scoped_schemes_and_fallback_to_global_routes() throws {
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

    @Test func unknown_schemes_and_hosts_are_refused_by_name() throws {
        let mediator = try makeURLMediator()
        guard case .unknownURLScheme("ftp", ["shop"])? = mediatorError({ try mediator.open("FTP://product/1") }) else {
            Issue.record("ftp opened")
            return
        }
        guard
            case .unknownURLHost("evil.example.com", ["shop.example.com"])? = mediatorError({
                try mediator.open("https://evil.example.com/product/1")
            })
        else {
            Issue.record("evil host opened")
            return
        }
        #expect(!mediator.canOpen("https://shop.example.com.evil.com/product/1"))
        #expect(!mediator.canOpen("shop.example.com://product/1"))
        guard case .noRouteMatched(_, "/nowhere/at/all")? = mediatorError({ try mediator.open("shop://nowhere/at/all") }) else {
            Issue.record("no error")
            return
        }
    }

    @Test func unmatched_handler_answers_and_its_redirects_obey_the_remote_policy() throws {
        let mediator = try makeURLMediator()
        let seen = Locked<[String]>([])
        mediator.setUnmatchedURLHandler { request in
            seen.withLock { $0.append(request.pathSegments.joined(separator: "/")) }
            switch request.pathSegments.first {
            case "legacy":
                return .redirect(target: "Shop", action: "product", parameters: ["id": request.queryParameters["p"] ?? ""])
            case "secret": return .redirect(target: "Shop", action: "wipe", parameters: [:])
            case "value": return .value("handled \(request.scheme)")
            default: return .notHandled
            }
        }
        #expect(!mediator.canOpen("shop://legacy?p=3"))
        #expect(seen.withLock { $0 }.isEmpty)
        #expect(try mediator.open("shop://legacy?p=3", as: String.self) == "product 3 ref=-")
        #expect(try mediator.open("shop://value/x", as: String.self) == "handled shop")
        guard case .remoteCallNotAllowed("Shop", "wipe")? = mediatorError({ try mediator.open("shop://secret") }) else {
            Issue.record("fallback reached a local action")
            return
        }
        guard case .noRouteMatched? = mediatorError({ try mediator.open("shop://other") }) else {
            Issue.record("no error")
            return
        }
        #expect(seen.withLock { $0 } == ["legacy", "value/x", "secret", "other"])
        mediator.setUnmatchedURLHandler(nil)
        #expect(mediatorError({ try mediator.open("shop://value/x") }) != nil)
    }

    @Test func interceptor_redirects_from_a_url_obey_the_remote_policy() throws {
        struct ToWipe: MediatorInterceptor {
            func intercept(_ call: MediatorCall) throws -> MediatorDecision {
                call.action == "product" ? .redirect(target: "Shop", action: "wipe") : .proceed
            }
        }
        let mediator = try makeURLMediator()
        mediator.addInterceptor(ToWipe())
        guard case .remoteCallNotAllowed("Shop", "wipe")? = mediatorError({ try mediator.open("shop://product/1") }) else {
            Issue.record("interceptor redirect reached a local action")
            return
        }
        // A native call may still be redirected there.
        #expect(try mediator.perform("product", on: "Shop", with: ["id": 1], as: String.self) == "wiped")
    }

    @Test func placeholders_are_validated_by_declared_types() throws {
        let mediator = try makeURLMediator()
        guard case .invalidParameter("id", "Int", _, "Shop.product")? = mediatorError({ try mediator.open("shop://product/abc") })
        else {
            Issue.record("a non-integer id was accepted")
            return
        }
        guard case .missingParameter("id", "Int", "Shop.price")? = mediatorError({ try mediator.open("shop://Shop/price") })
        else {
            Issue.record("a missing id was accepted")
            return
        }
    }

    @Test func routes_rebuild_when_targets_change() throws {
        let mediator = try makeURLMediator()
        #expect(!mediator.canOpen("shop://fresh"))
        try registerRoutes(mediator, target: "Fresh", [("show", ["/fresh"])])
        #expect(mediator.canOpen("shop://fresh"))
        mediator.unregister("Fresh")
        #expect(!mediator.canOpen("shop://fresh"))
    }

    @Test func options_change_decoding() throws {
        let mediator = try makeURLMediator()
        #expect(try mediator.open("shop://search/a+b", as: String.self) == "search a+b")
        mediator.setURLOptions(MediatorURLOptions(maximumLength: 30, decodesPlusAsSpace: true))
        #expect(mediator.urlOptions.maximumLength == 30)
        #expect(try mediator.open("shop://Shop/echo?q=a+b", as: String.self) == "[q: a b]")
        guard case .urlTooLong(_, 30)? = mediatorError({ try mediator.open("shop://Shop/echo?q=0123456789012345") }) else {
            Issue.record("long URL accepted")
            return
        }
    }

    @Test func the_catalog_lists_patterns_exposure_and_url_settable_parameters() throws {
        let mediator = try makeURLMediator()
        let shop = try #require(mediator.catalog().target(named: "Shop"))
        let search = try #require(shop.actions.first { $0.name == "search" })
        #expect(search.urlPatterns == ["/search(/:query)"])
        #expect(search.exposure == .remote)
        let pay = try #require(shop.actions.first { $0.name == "pay" })
        #expect(pay.parameters.map(\.acceptsURLValues) == [true, false])
        #expect(shop.actions.first { $0.name == "wipe" }?.exposure == .local)
    }

    @Test func cost_does_not_grow_with_route_count() throws {
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
