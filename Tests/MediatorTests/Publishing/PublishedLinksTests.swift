import Foundation
import Mediator
import MediatorPublishing
import MediatorTesting
import Testing

/// A product page as links carry it.
private struct LinkedProduct: MediatorInput {
    enum Tab: String, MediatorParameterValue, CaseIterable { case info, reviews }

    @Parameter("Product id") var id: Int
    @Parameter("The tab to open") var tab: Tab?
    @Parameter(native: "Called when the page closes") var onClose: (@Sendable () -> Void)?

    init() {}
    init(id: Int, tab: Tab? = nil, onClose: (@Sendable () -> Void)? = nil) {
        (self.id, self.tab, self.onClose) = (id, tab, onClose)
    }
}

/// Help pages under a path of any depth.
private struct LinkedHelp: MediatorInput {
    @Parameter("The topic's path") var topic: [String] = []
    init() {}
    init(topic: [String] = []) { self.topic = topic }
}

private enum LinkedShop {
    static let product = ActionContract<LinkedProduct, String>("product", on: "Shop")
    static let help = ActionContract<LinkedHelp, String>("help", on: "Shop")
    static let admin = ActionContract<NoInput, String>("admin", on: "Shop")
    static let ping = ActionContract<NoInput, String>("ping", on: "Shop")
    static let wipe = ActionContract<NoInput, String>("wipe", on: "Shop")
}

/// Every kind of route: global with an optional group, a wildcard, scoped to a scheme, the convention
/// route only, and a local action that publishes nothing.
private struct LinkedShopTarget: MediatorTarget {
    static let targetName = "Shop"
    static let actions: [MediatorAction<Self>] = [
        MediatorAction(LinkedShop.product, summary: "A product page", exposure: .remote, urlPatterns: ["/product/:id(/:slug)"]) {
            _, input in "product \(input.id)"
        },
        MediatorAction(LinkedShop.help, summary: "Help | FAQ", exposure: .remote, urlPatterns: ["/help/*topic"]) { _, input in
            input.topic.joined(separator: "/")
        },
        MediatorAction(LinkedShop.admin, exposure: .remote, urlPatterns: ["admin://panel"]) { _, _ in "admin" },
        MediatorAction(LinkedShop.ping, exposure: .remote) { _, _ in "pong" },
        MediatorAction(LinkedShop.wipe, urlPatterns: []) { _, _ in "wiped" },
    ]
}

/// The shop the golden files describe.
private func linkedShop() throws -> Mediator {
    let mediator = Mediator()
    try mediator.register(LinkedShopTarget())
    mediator.registerScheme("shop")
    mediator.registerScheme("admin", fallsBackToGlobalRoutes: false)
    mediator.registerWebHost("www.shop.example")
    mediator.registerWebHost("Shop.Example")
    return mediator
}

/// Compares generated text with a golden file next to this one; `UPDATE_GOLDEN=1 swift test` rewrites them.
private func expectGolden(_ text: String, _ name: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
    let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Golden/\(name)")
    if ProcessInfo.processInfo.environment["UPDATE_GOLDEN"] == "1" {
        try Data(text.utf8).write(to: url)
        return
    }
    let golden = try String(contentsOf: url, encoding: .utf8)
    #expect(
        text == golden, "\(name) differs from its golden file; UPDATE_GOLDEN=1 swift test rewrites it",
        sourceLocation: sourceLocation)
}

@Suite("Published links")
struct PublishedLinksTests {
    @Test("the links are every remote route: pattern shapes, scoped patterns and convention routes, never local actions")
    func linksAreEveryRemoteRoute() throws {
        let links = try linkedShop().publishedLinks()
        #expect(links.schemes.map(\.name) == ["admin", "shop"])
        #expect(links.schemes.map(\.matchesGlobalRoutes) == [false, true])
        #expect(links.webHosts == ["shop.example", "www.shop.example"])
        #expect(links.actions.map(\.label) == ["Shop.admin", "Shop.help", "Shop.ping", "Shop.product"])
        let product = try #require(links.actions.last)
        #expect(
            product.routes == [
                .init(path: "/product/:id"), .init(path: "/product/:id/:slug"), .init(path: "/Shop/product", kind: .convention),
            ])
        // A native-only field is not something a link can set.
        #expect(product.parameters.map(\.name) == ["id", "tab"])
        #expect(product.parameters[1].allowedValues == ["info", "reviews"])
        #expect(
            links.actions[0].routes == [.init(path: "/panel", scheme: "admin"), .init(path: "/Shop/admin", kind: .convention)])
    }

    @Test("each action's example URL is generated from sample values and opens the action")
    func examplesOpen() throws {
        let mediator = try linkedShop()
        let links = try mediator.publishedLinks()
        #expect(links.actions.map(\.example) == ["admin://panel", "shop://help", "shop://Shop/ping", "shop://product/1"])
        for action in links.actions {
            let example = try #require(action.example)
            #expect(mediator.canOpen(example), "\(example) should open \(action.label)")
        }
    }

    @Test("a route configuration that disables or redirects routes changes neither the links nor their examples")
    func linksDoNotDependOnTheLiveConfiguration() throws {
        let mediator = try linkedShop()
        let before = try mediator.publishedLinks().json()
        try mediator.applyRouteConfiguration(
            Mediator.RouteConfiguration(rules: [
                .init(match: .action(.init(target: "Shop", action: "product")), effect: .disable(reason: "maintenance")),
                .init(match: .pattern("/help/*topic"), effect: .redirectToAction(.init(target: "Shop", action: "ping"))),
            ]))
        #expect(!mediator.canOpen("shop://product/1"))
        let during = try mediator.publishedLinks()
        #expect(during.json() == before)
        #expect(during.actions.map(\.example) == ["admin://panel", "shop://help", "shop://Shop/ping", "shop://product/1"])
        try mediator.applyRouteConfiguration(nil)
        #expect(try mediator.publishedLinks().json() == before)
    }

    @Test("the JSON form is stable and reads back to the same links")
    func jsonRoundTrips() throws {
        let links = try linkedShop().publishedLinks()
        let json = links.json()
        #expect(try MediatorLinks(json: json) == links)
        #expect(try linkedShop().publishedLinks().json() == json)
        try expectGolden(String(decoding: json, as: UTF8.self), "links.json")
    }

    @Test("a document of another version is refused, naming both versions")
    func otherVersionsAreRefused() throws {
        var document = try #require(
            try JSONSerialization.jsonObject(with: try linkedShop().publishedLinks().json()) as? [String: Any])
        document["version"] = 2
        let data = try JSONSerialization.data(withJSONObject: document)
        #expect(throws: MediatorLinks.FormatError.self) { try MediatorLinks(json: data) }
    }

    @Test("the apple-app-site-association document lists exactly the web-link paths")
    func appleAppSiteAssociation() throws {
        let links = try linkedShop().publishedLinks()
        let data = links.appleAppSiteAssociation(appIDs: ["ABCDE12345.com.example.shop"])
        try expectGolden(String(decoding: data, as: UTF8.self), "apple-app-site-association.json")
        let document = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let details = try #require((document["applinks"] as? [String: Any])?["details"] as? [[String: Any]])
        let components = details.first?["components"] as? [[String: Any]] ?? []
        // Not the scoped admin pattern, not the convention routes, not the local action.
        #expect(components.compactMap { $0["/"] as? String } == ["/help", "/help/*", "/product/?*", "/product/?*/?*"])
        // Literals are compared decoded, as the router compares them.
        #expect(components.allSatisfy { $0["percentEncoded"] as? Bool == false })
    }

    @Test("the Android intent-filters have the same paths, one filter per host")
    func androidIntentFilter() throws {
        let xml = try linkedShop().publishedLinks().androidIntentFilters()
        try expectGolden(xml, "android-intent-filter.xml")
        #expect(xml.components(separatedBy: "<intent-filter").count == 3)
        #expect(xml.contains(#"<data android:host="shop.example" />"#))
        #expect(xml.contains(#"<data android:pathPattern="//*product//*..*//*..*" />"#))
        #expect(!xml.contains("panel"))
    }

    @Test("the Markdown reference lists every URL shape, parameter and example")
    func markdownReference() throws {
        let markdown = try linkedShop().publishedLinks().markdownReference()
        try expectGolden(markdown, "links-reference.md")
        #expect(markdown.contains("| `https://www.shop.example/product/:id` | web link (universal link, App Link) |"))
        #expect(markdown.contains("| `admin://panel` | the admin scheme only |"))
        #expect(markdown.contains("Help \\| FAQ"))
        #expect(markdown.contains("| `tab` | Tab: info, reviews | no |  | The tab to open |"))
    }

    @Test("links are not published from routes with problems")
    func brokenRoutesPublishNothing() throws {
        let mediator = try linkedShop()
        try mediator.register(
            targetNamed: "Clash",
            actions: [MediatorAction("other", exposure: .remote, urlPatterns: ["/product/:x"]) { _, _ in 0 }])
        expectMediatorError(.invalidRoutes) { try mediator.publishedLinks() }
    }
}
