import Mediator
import MediatorTesting
import Testing

/// The Shop's price input: a product and a quantity.
private struct PriceInput: MediatorInput, Equatable {
    @Parameter var id: Int
    @Parameter var quantity: Int
    init() {}
    init(id: Int, quantity: Int) { (self.id, self.quantity) = (id, quantity) }
}

/// The Shop's product input, which a URL pattern carries.
private struct ProductInput: MediatorInput, Equatable {
    @Parameter var id: Int
    init() {}
    init(id: Int) { self.id = id }
}

/// A price input that leaves out the quantity the Shop needs.
private struct PartialPrice: MediatorInput {
    @Parameter var id: Int
    init() {}
    init(id: Int) { self.id = id }
}

/// A price input whose id is any text, where the Shop needs a number.
private struct TextPrice: MediatorInput {
    @Parameter var id: String
    @Parameter var quantity: Int
    init() {}
    init(id: String, quantity: Int) { (self.id, self.quantity) = (id, quantity) }
}

/// The Shop's facade: the contracts its target binds.
private enum Shop {
    static let count = ActionContract<NoInput, Int>("count", on: "Shop")
    static let price = ActionContract<PriceInput, Int>("price", on: "Shop")
    static let product = ActionContract<ProductInput, String>("product", on: "Shop")
    static let remoteCount = ActionContract<NoInput, Int>("remoteCount", on: "Shop")
    static let later = AsyncActionContract<NoInput, Int>("later", on: "Shop")
    static let screen = MainActorActionContract<NoInput, String>("screen", on: "Shop")
    static let forbidden = ActionContract<NoInput, Int>("forbidden", on: "Shop")
    /// Declared by name, without a contract, on the target's side.
    static let label = ActionContract<NoInput, String>("label", on: "Shop")
}

/// Contracts that disagree with what the Shop declares, as a stale or mistaken facade would.
private enum Mismatched {
    static let countAsText = ActionContract<NoInput, String>("count", on: "Shop")
    static let countAsAny = ActionContract<NoInput, any Sendable>("count", on: "Shop")
    static let countAsOptional = ActionContract<NoInput, Int?>("count", on: "Shop")
    static let misspelled = ActionContract<NoInput, Int>("cuont", on: "Shop")
    static let laterWithoutAwait = ActionContract<NoInput, Int>("later", on: "Shop")
    static let partialPrice = ActionContract<PartialPrice, Int>("price", on: "Shop")
    static let textPrice = ActionContract<TextPrice, Int>("price", on: "Shop")
    static let elsewhere = ActionContract<NoInput, Int>("count", on: "Warehouse")
}

/// Records the calls it sees, and rejects calls to one action.
private final class CountingInterceptor: MediatorInterceptor {
    let seen = Locked<[String]>([])
    let parameters = Locked<[MediatorParameters]>([])

    func intercept(_ call: MediatorCall) throws -> MediatorCall.Decision {
        seen.withLock { $0.append("\(call.target).\(call.action)") }
        parameters.withLock { $0.append(call.parameters) }
        return call.action == "forbidden" ? .reject(reason: "not today") : .proceed
    }
}

/// Sends calls for Shop.count to another Shop action.
private struct RedirectCount: MediatorInterceptor {
    let to: String
    func intercept(_ call: MediatorCall) throws -> MediatorCall.Decision {
        call.action == "count" ? .redirect(target: "Shop", action: to) : .proceed
    }
}

/// A mediator with a Shop target whose answers are multiplied by `factor`.
private func makeShop(factor: Int = 1) throws -> Mediator {
    let mediator = Mediator()
    try registerShop(on: mediator, factor: factor)
    return mediator
}

private func registerShop(on mediator: Mediator, factor: Int, replacing: Bool = false) throws {
    try mediator.register(
        targetNamed: "Shop",
        actions: [
            MediatorAction(Shop.count) { _, _ in 7 * factor },
            MediatorAction(Shop.price) { _, input in input.id * input.quantity * factor },
            MediatorAction(Shop.product, exposure: .remote, urlPatterns: ["/product/:id"]) { _, input in "product \(input.id)" },
            MediatorAction(Shop.remoteCount, exposure: .remote) { _, _ in 1 },
            MediatorAction(Shop.later) { _, _ in
                await Task.yield()
                return 11 * factor
            },
            MediatorAction(Shop.screen) { _, _ in
                MainActor.assertIsolated()
                return "screen"
            },
            MediatorAction(Shop.forbidden) { _, _ in 0 },
            MediatorAction("label") { _, _ in "label \(factor)" },
        ],
        replacingExisting: replacing)
}

@Suite("Contract calls follow the registry")
struct ContractResolutionTests {
    @Test("a contract call returns what the call by name returns, with and without input")
    func contractCallMatchesCallByName() throws {
        let mediator = try makeShop()
        #expect(try mediator.call(Shop.count) == 7)
        #expect(try mediator.call(Shop.count) == mediator.perform("count", on: "Shop", as: Int.self))
        #expect(try mediator.call(Shop.price, with: PriceInput(id: 6, quantity: 2)) == 12)
        #expect(try mediator.perform("price", on: "Shop", with: ["id": 6, "quantity": 2], as: Int.self) == 12)
        // A contract also reaches an action the target declares by name, when the types agree.
        #expect(try mediator.call(Shop.label) == "label 1")
        #expect(Shop.count.target == "Shop" && Shop.count.action == "count")
        #expect(Shop.price.description == "Shop.price")
    }

    @Test("canCall says whether the target binds the contract's exact types, without calling anything")
    func canCallChecksTheContractsTypes() throws {
        let mediator = try makeShop()
        let interceptor = CountingInterceptor()
        mediator.configure { $0.interceptors.append(interceptor) }
        #expect(mediator.canCall(Shop.count))
        #expect(mediator.canCall(Shop.price))
        #expect(mediator.canCall(Shop.later))
        #expect(!mediator.canCall(Mismatched.countAsText))
        #expect(!mediator.canCall(Mismatched.partialPrice))
        #expect(!mediator.canCall(Mismatched.misspelled))
        #expect(!mediator.canCall(Mismatched.elsewhere))
        #expect(interceptor.seen.withLock { $0 }.isEmpty)
    }

    @Test("a contract declared before its target is registered resolves when it is called")
    func contractResolvesWhenCalled() throws {
        let mediator = Mediator()
        #expect(!mediator.canCall(Shop.count))
        let error = expectMediatorError(.targetNotFound) { try mediator.call(Shop.count) }
        #expect(error?.target == "Shop")
        try registerShop(on: mediator, factor: 1)
        #expect(try mediator.call(Shop.count) == 7)
    }

    @Test("a contract call follows the replacement of its target")
    func contractCallFollowsReplacement() throws {
        let mediator = try makeShop(factor: 1)
        #expect(try mediator.call(Shop.count) == 7)
        #expect(try mediator.call(Shop.count) == 7)
        try registerShop(on: mediator, factor: 3, replacing: true)
        #expect(try mediator.call(Shop.count) == 21)
        #expect(try mediator.call(Shop.price, with: PriceInput(id: 1, quantity: 1)) == 3)
    }

    @Test("a contract call fails with .targetNotFound once its target is removed, and works again once it is registered")
    func contractCallFollowsRemoval() throws {
        let mediator = try makeShop()
        #expect(try mediator.call(Shop.count) == 7)
        mediator.unregister("Shop")
        let error = expectMediatorError(.targetNotFound) { try mediator.call(Shop.count) }
        #expect(error?.target == "Shop")
        try registerShop(on: mediator, factor: 2)
        #expect(try mediator.call(Shop.count) == 14)
    }

    @Test("a contract naming an action the target does not declare reports the actions that exist")
    func unknownActionListsTheActionsThatExist() throws {
        let mediator = try makeShop()
        let error = expectMediatorError(.actionNotFound) { try mediator.call(Mismatched.misspelled) }
        #expect(error?.target == "Shop")
        #expect(error?.action == "cuont")
        #expect(error?.available.contains("count") == true)
    }

    @Test("the not-found chain answers a contract call: the target's own handler first, then the mediator fallback")
    func notFoundChainAnswersContractCalls() throws {
        let mediator = try makeShop()
        try mediator.register(
            targetNamed: "Old", actions: [],
            unknownAction: { action, _ in action == "count" ? .value(99) : .notHandled })
        #expect(try mediator.call(ActionContract<NoInput, Int>("count", on: "Old")) == 99)

        let unresolved = Locked<[(call: MediatorCall, error: MediatorError)]>([])
        mediator.configure {
            $0.fallback = { call, error in
                unresolved.withLock { $0.append((call, error)) }
                switch call.action {
                case "cuont": return .value(42)
                case "count": return .redirect(target: "Shop", action: "count", parameters: [:])
                default: return .notHandled
                }
            }
        }
        #expect(try mediator.call(Mismatched.misspelled) == 42)
        #expect(try mediator.call(Mismatched.elsewhere) == 7)
        #expect(unresolved.withLock { $0.map(\.error.code) } == [.actionNotFound, .targetNotFound])
        #expect(unresolved.withLock { $0.map(\.call.target) } == ["Shop", "Warehouse"])

        // A fallback's answer of another type is reported as a mismatch, not forced.
        mediator.configure { $0.fallback = { _, _ in .value("text") } }
        let mismatch = expectMediatorError(.resultTypeMismatch) { try mediator.call(Mismatched.misspelled) }
        #expect(mismatch?.expectedType == "Int")
        #expect(mismatch?.received == "String")

        // Without a fallback, the not-found error comes last.
        mediator.configure { $0.fallback = nil }
        expectMediatorError(.actionNotFound) { try mediator.call(Mismatched.misspelled) }
    }

    @Test("a wrong result type is reported, not forced")
    func wrongResultTypeIsReported() throws {
        let mediator = try makeShop()
        for _ in 0..<2 {
            let error = expectMediatorError(.resultTypeMismatch) { try mediator.call(Mismatched.countAsText) }
            #expect(error?.target == "Shop")
            #expect(error?.action == "count")
            #expect(error?.expectedType == "String")
            #expect(error?.received == "Int")
        }
        // The right contract still works after the mismatch.
        #expect(try mediator.call(Shop.count) == 7)
    }

    @Test("a contract typed as any Sendable or as an Optional converts like a call by name")
    func anySendableAndOptionalResultsConvert() throws {
        let mediator = try makeShop()
        #expect(try mediator.call(Mismatched.countAsAny) as? Int == 7)
        #expect(try mediator.call(Mismatched.countAsOptional) == 7)
    }

    @Test("interceptors installed after the first call see contract calls, with their input, and can reject them")
    func interceptorsSeeContractCalls() throws {
        let mediator = try makeShop()
        #expect(try mediator.call(Shop.count) == 7)
        let interceptor = CountingInterceptor()
        mediator.configure { $0.interceptors.append(interceptor) }
        #expect(try mediator.call(Shop.count) == 7)
        let error = expectMediatorError(.rejected) { try mediator.call(Shop.forbidden) }
        #expect(error?.reason == "not today")
        #expect(try mediator.call(Shop.price, with: PriceInput(id: 3, quantity: 4)) == 12)
        #expect(interceptor.seen.withLock { $0 } == ["Shop.count", "Shop.forbidden", "Shop.price"])
        let priceParameters = try #require(interceptor.parameters.withLock { $0.last })
        #expect(try priceParameters.value("id", as: Int.self) == 3)
        #expect(try priceParameters.value("quantity", as: Int.self) == 4)

        // Once the interceptors are gone, calls no longer pass them.
        mediator.configure { $0.interceptors.removeAll() }
        #expect(try mediator.call(Shop.count) == 7)
        #expect(interceptor.seen.withLock { $0 }.count == 3)
    }

    @Test("an interceptor may redirect a contract call; the answer must still have the contract's type")
    func redirectedContractCallKeepsItsType() throws {
        let mediator = try makeShop()
        mediator.configure { $0.interceptors.append(RedirectCount(to: "remoteCount")) }
        #expect(try mediator.call(Shop.count) == 1)
        mediator.configure { $0.interceptors.removeAll() }
        mediator.configure { $0.interceptors.append(RedirectCount(to: "label")) }
        let error = expectMediatorError(.resultTypeMismatch) { try mediator.call(Shop.count) }
        #expect(error?.expectedType == "Int")
        #expect(error?.received == "String")
    }

    @Test("the remote policy applies to contract calls")
    func remotePolicyAppliesToContractCalls() throws {
        let mediator = try makeShop()
        #expect(try mediator.call(Shop.remoteCount, source: .remote) == 1)
        let error = expectMediatorError(.remoteCallNotAllowed) { try mediator.call(Shop.count, source: .remote) }
        #expect(error?.target == "Shop")
        #expect(error?.action == "count")
        // The same contract called locally still works.
        #expect(try mediator.call(Shop.count) == 7)
    }

    @Test("an input that does not fit the action's declaration is refused before the handler runs")
    func inputThatDoesNotFitIsRefused() throws {
        let mediator = try makeShop()
        let missing = expectMediatorError(.missingParameter) {
            try mediator.call(Mismatched.partialPrice, with: PartialPrice(id: 1))
        }
        #expect(missing?.parameter == "quantity")
        #expect(missing?.action == "price")
        let invalid = expectMediatorError(.invalidParameter) {
            try mediator.call(Mismatched.textPrice, with: TextPrice(id: "x", quantity: 1))
        }
        #expect(invalid?.parameter == "id")
        #expect(invalid?.expectedType == "Int")
    }

    @Test("an awaited contract call reaches an asynchronous action; a synchronous contract call to it fails")
    func asyncActionsNeedAwaitedContracts() async throws {
        let mediator = try makeShop(factor: 2)
        #expect(try await mediator.call(Shop.later) == 22)
        for _ in 0..<2 {
            let error = expectMediatorError(.asyncActionCalledSynchronously) { try mediator.call(Mismatched.laterWithoutAwait) }
            #expect(error?.target == "Shop")
            #expect(error?.action == "later")
        }
        // An awaited contract reaches synchronous actions too.
        #expect(try await mediator.call(AsyncActionContract<NoInput, Int>("count", on: "Shop")) == 14)
    }

    @MainActor
    @Test("a main-actor contract is called synchronously on the main actor, and with await from elsewhere")
    func mainActorContractRunsOnTheMainActor() async throws {
        let mediator = try makeShop()
        #expect(try mediator.call(Shop.screen) == "screen")
        let awaited = try await Task.detached { try await mediator.call(Shop.screen) }.value
        #expect(awaited == "screen")
    }

    @Test("a contract with a URL pattern generates a URL that opens back to the same input")
    func contractGeneratesURLs() throws {
        let mediator = try makeShop()
        mediator.registerScheme("shop")
        let url = try mediator.url(for: Shop.product, with: ProductInput(id: 42))
        #expect(url == "shop://product/42")
        #expect(try mediator.open(url, as: String.self) == "product 42")
        expectMediatorError(.remoteCallNotAllowed) { try mediator.url(for: Shop.count, with: NoInput()) }
    }

    @Test("many threads share one contract while the registry changes")
    func concurrentContractCallsDuringChanges() async throws {
        let mediator = try makeShop(factor: 1)
        try await withThrowingTaskGroup(of: Void.self) { group in
            for _ in 0..<4 {
                group.addTask {
                    for _ in 0..<500 {
                        let value = try mediator.call(Shop.count)
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
        #expect(try mediator.call(Shop.count) == 14)
    }
}
