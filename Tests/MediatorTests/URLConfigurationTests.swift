import Foundation
import Mediator
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

func makeConfiguredMediator() throws -> Mediator {
    let mediator = try makeURLMediator()
    try mediator.register(URLWebTarget.self)
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

    @Test func a_valid_document_redirects_degrades_and_disables() throws {
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
        guard
            case .routeDisabled(_, "Shop.newProduct", "Launch postponed")? = mediatorError({
                try mediator.open("shop://product/new")
            })
        else {
            Issue.record("disabled route opened")
            return
        }
        #expect(!mediator.canOpen("shop://product/new"))

        mediator.clearRouteConfiguration()
        #expect(mediator.routeConfiguration == nil)
        #expect(try mediator.open("shop://product/new", as: String.self) == "new product")
        #expect(!mediator.canOpen("shop://old/product/5"))
    }

    @Test func an_invalid_document_is_rejected_whole_listing_every_problem() throws {
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
        guard
            case .invalidRouteConfiguration(let problems)? = mediatorError({
                try mediator.applyRouteConfiguration(Data(invalid.utf8))
            })
        else {
            Issue.record("invalid configuration applied")
            return
        }
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
    func shape(json: String, mentions: [String]) throws {
        let mediator = try makeConfiguredMediator()
        guard
            case .invalidRouteConfiguration(let problems)? = mediatorError({
                try mediator.applyRouteConfiguration(Data(json.utf8))
            })
        else {
            Issue.record("accepted \(json)")
            return
        }
        for fragment in mentions {
            #expect(problems.contains { $0.contains(fragment) }, "\(fragment) not in \(problems)")
        }
        #expect(mediator.routeConfiguration == nil)
    }

    @Test func redirects_and_degradation_cannot_reach_local_actions() throws {
        let mediator = try makeConfiguredMediator()
        let toLocal = MediatorRouteConfiguration(rules: [
            .init(match: .pattern("/product/:id"), effect: .redirectToAction(.init(target: "Shop", action: "wipe")))
        ])
        #expect(mediatorError({ try mediator.applyRouteConfiguration(toLocal) }) != nil)
        let degradeToLocal = MediatorRouteConfiguration(
            webFallback: .init(target: "Web", action: "internal"),
            rules: [.init(match: .pattern("/product/:id"), effect: .degrade(webURL: "https://m.example.com/{id}"))])
        guard
            case .invalidRouteConfiguration(let problems)? = mediatorError({
                try mediator.applyRouteConfiguration(degradeToLocal)
            })
        else {
            Issue.record("degradation to a local action applied")
            return
        }
        #expect(problems.contains { $0.contains("Web.internal") && $0.contains("local-only") })
    }

    @Test func redirect_loops_are_rejected() throws {
        let mediator = try makeConfiguredMediator()
        let loop = MediatorRouteConfiguration(rules: [
            .init(match: .pattern("/a/:id"), effect: .redirectToPath("/b/:id")),
            .init(match: .pattern("/b/:id"), effect: .redirectToPath("/a/:id")),
        ])
        guard case .invalidRouteConfiguration(let problems)? = mediatorError({ try mediator.applyRouteConfiguration(loop) })
        else {
            Issue.record("loop applied")
            return
        }
        #expect(problems.contains { $0.contains("loop") })
    }

    @Test func a_configuration_that_no_longer_fits_the_catalog_is_reported() throws {
        let mediator = try makeConfiguredMediator()
        try mediator.applyRouteConfiguration(Data(Self.valid.utf8))
        mediator.unregister("Web")
        guard case .invalidRoutes(let problems)? = mediatorError({ try mediator.validateRoutes() }) else {
            Issue.record("validation passed")
            return
        }
        #expect(problems.contains { $0.hasPrefix("route configuration:") && $0.contains("Web.open") })
        #expect(!mediator.canOpen("shop://search/x"))
        #expect(try mediator.open("shop://old/product/5", as: String.self) == "product 5 ref=-")
    }
}
