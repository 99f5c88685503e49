import Mediator
import MediatorCore
import MediatorNavigation
import Testing

/// A contract that is not an action contract: its names are not interned, so a back stack declared
/// with it is found by names only.
private struct NamedScreen: MediatorContract {
    typealias Input = ShopProductID
    typealias Output = String
    static var execution: MediatorExecution { .synchronous }
    let target: String
    let action: String
}

@Suite("A link finds its back stack by its action's contract, and by names where there is none")
struct BackStackLookupTests {
    @Test("an action bound to a contract, a back stack of the same names declared with another contract: found by names")
    func otherContractSameNames() throws {
        let reviews = NamedScreen(target: "Shop", action: "reviews")
        let navigation = LinkNavigation(
            try makeNavigableShop(), backStacks: [BackStack(reviews) { input in [To.product(input.id)] }])
        #expect(try navigation.plan(for: "shop://product/42/reviews")?.destinations == [To.product(42), To.reviews(42)])
        #expect(try navigation.open("shop://product/7/reviews").plan?.destinations == [To.product(7), To.reviews(7)])
    }

    @Test("through the awaited door too: a back stack of another contract with the action's names is applied")
    @MainActor
    func otherContractAwaited() async throws {
        let reviews = NamedScreen(target: "Shop", action: "reviews")
        let navigation = LinkNavigation(
            try makeNavigableShop(), backStacks: [BackStack(reviews) { input in [To.product(input.id)] }])
        let navigator = RecordingNavigator()
        let landing = try await navigation.open("shop://product/3/reviews", on: navigator)
        #expect(landing.plan?.destinations == [To.product(3), To.reviews(3)])
        #expect(navigator.entries.map(\.destination) == [To.product(3), To.reviews(3)])
    }

    @Test("a back stack replaced by a later one of the same names, declared with another contract: the later one wins")
    func replacedByNames() throws {
        let reviews = NamedScreen(target: "Shop", action: "reviews")
        let navigation = LinkNavigation(
            try makeNavigableShop(),
            backStacks: [
                BackStack(ShopScreens.reviews) { input in [To.list, To.product(input.id)] },
                BackStack(reviews, presentation: .present) { _ in [To.staff] },
            ])
        let plan = try #require(try navigation.plan(for: "shop://product/42/reviews"))
        #expect(plan.destinations == [To.staff, To.reviews(42)])
        #expect(plan.presentation == .present)
        #expect(try navigation.open("shop://product/7/reviews").plan?.destinations == [To.staff, To.reviews(7)])
    }

    @Test("an action declared by name: its links find the back stack declared with its names' contract")
    func actionDeclaredByName() throws {
        let mediator = Mediator()
        mediator.registerScheme("shop")
        try mediator.register(
            targetNamed: "Catalog",
            actions: [
                MediatorAction("item", parameters: ShopProductID.self, exposure: .remote, urlPatterns: ["/item/:id"]) {
                    _, parameters in "Item \(parameters["id"] ?? "")"
                },
                MediatorAction(catalogList, exposure: .remote) { _, _ in "Products" },
            ])
        let item = ActionContract<ShopProductID, String>("item", on: "Catalog")
        let navigation = LinkNavigation(
            mediator, backStacks: [BackStack(item) { _ in [NavigationDestination(catalogList, NoQuery())] }])
        let landing = try navigation.open("shop://item/5")
        #expect(landing.value as? String == "Item 5")
        #expect(
            landing.plan?.destinations == [
                NavigationDestination(catalogList, NoQuery()), NavigationDestination(item, ShopProductID(id: 5)),
            ])
    }

    @Test("two actions whose names differ only in Unicode normalization, kept apart by the registry, have a back stack each")
    func namesComparedByBytes() throws {
        // Two spellings whose hashes fall in the same slot of a small table, so the table compares
        // them: canonically equal, they would be taken for one action and the later would replace
        // the earlier.
        let suffix = try #require(
            (0..<256).first { NameComparison.hash("caf\u{E9}\($0)") & 7 == NameComparison.hash("cafe\u{301}\($0)") & 7 })
        let (composed, decomposed) = ("caf\u{E9}\(suffix)", "cafe\u{301}\(suffix)")
        #expect(composed == decomposed)
        let mediator = Mediator()
        mediator.registerScheme("shop")
        try mediator.register(
            targetNamed: "Shop",
            actions: [
                MediatorAction(composed, parameters: ShopProductID.self, exposure: .remote, urlPatterns: ["/composed/:id"]) {
                    _, _ in "composed"
                },
                MediatorAction(decomposed, parameters: ShopProductID.self, exposure: .remote, urlPatterns: ["/decomposed/:id"]) {
                    _, _ in "decomposed"
                },
            ])
        let navigation = LinkNavigation(
            mediator,
            backStacks: [
                BackStack(NamedScreen(target: "Shop", action: composed)) { _ in [To.list] },
                BackStack(NamedScreen(target: "Shop", action: decomposed)) { input in [To.product(input.id)] },
            ])
        #expect(try navigation.plan(for: "shop://composed/1")?.destinations.first == To.list)
        #expect(try navigation.plan(for: "shop://decomposed/1")?.destinations.first == To.product(1))
        #expect(try navigation.open("shop://decomposed/2").plan?.destinations.first == To.product(2))
    }

    @Test("a link the unmatched-URL handler redirects to an action by names finds that action's back stack")
    func redirectedByNames() throws {
        let mediator = try makeNavigableShop()
        mediator.configure {
            $0.unmatchedURLHandler = { request in
                request.pathSegments.first == "old"
                    ? .redirect(target: "Shop", action: "reviews", parameters: ["id": 9]) : .notHandled
            }
        }
        let navigation = LinkNavigation(mediator, backStacks: shopBackStacks)
        let landing = try navigation.open("shop://old")
        #expect(landing.value as? String == "Reviews 9")
        #expect(landing.plan?.destinations == [To.list, To.product(9), To.reviews(9)])
    }
}

/// The Catalog target's list screen.
private let catalogList = ActionContract<NoQuery, String>("list", on: "Catalog")
