import Mediator
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

@Suite("MediatorTesting")
struct MediatorTestingTests {
    @Test("a stub answers with canned values under the real name, replacing the real target")
    func stubAnswers() async throws {
        let mediator = try makeMediator(RealCartTarget.self)
        let cart = try mediator.stub("Cart", answers: ["count": .value(3), "total": .value(12.5)])
        let count = try performSync(mediator, "count", on: "Cart", with: ["user": "ann"], as: Int.self)
        let total: Double = try await mediator.perform("total", on: "Cart")
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
    func stubFailure() throws {
        let mediator = Mediator()
        try mediator.stub("Cart", answers: ["checkout": .failure(FixtureError.other("declined"))])
        let error = try #require(throws: MediatorError.self) { try mediator.perform("checkout", on: "Cart") }
        guard case let .handlerFailed(target, action, underlying) = error else {
            Issue.record("expected handlerFailed, got \(error)")
            return
        }
        #expect([target, action] == ["Cart", "checkout"])
        #expect(underlying as? FixtureError == .other("declined"))
    }

    @Test("a stub's handler answer computes from parameters and can call completion closures")
    func stubHandler() throws {
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
        let doubled: Int = try mediator.perform("pay", on: "Payments", with: ["amount": "21", "done": done])
        let _: Int = try mediator.perform("pay", on: "Payments", with: ["amount": 500, "done": done])
        #expect(doubled == 42)
        #expect(results.withLock { $0 } == [true, false])
        #expect(stub.calls.count == 2)
    }

    @Test("an action the stub does not answer fails like a real miss and is recorded")
    func stubUnknownAction() throws {
        let mediator = Mediator()
        let stub = try mediator.stub("Cart", answers: ["b": .value(1), "a": .value(2)])
        let error = try #require(throws: MediatorError.self) {
            try mediator.perform("c", on: "Cart", with: ["x": 1])
        }
        guard case let .actionNotFound(target, action, available) = error else {
            Issue.record("expected actionNotFound, got \(error)")
            return
        }
        #expect([target, action] == ["Cart", "c"])
        #expect(available == ["a", "b"])
        #expect(stub.calls.map(\.action) == ["c"])
        #expect(mediator.catalog().target(named: "Cart")?.actions.map(\.name) == ["a", "b"])
    }

    @Test("a stub's .unimplemented answer fails the running test")
    func stubUnimplementedAnswer() throws {
        let mediator = Mediator()
        try mediator.stub("Cart", answers: ["count": .value(1), "checkout": .unimplemented])
        var thrown: (any Error)?
        withKnownIssue {
            do { try mediator.perform("checkout", on: "Cart") } catch { thrown = error }
        } matching: { issue in
            isUnimplemented(issue, "Cart.checkout")
        }
        guard case let .handlerFailed(_, action, underlying) = thrown as? MediatorError else {
            Issue.record("expected handlerFailed, got \(String(describing: thrown))")
            return
        }
        #expect(action == "checkout")
        #expect((underlying as? UnimplementedCallError)?.action == "checkout")
        // The other answers still work, without an issue.
        let count: Int = try mediator.perform("count", on: "Cart")
        #expect(count == 1)
    }

    @Test("an unimplemented double fails the running test and throws UnimplementedCallError")
    func unimplementedDouble() throws {
        let mediator = try makeMediator(RealCartTarget.self)
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
        #expect(error.description.contains("mediator.stub(\"Cart\", answers:)"))
        #expect(cart.calls.map(\.action) == ["count"])
        // Looking is not calling: introspection does not trip the double.
        #expect(!mediator.canPerform("count", on: "Cart"))
    }

    @Test("an unimplemented double also fails awaited calls")
    func unimplementedDoubleAsync() async throws {
        let mediator = Mediator()
        try mediator.unimplemented("Cart")
        var thrown: (any Error)?
        await withKnownIssue {
            do { let _: Int = try await mediator.perform("count", on: "Cart") } catch { thrown = error }
        } matching: { issue in
            isUnimplemented(issue, "Cart.count")
        }
        #expect(thrown is UnimplementedCallError)
    }

    @Test("CallRecorder records each call's target, action, parameters, source and outcome")
    func callRecorder() async throws {
        let mediator = try makeMediator(CalculatorTarget.self)
        let recorder = CallRecorder()
        mediator.addInterceptor(recorder)
        _ = try performSync(mediator, "add", on: "Calculator", with: ["a": 1, "b": 2], as: Int.self)
        let _: String = try await mediator.perform("shared", on: "Calculator", source: .remote)
        await #expect(throws: MediatorError.self) { try await mediator.perform("fail", on: "Calculator") }

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
}
