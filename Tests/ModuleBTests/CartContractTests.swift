import Mediator
import MediatorTesting
import ModuleAFacade
import ModuleB
import ModuleBFacade
import Testing

/// Proves every Cart facade call resolves against the real Cart target: names, parameters and
/// result types. Renaming an action on one side only fails here.
@Suite struct CartContractTests {
    @Test func facadeAndTargetAgree() async throws {
        let (mediator, _) = try cartWithStubbedProducts()
        let recorder = CallRecorder()
        mediator.addInterceptor(recorder)

        try mediator.cart.add(productID: 1, quantity: 2) { _ in }
        _ = try mediator.cart.count()
        _ = try await mediator.cart.screen()
        _ = try await mediator.cart.checkout()
        try mediator.cart.clear()

        let cartOutcomes = zip(recorder.calls, recorder.outcomes).filter { $0.0.target == CartNames.target }
        #expect(cartOutcomes.allSatisfy { $0.1.isSuccess })
        let problems = FacadeContract.problems(
            on: mediator, target: CartNames.target,
            facadeActions: CartNames.Action.allCases.map(\.rawValue), exercised: recorder.calls)
        #expect(problems == [])
    }
}
