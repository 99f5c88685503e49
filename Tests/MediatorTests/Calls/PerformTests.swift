import Mediator
import MediatorTesting
import Testing

/// Takes completion callbacks as parameters, as native callers pass them.
private struct UploaderTarget: MediatorTarget {
    static let targetName = "Uploader"
    typealias Completion = @Sendable (Result<Int, FixtureError>) -> Void
    static let actions: [MediatorAction<Self>] = [
        MediatorAction(
            "upload",
            parameters: Upload.self
        ) { _, p in
            let completion = try p.value("completion", as: Completion.self)
            let size = try p.value("size", as: Int.self)
            completion(size > 0 ? .success(size * 2) : .failure(.other("empty")))
        },
        MediatorAction("uploadLater", parameters: UploadLater.self) { _, p async throws in
            let completion = try p.value("completion", as: Completion.self)
            await Task.yield()
            completion(.success(7))
        },
    ]
}

/// Guards remote access: one local action, one remote action, each recording its runs in the
/// test's own log.
private struct ProfileTarget: MediatorTarget {
    static let targetName = "Profile"
    static let actions: [MediatorAction<Self>] = [
        MediatorAction("deleteAccount") { target, _ in target.record("deleteAccount") },
        MediatorAction("show", exposure: .remote) { target, _ in target.record("show") },
    ]
    let runs: Locked<[String]>

    func record(_ action: String) -> String {
        runs.withLock { $0.append(action) }
        return action
    }
}

/// Calls another target through the mediator it was built with.
private struct ForwarderTarget: MediatorTarget {
    static let targetName = "Forwarder"
    static let actions: [MediatorAction<Self>] = [
        MediatorAction("sum", parameters: Operands.self) { target, p -> Int in
            try target.mediator.perform("add", on: "Calculator", with: p, as: Int.self) + 1
        },
        MediatorAction("broken") { target, _ -> Int in
            try target.mediator.perform("add", on: "Calculator", with: ["a": 1], as: Int.self)
        },
    ]
    let mediator: Mediator
}

/// A mediator with the calculator registered.
private func calculatorMediator() throws -> Mediator {
    let mediator = Mediator()
    try mediator.register(CalculatorTarget())
    return mediator
}

@Suite("Calls by name")
struct PerformTests {
    @Test("a synchronous call returns the typed result")
    func syncCallReturnsTypedResult() throws {
        let mediator = try calculatorMediator()
        let sum = try mediator.perform("add", on: "Calculator", with: ["a": 2, "b": 40], as: Int.self)
        #expect(sum == 42)
        let converted = try mediator.perform("add", on: "Calculator", with: ["a": "1", "b": 1], as: Int.self)
        #expect(converted == 2)
    }

    @Test("an awaited call returns the typed result, for sync and async actions")
    func awaitedCallReturnsTypedResult() async throws {
        let mediator = try calculatorMediator()
        let sum = try await mediator.performAsync("addAsync", on: "Calculator", with: ["a": 2, "b": 3], as: Int.self)
        let syncSum = try await mediator.performAsync("add", on: "Calculator", with: ["a": 4, "b": 3], as: Int.self)
        #expect(sum == 5)
        #expect(syncSum == 7)
    }

    @Test("a synchronous call from async code runs without await and reaches synchronous actions")
    func syncCallFromAsyncCode() async throws {
        let mediator = try calculatorMediator()
        let sum = try mediator.perform("add", on: "Calculator", with: ["a": 20, "b": 22], as: Int.self)
        #expect(sum == 42)
    }

    @Test("Void actions and discarded results")
    func voidActionsAndDiscardedResults() async throws {
        let mediator = try calculatorMediator()
        try mediator.perform("nothing", on: "Calculator")
        try mediator.perform("nothing", on: "Calculator", as: Void.self)
        try await mediator.performAsync("nothing", on: "Calculator", as: Void.self)
        try await mediator.performAsync("addAsync", on: "Calculator", with: ["a": 1, "b": 1])
        // The discardable form returns the untyped value.
        let untyped = try await mediator.performAsync("add", on: "Calculator", with: ["a": 1, "b": 2])
        #expect(untyped as? Int == 3)
        let untypedSync = try mediator.perform("add", on: "Calculator", with: ["a": 2, "b": 2])
        #expect(untypedSync as? Int == 4)
        // Discarding does not swallow failures.
        await expectMediatorError(.handlerFailed) { try await mediator.performAsync("fail", on: "Calculator") }
        expectMediatorError(.handlerFailed) { try mediator.perform("fail", on: "Calculator") }
    }

    @Test("asking for the wrong result type reports expected and actual types")
    func wrongResultTypeIsReported() async throws {
        let mediator = try calculatorMediator()
        let syncError = expectMediatorError(.resultTypeMismatch) {
            try mediator.perform("add", on: "Calculator", with: ["a": 1, "b": 2], as: String.self)
        }
        #expect(syncError?.target == "Calculator")
        #expect(syncError?.action == "add")
        #expect(syncError?.expectedType == "String")
        #expect(syncError?.received == "Int")
        let asyncError = await expectMediatorError(.resultTypeMismatch) {
            try await mediator.performAsync("addAsync", on: "Calculator", with: ["a": 1, "b": 2], as: [Int].self)
        }
        #expect(asyncError?.action == "addAsync")
        #expect(asyncError?.expectedType == "Array<Int>")
        #expect(asyncError?.received == "Int")
    }

    @Test("an async action called synchronously fails with .asyncActionCalledSynchronously")
    func asyncActionCalledSynchronouslyFails() async throws {
        let mediator = try calculatorMediator()
        let error = expectMediatorError(.asyncActionCalledSynchronously) {
            try mediator.perform("addAsync", on: "Calculator", with: ["a": 1, "b": 2], as: Int.self)
        }
        #expect(error?.target == "Calculator")
        #expect(error?.action == "addAsync")
        // The handler never ran: awaiting the same call works.
        #expect(try await mediator.performAsync("addAsync", on: "Calculator", with: ["a": 1, "b": 2], as: Int.self) == 3)
    }

    @Test("a main-actor action runs on the main actor when awaited")
    func mainActorActionRunsOnMainActorWhenAwaited() async throws {
        let mediator = try calculatorMediator()
        let screen = try await mediator.performAsync("onMain", on: "Calculator", as: String.self)
        #expect(screen == "screen")
    }

    @MainActor
    @Test("a main-actor caller runs a main-actor action synchronously")
    func mainActorCallerRunsMainActorActionSynchronously() throws {
        let mediator = try calculatorMediator()
        let screen = try mediator.perform("onMain", on: "Calculator", as: String.self)
        #expect(screen == "screen")
    }

    @Test("a main-actor action called synchronously off the main actor fails with .mainActorRequired")
    func mainActorActionCalledSynchronouslyOffMainFails() async throws {
        let mediator = try calculatorMediator()
        let result = await Task.detached {
            Result { try mediator.perform("onMain", on: "Calculator", as: String.self) }
        }.value
        let error = expectMediatorError(.mainActorRequired) { try result.get() }
        #expect(error?.target == "Calculator")
        #expect(error?.action == "onMain")
    }

    @Test("handler errors are wrapped in .handlerFailed with the underlying error")
    func handlerErrorsAreWrapped() async throws {
        let mediator = try calculatorMediator()
        let syncError = expectMediatorError(.handlerFailed) {
            try mediator.perform("fail", on: "Calculator", as: Int.self)
        }
        let asyncError = await expectMediatorError(.handlerFailed) {
            try await mediator.performAsync("failAsync", on: "Calculator", as: Int.self)
        }
        for (error, expectedAction) in [(syncError, "fail"), (asyncError, "failAsync")] {
            #expect(error?.target == "Calculator")
            #expect(error?.action == expectedAction)
            #expect(error?.underlyingError as? FixtureError == .boom)
        }
    }

    @Test("a completion closure passed as a parameter is called")
    func completionClosureIsCalled() async throws {
        let mediator = Mediator()
        try mediator.register(UploaderTarget())
        let received = Locked<[Result<Int, FixtureError>]>([])
        let completion: UploaderTarget.Completion = { result in received.withLock { $0.append(result) } }
        try mediator.perform("upload", on: "Uploader", with: ["size": 21, "completion": completion], as: Void.self)
        try mediator.perform("upload", on: "Uploader", with: ["size": 0, "completion": completion], as: Void.self)
        try await mediator.performAsync("uploadLater", on: "Uploader", with: ["completion": completion])
        let results = received.withLock { $0 }
        #expect(results == [.success(42), .failure(.other("empty")), .success(7)])

        // A closure of another shape is refused before the handler runs.
        let wrongShape: @Sendable (Int) -> Void = { _ in }
        let error = expectMediatorError(.invalidParameter) {
            try mediator.perform("upload", on: "Uploader", with: ["size": 1, "completion": wrongShape], as: Void.self)
        }
        #expect(error?.parameter == "completion")
        #expect(received.withLock { $0.count } == 3)
    }

    @Test("a remote call to a local action fails with .remoteCallNotAllowed and does not run it")
    func remoteCallToLocalActionIsRefused() async throws {
        let runs = Locked<[String]>([])
        let mediator = Mediator()
        try mediator.register(ProfileTarget(runs: runs))
        let syncError = expectMediatorError(.remoteCallNotAllowed) {
            try mediator.perform("deleteAccount", on: "Profile", source: .remote, as: String.self)
        }
        let asyncError = await expectMediatorError(.remoteCallNotAllowed) {
            try await mediator.performAsync("deleteAccount", on: "Profile", source: .remote)
        }
        for error in [syncError, asyncError] {
            #expect(error?.target == "Profile")
            #expect(error?.action == "deleteAccount")
        }
        #expect(runs.withLock { $0 }.isEmpty)
    }

    @Test("a remote call reaches a remote action, and a local call reaches both")
    func remoteCallReachesRemoteAction() async throws {
        let runs = Locked<[String]>([])
        let mediator = Mediator()
        try mediator.register(ProfileTarget(runs: runs))
        let remote = try mediator.perform("show", on: "Profile", source: .remote, as: String.self)
        let remoteAsync = try await mediator.performAsync("show", on: "Profile", source: .remote, as: String.self)
        let local = try mediator.perform("deleteAccount", on: "Profile", as: String.self)
        #expect([remote, remoteAsync, local] == ["show", "show", "deleteAccount"])
        #expect(runs.withLock { $0 } == ["show", "show", "deleteAccount"])
    }

    @Test("a handler can call the mediator again; a failure inside is wrapped as the outer action's")
    func nestedCallFailureIsWrappedAsTheOuterActions() throws {
        let mediator = try calculatorMediator()
        try mediator.register { ForwarderTarget(mediator: $0) }
        let sum = try mediator.perform("sum", on: "Forwarder", with: ["a": 1, "b": 2], as: Int.self)
        #expect(sum == 4)
        let error = expectMediatorError(.handlerFailed) { try mediator.perform("broken", on: "Forwarder", as: Int.self) }
        #expect(error?.target == "Forwarder")
        #expect(error?.action == "broken")
        let inner = error?.underlyingError as? MediatorError
        #expect(inner?.code == .missingParameter)
        #expect(inner?.parameter == "b")
        #expect(inner?.target == "Calculator")
        #expect(inner?.action == "add")
    }
}

/// An upload: its size, and the completion told the result.
private struct Upload: MediatorInput {
    @Parameter var size: Int
    @Parameter(native: "Called when done") var completion: UploaderTarget.Completion
}

/// An upload of a fixed size: only the completion.
private struct UploadLater: MediatorInput {
    @Parameter(native: "") var completion: UploaderTarget.Completion
}

/// The two numbers the forwarder passes on.
private struct Operands: MediatorInput {
    @Parameter var a: Int
    @Parameter var b: Int
}
