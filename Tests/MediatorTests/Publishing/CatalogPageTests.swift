import Foundation
import Mediator
import MediatorPublishing
import Testing

private struct Query: MediatorInput {
    @Parameter("Text </td><script>alert(2)</script>") var text: String
    init() {}
    init(text: String) { self.text = text }
}

private enum Hostile {
    static let search = ActionContract<Query, String>("search", on: "Hostile")
}

/// An action whose declarations carry markup: the page must show it as text.
private struct HostileTextTarget: MediatorTarget {
    static let targetName = "Hostile"
    static let actions: [MediatorAction<Self>] = [
        MediatorAction(
            Hostile.search, summary: "Search <img src=x onerror=alert(1)> & \"quotes\"", exposure: .remote,
            urlPatterns: ["/search"]
        ) { _, input in input.text }
    ]
}

@Suite("Catalog page: review states and escaping")
struct CatalogPageTests {
    private func mediator() throws -> Mediator {
        let mediator = Mediator()
        mediator.registerScheme("shop")
        mediator.registerWebHost("shop.example.com")
        try mediator.register(HostileTextTarget())
        return mediator
    }

    @Test("markup in a summary or a description is shown as text, never as markup")
    func escapes() throws {
        let page = try mediator().linkReview().html(title: "<b>Links</b>")
        #expect(!page.contains("<img"))
        #expect(!page.contains("<script>alert"))
        #expect(!page.contains("<b>Links"))
        #expect(page.contains("Search &lt;img src=x onerror=alert(1)&gt; &amp; &quot;quotes&quot;"))
        #expect(page.contains("Text &lt;/td&gt;&lt;script&gt;alert(2)&lt;/script&gt;"))
        // One script: the page's own filter.
        #expect(page.components(separatedBy: "<script>").count == 2)
    }

    @Test("each action's state against the snapshot: unchanged, changed, added, removed")
    func states() throws {
        let mediator = try mediator()
        let now = try mediator.publishedLinks()
        #expect(try mediator.linkReview(published: now).entries.map(\.state) == [.unchanged])
        #expect(try mediator.linkReview().entries.map(\.state) == [.unpublished])

        var older = now
        older.actions[0].parameters[0].summary = "an older description"
        older.actions.append(
            MediatorLinks.Action(target: "Hostile", action: "gone", routes: [MediatorLinks.Route(path: "/gone")]))
        let review = try mediator.linkReview(published: older)
        let byLabel = Dictionary(uniqueKeysWithValues: review.entries.map { ($0.label, $0) })
        #expect(byLabel["Hostile.search"]?.state == .changed)
        #expect(byLabel["Hostile.gone"]?.state == .removed)
        #expect(byLabel["Hostile.gone"]?.problems == ["published links to it no longer open"])
        let page = review.html()
        #expect(page.contains("id=\"Hostile.gone\" data-module=\"Hostile\" data-status=\"problem\" data-state=\"removed\""))

        var newer = now
        newer.actions = []
        #expect(try mediator.linkReview(published: newer).entries.map(\.state) == [.added])
    }

    @Test("every example is checked: opens its own action, and web links are claimed by both association files")
    func checks() throws {
        let review = try mediator().linkReview()
        let checks = review.entries[0].checks
        #expect(
            checks.map(\.example.url) == [
                "shop://search?text=example", "https://shop.example.com/search?text=example",
                "shop://Hostile/search?text=example",
            ])
        #expect(checks.allSatisfy { $0.reached == "Hostile.search" && $0.refusal == nil })
        #expect(checks[1].claimedBy == ["apple-app-site-association", "Android App Links"])
        #expect(checks[0].claimedBy == [])
        #expect(review.entries[0].problems == [])
    }
}
