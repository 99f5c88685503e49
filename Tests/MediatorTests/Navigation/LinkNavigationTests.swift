import Mediator
import MediatorNavigation
import Testing

@Suite("Links that land with the screens beneath them")
@MainActor
struct LinkNavigationTests {
    @Test("a link's plan comes from its route and typed values, without running anything")
    func planFromALink() throws {
        let screens = ScreensMade()
        let navigation = LinkNavigation(try makeNavigableShop(screens), backStacks: shopBackStacks)
        let plan = try #require(try navigation.plan(for: "shop://product/42/reviews", context: "window 2"))
        #expect(plan.destinations == [To.list, To.product(42), To.reviews(42)])
        #expect(plan.presentation == .push)
        #expect(plan.context as? String == "window 2")
        #expect(plan.destinations.last?.input(of: ShopScreens.reviews) == ShopProductID(id: 42))
        #expect(try navigation.plan(for: "shop://product/7/share")?.presentation == .present)
        #expect(screens.all.isEmpty)
    }

    @Test("a link without a declared back stack keeps today's behaviour: no plan, its value the app's to show")
    func undeclared() async throws {
        let navigation = LinkNavigation(try makeNavigableShop(), backStacks: shopBackStacks)
        #expect(try navigation.plan(for: "shop://products") == nil)
        #expect(try navigation.plan(for: "shop://nowhere/1") == nil)
        let navigator = RecordingNavigator()
        let landing = try await navigation.open("shop://products", on: navigator)
        #expect(landing.value as? String == "Products")
        #expect(landing.plan == nil && landing.steps.isEmpty && navigator.applied.isEmpty)
    }

    @Test("a back stack belongs to its target's action: a later one for it replaces the earlier, another target's is apart")
    func backStacksByTargetAndAction() throws {
        let elsewhere = ActionContract<ShopProductID, String>("reviews", on: "Elsewhere")
        let navigation = LinkNavigation(
            try makeNavigableShop(),
            backStacks: shopBackStacks + [
                BackStack(elsewhere) { _ in [To.staff] },
                BackStack(ShopScreens.reviews, presentation: .present) { input in [To.product(input.id)] },
            ])
        let plan = try #require(try navigation.plan(for: "shop://product/42/reviews"))
        #expect(plan.destinations == [To.product(42), To.reviews(42)])
        #expect(plan.presentation == .present)
        let landing = try navigation.open("shop://product/7/reviews")
        #expect(landing.plan?.destinations == [To.product(7), To.reviews(7)])
    }

    @Test("a back stack declared one destination a line, with if and for, builds the same plan as a list")
    func backStacksByLines() throws {
        let declared: [BackStack] = [
            BackStack(ShopScreens.product) { _ in },
            BackStack(ShopScreens.reviews) { input in
                To.list
                To.product(input.id)
            },
            BackStack(ShopScreens.sheet) { input in
                if input.id > 10 { To.list }
                for id in [1, 2] where id < input.id { To.product(id) }
                [To.product(input.id)]
            },
            BackStack(ShopScreens.wrongPrefix) { input in
                if input.id.isMultiple(of: 2) { To.list } else { To.staff }
            },
        ]
        let navigation = LinkNavigation(try makeNavigableShop(), backStacks: declared)
        #expect(try navigation.plan(for: "shop://product/42")?.destinations == [To.product(42)])
        #expect(try navigation.plan(for: "shop://product/42/reviews")?.destinations == [To.list, To.product(42), To.reviews(42)])
        #expect(
            try navigation.plan(for: "shop://product/42/share")?.destinations
                == [To.list, To.product(1), To.product(2), To.product(42), To.sheet(42)])
        #expect(try navigation.plan(for: "shop://product/2/share")?.destinations == [To.product(1), To.product(2), To.sheet(2)])
        #expect(try navigation.plan(for: "shop://product/4/audit")?.destinations.first == To.list)
        #expect(try navigation.plan(for: "shop://product/5/audit")?.destinations.first == To.staff)
    }

    @Test("a destination made from an action contract equals and hashes as one made from any contract with its names")
    func destinationsByContractOrNames() {
        func byNames<Contract: MediatorContract>(_ contract: Contract, _ input: Contract.Input) -> NavigationDestination
        where Contract.Input: Hashable {
            NavigationDestination(contract, input)
        }
        let kept = NavigationDestination(ShopScreens.product, ShopProductID(id: 42))
        let named = byNames(ShopScreens.product, ShopProductID(id: 42))
        #expect(kept.target == "Shop" && kept.action == "product")
        #expect(kept == named && named == kept)
        #expect(Set([kept, named]).count == 1)
        #expect(kept.description == named.description)
        #expect(kept != NavigationDestination(ShopScreens.reviews, ShopProductID(id: 42)))
        #expect(kept != byNames(ShopScreens.reviews, ShopProductID(id: 42)))
        #expect(kept != NavigationDestination(ShopScreens.product, ShopProductID(id: 7)))
        // Another contract with the same names and input type is the same screen.
        #expect(kept == NavigationDestination(ActionContract<ShopProductID, Int>("product", on: "Shop"), ShopProductID(id: 42)))
    }

    @Test("a landing's value reads as its action's type, and as nil for another")
    func landingValueAsType() throws {
        let navigation = LinkNavigation(try makeNavigableShop(), backStacks: shopBackStacks)
        let landing = try navigation.open("shop://product/42/reviews")
        #expect(landing.value(as: String.self) == "Reviews 42")
        #expect(landing.value(as: Int.self) == nil)
        // A wider type than the value's own takes the general cast.
        #expect(landing.value(as: (any Sendable).self) as? String == "Reviews 42")
        #expect(landing.value(as: String?.self) == .some("Reviews 42"))
    }

    @Test("a link whose values do not fit its action's input gets the input's error, not a plan")
    func badValues() throws {
        let navigation = LinkNavigation(try makeNavigableShop(), backStacks: shopBackStacks)
        let error = #expect(throws: MediatorError.self) { try navigation.plan(for: "shop://product/abc/reviews") }
        #expect(error?.code == .invalidParameter)
    }

    @Test("opened without await, a link runs its action once and returns its value with its plan, unapplied")
    func openedWithoutAwait() async throws {
        let screens = ScreensMade()
        let navigation = LinkNavigation(try makeNavigableShop(screens), backStacks: shopBackStacks)
        let landing = try navigation.open("shop://product/42/reviews", context: "window 2")
        #expect(landing.value as? String == "Reviews 42")
        #expect(landing.plan?.destinations == [To.list, To.product(42), To.reviews(42)])
        #expect(landing.plan?.context as? String == "window 2")
        #expect(landing.steps.isEmpty)
        #expect(screens.all == ["Reviews 42"])
        let navigator = RecordingNavigator()
        let plan = try #require(landing.plan)
        _ = try await navigation.apply(plan, to: navigator, lastResult: landing.value)
        #expect(navigator.titles == ["Products", "Product 42", "Reviews 42"])
        #expect(screens.all == ["Reviews 42", "Products", "Product 42"])
        let plain = try navigation.open("shop://products")
        #expect(plain.value as? String == "Products" && plain.plan == nil)
    }

    @Test("a link decoded once for its plan and its action: interceptors still see its values as the URL gave them")
    func interceptorsSeeTheLinksValues() throws {
        let mediator = try makeNavigableShop()
        let seen = Locked<[String: String]>([:])
        mediator.configure { settings in
            settings.interceptors = [ParameterReader(seen: seen)]
        }
        let navigation = LinkNavigation(mediator, backStacks: shopBackStacks)
        let landing = try navigation.open("shop://product/42/reviews?ref=push")
        #expect(landing.value as? String == "Reviews 42")
        #expect(landing.plan?.destinations.last == To.reviews(42))
        #expect(seen.withLock { $0 } == ["id": "42", "ref": "push"])
        let error = #expect(throws: MediatorError.self) { try navigation.open("shop://product/abc/reviews") }
        #expect(error?.code == .invalidParameter)
        #expect(error?.action == "reviews")
    }

    @Test("from a cold stack a link shows its back stack, each screen made once, in the window it came to")
    func coldStack() async throws {
        let screens = ScreensMade()
        let navigation = LinkNavigation(try makeNavigableShop(screens), backStacks: shopBackStacks)
        let navigator = RecordingNavigator()
        let landing = try await navigation.open("shop://product/42/reviews", context: "window 2", on: navigator)
        #expect(landing.steps == [.replaceRoot(To.list), .push(To.product(42)), .push(To.reviews(42))])
        #expect(navigator.titles == ["Products", "Product 42", "Reviews 42"])
        #expect(navigator.contexts == ["window 2", "window 2", "window 2"])
        #expect(screens.all.sorted() == ["Product 42", "Products", "Reviews 42"])
    }

    @Test("partly there: only the missing screens' actions run")
    func partlyThere() async throws {
        let screens = ScreensMade()
        let navigation = LinkNavigation(try makeNavigableShop(screens), backStacks: shopBackStacks)
        let navigator = RecordingNavigator()
        _ = try await navigation.open("shop://product/42", on: navigator)
        let landing = try await navigation.open("shop://product/42/reviews", on: navigator)
        #expect(landing.steps == [.push(To.reviews(42))])
        #expect(navigator.entries == landing.plan?.entries)
        #expect(screens.all == ["Product 42", "Products", "Reviews 42"])
    }

    @Test("a plan that fails halfway (a destination's action refuses) changes nothing on screen")
    func failsHalfway() async throws {
        let navigation = LinkNavigation(try makeNavigableShop(), backStacks: shopBackStacks)
        let navigator = RecordingNavigator()
        _ = try await navigation.open("shop://product/1", on: navigator)
        let before = navigator.entries
        let error = await #expect(throws: MediatorError.self) {
            try await navigation.open("shop://product/42/audit", on: navigator)
        }
        #expect(error?.code == .remoteCallNotAllowed)
        #expect(error?.action == "staff")
        #expect(navigator.entries == before)
        #expect(navigator.titles == ["Products", "Product 1"])
    }

    @Test("a link held at cold start lands, when ready, in the window it arrived in")
    func heldAndContinued() async throws {
        let mediator = try makeNavigableShop()
        let navigation = LinkNavigation(mediator, backStacks: shopBackStacks)
        let navigator = RecordingNavigator()
        mediator.gates.close(.ready)
        let error = await #expect(throws: MediatorError.self) {
            try await navigation.open("shop://product/42/reviews", context: "scene B", on: navigator)
        }
        let hold = try #require(error?.hold)
        #expect(navigator.applied.isEmpty)
        mediator.gates.open(.ready)
        let landing = try await navigation.land(hold, on: navigator)
        #expect(landing.plan?.context as? String == "scene B")
        #expect(navigator.titles == ["Products", "Product 42", "Reviews 42"])
        #expect(navigator.contexts == ["scene B", "scene B", "scene B"])
    }

    @Test("a caller that waits through the cold start lands once ready")
    func waitsThroughColdStart() async throws {
        let mediator = try makeNavigableShop()
        let navigation = LinkNavigation(mediator, backStacks: shopBackStacks)
        let navigator = RecordingNavigator()
        mediator.gates.close(.ready)
        async let landing = navigation.open("shop://product/5", whenHeld: .wait(upTo: .seconds(60)), on: navigator)
        while mediator.gates.heldCalls.isEmpty { await Task.yield() }
        mediator.gates.open(.ready)
        #expect(try await landing.steps == [.replaceRoot(To.list), .push(To.product(5))])
        #expect(navigator.titles == ["Products", "Product 5"])
    }

    @Test("a link delivered twice (launch options, then open) lands once")
    func deliveredTwice() async throws {
        let mediator = try makeNavigableShop()
        mediator.configure { $0.urlOptions.duplicateWindow = .seconds(60) }
        let navigation = LinkNavigation(mediator, backStacks: shopBackStacks)
        let navigator = RecordingNavigator()
        _ = try await navigation.open("shop://product/42/reviews", on: navigator)
        let error = await #expect(throws: MediatorError.self) {
            try await navigation.open("shop://product/42/reviews", on: navigator)
        }
        #expect(error?.code == .duplicateLink)
        #expect(navigator.applied.count == 3)
    }
}

/// Keeps the parameters of the last call it saw, as strings.
private struct ParameterReader: MediatorInterceptor {
    let seen: Locked<[String: String]>
    func intercept(_ call: MediatorCall) throws -> MediatorCall.Decision {
        seen.withLock { $0 = call.parameters.values.compactMapValues { $0 as? String } }
        return .proceed
    }
}
