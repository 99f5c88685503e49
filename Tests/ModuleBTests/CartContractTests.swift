import AppEvents
import Mediator
import MediatorTesting
import ModuleAFacade
import ModuleB
import ModuleBFacade
import Testing

/// The Cart target binds every contract its facade declares, and each facade call reaches it.
@Suite("Cart facade and target agree")
struct CartContractTests {
    @Test("the target binds every contract in Cart.all, subscribes to every app event, and declares nothing else")
    func targetBindsEveryContract() throws {
        let (mediator, _) = try cartWithStubbedProducts()
        #expect(FacadeContract.problems(on: mediator, contracts: Cart.all, events: AppEvents.all) == [])
    }

    @Test("AddToCart's typed initializer and its declaration agree on every default")
    func typedDefaultsAgree() throws {
        let (mediator, _) = try cartWithStubbedProducts()
        try mediator.checkRegistrations(facades: Cart.all, typedDefaults: [MediatorInputSample(AddToCart(id: 1))])
    }

    @Test("every facade method returns its typed result from the real target")
    func everyFacadeMethodReachesTheTarget() async throws {
        let (mediator, _) = try cartWithStubbedProducts()
        let recorder = CallRecorder()
        mediator.configure { $0.interceptors.append(recorder) }

        try mediator.cart.add(productID: 1, quantity: 2) { _ in }
        _ = try mediator.cart.count()
        _ = try await mediator.cart.screen()
        _ = try await mediator.cart.checkout()
        try mediator.cart.clear()
        _ = try mediator.cart.saved()

        let cartCalls = zip(recorder.calls, recorder.outcomes).filter { $0.0.target == Cart.target }
        #expect(cartCalls.count == 6)
        #expect(cartCalls.allSatisfy { $0.1.isSuccess })
        #expect(recorder.inputs(to: Cart.add).map(\.quantity) == [2])
    }

    @Test("a contract the target does not bind, or binds with other types, is reported")
    func mismatchesAreReported() throws {
        let mediator = Mediator()
        try mediator.register(
            targetNamed: Cart.target,
            actions: [MediatorAction("count") { _, _ in "three" }, MediatorAction("surprise") { _, _ in 1 }])
        let problems = FacadeContract.problems(on: mediator, contracts: [Cart.count, Cart.clear])
        #expect(problems.contains { $0.hasPrefix("Cart.count is declared with input MediatorParameters and result String") })
        #expect(problems.contains("Cart.clear is not declared by the target Cart"))
        #expect(problems.contains("the target Cart declares surprise, which no contract names"))
    }
}
