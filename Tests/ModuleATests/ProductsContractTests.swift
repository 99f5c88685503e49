import Mediator
import MediatorTesting
import ModuleA
import ModuleAFacade
import Testing

/// Proves every facade call resolves against the real Products target: names, parameters and
/// result types. Renaming an action on one side only fails here.
@Suite struct ProductsContractTests {
    @Test func facadeAndTargetAgree() async throws {
        let mediator = Mediator()
        try mediator.register(ProductsTarget.self)
        let recorder = CallRecorder()
        mediator.addInterceptor(recorder)

        // Every facade method once; each must return its typed result without a mediator error.
        _ = try mediator.products.price(id: 1)
        _ = try mediator.products.summary(id: 1)
        _ = try await mediator.products.listScreen(category: .tea)
        _ = try await mediator.products.detailScreen(id: 1)
        _ = try await mediator.products.reviews(id: 1)
        _ = try mediator.products.reprice(id: 1, cents: 1_000)

        #expect(recorder.outcomes.allSatisfy { $0.isSuccess })
        let problems = FacadeContract.problems(
            on: mediator, target: ProductsNames.target,
            facadeActions: ProductsNames.Action.allCases.map(\.rawValue), exercised: recorder.calls)
        #expect(problems == [])
    }
}
