import Mediator
import MediatorTesting
import ModuleAFacade
import ModuleB
import ModuleBFacade
import Presentation
import Testing

/// The Cart module's behaviour, with the Products module replaced by doubles.
@Suite struct CartTargetTests {
    @Test func addAsksProductsThroughItsFacadeAndMergesLines() throws {
        let (mediator, products) = try cartWithStubbedProducts()
        try mediator.cart.add(productID: 3)
        let summary = try mediator.cart.add(productID: 3, quantity: 2)
        #expect(summary.lines == [CartLine(productID: 3, name: "Tea 3", quantity: 3, unitCents: 300)])
        #expect(summary.totalCents == 900)
        #expect(products.calls(to: "summary").map { $0.parameters["id"] as? Int } == [3, 3])
    }

    @Test func addCallsTheCompletionWithTheNewCart() throws {
        let (mediator, _) = try cartWithStubbedProducts()
        let received = Locked<CartSummary?>(nil)
        try mediator.cart.add(productID: 2) { summary in received.withLock { $0 = summary } }
        #expect(received.withLock { $0?.itemCount } == 1)
    }

    @Test func addFromAURLConvertsStringsAndAppliesTheDefaultQuantity() throws {
        let (mediator, _) = try cartWithStubbedProducts()
        let summary: CartSummary = try mediator.perform("add", on: "Cart", with: ["id": "7"], source: .remote)
        #expect(summary.itemCount == 1)
    }

    @Test(arguments: [0, 100, -1])
    func addRejectsQuantitiesOutsideOneToNinetyNine(quantity: Int) throws {
        let (mediator, products) = try cartWithStubbedProducts()
        #expect(throws: MediatorError.self) { try mediator.cart.add(productID: 1, quantity: quantity) }
        #expect(products.calls.isEmpty)
        #expect(try mediator.cart.count() == 0)
    }

    @Test func aMissingProductFailsTheAddAndLeavesTheCartAsItWas() throws {
        let (mediator, _) = try cartWithStubbedProducts()
        try mediator.cart.add(productID: 1)
        let error = try #require(throws: MediatorError.self) { try mediator.cart.add(productID: 404) }
        guard case .handlerFailed(target: "Cart", action: "add", _) = error else {
            Issue.record("expected Cart.add to fail as a handler failure, got \(error)")
            return
        }
        #expect(try mediator.cart.count() == 1)
    }

    @Test func checkoutEmptiesTheCartAndPresentsAConfirmation() async throws {
        let (mediator, _) = try cartWithStubbedProducts()
        try await addTwo(mediator)
        let confirmation = try await mediator.cart.checkout()
        #expect(confirmation.title.hasPrefix("Order #"))
        #expect(confirmation.presentation == .present)
        #expect(confirmation.lines == ["3 items, $5.00"])
        #expect(try await cartCount(mediator) == 0)
    }

    @Test func checkoutOfAnEmptyCartFailsWithAReason() async throws {
        let (mediator, _) = try cartWithStubbedProducts()
        let error = await #expect(throws: MediatorError.self) { try await mediator.cart.checkout() }
        #expect("\(error.map { "\($0)" } ?? "")".contains("cart is empty"))
    }

    @Test func theCartScreenListsLinesAndOffersCheckout() async throws {
        let (mediator, _) = try cartWithStubbedProducts()
        try await addTwo(mediator)
        let screen = try await mediator.cart.screen()
        #expect(screen.lines == ["1 x Tea 1 @ $1.00", "2 x Tea 2 @ $2.00", "Total: $5.00"])
        #expect(screen.links.map(\.url) == ["shop://checkout"])
    }

    @Test func actionsThatDoNotNeedProductsNeverTouchIt() async throws {
        let mediator = Mediator()
        try mediator.register(CartTarget.self) { CartTarget(mediator: $0) }
        let products = try mediator.unimplemented(ProductsNames.target)
        #expect(try await cartCount(mediator) == 0)
        _ = try await mediator.cart.screen()
        try await clearCart(mediator)
        #expect(products.calls.isEmpty)
    }

    @Test func clearAndCountAreLocalOnly() throws {
        let (mediator, _) = try cartWithStubbedProducts()
        #expect(throws: MediatorError.self) { try mediator.perform("clear", on: "Cart", source: .remote) }
        #expect(throws: MediatorError.self) { try mediator.perform("count", on: "Cart", source: .remote) }
    }

    private func addTwo(_ mediator: Mediator) async throws {
        try mediator.cart.add(productID: 1)
        try mediator.cart.add(productID: 2, quantity: 2)
    }

    // The synchronous facade calls, from a synchronous context.
    private func cartCount(_ mediator: Mediator) async throws -> Int { try mediator.cart.count() }
    private func clearCart(_ mediator: Mediator) async throws { try mediator.cart.clear() }
}
