import Foundation
import Mediator
import MediatorTesting
import Testing

/// An input for the `detail` action below.
private struct ItemID: MediatorInput, Equatable {
    @Parameter("The item") var id: Int
    init() {}
    init(id: Int) { self.id = id }
}

private enum Items {
    static let detail = ActionContract<ItemID, String>("detail", on: "Items")
}

/// A mediator whose `Items.detail` is reached by `shop://item/:id`.
private func makeItems() throws -> Mediator {
    let mediator = Mediator()
    mediator.registerScheme("shop")
    try mediator.register(
        targetNamed: "Items",
        actions: [MediatorAction(Items.detail, exposure: .remote, urlPatterns: ["/item/:id"]) { _, input in "item \(input.id)" }])
    return mediator
}

@Suite("Foundation.URL doors")
struct FoundationURLTests {
    @Test("a Foundation.URL opens, is checked and generated as its text is")
    func foundationURLsOpenAsText() async throws {
        let mediator = try makeItems()
        let url = try #require(URL(string: "shop://item/7?ref=push"))
        #expect(mediator.canOpen(url))
        #expect(try mediator.open(url) as? String == "item 7")
        #expect(try mediator.open(url, as: String.self) == "item 7")
        #expect(try await mediator.openAsync(url) as? String == "item 7")
        #expect(try await mediator.openAsync(url, as: String.self) == "item 7")

        let refused = try #require(URL(string: "shop://nowhere"))
        #expect(!mediator.canOpen(refused))
        expectMediatorError(.noRouteMatched) { try mediator.open(refused) }
        let web = try #require(URL(string: "https://elsewhere.example.com/item/7"))
        expectMediatorError(.unknownURLHost) { try mediator.open(web) }
    }

    @Test("url(for:) gives text unless a Foundation.URL is asked for, and both open the same action")
    func generatedURLs() throws {
        let mediator = try makeItems()
        let text = try mediator.url(for: Items.detail, with: ItemID(id: 9))
        #expect(text.hasPrefix("shop://item/9"))
        let url: URL = try mediator.url(for: Items.detail, with: ItemID(id: 9))
        #expect(url.absoluteString == text)
        #expect(try mediator.open(url, as: String.self) == "item 9")
        let byName: URL = try mediator.url(for: "detail", on: "Items", with: ["id": 10])
        #expect(try mediator.open(byName, as: String.self) == "item 10")
    }
}
