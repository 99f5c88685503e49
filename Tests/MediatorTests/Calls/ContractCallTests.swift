import Mediator
import MediatorTesting
import Testing

// A small "Shelf" module, written the way a real module is: contracts declared once in a facade
// enum, a facade whose methods are one line over them, and a target binding each handler to the
// same contract value.

private struct BookID: MediatorInput, Equatable {
    @Parameter("Book id") var id: Int
    init() {}
    init(id: Int) { self.id = id }
}

private struct Book: Sendable, Equatable {
    var id: Int
    var title: String
}

/// An input with a native field a call by name leaves at its default, "schema", so a
/// handler can tell the caller's value from one rebuilt from named values.
private struct Lend: MediatorInput {
    @Parameter var id: Int
    @Parameter(native: "") var madeBy = "schema"
    init() {}
    init(id: Int, madeBy: String) { (self.id, self.madeBy) = (id, madeBy) }
}

private struct ShelfFailure: Error, Equatable {
    let id: Int
}

private enum Shelf {
    static let target = "Shelf"
    static let book = ActionContract<BookID, Book>("book", on: target)
    static let count = ActionContract<NoInput, Int>("count", on: target)
    static let dust = ActionContract<NoInput, Void>("dust", on: target)
    static let lend = ActionContract<Lend, String>("lend", on: target)
    static let burn = ActionContract<BookID, Int>("burn", on: target)
    static let serial = ActionContract<NoInput, Int>("serial", on: target)
    static let read = ActionContract<MediatorParameters, Int>("read", on: target)
    static let borrow = ActionContract<BookID, String>("borrow", on: target)
    static let missing = ActionContract<BookID, Book>("missing", on: target)
}

/// Elsewhere in the app: a contract of a module that is not registered in these tests.
private enum Library {
    static let card = ActionContract<BookID, String>("card", on: "Library")
}

private struct ShelfFacade {
    let mediator: Mediator
    func book(id: Int) throws -> Book { try mediator.call(Shelf.book, with: BookID(id: id)) }
    func count() throws -> Int { try mediator.call(Shelf.count) }
}

extension Mediator {
    fileprivate var shelf: ShelfFacade { ShelfFacade(mediator: self) }
}

/// What the handlers saw, in order.
private final class ShelfLog: Sendable {
    let bookInputs = Locked<[BookID]>([])
    let dusted = Locked(0)
}

private struct ShelfTarget: MediatorTarget {
    static let targetName = Shelf.target
    static let cachesInstance = true
    let log: ShelfLog
    let serial: Int
    let titlePrefix: String
    /// The mediator the `borrow` handler calls back into.
    weak var mediator: Mediator?

    init(log: ShelfLog, serial: Int = 0, titlePrefix: String = "Book", mediator: Mediator? = nil) {
        self.log = log
        self.serial = serial
        self.titlePrefix = titlePrefix
        self.mediator = mediator
    }

    static let actions: [MediatorAction<ShelfTarget>] = [
        MediatorAction(Shelf.book) { target, input in
            target.log.bookInputs.withLock { $0.append(input) }
            return Book(id: input.id, title: "\(target.titlePrefix) \(input.id)")
        },
        MediatorAction(Shelf.count) { _, _ in 12 },
        MediatorAction(Shelf.dust) { target, _ in target.log.dusted.withLock { $0 += 1 } },
        MediatorAction(Shelf.lend) { _, input in "\(input.madeBy) \(input.id)" },
        MediatorAction(Shelf.burn) { _, input in throw ShelfFailure(id: input.id) },
        MediatorAction(Shelf.serial) { target, _ in target.serial },
        MediatorAction(Shelf.read) { _, input in try input.value("page", as: Int.self) },
        MediatorAction(Shelf.borrow) { target, input in
            // A nested typed call into a module that is not registered.
            try target.mediator?.call(Library.card, with: input) ?? "no mediator"
        },
    ]
}

/// Registers a Shelf target whose instances are numbered by a counting factory.
private func countingShelf(on mediator: Mediator, log: ShelfLog = ShelfLog()) throws -> Locked<Int> {
    let made = Locked(0)
    try mediator.register(
        ShelfTarget(
            log: log,
            serial: made.withLock { count in
                count += 1
                return count
            }))
    return made
}

@Suite("Typed calls through contracts")
struct ContractCallTests {
    @Test("a facade method, one line over its contract, returns the handler's typed result")
    func facadeMethodReturnsTheHandlersTypedResult() throws {
        let mediator = Mediator()
        let log = ShelfLog()
        try mediator.register(ShelfTarget(log: log))

        let book: Book = try mediator.shelf.book(id: 7)
        let count: Int = try mediator.shelf.count()

        #expect(book == Book(id: 7, title: "Book 7"))
        #expect(count == 12)
        #expect(log.bookInputs.withLock { $0 } == [BookID(id: 7)])
    }

    @Test("the handler receives the caller's input value itself, with or without interceptors, not one rebuilt by name")
    func handlerReceivesTheCallersInputItself() throws {
        let mediator = Mediator()
        try mediator.register(ShelfTarget(log: ShelfLog()))
        let input = Lend(id: 3, madeBy: "caller")

        #expect(try mediator.call(Shelf.lend, with: input) == "caller 3")
        #expect(try mediator.call(Shelf.lend, with: input) == "caller 3")
        mediator.configure { $0.interceptors.append(CallRecorder()) }
        #expect(try mediator.call(Shelf.lend, with: input) == "caller 3")
        // The same action by name gets the input its schema builds: the difference is observable.
        #expect(try mediator.perform("lend", on: "Shelf", with: ["id": 3], as: String.self) == "schema 3")
    }

    @Test("a contract without input is called without one, and a Void contract runs for its effect")
    func contractsWithoutInputOrResult() throws {
        let mediator = Mediator()
        let log = ShelfLog()
        try mediator.register(ShelfTarget(log: log))

        #expect(try mediator.call(Shelf.count) == 12)
        try mediator.call(Shelf.dust)
        try mediator.call(Shelf.dust)

        #expect(log.dusted.withLock { $0 } == 2)
    }

    @Test("a handler's own error is wrapped as handlerFailed naming the action, on the first call and on cached calls")
    func handlerErrorIsWrappedAsHandlerFailed() throws {
        let mediator = Mediator()
        try mediator.register(ShelfTarget(log: ShelfLog()))

        for id in [1, 2, 3] {
            let error = expectMediatorError(.handlerFailed) { try mediator.call(Shelf.burn, with: BookID(id: id)) }
            #expect(error?.target == "Shelf")
            #expect(error?.action == "burn")
            #expect(error?.underlyingError as? ShelfFailure == ShelfFailure(id: id))
        }
    }

    @Test("a MediatorError from the handler's own parameter reads passes through unwrapped")
    func handlersOwnParameterReadErrorsPassThrough() throws {
        let mediator = Mediator()
        try mediator.register(ShelfTarget(log: ShelfLog()))

        #expect(try mediator.call(Shelf.read, with: ["page": "12"]) == 12)
        let missing = expectMediatorError(.missingParameter) { try mediator.call(Shelf.read, with: [:]) }
        #expect(missing?.parameter == "page")
        #expect(missing?.expectedType == "Int")
        let invalid = expectMediatorError(.invalidParameter) { try mediator.call(Shelf.read, with: ["page": "twelve"]) }
        #expect(invalid?.parameter == "page")
        #expect(invalid?.received?.contains("twelve") == true)
    }

    @Test("an error from a nested call the handler makes is reported as this action's failure, with the nested error inside")
    func nestedCallFailureIsThisActionsFailure() throws {
        let mediator = Mediator()
        try mediator.register { ShelfTarget(log: ShelfLog(), mediator: $0) }

        let error = expectMediatorError(.handlerFailed) { try mediator.call(Shelf.borrow, with: BookID(id: 1)) }

        #expect(error?.target == "Shelf")
        #expect(error?.action == "borrow")
        #expect((error?.underlyingError as? MediatorError)?.code == .targetNotFound)
    }

    @Test("a contract whose action the target does not declare fails as actionNotFound, listing what it declares")
    func undeclaredActionFailsNamingTheDeclaredOnes() throws {
        let mediator = Mediator()
        try mediator.register(ShelfTarget(log: ShelfLog()))

        let error = expectMediatorError(.actionNotFound) { try mediator.call(Shelf.missing, with: BookID(id: 1)) }

        #expect(error?.target == "Shelf")
        #expect(error?.action == "missing")
        #expect(error?.available.contains("book") == true)
        #expect(error?.available.contains("missing") == false)
    }

    @Test("a contract of a module that is not registered fails as targetNotFound")
    func unregisteredModuleFailsAsTargetNotFound() {
        let mediator = Mediator()
        let error = expectMediatorError(.targetNotFound) { try mediator.call(Library.card, with: BookID(id: 1)) }
        #expect(error?.target == "Library")
    }

    @Test("canCall is true only for a registered binding of exactly the contract's input and output types")
    func canCallOnlyForExactTypes() throws {
        let mediator = Mediator()
        let made = try countingShelf(on: mediator)

        #expect(mediator.canCall(Shelf.book))
        #expect(mediator.canCall(Shelf.count))
        #expect(mediator.canCall(Shelf.dust))
        #expect(!mediator.canCall(ActionContract<BookID, String>("book", on: "Shelf")))
        #expect(!mediator.canCall(ActionContract<NoInput, Book>("book", on: "Shelf")))
        #expect(!mediator.canCall(ActionContract<BookID, Book?>("book", on: "Shelf")))
        #expect(!mediator.canCall(Shelf.missing))
        #expect(!mediator.canCall(Library.card))
        #expect(made.withLock { $0 } == 0, "canCall must not create an instance")

        mediator.unregister("Shelf")
        #expect(!mediator.canCall(Shelf.book))
    }

    @Test("canCall is false for an action of the same name registered by name with untyped parameters")
    func canCallIsFalseForAnActionRegisteredByName() throws {
        let mediator = Mediator()
        try mediator.register(
            targetNamed: "Shelf", actions: [MediatorAction("book") { _, _ in Book(id: 0, title: "by name") }])

        #expect(!mediator.canCall(Shelf.book))
        #expect(mediator.canPerform("book", on: "Shelf"))
    }

    // MARK: The typed fast path sees every change

    @Test("after a replacement target is registered, the next typed call on the same thread reaches it")
    func replacementIsSeenOnTheSameThread() throws {
        let mediator = Mediator()
        try mediator.register(ShelfTarget(log: ShelfLog(), titlePrefix: "Old"))
        #expect(try mediator.call(Shelf.book, with: BookID(id: 1)).title == "Old 1")
        #expect(try mediator.call(Shelf.book, with: BookID(id: 1)).title == "Old 1")

        try mediator.register(ShelfTarget(log: ShelfLog(), titlePrefix: "New"), replacingExisting: true)

        #expect(try mediator.call(Shelf.book, with: BookID(id: 1)).title == "New 1")
    }

    @Test("after a target registered by name replaces it, the next typed call reaches that one through the input's encoding")
    func replacementRegisteredByNameIsSeenOnTheSameThread() throws {
        let mediator = Mediator()
        try mediator.register(ShelfTarget(log: ShelfLog(), titlePrefix: "Typed"))
        #expect(try mediator.call(Shelf.book, with: BookID(id: 4)).title == "Typed 4")
        #expect(try mediator.call(Shelf.book, with: BookID(id: 4)).title == "Typed 4")

        try mediator.register(
            targetNamed: "Shelf",
            actions: [
                MediatorAction("book") { _, parameters in
                    Book(id: try parameters.value("id", as: Int.self), title: "By name")
                }
            ],
            replacingExisting: true)

        #expect(try mediator.call(Shelf.book, with: BookID(id: 4)) == Book(id: 4, title: "By name"))
        #expect(try mediator.call(Shelf.book, with: BookID(id: 5)) == Book(id: 5, title: "By name"))
    }

    @Test("many mediators used in turn on one thread each answer a contract from their own target")
    func manyMediatorsOnOneThreadKeepTheirOwnAnswers() throws {
        let mediators = try (0..<12).map { index in
            let mediator = Mediator()
            try mediator.register(ShelfTarget(log: ShelfLog(), titlePrefix: "M\(index)"))
            return mediator
        }

        for _ in 0..<3 {
            for (index, mediator) in mediators.enumerated() {
                #expect(try mediator.call(Shelf.book, with: BookID(id: 1)).title == "M\(index) 1")
            }
        }
    }

    @Test("after the target is unregistered, the next typed call on the same thread fails as targetNotFound")
    func unregisteringIsSeenOnTheSameThread() throws {
        let mediator = Mediator()
        try mediator.register(ShelfTarget(log: ShelfLog()))
        _ = try mediator.call(Shelf.book, with: BookID(id: 1))
        _ = try mediator.call(Shelf.book, with: BookID(id: 1))

        #expect(mediator.unregister("Shelf"))

        expectMediatorError(.targetNotFound) { try mediator.call(Shelf.book, with: BookID(id: 1)) }
    }

    @Test("adding an interceptor applies to the next typed call, and removing it lifts it again")
    func interceptorChangesAreSeenOnTheSameThread() throws {
        let mediator = Mediator()
        try mediator.register(ShelfTarget(log: ShelfLog()))
        _ = try mediator.call(Shelf.book, with: BookID(id: 1))
        _ = try mediator.call(Shelf.book, with: BookID(id: 1))

        mediator.configure { $0.interceptors.append(ClosedShelf()) }
        let error = expectMediatorError(.rejected) { try mediator.call(Shelf.book, with: BookID(id: 1)) }
        #expect(error?.reason == "closed")

        mediator.configure { $0.interceptors.removeAll() }
        #expect(try mediator.call(Shelf.book, with: BookID(id: 1)) == Book(id: 1, title: "Book 1"))
    }

    @Test("after cached instances are released, the next typed call is answered by a new instance")
    func releasingCachedInstancesIsSeenOnTheSameThread() throws {
        let mediator = Mediator()
        let made = try countingShelf(on: mediator)
        #expect(try mediator.call(Shelf.serial) == 1)
        #expect(try mediator.call(Shelf.serial) == 1)

        mediator.releaseCachedInstances()
        #expect(try mediator.call(Shelf.serial) == 2)

        mediator.releaseCachedInstances(of: "Shelf")
        #expect(try mediator.call(Shelf.serial) == 3)
        #expect(made.withLock { $0 } == 3)
    }

    @Test("a change made in one task is seen by the next typed call in every other task")
    func changesAreSeenAcrossTasks() async throws {
        let mediator = Mediator()
        try mediator.register(ShelfTarget(log: ShelfLog(), titlePrefix: "Old"))

        // Warm the per-thread caches of as many pool threads as the tasks land on.
        #expect(try await titles(from: mediator, tasks: 8) == ["Old 5"])

        try await Task.detached {
            try mediator.register(ShelfTarget(log: ShelfLog(), titlePrefix: "New"), replacingExisting: true)
        }.value
        #expect(try await titles(from: mediator, tasks: 8) == ["New 5"])

        await Task.detached { mediator.configure { $0.interceptors.append(ClosedShelf()) } }.value
        await expectEveryCall(toFailWith: .rejected, on: mediator, tasks: 8)

        await Task.detached { mediator.configure { $0.interceptors.removeAll() } }.value
        #expect(try await titles(from: mediator, tasks: 8) == ["New 5"])

        await Task.detached { _ = mediator.unregister("Shelf") }.value
        await expectEveryCall(toFailWith: .targetNotFound, on: mediator, tasks: 8)
    }

    @Test("after cached instances are released in one task, typed calls in other tasks reach a new instance")
    func releasingInstancesIsSeenAcrossTasks() async throws {
        let mediator = Mediator()
        _ = try countingShelf(on: mediator)
        #expect(try await serials(from: mediator, tasks: 8) == [1])

        await Task.detached { mediator.releaseCachedInstances() }.value

        #expect(try await serials(from: mediator, tasks: 8) == [2])
    }
}

/// Rejects every call.
private struct ClosedShelf: MediatorInterceptor {
    func intercept(_ call: MediatorCall) throws -> MediatorCall.Decision { .reject(reason: "closed") }
}

/// Every distinct title that 20 typed calls in each of `tasks` concurrent tasks returned.
private func titles(from mediator: Mediator, tasks: Int) async throws -> Set<String> {
    try await withThrowingTaskGroup(of: Set<String>.self) { group in
        for _ in 0..<tasks {
            group.addTask {
                var seen: Set<String> = []
                for _ in 0..<20 { seen.insert(try mediator.call(Shelf.book, with: BookID(id: 5)).title) }
                return seen
            }
        }
        return try await group.reduce(into: []) { $0.formUnion($1) }
    }
}

/// Every distinct serial that 20 typed calls in each of `tasks` concurrent tasks returned.
private func serials(from mediator: Mediator, tasks: Int) async throws -> Set<Int> {
    try await withThrowingTaskGroup(of: Set<Int>.self) { group in
        for _ in 0..<tasks {
            group.addTask {
                var seen: Set<Int> = []
                for _ in 0..<20 { seen.insert(try mediator.call(Shelf.serial)) }
                return seen
            }
        }
        return try await group.reduce(into: []) { $0.formUnion($1) }
    }
}

/// Expects each of 20 typed calls in each of `tasks` concurrent tasks to fail with `code`.
private func expectEveryCall(toFailWith code: MediatorError.Code, on mediator: Mediator, tasks: Int) async {
    await withTaskGroup(of: Void.self) { group in
        for _ in 0..<tasks {
            group.addTask {
                for _ in 0..<20 {
                    expectMediatorError(code) { try mediator.call(Shelf.book, with: BookID(id: 5)) }
                }
            }
        }
    }
}
