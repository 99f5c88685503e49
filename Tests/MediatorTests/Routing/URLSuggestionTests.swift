import Foundation
import Mediator
import MediatorTesting
import Testing

/// A product id a link may leave out.
private struct OptionalID: MediatorInput {
    @Parameter var id: Int?
}

/// A catalog-like target: remote actions reachable by pattern and by the convention route, one
/// local action, and one a route configuration can disable.
struct SuggestedCatalogTarget: MediatorTarget {
    static let targetName = "Products"
    static let actions: [MediatorAction<Self>] = [
        MediatorAction("detail", parameters: OptionalID.self, exposure: .remote) { _, _ in "detail" },
        MediatorAction("list", exposure: .remote, urlPatterns: ["/products/:category", "/product/:id"]) { _, _ in "list" },
        MediatorAction("secret") { _, _ in "secret" },
        MediatorAction("sale", exposure: .remote, urlPatterns: ["/sale"]) { _, _ in "sale" },
    ]
}

@Suite("Did-you-mean for URLs")
struct URLSuggestionTests {
    static func mediator() throws -> Mediator {
        let mediator = Mediator()
        try mediator.register(SuggestedCatalogTarget())
        mediator.registerScheme("shop")
        mediator.registerWebHost("shop.example.com")
        return mediator
    }

    @Test(
        "an unmatched URL names the closest URL that would open, without its query",
        arguments: [
            ("shop://Prodcts/detail?id=42", "shop://Products/detail"),
            ("shop://Products/detial", "shop://Products/detail"),
            ("shop://Prodcts/detail#top", "shop://Products/detail"),
            ("shop://prodct/42", "shop://product/42"),
            ("shop://prodcts/shoes%20red", "shop://products/shoes%20red"),
            ("https://shop.example.com/prodct/42", "https://shop.example.com/product/42"),
            ("shop://sael", "shop://sale"),
        ])
    func unmatchedURLNamesTheClosestOne(url: String, expected: String) throws {
        let mediator = try Self.mediator()
        let error = expectMediatorError(.noRouteMatched) { try mediator.open(url) }
        #expect(error?.suggestions == [expected])
        #expect(error?.description.contains("did you mean \"\(expected)\"?") == true)
        #expect(mediator.canOpen(expected))
    }

    @Test("nothing is suggested when nothing is close, or when the close one may not be opened by a URL")
    func nothingIsSuggestedUnlessItWouldOpen() throws {
        let mediator = try Self.mediator()
        for url in ["shop://zzzzzz/qqqqqq", "shop://Products/secrt", "shop://Products/secret/extra"] {
            let error = expectMediatorError(.noRouteMatched) { try mediator.open(url) }
            #expect(error?.suggestions == [], "\(url)")
            #expect(error?.description.contains("did you mean") == false, "\(url)")
        }
        // A route the configuration disables is not suggested either.
        try mediator.applyRouteConfiguration(
            Mediator.RouteConfiguration(rules: [.init(match: .pattern("/sale"), effect: .disable(reason: nil))]))
        #expect(expectMediatorError(.noRouteMatched) { try mediator.open("shop://sael") }?.suggestions == [])
    }

    @Test("an unmatched-URL handler that does not handle a URL leaves the suggestion in place")
    func notHandledKeepsTheSuggestion() throws {
        let mediator = try Self.mediator()
        mediator.configure { $0.unmatchedURLHandler = { _ in .notHandled } }
        let error = expectMediatorError(.noRouteMatched) { try mediator.open("shop://Prodcts/detail") }
        #expect(error?.suggestions == ["shop://Products/detail"])
    }

    @Test("an unknown scheme or web host names the closest registered one")
    func unknownSchemesAndHostsNameTheClosest() throws {
        let mediator = try Self.mediator()
        let scheme = expectMediatorError(.unknownURLScheme) { try mediator.open("shpo://Products/detail") }
        #expect(scheme?.suggestions == ["shop"])
        #expect(scheme?.description.contains("did you mean \"shop\"?") == true)
        let host = expectMediatorError(.unknownURLHost) { try mediator.open("https://shop.exmaple.com/sale") }
        #expect(host?.suggestions == ["shop.example.com"])
        #expect(host?.description.contains("did you mean \"shop.example.com\"?") == true)
        let far = expectMediatorError(.unknownURLScheme) { try mediator.open("mailto://x") }
        #expect(far?.suggestions == [])
        #expect(far?.description.contains("did you mean") == false)
    }

    @Test("a suggestion follows the routes as they change")
    func suggestionsFollowTheRoutes() throws {
        let mediator = try Self.mediator()
        #expect(expectMediatorError(.noRouteMatched) { try mediator.open("shop://Cart/shw") }?.suggestions == [])
        try mediator.register(
            targetNamed: "Cart", actions: [MediatorAction<Void>("show", exposure: .remote) { _, _ in "cart" }])
        #expect(
            expectMediatorError(.noRouteMatched) { try mediator.open("shop://Cart/shw") }?.suggestions == ["shop://Cart/show"])
    }
}
