import Mediator
import MediatorTesting
import XCTest

// XCTest cases that must FAIL, each at the line marked `FAILS HERE`: proof that MediatorTesting
// reports to XCTest, not only to Swift Testing. Not part of the package's test targets: run by
// scripts/check-xctest-reporting.sh from a scratch consumer package, which checks that exactly these
// cases fail, each at its marked line and with its message, and that the passing case passes.
// This file imports XCTest and MediatorTesting only, as an XCTest-only consumer's would.

/// Target and action names the cases use.
private let cart = "Cart"

/// A remote action with a link; the case below forgets to register the scheme links arrive on.
private struct PeopleTarget: MediatorTarget {
    static let targetName = "People"
    static let actions: [MediatorAction<Self>] = [
        MediatorAction("list", exposure: .remote, urlPatterns: ["/people"]) { _, _ in "people" }
    ]
}

final class ExpectedFailures: XCTestCase {
    func testUnimplementedDoubleThatIsCalledFails() throws {
        let mediator = Mediator()
        try mediator.unimplemented(cart)  // FAILS HERE: Cart.count is unimplemented in this test
        XCTAssertThrowsError(try mediator.perform("count", on: cart))
    }

    func testUnimplementedContractAnswerThatIsCalledFails() throws {
        let mediator = Mediator()
        let count = ActionContract<NoInput, Int>("count", on: cart)
        try mediator.stub(count.unimplemented)  // FAILS HERE: Cart.count is unimplemented in this test
        XCTAssertThrowsError(try mediator.call(count))
    }

    func testExpectingAnErrorWhenNothingIsThrownFails() {
        expectMediatorError(.targetNotFound) { 42 }  // FAILS HERE: expected MediatorError targetNotFound, but nothing was thrown
    }

    func testExpectingAnotherCodeFails() throws {
        let mediator = Mediator()
        try mediator.register(targetNamed: cart, actions: [MediatorAction("count") { _, _ in 1 }])
        expectMediatorError(.targetNotFound) { try mediator.perform("cuont", on: cart) }  // FAILS HERE: but got actionNotFound
    }

    func testAMediatorWithNoSchemeOrHostFailsEveryLink() async throws {
        let mediator = Mediator()
        try mediator.register(PeopleTarget())
        await EveryLink.check(on: mediator)  // FAILS HERE: no app scheme or web host is registered
    }

    func testAMatchingExpectationPasses() throws {
        let mediator = Mediator()
        XCTAssertNotNil(expectMediatorError(.targetNotFound) { try mediator.perform("count", on: cart) })
    }
}
