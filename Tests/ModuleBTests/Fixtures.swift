import Mediator
import MediatorTesting
import ModuleAFacade
import ModuleB

/// A mediator with the real Cart and a stub of the Products module in place of its implementation,
/// which this suite does not link.
func cartWithStubbedProducts() throws -> (mediator: Mediator, products: MediatorStub) {
    let mediator = Mediator()
    try mediator.register { CartTarget(mediator: $0) }
    let products = try mediator.stub(
        Products.summary.answering { input in
            guard input.id != 404 else { throw StubProductMissing() }
            return ProductSummary(id: input.id, name: "Tea \(input.id)", cents: 100 * input.id)
        })
    return (mediator, products)
}

/// The stub's stand-in for "no such product".
struct StubProductMissing: Error {}
