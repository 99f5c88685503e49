import Foundation
import Mediator
import MediatorTesting
import Testing

/// The page a web fallback shows.
private struct PageURL: MediatorInput {
    @Parameter var url: String
}

/// A page and a title no degraded route supplies.
private struct TitledPage: MediatorInput {
    @Parameter var url: String
    @Parameter var title: String
}

/// A web fallback target: its remote action returns the URL it would show.
struct URLWebTarget: MediatorTarget {
    static let targetName = "Web"
    static let actions: [MediatorAction<Self>] = [
        MediatorAction("open", parameters: PageURL.self, exposure: .remote) { _, p in
            "web \(try p.value("url", as: String.self))"
        },
        MediatorAction("internal", parameters: PageURL.self) { _, p in
            "internal \(try p.value("url", as: String.self))"
        },
    ]
}

/// The URL mediator with the web fallback target registered too.
func makeConfiguredMediator() throws -> Mediator {
    let mediator = try makeURLMediator()
    try mediator.register(URLWebTarget())
    return mediator
}

@Suite("URL route configuration")
struct URLConfigurationTests {
    static let valid = """
        {
          "version": 1,
          "webFallback": { "target": "Web", "action": "open" },
          "rules": [
            { "pattern": "/old/product/:id", "redirectTo": "/product/:id" },
            { "pattern": "/older/:id", "redirectTo": "/old/product/:id" },
            { "target": "Shop", "action": "price", "redirectTo": { "target": "Shop", "action": "echo" } },
            { "pattern": "/search(/:query)", "degradeTo": "https://m.shop.example.com/search?q={query}" },
            { "target": "Shop", "action": "newProduct", "disabled": true, "reason": "Launch postponed" }
          ]
        }
        """

    @Test("a valid document redirects, degrades and disables routes, and clearing it restores them")
    func validDocumentRedirectsDegradesAndDisables() throws {
        let mediator = try makeConfiguredMediator()
        let configuration = try Mediator.RouteConfiguration(json: Data(Self.valid.utf8))
        try mediator.applyRouteConfiguration(configuration)
        #expect(configuration.rules.count == 5)
        #expect(mediator.settings.routeConfiguration == configuration)
        try mediator.checkRegistrations()

        #expect(try mediator.open("shop://old/product/5?ref=mail", as: String.self) == "product 5 ref=mail")
        #expect(try mediator.open("shop://older/6", as: String.self) == "product 6 ref=-")
        #expect(try mediator.open("shop://Shop/price?id=2", as: String.self) == "[id: 2]")
        #expect(
            try mediator.open("shop://search/red%20shoes", as: String.self)
                == "web https://m.shop.example.com/search?q=red%20shoes")
        #expect(mediator.canOpen("shop://search/x"))
        let disabled = expectMediatorError(.routeDisabled) { try mediator.open("shop://product/new") }
        #expect(disabled?.reason == "Launch postponed")
        #expect(disabled?.url == "shop://product/new")
        #expect(disabled?.description.contains("Shop.newProduct") == true)
        #expect(!mediator.canOpen("shop://product/new"))

        try mediator.applyRouteConfiguration(nil)
        #expect(mediator.settings.routeConfiguration == nil)
        #expect(try mediator.open("shop://product/new", as: String.self) == "new product")
        #expect(!mediator.canOpen("shop://old/product/5"))
    }

    @Test("an invalid document is rejected whole, listing every problem, and the previous one stays")
    func invalidDocumentIsRejectedWhole() throws {
        let mediator = try makeConfiguredMediator()
        try mediator.applyRouteConfiguration(Mediator.RouteConfiguration(json: Data(Self.valid.utf8)))
        let invalid = """
            {
              "version": 1,
              "rules": [
                { "pattern": "/product/:id", "degradeTo": "https://m.example.com/p/{sku}" },
                { "target": "Shop", "action": "nope", "disabled": true },
                { "target": "Nobody", "action": "x", "disabled": true },
                { "pattern": "/old/:id", "redirectTo": "/nowhere/:id" },
                { "pattern": "/wipe", "redirectTo": { "target": "Shop", "action": "wipe" } },
                { "pattern": "/undeclared", "disabled": true },
                { "pattern": "/x/:a", "redirectTo": "/product/:b" }
              ]
            }
            """
        let error = expectMediatorError(.invalidRouteConfiguration) {
            try mediator.applyRouteConfiguration(Mediator.RouteConfiguration(json: Data(invalid.utf8)))
        }
        let problems = error?.problems ?? []
        #expect(problems.count == 8, "\(problems)")
        for fragment in [
            "webFallback is required", "{sku}", "Shop.nope", "Nobody", "/nowhere/:id", "local-only", "/undeclared", "\"b\"",
        ] {
            #expect(problems.contains { $0.contains(fragment) }, "\(fragment) not in \(problems)")
        }
        // The previous configuration stays in force.
        #expect(mediator.settings.routeConfiguration?.rules.count == 5)
        #expect(try mediator.open("shop://older/6", as: String.self) == "product 6 ref=-")
    }

    @Test(
        "shape problems are all listed",
        arguments: [
            ("not json", ["not valid JSON"]),
            ("[]", ["must be a JSON object"]),
            (
                #"{"rules": 3, "extra": true}"#,
                ["unknown top-level key \"extra\"", "\"version\": 1 is required", "\"rules\" must be an array"]
            ),
            (#"{"version": 2, "rules": [{"pattern": "/a"}]}"#, ["version 2", "exactly one of"]),
            (
                #"{"version": 1, "rules": [{"pattern": "/a", "target": "T", "disabled": true, "typo": 1}]}"#,
                ["unknown key \"typo\"", "either a string"]
            ),
            (
                #"{"version": 1, "rules": [{"pattern": "/a", "disabled": false}, {"pattern": "/b", "degradeTo": 4}]}"#,
                ["disabled must be true", "degradeTo must be a URL"]
            ),
            (#"{"version": 1, "webFallback": "Web.open", "rules": []}"#, ["webFallback must be an object"]),
        ])
    func shapeProblemsAreAllListed(json: String, mentions: [String]) throws {
        let mediator = try makeConfiguredMediator()
        let error = expectMediatorError(.invalidRouteConfiguration) {
            try mediator.applyRouteConfiguration(Mediator.RouteConfiguration(json: Data(json.utf8)))
        }
        let problems = error?.problems ?? []
        for fragment in mentions {
            #expect(problems.contains { $0.contains(fragment) }, "\(fragment) not in \(problems)")
        }
        #expect(mediator.settings.routeConfiguration == nil)
    }

    @Test("redirects and degradation cannot reach local actions")
    func redirectsAndDegradationCannotReachLocalActions() throws {
        let mediator = try makeConfiguredMediator()
        let toLocal = Mediator.RouteConfiguration(rules: [
            .init(match: .pattern("/product/:id"), effect: .redirectToAction(.init(target: "Shop", action: "wipe")))
        ])
        let redirect = expectMediatorError(.invalidRouteConfiguration) { try mediator.applyRouteConfiguration(toLocal) }
        #expect(redirect?.problems.contains { $0.contains("Shop.wipe") && $0.contains("local-only") } == true)
        let degradeToLocal = Mediator.RouteConfiguration(
            webFallback: .init(target: "Web", action: "internal"),
            rules: [.init(match: .pattern("/product/:id"), effect: .degrade(webURL: "https://m.example.com/{id}"))])
        let degrade = expectMediatorError(.invalidRouteConfiguration) { try mediator.applyRouteConfiguration(degradeToLocal) }
        #expect(degrade?.problems.contains { $0.contains("Web.internal") && $0.contains("local-only") } == true)
    }

    @Test("redirect loops are rejected")
    func redirectLoopsAreRejected() throws {
        let mediator = try makeConfiguredMediator()
        let loop = Mediator.RouteConfiguration(rules: [
            .init(match: .pattern("/a/:id"), effect: .redirectToPath("/b/:id")),
            .init(match: .pattern("/b/:id"), effect: .redirectToPath("/a/:id")),
        ])
        let error = expectMediatorError(.invalidRouteConfiguration) { try mediator.applyRouteConfiguration(loop) }
        #expect(error?.problems == ["rules[0] redirects in a loop: /a/:id → /b/:id → /a/:id"])
    }

    @Test("a loop through actions, or through actions and paths, is rejected once, naming the cycle")
    func loopsThroughActionsAreRejectedNamingTheCycle() throws {
        let mediator = try makeConfiguredMediator()
        let actions = Mediator.RouteConfiguration(rules: [
            .init(
                match: .action(.init(target: "Shop", action: "price")),
                effect: .redirectToAction(.init(target: "Shop", action: "echo"))),
            .init(
                match: .action(.init(target: "Shop", action: "echo")),
                effect: .redirectToAction(.init(target: "Shop", action: "price"))),
        ])
        let error = expectMediatorError(.invalidRouteConfiguration) { try mediator.applyRouteConfiguration(actions) }
        #expect(error?.problems == ["rules[0] redirects in a loop: Shop.price → Shop.echo → Shop.price"])

        let mixed = Mediator.RouteConfiguration(rules: [
            .init(match: .pattern("/go"), effect: .redirectToPath("/product/new")),
            .init(match: .action(.init(target: "Shop", action: "newProduct")), effect: .redirectToPath("/go")),
        ])
        let mixedError = expectMediatorError(.invalidRouteConfiguration) { try mediator.applyRouteConfiguration(mixed) }
        #expect(mixedError?.problems == ["rules[0] redirects in a loop: /go → Shop.newProduct → /go"])
        // Nothing was applied: the routes answer as before.
        #expect(try mediator.open("shop://product/new", as: String.self) == "new product")
        #expect(!mediator.canOpen("shop://go"))
    }

    @Test("a chain of rules longer than a URL may follow is rejected; one within the limit works")
    func chainsOverTheRedirectLimitAreRejected() throws {
        let mediator = try makeConfiguredMediator()
        func chain(from first: Int) -> Mediator.RouteConfiguration {
            Mediator.RouteConfiguration(
                rules: (first...5).map { step in
                    .init(match: .pattern("/c\(step)"), effect: .redirectToPath(step == 5 ? "/product/new" : "/c\(step + 1)"))
                })
        }
        let error = expectMediatorError(.invalidRouteConfiguration) { try mediator.applyRouteConfiguration(chain(from: 1)) }
        #expect(
            error?.problems == [
                "rules[0] leads through more than 4 rules (/c1 → /c2 → /c3 → /c4 → /c5); a URL may follow at most 4"
            ])
        try mediator.applyRouteConfiguration(chain(from: 2))
        #expect(try mediator.open("shop://c2", as: String.self) == "new product")
    }

    @Test("a redirect whose destination requires a parameter nothing supplies is rejected, naming the rule and the parameter")
    func redirectsMustSupplyTheDestinationsRequiredParameters() throws {
        let mediator = try makeConfiguredMediator()
        let shop = Mediator.RouteConfiguration.ActionReference(target: "Shop", action: "product")
        let broken = Mediator.RouteConfiguration(rules: [
            // newProduct's URLs carry no id.
            .init(match: .action(.init(target: "Shop", action: "newProduct")), effect: .redirectToAction(shop)),
            // Only one variant of the optional group captures id.
            .init(match: .pattern("/maybe(/:id)"), effect: .redirectToAction(shop)),
            // Through a second rule: /mid/:sku supplies sku, not id.
            .init(match: .pattern("/old/:sku"), effect: .redirectToPath("/mid/:sku")),
            .init(match: .pattern("/mid/:sku"), effect: .redirectToAction(shop)),
        ])
        let error = expectMediatorError(.invalidRouteConfiguration) { try mediator.applyRouteConfiguration(broken) }
        let needsID = "which requires \"id\"; neither the matched route nor the rule supplies it"
        #expect(
            error?.problems == [
                "rules[0] (Shop.newProduct) redirects to Shop.product, \(needsID)",
                "rules[1] (/maybe(/:id)) redirects to Shop.product, \(needsID)",
                "rules[2] (/old/:sku) redirects to Shop.product (through /mid/:sku), \(needsID)",
                "rules[3] (/mid/:sku) redirects to Shop.product, \(needsID)",
            ])

        // A placeholder, or a literal the destination route captures, supplies it.
        let fine = Mediator.RouteConfiguration(rules: [
            .init(match: .pattern("/p/:id"), effect: .redirectToAction(shop)),
            .init(match: .pattern("/featured"), effect: .redirectToPath("/product/7")),
        ])
        try mediator.applyRouteConfiguration(fine)
        #expect(try mediator.open("shop://p/3", as: String.self) == "product 3 ref=-")
        #expect(try mediator.open("shop://featured", as: String.self) == "product 7 ref=-")
    }

    @Test("a degradation whose web fallback requires more than the url is rejected")
    func degradationsMustSatisfyTheWebFallback() throws {
        let mediator = try makeConfiguredMediator()
        try mediator.register(
            targetNamed: "Browser",
            actions: [
                MediatorAction<Void>(
                    "show", parameters: TitledPage.self, exposure: .remote
                ) { _, _ in "shown" }
            ])
        let configuration = Mediator.RouteConfiguration(
            webFallback: .init(target: "Browser", action: "show"),
            rules: [.init(match: .pattern("/product/:id"), effect: .degrade(webURL: "https://m.example.com/{id}"))])
        let error = expectMediatorError(.invalidRouteConfiguration) { try mediator.applyRouteConfiguration(configuration) }
        #expect(
            error?.problems == [
                "rules[0] (/product/:id) degrades to the web fallback Browser.show, which requires \"title\"; a degraded URL supplies only \"url\""
            ])
    }

    @Test("a rule whose pattern names the placeholders of the route it matches differently is rejected")
    func rulePatternsUseTheRoutesPlaceholderNames() throws {
        let mediator = try makeConfiguredMediator()
        let configuration = Mediator.RouteConfiguration(
            webFallback: .init(target: "Web", action: "open"),
            rules: [.init(match: .pattern("/product/:sku"), effect: .degrade(webURL: "https://m.example.com/{sku}"))])
        let error = expectMediatorError(.invalidRouteConfiguration) { try mediator.applyRouteConfiguration(configuration) }
        #expect(
            error?.problems == [
                "rules[0]: pattern \"/product/:sku\" matches \"/product/:id\" of Shop.product but names its placeholders differently; use the route's names"
            ])
    }

    @Test("a configuration that no longer fits the registered targets is reported, and its rules that cannot work are dropped")
    func configurationThatNoLongerFitsIsReported() throws {
        let mediator = try makeConfiguredMediator()
        try mediator.applyRouteConfiguration(Mediator.RouteConfiguration(json: Data(Self.valid.utf8)))
        mediator.unregister("Web")
        let error = expectMediatorError(.invalidRegistrations) { try mediator.checkRegistrations() }
        #expect(error?.problems.contains { $0.hasPrefix("route configuration:") && $0.contains("Web.open") } == true)
        #expect(!mediator.canOpen("shop://search/x"))
        #expect(try mediator.open("shop://old/product/5", as: String.self) == "product 5 ref=-")
    }
}
