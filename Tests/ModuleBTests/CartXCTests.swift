import Mediator
import MediatorTesting
import ModuleAFacade
import ModuleB
import ModuleBFacade
import XCTest

/// The Cart module tested from XCTest, as many existing iOS suites are: MediatorTesting's doubles and
/// expectations work in a file that imports XCTest and not Testing, and fail XCTest cases (the
/// failing side is proven by `Tests/XCTestReporting`, run by `scripts/check-xctest-reporting.sh`).
final class CartXCTests: XCTestCase {
    func testAddAsksProductsThroughItsFacade() throws {
        let mediator = Mediator()
        try mediator.register { CartTarget(mediator: $0) }
        let products = try mediator.stub(
            Products.summary.answering { ProductSummary(id: $0.id, name: "Tea \($0.id)", cents: 100 * $0.id) },
            Products.price.unimplemented)
        let summary = try mediator.cart.add(productID: 3, quantity: 2)
        XCTAssertEqual(summary.totalCents, 600)
        XCTAssertEqual(products.inputs(to: Products.summary), [ProductID(id: 3)])
    }

    func testAProductsTargetThatIsNotRegisteredIsTheRootCause() {
        let mediator = Mediator()
        XCTAssertNoThrow(try mediator.register { CartTarget(mediator: $0) })
        // Cart.add calls Products through its facade; Products is not registered.
        let error = expectMediatorError(.targetNotFound) { try mediator.cart.add(productID: 3) }
        XCTAssertEqual(error?.target, Products.target)
    }
}
