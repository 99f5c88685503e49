import AppEvents
import Mediator
import MediatorPublishing
import MediatorTesting
import ModuleA
import ModuleAFacade
import Presentation
import Testing

/// The Products module's behaviour, through its facade, with nothing else registered.
@Suite("Products module")
struct ProductsTargetTests {
    let mediator = Mediator()

    init() throws {
        try mediator.register(ProductsTarget())
    }

    @Test("price and summary return typed values")
    func priceAndSummaryReturnTypedValues() throws {
        #expect(try mediator.products.price(id: 42) == 3_200)
        #expect(try mediator.products.summary(id: 1) == ProductSummary(id: 1, name: "Sencha", cents: 1_250))
    }

    @Test("an unknown product fails as Products.price, naming the product")
    func unknownProductFailsNamingTheProduct() {
        let error = expectMediatorError(.handlerFailed) { try mediator.products.price(id: 999) }
        #expect(error?.target == "Products")
        #expect(error?.action == "price")
        let underlying = error?.underlyingError.map { String(describing: $0) } ?? ""
        #expect(underlying.contains("999"))
    }

    @Test("the detail screen shows the product and links to the cart")
    func detailScreenShowsTheProductAndLinksToCart() async throws {
        let screen = try await mediator.products.detailScreen(id: 42)
        #expect(screen.title == "Gyokuro")
        #expect(screen.lines.contains("Price: $32.00"))
        #expect(screen.presentation == .push)
        #expect(screen.links.map(\.url).contains("shop://cart/add/42"))
    }

    @Test("the list screen filters by category", arguments: [(ProductCategory?.none, 4), (.tea, 3), (.teaware, 1)])
    func listScreenFiltersByCategory(category: ProductCategory?, count: Int) async throws {
        let screen = try await mediator.products.listScreen(category: category)
        #expect(screen.lines.count == count)
        #expect(screen.presentation == .root)
    }

    @Test("the list accepts its category as a URL would send it, and refuses unknown ones naming the valid values")
    func listAcceptsTheCategoryAsAURLWouldSendIt() async throws {
        let screen = try await mediator.performAsync("list", on: "Products", with: ["category": "teaware"], as: Screen.self)
        #expect(screen.title == "Products: teaware")
        let error = await expectMediatorError(.invalidParameter) {
            try await mediator.performAsync("list", on: "Products", with: ["category": "coffee"])
        }
        #expect(error?.parameter == "category")
        #expect(error?.description.contains("one of tea, teaware") == true)
    }

    @Test("reviews load asynchronously")
    func reviewsLoadAsynchronously() async throws {
        let reviews = try await mediator.products.reviews(id: 2)
        #expect(reviews.count == 2)
        #expect(reviews.allSatisfy { (1...5).contains($0.stars) })
    }

    @Test("reprice changes later answers and refuses non-positive prices")
    func repriceChangesLaterAnswersAndRejectsNonPositivePrices() throws {
        try mediator.products.reprice(id: 1, cents: 999)
        #expect(try mediator.products.price(id: 1) == 999)
        expectMediatorError(.handlerFailed) { try mediator.products.reprice(id: 1, cents: 0) }
        #expect(try mediator.products.price(id: 1) == 999)
    }

    @Test("staff reprice and price are local-only while screens are remote")
    func staffRepriceIsLocalOnlyWhileScreensAreRemote() {
        let actions = mediator.catalog().target(named: "Products")?.actions ?? []
        let exposure = Dictionary(uniqueKeysWithValues: actions.map { ($0.name, $0.exposure) })
        #expect(exposure["reprice"] == .local)
        #expect(exposure["price"] == .local)
        #expect(exposure["detail"] == .remote)
        #expect(actions.first { $0.name == "detail" }?.urlPatterns == ["/product/:id"])
    }

    @Test("opening details records what was viewed; logging out forgets it")
    func loggingOutForgetsWhatWasViewed() async throws {
        _ = try await mediator.products.detailScreen(id: 1)
        _ = try await mediator.products.detailScreen(id: 42)
        _ = try await mediator.products.detailScreen(id: 1)
        #expect(try mediator.products.recentlyViewed() == [1, 42])
        let report = try mediator.broadcast(AppEvents.userDidLogOut, SessionEnded(user: "ada"), onlyTo: Products.target)
        #expect(report.reached == [Products.target] && report.succeeded)
        #expect(try mediator.products.recentlyViewed() == [])
    }

    @Test("a logout before Products ever ran does not start it")
    func logoutDoesNotStartProducts() throws {
        let fresh = Mediator()
        try fresh.register(ProductsTarget())
        let report = try fresh.broadcast(AppEvents.userDidLogOut, SessionEnded(user: "ada"))
        #expect(report.reached.isEmpty && report.skipped == [Products.target])
    }
}
