import AppEvents
import Mediator
import MediatorTesting
import ModuleAFacade
import ModuleB
import ModuleBFacade
import Presentation
import Testing

/// The Cart module's behaviour, with the Products module replaced by doubles.
@Suite("Cart module")
struct CartTargetTests {
    @Test("add asks Products through its facade and merges lines")
    func addAsksProductsThroughItsFacadeAndMergesLines() throws {
        let (mediator, products) = try cartWithStubbedProducts()
        try mediator.cart.add(productID: 3)
        let summary = try mediator.cart.add(productID: 3, quantity: 2)
        #expect(summary.lines == [CartLine(productID: 3, name: "Tea 3", quantity: 3, unitCents: 300)])
        #expect(summary.totalCents == 900)
        #expect(products.inputs(to: Products.summary) == [ProductID(id: 3), ProductID(id: 3)])
    }

    @Test("add calls the completion with the new cart")
    func addCallsTheCompletionWithTheNewCart() throws {
        let (mediator, _) = try cartWithStubbedProducts()
        let received = Locked<CartSummary?>(nil)
        try mediator.cart.add(productID: 2) { summary in received.withLock { $0 = summary } }
        #expect(received.withLock { $0?.itemCount } == 1)
    }

    @Test("add from a URL's values converts strings and applies the default quantity")
    func addFromAURLConvertsStringsAndAppliesTheDefaultQuantity() throws {
        let (mediator, _) = try cartWithStubbedProducts()
        let summary = try mediator.perform("add", on: "Cart", with: ["id": "7"], source: .remote, as: CartSummary.self)
        #expect(summary.itemCount == 1)
    }

    @Test("add refuses quantities outside 1 to 99 before asking Products", arguments: [0, 100, -1])
    func addRejectsQuantitiesOutsideOneToNinetyNine(quantity: Int) throws {
        let (mediator, products) = try cartWithStubbedProducts()
        expectMediatorError(.handlerFailed) { try mediator.cart.add(productID: 1, quantity: quantity) }
        #expect(products.calls.isEmpty)
        #expect(try mediator.cart.count() == 0)
    }

    @Test("a missing product fails the add as Cart.add and leaves the cart as it was")
    func aMissingProductFailsTheAddAndLeavesTheCartAsItWas() throws {
        let (mediator, _) = try cartWithStubbedProducts()
        try mediator.cart.add(productID: 1)
        let error = expectMediatorError(.handlerFailed) { try mediator.cart.add(productID: 404) }
        #expect(error?.target == "Cart")
        #expect(error?.action == "add")
        #expect(try mediator.cart.count() == 1)
    }

    @Test("a remote call cannot pass the native-only completion")
    func aRemoteCallCannotPassTheCompletion() throws {
        let (mediator, products) = try cartWithStubbedProducts()
        let completion: CartCompletion = { _ in }
        let error = expectMediatorError(.reservedParameter) {
            try mediator.perform("add", on: "Cart", with: ["id": 1, "completion": completion], source: .remote)
        }
        #expect(error?.parameter == "completion")
        #expect(products.calls.isEmpty)
    }

    @Test("checkout empties the cart and presents a confirmation")
    func checkoutEmptiesTheCartAndPresentsAConfirmation() async throws {
        let (mediator, _) = try cartWithStubbedProducts()
        try await addTwo(mediator)
        let confirmation = try await mediator.cart.checkout()
        #expect(confirmation.title.hasPrefix("Order #"))
        #expect(confirmation.presentation == .present)
        #expect(confirmation.lines == ["3 items, $5.00"])
        #expect(try await cartCount(mediator) == 0)
    }

    @Test("checkout of an empty cart fails with a reason")
    func checkoutOfAnEmptyCartFailsWithAReason() async throws {
        let (mediator, _) = try cartWithStubbedProducts()
        let error = await expectMediatorError(.handlerFailed) { try await mediator.cart.checkout() }
        #expect(error?.description.contains("cart is empty") == true)
    }

    @Test("the cart screen lists lines and offers checkout")
    func theCartScreenListsLinesAndOffersCheckout() async throws {
        let (mediator, _) = try cartWithStubbedProducts()
        try await addTwo(mediator)
        let screen = try await mediator.cart.screen()
        #expect(screen.lines == ["1 x Tea 1 @ $1.00", "2 x Tea 2 @ $2.00", "Total: $5.00"])
        #expect(screen.links.map(\.url) == ["shop://checkout"])
    }

    @Test("actions that do not need Products never touch it")
    func actionsThatDoNotNeedProductsNeverTouchIt() async throws {
        let mediator = Mediator()
        try mediator.register { CartTarget(mediator: $0) }
        let products = try mediator.unimplemented(Products.target)
        #expect(try await cartCount(mediator) == 0)
        _ = try await mediator.cart.screen()
        try await clearCart(mediator)
        #expect(products.calls.isEmpty)
    }

    @Test("clear and count are local-only")
    func clearAndCountAreLocalOnly() throws {
        let (mediator, _) = try cartWithStubbedProducts()
        expectMediatorError(.remoteCallNotAllowed) { try mediator.perform("clear", on: "Cart", source: .remote) }
        expectMediatorError(.remoteCallNotAllowed) { try mediator.call(Cart.count, source: .remote) }
    }

    private func addTwo(_ mediator: Mediator) async throws {
        try mediator.cart.add(productID: 1)
        try mediator.cart.add(productID: 2, quantity: 2)
    }

    // The synchronous facade calls, from a synchronous context.
    private func cartCount(_ mediator: Mediator) async throws -> Int { try mediator.cart.count() }
    private func clearCart(_ mediator: Mediator) async throws { try mediator.cart.clear() }

    @Test("logging out empties the cart")
    func loggingOutEmptiesTheCart() throws {
        let (mediator, _) = try cartWithStubbedProducts()
        try mediator.cart.add(productID: 2, quantity: 3)
        let report = try mediator.broadcast(AppEvents.userDidLogOut, SessionEnded(user: "ada"), onlyTo: Cart.target)
        #expect(report.reached == [Cart.target] && report.succeeded)
        #expect(try mediator.cart.count() == 0)
    }

    @Test("entering the background saves the cart; its handler is asynchronous, so only an awaited broadcast reaches it")
    func enteringTheBackgroundSavesTheCart() async throws {
        let (mediator, _) = try cartWithStubbedProducts()
        try mediator.cart.add(productID: 2, quantity: 3)
        let unawaited = try mediator.broadcast(AppEvents.didEnterBackground, onlyTo: Cart.target)
        #expect((unawaited.failures.first?.underlyingError as? MediatorError)?.code == .asyncActionCalledSynchronously)
        #expect(try mediator.cart.saved().itemCount == 0)
        let report = try await mediator.broadcastAsync(AppEvents.didEnterBackground, onlyTo: Cart.target)
        #expect(report.succeeded)
        #expect(try mediator.cart.saved().itemCount == 3)
    }

    @Test("launching restores the cart as last saved")
    func launchingRestoresTheSavedCart() async throws {
        let (mediator, _) = try cartWithStubbedProducts()
        try mediator.cart.add(productID: 2, quantity: 3)
        try await mediator.broadcastAsync(AppEvents.didFinishLaunching, onlyTo: Cart.target)
        #expect(try mediator.cart.count() == 0, "nothing was saved yet, so the cart restores empty")
        try mediator.cart.add(productID: 2, quantity: 3)
        try await mediator.broadcastAsync(AppEvents.didEnterBackground, onlyTo: Cart.target)
        try mediator.cart.clear()
        try mediator.broadcast(AppEvents.didFinishLaunching, onlyTo: Cart.target)
        #expect(try mediator.cart.count() == 3)
    }
}
