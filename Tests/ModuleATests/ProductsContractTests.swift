import AppEvents
import Mediator
import MediatorTesting
import ModuleA
import ModuleAFacade
import Testing

/// The Products target binds every contract its facade declares, and each facade call reaches it.
@Suite("Products facade and target agree")
struct ProductsContractTests {
    @Test("the target binds every contract in Products.all, subscribes to the app events it names, and declares nothing else")
    func targetBindsEveryContract() throws {
        let mediator = Mediator()
        try mediator.register(ProductsTarget())
        #expect(FacadeContract.problems(on: mediator, contracts: Products.all, events: [AppEvents.userDidLogOut]) == [])
    }

    @Test("ProductListQuery's typed initializer and its declaration agree on every default")
    func typedDefaultsAgree() throws {
        let mediator = Mediator()
        try mediator.register(ProductsTarget())
        try mediator.checkRegistrations(facades: Products.all, typedDefaults: [MediatorInputSample(ProductListQuery())])
    }

    @Test("every facade method returns its typed result from the real target")
    func everyFacadeMethodReachesTheTarget() async throws {
        let mediator = Mediator()
        try mediator.register(ProductsTarget())
        let recorder = CallRecorder()
        mediator.configure { $0.interceptors.append(recorder) }

        _ = try mediator.products.price(id: 1)
        _ = try mediator.products.summary(id: 1)
        _ = try await mediator.products.listScreen(category: .tea)
        _ = try await mediator.products.detailScreen(id: 1)
        _ = try await mediator.products.reviews(id: 1)
        _ = try mediator.products.reprice(id: 1, cents: 1_000)
        _ = try mediator.products.recentlyViewed()

        #expect(recorder.outcomes.count == 7)
        #expect(recorder.outcomes.allSatisfy { $0.isSuccess })
        #expect(Set(recorder.calls.map(\.action)) == Set(Products.all.map(\.action)))
        #expect(recorder.inputs(to: Products.reprice) == [Reprice(id: 1, cents: 1_000)])
    }
}
