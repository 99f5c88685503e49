import Foundation
import Mediator
import MediatorTesting
import Testing

/// A web fallback target: its remote action returns the URL it would show.
struct URLWebTarget: MediatorTarget {
    static let targetName = "Web"
    static let actions: [MediatorAction<Self>] = [
        MediatorAction("open", parameters: [.required("url", String.self)], exposure: .remote) { _, p in
            "web \(try p.value("url", as: String.self))"
        },
        MediatorAction("internal", parameters: [.required("url", String.self)]) { _, p in
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
        let configuration = try mediator.applyRouteConfiguration(Data(Self.valid.utf8))
        #expect(configuration.rules.count == 5)
        #expect(mediator.routeConfiguration == configuration)
        try mediator.validateRoutes()

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

        mediator.clearRouteConfiguration()
        #expect(mediator.routeConfiguration == nil)
        #expect(try mediator.open("shop://product/new", as: String.self) == "new product")
        #expect(!mediator.canOpen("shop://old/product/5"))
    }

    @Test("an invalid document is rejected whole, listing every problem, and the previous one stays")
    func invalidDocumentIsRejectedWhole() throws {
        let mediator = try makeConfiguredMediator()
        try mediator.applyRouteConfiguration(Data(Self.valid.utf8))
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
            try mediator.applyRouteConfiguration(Data(invalid.utf8))
        }
        let problems = error?.problems ?? []
        #expect(problems.count == 8, "\(problems)")
        for fragment in [
            "webFallback is required", "{sku}", "Shop.nope", "Nobody", "/nowhere/:id", "local-only", "/undeclared", "\"b\"",
        ] {
            #expect(problems.contains { $0.contains(fragment) }, "\(fragment) not in \(problems)")
        }
        // The previous configuration stays in force.
        #expect(mediator.routeConfiguration?.rules.count == 5)
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
            try mediator.applyRouteConfiguration(Data(json.utf8))
        }
        let problems = error?.problems ?? []
        for fragment in mentions {
            #expect(problems.contains { $0.contains(fragment) }, "\(fragment) not in \(problems)")
        }
        #expect(mediator.routeConfiguration == nil)
    }

    @Test("redirects and degradation cannot reach local actions")
    func redirectsAndDegradationCannotReachLocalActions() throws {
        let mediator = try makeConfiguredMediator()
        let toLocal = MediatorRouteConfiguration(rules: [
            .init(match: .pattern("/product/:id"), effect: .redirectToAction(.init(target: "Shop", action: "wipe")))
        ])
        let redirect = expectMediatorError(.invalidRouteConfiguration) { try mediator.applyRouteConfiguration(toLocal) }
        #expect(redirect?.problems.contains { $0.contains("Shop.wipe") && $0.contains("local-only") } == true)
        let degradeToLocal = MediatorRouteConfiguration(
            webFallback: .init(target: "Web", action: "internal"),
            rules: [.init(match: .pattern("/product/:id"), effect: .degrade(webURL: "https://m.example.com/{id}"))])
        let degrade = expectMediatorError(.invalidRouteConfiguration) { try mediator.applyRouteConfiguration(degradeToLocal) }
        #expect(degrade?.problems.contains { $0.contains("Web.internal") && $0.contains("local-only") } == true)
    }

    @Test("redirect loops are rejected")
    func redirectLoopsAreRejected() throws {
        let mediator = try makeConfiguredMediator()
        let loop = MediatorRouteConfiguration(rules: [
            .init(match: .pattern("/a/:id"), effect: .redirectToPath("/b/:id")),
            .init(match: .pattern("/b/:id"), effect: .redirectToPath("/a/:id")),
        ])
        let error = expectMediatorError(.invalidRouteConfiguration) { try mediator.applyRouteConfiguration(loop) }
        #expect(error?.problems.contains { $0.contains("loop") } == true)
    }

    @Test("a configuration that no longer fits the registered targets is reported, and its rules that cannot work are dropped")
    func configurationThatNoLongerFitsIsReported() throws {
        let mediator = try makeConfiguredMediator()
        try mediator.applyRouteConfiguration(Data(Self.valid.utf8))
        mediator.unregister("Web")
        let error = expectMediatorError(.invalidRoutes) { try mediator.validateRoutes() }
        #expect(error?.problems.contains { $0.hasPrefix("route configuration:") && $0.contains("Web.open") } == true)
        #expect(!mediator.canOpen("shop://search/x"))
        #expect(try mediator.open("shop://old/product/5", as: String.self) == "product 5 ref=-")
    }
}
