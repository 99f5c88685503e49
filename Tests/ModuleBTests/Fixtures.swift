import Mediator
import MediatorTesting
import ModuleAFacade
import ModuleB

/// A mediator with the real Cart and a stub of the Products module in place of its implementation,
/// which this suite does not link.
func cartWithStubbedProducts() throws -> (mediator: Mediator, products: MediatorStub) {
    let mediator = Mediator()
    try mediator.register(CartTarget.self) { CartTarget(mediator: $0) }
    let products = try mediator.stub(
        ProductsNames.target,
        answers: [
            ProductsNames.Action.summary.rawValue: .handler { parameters in
                let id: Int = try parameters.value(ProductsNames.Key.id)
                guard id != 404 else { throw StubProductMissing() }
                return ProductSummary(id: id, name: "Tea \(id)", cents: 100 * id)
            }
        ])
    return (mediator, products)
}

/// The stub's stand-in for "no such product".
struct StubProductMissing: Error {}
