import Mediator
import MediatorTesting
import Testing

// How each kind of action is called. Several tests here prove their point by compiling: a call
// written without `await` in an async function compiles only if the call is synchronous.

private struct Amount: MediatorInput, Equatable {
    @Parameter var value: Int
    init() {}
    init(value: Int) { self.value = value }
}

private enum Counter {
    static let target = "Counter"
    static let double = ActionContract<Amount, Int>("double", on: target)
    static let slowDouble = AsyncActionContract<Amount, Int>("slowDouble", on: target)
    static let label = MainActorActionContract<Amount, String>("label", on: target)
    static let total = ActionContract<NoInput, Int>("total", on: target)
    static let ready = AsyncActionContract<NoInput, Bool>("ready", on: target)
    static let title = MainActorActionContract<NoInput, String>("title", on: target)
}

/// Contracts of a facade that drifted from its target: they name Counter's actions with the right
/// types but another kind.
private enum DriftedCounter {
    /// The target binds `slowDouble` as asynchronous.
    static let slowDoubleNow = ActionContract<Amount, Int>("slowDouble", on: Counter.target)
    static let slowDoubleOnMain = MainActorActionContract<Amount, Int>("slowDouble", on: Counter.target)
    /// The target binds `label` on the main actor.
    static let labelNow = ActionContract<Amount, String>("label", on: Counter.target)
    static let labelLater = AsyncActionContract<Amount, String>("label", on: Counter.target)
    /// The target binds `double` as synchronous.
    static let doubleLater = AsyncActionContract<Amount, Int>("double", on: Counter.target)
}

/// Main-actor state the main-actor handlers touch, so they could not compile off the main actor.
@MainActor
private final class Board {
    var shown: [String] = []
    nonisolated init() {}
}

private struct CounterTarget: MediatorTarget {
    static let targetName = Counter.target
    let board: Board

    static let actions: [MediatorAction<CounterTarget>] = [
        MediatorAction(Counter.double, exposure: .remote) { _, input in input.value * 2 },
        MediatorAction(Counter.slowDouble, exposure: .remote) { _, input in
            await Task.yield()
            return input.value * 2
        },
        MediatorAction(Counter.label, exposure: .remote) { target, input in
            let label = "#\(input.value)"
            target.board.shown.append(label)
            return label
        },
        MediatorAction(Counter.total) { _, _ in 42 },
        MediatorAction(Counter.ready) { _, _ in
            await Task.yield()
            return true
        },
        MediatorAction(Counter.title) { target, _ in
            target.board.shown.append("title")
            return "Counter"
        },
    ]
}

private func counter() throws -> (Mediator, Board) {
    let mediator = Mediator()
    let board = Board()
    try mediator.register(CounterTarget(board: board))
    mediator.registerScheme("counter")
    return (mediator, board)
}

@Suite("Each kind of action is called the way its contract says")
struct CallingRulesTests {
    // MARK: Synchronous actions

    @Test("a synchronous contract is called without await inside an async function")
    func synchronousContractIsCalledWithoutAwaitInAsyncCode() async throws {
        let (mediator, _) = try counter()

        let doubled = try mediator.call(Counter.double, with: Amount(value: 21))
        let total = try mediator.call(Counter.total)

        #expect(doubled == 42)
        #expect(total == 42)
    }

    @Test("perform and open by name compile without await inside an async function and run synchronous actions")
    func performAndOpenAreCalledWithoutAwaitInAsyncCode() async throws {
        let (mediator, _) = try counter()

        let performed = try mediator.perform("double", on: "Counter", with: ["value": 4], as: Int.self)
        let untyped = try mediator.perform("double", on: "Counter", with: ["value": "5"])
        let opened = try mediator.open("counter://Counter/double?value=6", as: Int.self)

        #expect(performed == 8)
        #expect(untyped as? Int == 10)
        #expect(opened == 12)
    }

    @Test("a synchronous contract is also called from synchronous code")
    func synchronousContractIsCalledFromSynchronousCode() throws {
        let mediator = Mediator()
        try mediator.register(CounterTarget(board: Board()))

        #expect(try mediator.call(Counter.double, with: Amount(value: 3)) == 6)
    }

    // MARK: Asynchronous actions

    @Test("an asynchronous contract is awaited and returns its typed result")
    func asynchronousContractIsAwaited() async throws {
        let (mediator, _) = try counter()

        let doubled: Int = try await mediator.call(Counter.slowDouble, with: Amount(value: 8))
        let ready: Bool = try await mediator.call(Counter.ready)

        #expect(doubled == 16)
        #expect(ready)
    }

    @Test("an asynchronous action performed or opened synchronously by name fails, naming the action")
    func asynchronousActionCalledSynchronouslyByNameFails() async throws {
        let (mediator, _) = try counter()

        let performed = expectMediatorError(.asyncActionCalledSynchronously) {
            try mediator.perform("slowDouble", on: "Counter", with: ["value": 1])
        }
        #expect(performed?.target == "Counter")
        #expect(performed?.action == "slowDouble")
        let opened = expectMediatorError(.asyncActionCalledSynchronously) {
            try mediator.open("counter://Counter/slowDouble?value=1")
        }
        #expect(opened?.action == "slowDouble")

        #expect(try await mediator.performAsync("slowDouble", on: "Counter", with: ["value": 1], as: Int.self) == 2)
        #expect(try await mediator.openAsync("counter://Counter/slowDouble?value=2", as: Int.self) == 4)
    }

    // MARK: Main-actor actions

    @Test("a main-actor contract is called synchronously from the main actor")
    @MainActor
    func mainActorContractIsCalledSynchronouslyOnTheMainActor() throws {
        let (mediator, board) = try counter()

        let label = try mediator.call(Counter.label, with: Amount(value: 7))
        let again = try mediator.call(Counter.label, with: Amount(value: 8))
        let title = try mediator.call(Counter.title)

        #expect(label == "#7")
        #expect(again == "#8")
        #expect(title == "Counter")
        #expect(board.shown == ["#7", "#8", "title"])
    }

    @Test("a main-actor contract is called with await from a nonisolated async function")
    func mainActorContractIsAwaitedOffTheMainActor() async throws {
        let (mediator, board) = try counter()

        let label = try await mediator.call(Counter.label, with: Amount(value: 7))
        let title = try await mediator.call(Counter.title)

        #expect(label == "#7")
        #expect(title == "Counter")
        #expect(await board.shown == ["#7", "title"])
    }

    @Test("a main-actor action performed or opened synchronously off the main actor fails with mainActorRequired")
    func mainActorActionPerformedSynchronouslyOffTheMainActorFails() async throws {
        let (mediator, board) = try counter()

        let performed = expectMediatorError(.mainActorRequired) {
            try mediator.perform("label", on: "Counter", with: ["value": 1])
        }
        #expect(performed?.target == "Counter")
        #expect(performed?.action == "label")
        let opened = expectMediatorError(.mainActorRequired) { try mediator.open("counter://Counter/label?value=1") }
        #expect(opened?.action == "label")
        #expect(await board.shown.isEmpty)

        #expect(try await mediator.performAsync("label", on: "Counter", with: ["value": 1], as: String.self) == "#1")
        #expect(try await mediator.openAsync("counter://Counter/label?value=2", as: String.self) == "#2")
    }

    @Test("a main-actor action performed synchronously from synchronous nonisolated code fails with mainActorRequired")
    func mainActorActionPerformedFromSynchronousNonisolatedCodeFails() throws {
        let mediator = Mediator()
        try mediator.register(CounterTarget(board: Board()))

        let error = expectMediatorError(.mainActorRequired) { try mediator.perform("title", on: "Counter") }
        #expect(error?.action == "title")
    }

    @Test("a main-actor action is performed and opened synchronously by name from the main actor")
    @MainActor
    func mainActorActionIsPerformedSynchronouslyOnTheMainActor() throws {
        let (mediator, board) = try counter()

        #expect(try mediator.perform("label", on: "Counter", with: ["value": "3"], as: String.self) == "#3")
        #expect(try mediator.open("counter://Counter/label?value=4", as: String.self) == "#4")
        #expect(board.shown == ["#3", "#4"])
    }

    // MARK: Contracts of another kind than the binding

    @Test("a synchronous contract over an asynchronous or main-actor binding fails, on the first call and later ones")
    func synchronousContractOverAnotherKindFails() async throws {
        let (mediator, board) = try counter()

        for _ in 0..<2 {
            expectMediatorError(.asyncActionCalledSynchronously) {
                try mediator.call(DriftedCounter.slowDoubleNow, with: Amount(value: 1))
            }
            expectMediatorError(.mainActorRequired) { try mediator.call(DriftedCounter.labelNow, with: Amount(value: 1)) }
        }
        #expect(await board.shown.isEmpty)
    }

    @Test("a main-actor contract over an asynchronous binding fails on the main actor instead of blocking")
    @MainActor
    func mainActorContractOverAnAsynchronousBindingFails() throws {
        let (mediator, _) = try counter()

        for _ in 0..<2 {
            let error = expectMediatorError(.asyncActionCalledSynchronously) {
                try mediator.call(DriftedCounter.slowDoubleOnMain, with: Amount(value: 1))
            }
            #expect(error?.action == "slowDouble")
        }
    }

    @Test("an awaited contract reaches synchronous and main-actor bindings of its types")
    func awaitedContractReachesEveryKind() async throws {
        let (mediator, board) = try counter()

        for value in [1, 2] {
            #expect(try await mediator.call(DriftedCounter.doubleLater, with: Amount(value: value)) == value * 2)
            #expect(try await mediator.call(DriftedCounter.labelLater, with: Amount(value: value)) == "#\(value)")
        }
        #expect(await board.shown == ["#1", "#2"])
    }
}
