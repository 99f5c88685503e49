import Mediator
import MediatorPublishing
import MediatorTesting
import Testing

/// The real target a stub stands in for.
private struct RealCartTarget: MediatorTarget {
    static let targetName = "Cart"
    static let actions: [MediatorAction<Self>] = [
        MediatorAction("count") { _, _ in 99 }
    ]
}

/// Whether an issue is the one an unimplemented double records for `Target.action`.
private func isUnimplemented(_ issue: Issue, _ call: String) -> Bool {
    issue.comments.contains { $0.rawValue.contains("\(call) is unimplemented") }
}

@Suite("Test doubles and the call recorder")
struct MediatorTestingTests {
    @Test("a stub answers with canned values under the real name, replacing the real target")
    func stubAnswersWithCannedValues() async throws {
        let mediator = Mediator()
        try mediator.register(RealCartTarget())
        let cart = try mediator.stub("Cart", answers: ["count": .value(3), "total": .value(12.5)])
        let count = try mediator.perform("count", on: "Cart", with: ["user": "ann"], as: Int.self)
        let total = try await mediator.performAsync("total", on: "Cart", as: Double.self)
        #expect(count == 3)
        #expect(total == 12.5)
        #expect(cart.targetName == "Cart")
        #expect(cart.calls.map(\.action) == ["count", "total"])
        #expect(try cart.calls.first?.parameters.value("user", as: String.self) == "ann")
        #expect(cart.calls(to: "total").count == 1)
        #expect(cart.calls(to: "nothing").isEmpty)
        #expect(cart.calls.first?.description == "Cart.count[user: ann]")
    }

    @Test("a stub's failure answer reaches the caller wrapped like a real handler's error")
    func stubFailureIsWrappedLikeAHandlerError() throws {
        let mediator = Mediator()
        try mediator.stub("Cart", answers: ["checkout": .failure(FixtureError.other("declined"))])
        let error = expectMediatorError(.handlerFailed) { try mediator.perform("checkout", on: "Cart") }
        #expect(error?.target == "Cart")
        #expect(error?.action == "checkout")
        #expect(error?.underlyingError as? FixtureError == .other("declined"))
    }

    @Test("a stub's handler answer computes from parameters and can call completion closures")
    func stubHandlerComputesFromParameters() throws {
        let mediator = Mediator()
        let stub = try mediator.stub(
            "Payments",
            answers: [
                "pay": .handler { parameters in
                    let done = try parameters.value("done", as: (@Sendable (Bool) -> Void).self)
                    let amount = try parameters.value("amount", as: Int.self)
                    done(amount < 100)
                    return amount * 2
                }
            ])
        let results = Locked<[Bool]>([])
        let done: @Sendable (Bool) -> Void = { ok in results.withLock { $0.append(ok) } }
        let doubled = try mediator.perform("pay", on: "Payments", with: ["amount": "21", "done": done], as: Int.self)
        _ = try mediator.perform("pay", on: "Payments", with: ["amount": 500, "done": done], as: Int.self)
        #expect(doubled == 42)
        #expect(results.withLock { $0 } == [true, false])
        #expect(stub.calls.count == 2)
    }

    @Test("an action the stub does not answer fails like a real miss and is recorded")
    func unansweredActionFailsLikeARealMiss() throws {
        let mediator = Mediator()
        let stub = try mediator.stub("Cart", answers: ["b": .value(1), "a": .value(2)])
        let error = expectMediatorError(.actionNotFound) { try mediator.perform("c", on: "Cart", with: ["x": 1]) }
        #expect(error?.target == "Cart")
        #expect(error?.action == "c")
        #expect(error?.available == ["a", "b"])
        #expect(stub.calls.map(\.action) == ["c"])
        #expect(mediator.catalog().target(named: "Cart")?.actions.map(\.name) == ["a", "b"])
    }

    @Test("a stub's .unimplemented answer fails the running test")
    func unimplementedAnswerFailsTheTest() throws {
        let mediator = Mediator()
        try mediator.stub("Cart", answers: ["count": .value(1), "checkout": .unimplemented])
        var error: MediatorError?
        withKnownIssue {
            error = expectMediatorError(.handlerFailed) { try mediator.perform("checkout", on: "Cart") }
        } matching: { issue in
            isUnimplemented(issue, "Cart.checkout")
        }
        #expect(error?.action == "checkout")
        #expect((error?.underlyingError as? UnimplementedCallError)?.action == "checkout")
        // The other answers still work, without an issue.
        #expect(try mediator.perform("count", on: "Cart", as: Int.self) == 1)
    }

    @Test("an unimplemented double fails the running test and throws UnimplementedCallError")
    func unimplementedDoubleFailsTheTest() throws {
        let mediator = Mediator()
        try mediator.register(RealCartTarget())
        let cart = try mediator.unimplemented("Cart")
        var thrown: (any Error)?
        withKnownIssue {
            do { try mediator.perform("count", on: "Cart", with: ["user": "ann"]) } catch { thrown = error }
        } matching: { issue in
            isUnimplemented(issue, "Cart.count")
        }
        let error = try #require(thrown as? UnimplementedCallError)
        #expect(error.target == "Cart")
        #expect(error.action == "count")
        // The typed stub first, then the by-name one: a by-name double cannot know the contract.
        #expect(error.description.contains("mediator.stub(Cart.count.answering { input in … })"))
        #expect(error.description.contains("mediator.stub(\"Cart\", answers: [\"count\": …])"))
        #expect(cart.calls.map(\.action) == ["count"])
        // Looking is not calling: introspection does not trip the double.
        #expect(!mediator.canPerform("count", on: "Cart"))
    }

    @Test("an unimplemented double also fails awaited calls")
    func unimplementedDoubleFailsAwaitedCalls() async throws {
        let mediator = Mediator()
        try mediator.unimplemented("Cart")
        var thrown: (any Error)?
        await withKnownIssue {
            do { _ = try await mediator.performAsync("count", on: "Cart", as: Int.self) } catch { thrown = error }
        } matching: { issue in
            isUnimplemented(issue, "Cart.count")
        }
        #expect(thrown is UnimplementedCallError)
    }

    @Test("a stub by contract answers typed inputs, records them, and fails the test on an unimplemented contract")
    func contractStubAnswersTypedInputs() throws {
        let mediator = Mediator()
        let stub = try mediator.stub(
            Basket.total.answering { input in input.quantity * 250 },
            Basket.empty.unimplemented)
        #expect(try mediator.call(Basket.total, with: BasketLine(sku: "tea", quantity: 2)) == 500)
        #expect(try mediator.perform("total", on: "Basket", with: ["sku": "cup", "quantity": "3"], as: Int.self) == 750)
        #expect(stub.inputs(to: Basket.total) == [BasketLine(sku: "tea", quantity: 2), BasketLine(sku: "cup", quantity: 3)])
        var error: MediatorError?
        withKnownIssue {
            error = expectMediatorError(.handlerFailed) { try mediator.call(Basket.empty) }
        } matching: { issue in
            isUnimplemented(issue, "Basket.empty")
        }
        #expect(error?.underlyingError is UnimplementedCallError)
        #expect(stub.calls.map(\.action) == ["total", "total", "empty"])
        // Answers for two targets, or for one action twice, are refused.
        #expect(throws: StubConfigurationError.self) {
            try mediator.stub(Basket.total.answering { _ in 0 }, Shelf.count.answering { _ in 0 })
        }
        #expect(throws: StubConfigurationError.self) {
            try mediator.stub(Basket.total.answering { _ in 0 }, Basket.total.answering { _ in 1 })
        }
    }

    @Test("CallRecorder records each call's target, action, parameters, source and outcome")
    func callRecorderRecordsEveryCall() async throws {
        let mediator = Mediator()
        try mediator.register(CalculatorTarget())
        let recorder = CallRecorder()
        mediator.configure { $0.interceptors.append(recorder) }
        _ = try mediator.perform("add", on: "Calculator", with: ["a": 1, "b": 2], as: Int.self)
        _ = try await mediator.performAsync("shared", on: "Calculator", source: .remote, as: String.self)
        await expectMediatorError(.handlerFailed) { try await mediator.performAsync("fail", on: "Calculator") }

        let calls = recorder.calls
        #expect(calls.map(\.target) == ["Calculator", "Calculator", "Calculator"])
        #expect(calls.map(\.action) == ["add", "shared", "fail"])
        #expect(calls.map(\.source) == [.local, .remote, .local])
        #expect(try calls[0].parameters.value("b", as: Int.self) == 2)
        #expect(recorder.outcomes.map(\.isSuccess) == [true, true, false])

        recorder.reset()
        #expect(recorder.calls.isEmpty)
        #expect(recorder.outcomes.isEmpty)
    }

    @Test("CallRecorder picks out the calls and typed inputs of one contract")
    func callRecorderFiltersByContract() throws {
        let mediator = Mediator()
        try mediator.stub(Basket.total.answering { input in input.quantity }, Basket.empty.answering { _ in 0 })
        let recorder = CallRecorder()
        mediator.configure { $0.interceptors.append(recorder) }
        _ = try mediator.call(Basket.total, with: BasketLine(sku: "tea", quantity: 1))
        _ = try mediator.call(Basket.empty)
        _ = try mediator.perform("total", on: "Basket", with: ["sku": "pot", "quantity": 4])
        #expect(recorder.calls(to: Basket.total).count == 2)
        #expect(recorder.calls(to: Basket.empty).count == 1)
        #expect(recorder.inputs(to: Basket.total) == [BasketLine(sku: "tea", quantity: 1), BasketLine(sku: "pot", quantity: 4)])
    }

    @Test("expectMediatorError matches the root cause a handler's failure wraps, and returns it")
    func expectMatchesAWrappedCause() throws {
        let mediator = Mediator()
        try mediator.register(
            targetNamed: "Cart",
            actions: [
                MediatorAction("add") { _, _ in try mediator.perform("summary", on: "Products") }
            ])
        let error = expectMediatorError(.targetNotFound) { try mediator.perform("add", on: "Cart") }
        #expect(error?.target == "Products")
        do {
            try mediator.perform("add", on: "Cart")
        } catch let error as MediatorError {
            #expect(error.code == .handlerFailed)
            #expect(error.causes.map(\.code) == [.handlerFailed, .targetNotFound])
            #expect(error.rootCause.target == "Products")
            #expect(error.cause(.targetNotFound)?.target == "Products")
            #expect(error.cause(.actionNotFound) == nil)
        }
        withKnownIssue {
            _ = expectMediatorError(.actionNotFound) { try mediator.perform("add", on: "Cart") }
        } matching: { issue in
            issue.comments.contains { $0.rawValue.contains("but got handlerFailed wrapping targetNotFound") }
        }
    }
}

/// A basket line: what the Basket stub's `total` contract takes.
private struct BasketLine: MediatorInput, Equatable {
    @Parameter var sku: String
    @Parameter var quantity: Int
    init() {}
    init(sku: String, quantity: Int) { (self.sku, self.quantity) = (sku, quantity) }
}

/// Contracts of a module the stubs stand in for.
private enum Basket {
    static let total = ActionContract<BasketLine, Int>("total", on: "Basket")
    static let empty = ActionContract<NoInput, Int>("empty", on: "Basket")
}

/// A contract of another module, to show a stub answers one target only.
private enum Shelf {
    static let count = ActionContract<NoInput, Int>("count", on: "Shelf")
}
