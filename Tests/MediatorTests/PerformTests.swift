import Foundation
import Mediator
import Testing

/// Takes completion callbacks as parameters, as native callers pass them.
private struct UploaderTarget: MediatorTarget {
    static let targetName = "Uploader"
    typealias Completion = @Sendable (Result<Int, FixtureError>) -> Void
    static let actions: [MediatorAction<Self>] = [
        MediatorAction(
            "upload",
            parameters: [.required("size", Int.self), .required("completion", native: Completion.self, "Called when done")]
        ) { _, p in
            let completion = try p.value("completion", as: Completion.self)
            let size = try p.value("size", as: Int.self)
            completion(size > 0 ? .success(size * 2) : .failure(.other("empty")))
        },
        MediatorAction("uploadLater", parameters: [.required("completion", native: Completion.self)]) { _, p async throws in
            let completion = try p.value("completion", as: Completion.self)
            await Task.yield()
            completion(.success(7))
        },
    ]
}

/// Guards remote access: one local action, one remote action, each counting its runs.
private struct ProfileTarget: MediatorTarget {
    static let targetName = "Profile"
    static let runs = Locked<[String]>([])
    static let actions: [MediatorAction<Self>] = [
        MediatorAction("deleteAccount") { _, p in
            ProfileTarget.record(p, "deleteAccount")
        },
        MediatorAction("show", exposure: .remote) { _, p in
            ProfileTarget.record(p, "show")
        },
    ]

    /// Records a run under the test's tag, so parallel tests count only their own runs.
    static func record(_ p: MediatorParameters, _ action: String) -> String {
        let tag = (try? p.value("tag", as: String.self)) ?? ""
        runs.withLock { $0.append("\(tag):\(action)") }
        return action
    }

    static func runs(tagged tag: String) -> [String] {
        runs.withLock { $0.filter { $0.hasPrefix("\(tag):") } }
    }
}

/// Calls another target through the mediator it was built with.
private struct ForwarderTarget: MediatorTarget {
    static let targetName = "Forwarder"
    static let actions: [MediatorAction<Self>] = [
        MediatorAction("sum", parameters: [.required("a", Int.self), .required("b", Int.self)]) { target, p -> Int in
            guard let mediator = target.mediator else { throw FixtureError.other("no mediator") }
            let sum: Int = try mediator.perform("add", on: "Calculator", with: p)
            return sum + 1
        },
        MediatorAction("broken") { target, _ -> Int in
            guard let mediator = target.mediator else { throw FixtureError.other("no mediator") }
            return try mediator.perform("add", on: "Calculator", with: ["a": 1])
        },
    ]
    let mediator: Mediator?
    init() { mediator = nil }
    init(mediator: Mediator) { self.mediator = mediator }
}

/// Synchronous calls, made from non-async helpers so Swift picks the synchronous overloads.
private enum Sync {
    static func onMain(_ mediator: Mediator) throws -> String {
        try mediator.perform("onMain", on: "Calculator")
    }

    static func nothing(_ mediator: Mediator) throws {
        let _: Void = try mediator.perform("nothing", on: "Calculator")
    }
}

@Suite("Perform")
struct PerformTests {
    @Test("a synchronous call returns the typed result")
    func syncTypedResult() throws {
        let mediator = try makeMediator(CalculatorTarget.self)
        let sum: Int = try mediator.perform("add", on: "Calculator", with: ["a": 2, "b": 40])
        #expect(sum == 42)
        let explicit = try mediator.perform("add", on: "Calculator", with: ["a": "1", "b": 1], as: Int.self)
        #expect(explicit == 2)
    }

    @Test("an awaited call returns the typed result, for sync and async actions")
    func asyncTypedResult() async throws {
        let mediator = try makeMediator(CalculatorTarget.self)
        let sum: Int = try await mediator.perform("addAsync", on: "Calculator", with: ["a": 2, "b": 3])
        let syncSum: Int = try await mediator.perform("add", on: "Calculator", with: ["a": 4, "b": 3])
        #expect(sum == 5)
        #expect(syncSum == 7)
    }

    @Test("Void actions and discarded results")
    func voidAndDiscarded() async throws {
        let mediator = try makeMediator(CalculatorTarget.self)
        try Sync.nothing(mediator)
        let _: Void = try await mediator.perform("nothing", on: "Calculator")
        try await mediator.perform("addAsync", on: "Calculator", with: ["a": 1, "b": 1])
        // The discardable form returns the untyped value.
        let untyped = try await mediator.perform("add", on: "Calculator", with: ["a": 1, "b": 2])
        #expect(untyped as? Int == 3)
        // Discarding does not swallow failures.
        await #expect(throws: MediatorError.self) {
            try await mediator.perform("fail", on: "Calculator")
        }
    }

    @Test("asking for the wrong result type reports expected and actual types")
    func resultTypeMismatch() async throws {
        let mediator = try makeMediator(CalculatorTarget.self)
        let syncError = try #require(throws: MediatorError.self) {
            try performSync(mediator, "add", on: "Calculator", with: ["a": 1, "b": 2], as: String.self)
        }
        let asyncError = try await #require(throws: MediatorError.self) {
            let _: [Int] = try await mediator.perform("addAsync", on: "Calculator", with: ["a": 1, "b": 2])
        }
        guard case let .resultTypeMismatch(target, action, expected, actual) = syncError else {
            Issue.record("expected resultTypeMismatch, got \(syncError)")
            return
        }
        #expect([target, action, expected, actual] == ["Calculator", "add", "String", "Int"])
        guard case let .resultTypeMismatch(_, asyncAction, asyncExpected, asyncActual) = asyncError else {
            Issue.record("expected resultTypeMismatch, got \(asyncError)")
            return
        }
        #expect([asyncAction, asyncExpected, asyncActual] == ["addAsync", "Array<Int>", "Int"])
    }

    @Test("an async action called synchronously fails with .asyncActionCalledSynchronously")
    func asyncCalledSynchronously() throws {
        let mediator = try makeMediator(CalculatorTarget.self)
        let error = try #require(throws: MediatorError.self) {
            let _: Int = try mediator.perform("addAsync", on: "Calculator", with: ["a": 1, "b": 2])
        }
        guard case let .asyncActionCalledSynchronously(target, action) = error else {
            Issue.record("expected asyncActionCalledSynchronously, got \(error)")
            return
        }
        #expect(target == "Calculator")
        #expect(action == "addAsync")
    }

    @Test("a main-actor action runs on the main actor when awaited")
    func mainActorAwaited() async throws {
        let mediator = try makeMediator(CalculatorTarget.self)
        let screen: String = try await mediator.perform("onMain", on: "Calculator")
        #expect(screen == "screen")
    }

    @Test("a main-actor action called synchronously off the main actor fails with .mainActorRequired")
    func mainActorSyncOffMain() async throws {
        let mediator = try makeMediator(CalculatorTarget.self)
        let result = await Task.detached { Result { try Sync.onMain(mediator) } }.value
        #expect(throws: MediatorError.self) { try result.get() }
        guard case .failure(let error as MediatorError) = result else { return }
        guard case let .mainActorRequired(target, action) = error else {
            Issue.record("expected mainActorRequired, got \(error)")
            return
        }
        #expect(target == "Calculator")
        #expect(action == "onMain")
    }

    @Test("handler errors are wrapped in .handlerFailed with the underlying error")
    func handlerErrorsWrapped() async throws {
        let mediator = try makeMediator(CalculatorTarget.self)
        let syncError = try #require(throws: MediatorError.self) {
            try performSync(mediator, "fail", on: "Calculator", as: Int.self)
        }
        let asyncError = try await #require(throws: MediatorError.self) {
            let _: Int = try await mediator.perform("failAsync", on: "Calculator")
        }
        for (error, expectedAction) in [(syncError, "fail"), (asyncError, "failAsync")] {
            guard case let .handlerFailed(target, action, underlying) = error else {
                Issue.record("expected handlerFailed, got \(error)")
                continue
            }
            #expect(target == "Calculator")
            #expect(action == expectedAction)
            #expect(underlying as? FixtureError == .boom)
        }
    }

    @Test("a completion closure passed as a parameter is called")
    func completionClosures() async throws {
        let mediator = try makeMediator(UploaderTarget.self)
        let received = Locked<[Result<Int, FixtureError>]>([])
        let completion: UploaderTarget.Completion = { result in received.withLock { $0.append(result) } }
        try performSync(mediator, "upload", on: "Uploader", with: ["size": 21, "completion": completion], as: Void.self)
        try performSync(mediator, "upload", on: "Uploader", with: ["size": 0, "completion": completion], as: Void.self)
        try await mediator.perform("uploadLater", on: "Uploader", with: ["completion": completion])
        let results = received.withLock { $0 }
        #expect(results == [.success(42), .failure(.other("empty")), .success(7)])

        // A closure of another shape is refused before the handler runs.
        let wrongShape: @Sendable (Int) -> Void = { _ in }
        let error = try #require(throws: MediatorError.self) {
            try performSync(mediator, "upload", on: "Uploader", with: ["size": 1, "completion": wrongShape], as: Void.self)
        }
        #expect(error.caseName == "invalidParameter")
        #expect(received.withLock { $0.count } == 3)
    }

    @Test("a remote call to a local action fails with .remoteCallNotAllowed and does not run it")
    func remoteToLocalRefused() async throws {
        let mediator = try makeMediator(ProfileTarget.self)
        let tag = UUID().uuidString
        let syncError = try #require(throws: MediatorError.self) {
            try performSync(mediator, "deleteAccount", on: "Profile", with: ["tag": tag], source: .remote, as: String.self)
        }
        let asyncError = try await #require(throws: MediatorError.self) {
            try await mediator.perform("deleteAccount", on: "Profile", with: ["tag": tag], source: .remote)
        }
        for error in [syncError, asyncError] {
            guard case let .remoteCallNotAllowed(target, action) = error else {
                Issue.record("expected remoteCallNotAllowed, got \(error)")
                continue
            }
            #expect(target == "Profile")
            #expect(action == "deleteAccount")
        }
        #expect(ProfileTarget.runs(tagged: tag).isEmpty)
    }

    @Test("a remote call reaches a remote action, and a local call reaches both")
    func remoteActionAllowed() async throws {
        let mediator = try makeMediator(ProfileTarget.self)
        let tag = UUID().uuidString
        let remote = try performSync(mediator, "show", on: "Profile", with: ["tag": tag], source: .remote, as: String.self)
        let remoteAsync: String = try await mediator.perform("show", on: "Profile", with: ["tag": tag], source: .remote)
        let local = try performSync(mediator, "deleteAccount", on: "Profile", with: ["tag": tag], as: String.self)
        #expect([remote, remoteAsync, local] == ["show", "show", "deleteAccount"])
        #expect(ProfileTarget.runs(tagged: tag) == ["\(tag):show", "\(tag):show", "\(tag):deleteAccount"])
    }

    @Test("a handler can call the mediator again; a failure inside is wrapped as the outer action's")
    func nestedCalls() throws {
        let mediator = try makeMediator(CalculatorTarget.self)
        try mediator.register(ForwarderTarget.self) { mediator in ForwarderTarget(mediator: mediator) }
        let sum: Int = try mediator.perform("sum", on: "Forwarder", with: ["a": 1, "b": 2])
        #expect(sum == 4)
        let error = try #require(throws: MediatorError.self) {
            let _: Int = try mediator.perform("broken", on: "Forwarder")
        }
        guard case let .handlerFailed(target, action, underlying) = error else {
            Issue.record("expected handlerFailed, got \(error)")
            return
        }
        #expect(target == "Forwarder")
        #expect(action == "broken")
        let inner = try #require(underlying as? MediatorError)
        guard case let .missingParameter(key, _, innerAction) = inner else {
            Issue.record("expected missingParameter inside, got \(inner)")
            return
        }
        #expect(key == "b")
        #expect(innerAction == "Calculator.add")
    }
}
