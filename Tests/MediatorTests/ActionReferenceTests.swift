import Mediator
import Synchronization
import Testing

/// Counts the calls it sees, and rejects calls to one action.
private final class CountingInterceptor: MediatorInterceptor {
    let seen = Mutex<[String]>([])

    func intercept(_ call: MediatorCall) throws -> MediatorDecision {
        seen.withLock { $0.append("\(call.target).\(call.action)") }
        return call.action == "forbidden" ? .reject(reason: "not today") : .proceed
    }
}

/// A mediator with a `Shop` target whose `price` multiplies its parameters by `factor`.
private func makeShop(factor: Int = 1) throws -> Mediator {
    let mediator = Mediator()
    try registerShop(on: mediator, factor: factor)
    return mediator
}

private func registerShop(on mediator: Mediator, factor: Int, replacing: Bool = false) throws {
    try mediator.register(
        targetNamed: "Shop",
        actions: [
            MediatorAction("count") { _, _ in 7 * factor },
            MediatorAction("price", parameters: [.required("id", Int.self), .required("quantity", Int.self)]) { _, p in
                try p.value("id", as: Int.self) * p.value("quantity", as: Int.self) * factor
            },
            MediatorAction("remoteCount", exposure: .remote) { _, _ in 1 },
            MediatorAction("later") { _, _ async in 11 * factor },
            MediatorAction("forbidden") { _, _ in 0 },
        ],
        replacingExisting: replacing)
}

/// Calls a reference synchronously from an async test, where `perform()` would pick the async overload.
private func performNow(_ reference: MediatorActionReference<Int>) throws -> Int {
    try reference.perform()
}

@Suite("Action references")
struct ActionReferenceTests {
    @Test("a reference returns what perform by names returns, with and without parameters")
    func matchesPerform() throws {
        let mediator = try makeShop()
        let count = mediator.action("count", on: "Shop", as: Int.self)
        let price = mediator.action("price", on: "Shop", as: Int.self)
        #expect(try count.perform() == 7)
        #expect(try count.perform() == mediator.perform("count", on: "Shop", as: Int.self))
        #expect(try price.perform(with: ["id": 6, "quantity": 2]) == 12)
        #expect(count.target == "Shop" && count.action == "count")
    }

    @Test("making a reference before the target is registered is fine; calls resolve when made")
    func madeBeforeRegistration() throws {
        let mediator = Mediator()
        let count = mediator.action("count", on: "Shop", as: Int.self)
        #expect(throws: MediatorError.self) { try count.perform() }
        try registerShop(on: mediator, factor: 1)
        #expect(try count.perform() == 7)
    }

    @Test("a replaced target is picked up on the next call")
    func followsReplacement() throws {
        let mediator = try makeShop(factor: 1)
        let count = mediator.action("count", on: "Shop", as: Int.self)
        #expect(try count.perform() == 7)
        try registerShop(on: mediator, factor: 3, replacing: true)
        #expect(try count.perform() == 21)
    }

    @Test("an unregistered target fails with the not-found error, and works again once registered")
    func followsRemoval() throws {
        let mediator = try makeShop()
        let count = mediator.action("count", on: "Shop", as: Int.self)
        #expect(try count.perform() == 7)
        mediator.unregister("Shop")
        do {
            _ = try count.perform()
            Issue.record("expected targetNotFound")
        } catch let error as MediatorError {
            guard case .targetNotFound(let target, _) = error else {
                Issue.record("unexpected \(error)")
                return
            }
            #expect(target == "Shop")
        }
        try registerShop(on: mediator, factor: 2)
        #expect(try count.perform() == 14)
    }

    @Test("an unknown action reports the actions that exist")
    func unknownAction() throws {
        let mediator = try makeShop()
        let missing = mediator.action("cuont", on: "Shop", as: Int.self)
        do {
            _ = try missing.perform()
            Issue.record("expected actionNotFound")
        } catch let error as MediatorError {
            guard case .actionNotFound(_, let action, let available) = error else {
                Issue.record("unexpected \(error)")
                return
            }
            #expect(action == "cuont")
            #expect(available.contains("count"))
        }
    }

    @Test("a wrong result type is reported, not forced")
    func resultTypeMismatch() throws {
        let mediator = try makeShop()
        let wrong = mediator.action("count", on: "Shop", as: String.self)
        do {
            _ = try wrong.perform()
            Issue.record("expected resultTypeMismatch")
        } catch let error as MediatorError {
            guard case .resultTypeMismatch(_, _, let expected, let actual) = error else {
                Issue.record("unexpected \(error)")
                return
            }
            #expect(expected == "String" && actual == "Int")
        }
    }

    @Test("a reference typed as any Sendable or Optional still converts like perform")
    func convertingResultTypes() throws {
        let mediator = try makeShop()
        #expect(try mediator.action("count", on: "Shop", as: (any Sendable).self).perform() as? Int == 7)
        #expect(try mediator.action("count", on: "Shop", as: Int?.self).perform() == 7)
    }

    @Test("interceptors installed after the first call see and can reject reference calls")
    func interceptorsSeeCalls() throws {
        let mediator = try makeShop()
        let count = mediator.action("count", on: "Shop", as: Int.self)
        let forbidden = mediator.action("forbidden", on: "Shop", as: Int.self)
        #expect(try count.perform() == 7)
        let interceptor = CountingInterceptor()
        mediator.addInterceptor(interceptor)
        #expect(try count.perform() == 7)
        #expect(throws: MediatorError.self) { try forbidden.perform() }
        #expect(interceptor.seen.withLock { $0 } == ["Shop.count", "Shop.forbidden"])
    }

    @Test("the remote policy applies to reference calls")
    func remotePolicy() throws {
        let mediator = try makeShop()
        #expect(try mediator.action("remoteCount", on: "Shop", as: Int.self).perform(source: .remote) == 1)
        #expect(throws: MediatorError.self) {
            try mediator.action("count", on: "Shop", as: Int.self).perform(source: .remote)
        }
    }

    @Test("parameters are validated before the handler runs")
    func validatesParameters() throws {
        let mediator = try makeShop()
        let price = mediator.action("price", on: "Shop", as: Int.self)
        #expect(throws: MediatorError.self) { try price.perform(with: ["id": 1]) }
        #expect(throws: MediatorError.self) { try price.perform(with: ["id": "x", "quantity": 1]) }
    }

    @Test("awaited calls reach asynchronous actions; synchronous calls to them fail")
    func asyncActions() async throws {
        let mediator = try makeShop(factor: 2)
        let later = mediator.action("later", on: "Shop", as: Int.self)
        #expect(try await later.perform() == 22)
        #expect(throws: MediatorError.self) { try performNow(later) }
    }

    @Test("many threads share one reference while the registry changes")
    func concurrentCallsDuringChanges() async throws {
        let mediator = try makeShop(factor: 1)
        let count = mediator.action("count", on: "Shop", as: Int.self)
        try await withThrowingTaskGroup(of: Void.self) { group in
            for _ in 0..<4 {
                group.addTask {
                    for _ in 0..<500 {
                        let value = try performNow(count)
                        #expect(value == 7 || value == 14)
                    }
                }
            }
            group.addTask {
                for round in 0..<50 {
                    try registerShop(on: mediator, factor: round.isMultiple(of: 2) ? 2 : 1, replacing: true)
                }
            }
            try await group.waitForAll()
        }
        try registerShop(on: mediator, factor: 2, replacing: true)
        #expect(try performNow(count) == 14)
    }
}
