import Mediator
import ModuleA
import ModuleAFacade
import Presentation
import Testing

/// The Products module's behaviour, through its facade, with nothing else registered.
@Suite struct ProductsTargetTests {
    let mediator = Mediator()

    init() throws {
        try mediator.register(ProductsTarget.self)
    }

    @Test func priceAndSummaryReturnTypedValues() throws {
        #expect(try mediator.products.price(id: 42) == 3_200)
        #expect(try mediator.products.summary(id: 1) == ProductSummary(id: 1, name: "Sencha", cents: 1_250))
    }

    @Test func unknownProductFailsNamingTheProduct() throws {
        let error = try #require(throws: MediatorError.self) { try mediator.products.price(id: 999) }
        guard case .handlerFailed(let target, let action, let underlying) = error else {
            Issue.record("expected handlerFailed, got \(error)")
            return
        }
        #expect((target, action) == ("Products", "price"))
        #expect("\(underlying)".contains("999"))
    }

    @Test func detailScreenShowsTheProductAndLinksToCart() async throws {
        let screen = try await mediator.products.detailScreen(id: 42)
        #expect(screen.title == "Gyokuro")
        #expect(screen.lines.contains("Price: $32.00"))
        #expect(screen.presentation == .push)
        #expect(screen.links.map(\.url).contains("shop://cart/add/42"))
    }

    @Test(arguments: [(ProductCategory?.none, 4), (.tea, 3), (.teaware, 1)])
    func listScreenFiltersByCategory(category: ProductCategory?, count: Int) async throws {
        let screen = try await mediator.products.listScreen(category: category)
        #expect(screen.lines.count == count)
        #expect(screen.presentation == .root)
    }

    @Test func listAcceptsTheCategoryAsAURLWouldSendIt() async throws {
        let screen: Screen = try await mediator.perform("list", on: "Products", with: ["category": "teaware"])
        #expect(screen.title == "Products: teaware")
        await #expect(throws: MediatorError.self) {
            try await mediator.perform("list", on: "Products", with: ["category": "coffee"])
        }
    }

    @Test func reviewsLoadAsynchronously() async throws {
        let reviews = try await mediator.products.reviews(id: 2)
        #expect(reviews.count == 2)
        #expect(reviews.allSatisfy { (1...5).contains($0.stars) })
    }

    @Test func repriceChangesLaterAnswersAndRejectsNonPositivePrices() throws {
        try mediator.products.reprice(id: 1, cents: 999)
        #expect(try mediator.products.price(id: 1) == 999)
        #expect(throws: MediatorError.self) { try mediator.products.reprice(id: 1, cents: 0) }
        #expect(try mediator.products.price(id: 1) == 999)
    }

    @Test func staffRepriceIsLocalOnlyWhileScreensAreRemote() {
        let actions = mediator.catalog().target(named: "Products")?.actions ?? []
        let exposure = Dictionary(uniqueKeysWithValues: actions.map { ($0.name, $0.exposure) })
        #expect(exposure["reprice"] == .local)
        #expect(exposure["price"] == .local)
        #expect(exposure["detail"] == .remote)
        #expect(actions.first { $0.name == "detail" }?.urlPatterns == ["/product/:id"])
    }
}
