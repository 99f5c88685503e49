import Foundation
import Mediator
import MediatorPublishing
import Testing

/// One change to the published links, and whether it must break them.
struct LinkChange: Sendable, CustomTestStringConvertible {
    let name: String
    let change: @Sendable (inout MediatorLinks) -> Void
    /// A fragment of the one break the change must report, or `nil` when old links still work.
    let breaks: String?
    /// A fragment of an addition the change must report, when it adds something.
    var adds: String? = nil

    var testDescription: String { name }
}

/// The links an app published: one app scheme, one host, a product page by pattern and convention route.
private func published() -> MediatorLinks {
    MediatorLinks(
        schemes: [.init(name: "shop", matchesGlobalRoutes: true)], webHosts: ["shop.example"],
        actions: [
            .init(
                target: "Products", action: "detail",
                routes: [.init(path: "/product/:id"), .init(path: "/Products/detail", kind: .convention)],
                parameters: [
                    .init(name: "id", type: "Int", required: true),
                    .init(name: "tab", type: "Tab", required: false, allowedValues: ["info", "reviews"]),
                ]),
            .init(target: "Help", action: "page", routes: [.init(path: "/help/*topic")], parameters: []),
        ])
}

/// Edits the product action.
private func product(_ edit: @escaping @Sendable (inout MediatorLinks.Action) -> Void) -> @Sendable (inout MediatorLinks) -> Void
{
    { links in edit(&links.actions[1]) }
}

@Suite("Published links: compatibility")
struct LinkCompatibilityTests {
    static let changes: [LinkChange] = [
        LinkChange(name: "nothing changed", change: { _ in }, breaks: nil),
        LinkChange(
            name: "a placeholder renamed in the path", change: product { $0.routes[0].path = "/product/:productID" }, breaks: nil),
        LinkChange(
            name: "a pattern removed", change: product { $0.routes.removeFirst() }, breaks: "the route /product/:id was removed"),
        LinkChange(
            name: "a wildcard narrowed to one segment", change: { $0.actions[0].routes = [.init(path: "/help/:topic")] },
            breaks: "Help.page: the route /help/*topic was removed", adds: "the route /help/:topic is new"),
        LinkChange(
            name: "a placeholder widened to a wildcard", change: product { $0.routes[0].path = "/product/*id" }, breaks: nil,
            adds: "the route /product/*id is new; it widens /product/:id"),
        LinkChange(
            name: "a wildcard added after the last segment", change: product { $0.routes[0].path = "/product/:id/*rest" },
            breaks: nil, adds: "it widens /product/:id"),
        LinkChange(
            name: "a literal widened to a placeholder", change: { $0.actions[0].routes = [.init(path: "/:section/*topic")] },
            breaks: nil, adds: "it widens /help/*topic"),
        LinkChange(
            name: "a wildcard on a shallower route", change: { $0.actions[0].routes = [.init(path: "/*topic")] }, breaks: nil),
        LinkChange(
            name: "a placeholder narrowed to a literal", change: product { $0.routes[0].path = "/product/42" },
            breaks: "the route /product/:id was removed"),
        LinkChange(
            name: "a placeholder replaced by a wildcard one segment deeper",
            change: product { $0.routes[0].path = "/product/:id/:slug/*rest" }, breaks: "the route /product/:id was removed"),
        LinkChange(
            name: "a wildcard moved under a literal", change: { $0.actions[0].routes = [.init(path: "/help/docs/*topic")] },
            breaks: "Help.page: the route /help/*topic was removed"),
        LinkChange(
            name: "a global wildcard does not cover a convention route",
            change: product { $0.routes = [.init(path: "/*any"), .init(path: "/product/:id")] },
            breaks: "the route scheme://Products/detail was removed"),
        LinkChange(
            name: "a pattern scoped to one scheme", change: product { $0.routes[0].scheme = "shop" },
            breaks: "the route /product/:id was removed"),
        LinkChange(
            name: "a pattern added", change: product { $0.routes.append(.init(path: "/p/:id")) }, breaks: nil,
            adds: "Products.detail: the route /p/:id is new"),
        LinkChange(
            name: "an action removed or made local", change: { $0.actions.remove(at: 1) },
            breaks: "Products.detail is no longer reachable by links"),
        LinkChange(
            name: "an action added",
            change: { $0.actions.append(.init(target: "Cart", action: "show", routes: [.init(path: "/cart")])) },
            breaks: nil, adds: "Cart.show is new"),
        LinkChange(
            name: "a parameter renamed", change: product { $0.parameters[1].name = "section" },
            breaks: #"parameter "tab" was removed (renamed to "section"?)"#),
        LinkChange(
            name: "an optional parameter became required", change: product { $0.parameters[1].required = true },
            breaks: #"parameter "tab" became required"#),
        LinkChange(
            name: "a new required parameter",
            change: product { $0.parameters.append(.init(name: "store", type: "Int", required: true)) },
            breaks: #"parameter "store" is new and required"#),
        LinkChange(
            name: "a new optional parameter",
            change: product { $0.parameters.append(.init(name: "ref", type: "String", required: false)) },
            breaks: nil, adds: #"parameter "ref" is new and optional"#),
        LinkChange(
            name: "a new required parameter every route captures",
            change: { $0.actions[0].parameters = [.init(name: "topic", type: "[String]", required: true)] },
            breaks: nil, adds: #"parameter "topic" is new; every published route captures it"#),
        LinkChange(name: "Int to String", change: product { $0.parameters[0].type = "String" }, breaks: nil),
        LinkChange(name: "Int to Double", change: product { $0.parameters[0].type = "Double" }, breaks: nil),
        LinkChange(
            name: "Int to Bool", change: product { $0.parameters[0].type = "Bool" },
            breaks: #"parameter "id" changed from Int to Bool"#),
        LinkChange(
            name: "an enum value removed", change: product { $0.parameters[1].allowedValues = ["info"] },
            breaks: #"parameter "tab" no longer accepts reviews"#),
        LinkChange(
            name: "an enum value added", change: product { $0.parameters[1].allowedValues = ["info", "reviews", "qa"] },
            breaks: nil, adds: #"parameter "tab" accepts qa too"#),
        LinkChange(
            name: "a string became an enum",
            change: product { $0.parameters[0] = .init(name: "id", type: "Kind", required: true, allowedValues: ["a"]) },
            breaks: "changed from Int to Kind, which accepts only a"),
        LinkChange(name: "the scheme dropped", change: { $0.schemes = [] }, breaks: "scheme shop:// is no longer registered"),
        LinkChange(
            name: "the scheme no longer matches global patterns", change: { $0.schemes[0].matchesGlobalRoutes = false },
            breaks: "scheme shop:// no longer matches global patterns"),
        LinkChange(
            name: "the web host dropped", change: { $0.webHosts = [] }, breaks: "web host shop.example is no longer registered"),
        LinkChange(
            name: "a web host added", change: { $0.webHosts.append("www.shop.example") }, breaks: nil,
            adds: "web host www.shop.example is new"),
    ]

    @Test("a change breaks published links exactly when an old link would no longer open the same action", arguments: changes)
    func changeIsJudged(_ change: LinkChange) {
        var now = published()
        change.change(&now)
        let report = now.compatibility(withPublished: published())
        if let expected = change.breaks {
            #expect(report.breaks.count == 1, "\(report.breaks)")
            #expect(report.breaks.first?.contains(expected) == true, "\(report.breaks)")
            #expect(!report.isCompatible)
        } else {
            #expect(report.breaks == [])
            #expect(report.isCompatible)
        }
        if let addition = change.adds {
            #expect(report.additions.contains { $0.contains(addition) }, "\(report.additions)")
        }
    }

    @Test("schemes, hosts and scopes compare case-insensitively, as URLs do; path literals compare decoded")
    func namesCompareAsURLsDo() {
        var snapshot = published()
        snapshot.webHosts = ["Shop.EXAMPLE"]
        snapshot.schemes[0].name = "SHOP"
        snapshot.actions[0].routes.append(.init(path: "/caf%c3%a9", scheme: "Shop"))
        var now = published()
        now.actions[0].routes.append(.init(path: "/caf%C3%A9", scheme: "shop"))
        let report = now.compatibility(withPublished: snapshot)
        #expect(report.breaks == [])
        #expect(report.additions.allSatisfy { !$0.contains("web host") && !$0.contains("scheme shop") }, "\(report.additions)")
        // A host that differs in more than case is still another host.
        snapshot.webHosts = ["shop.example.com"]
        #expect(
            now.compatibility(withPublished: snapshot).breaks == [
                "web host shop.example.com is no longer registered, so none of its links open"
            ])
    }

    @Test("an unchanged app reports nothing, and the comparison is the same both ways for equal links")
    func unchangedReportsNothing() {
        let report = published().compatibility(withPublished: published())
        #expect(report.isUnchanged)
    }
}
