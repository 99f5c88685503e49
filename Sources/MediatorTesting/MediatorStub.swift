public import Mediator
import Testing

/// A test double registered under a real target name: canned answers per action, calls recorded.
///
/// A module's tests replace a neighbour with a stub instead of linking it:
///
/// ```swift
/// let catalog = try mediator.stub("Catalog", answers: ["price": .value(9.99)])
/// let price: Double = try mediator.perform("price", on: "Catalog", with: ["id": 42])
/// #expect(catalog.calls.first?.parameters["id"] as? Int == 42)
/// ```
public final class MediatorStub: Sendable {
    /// The target name the stub answers to.
    public let targetName: String
    private let recorded = Locked<[RecordedCall]>([])

    init(targetName: String) {
        self.targetName = targetName
    }

    /// Every call the stub answered (or refused), in order.
    public var calls: [RecordedCall] { recorded.withLock { $0 } }

    /// The calls made to one action.
    /// - Parameter action: The action name.
    /// - Returns: Those calls, in order.
    public func calls(to action: String) -> [RecordedCall] { calls.filter { $0.action == action } }

    func record(_ action: String, _ parameters: MediatorParameters) {
        recorded.withLock { $0.append(RecordedCall(target: targetName, action: action, parameters: parameters)) }
    }
}

/// A canned answer for one action of a stub.
public enum StubAnswer: Sendable {
    /// Returns this value.
    case value(any Sendable)
    /// Throws this error (the caller sees it wrapped in ``MediatorError/handlerFailed(target:action:underlying:)``).
    case failure(any Error)
    /// Computes the answer from the parameters, for completion callbacks and the like.
    case handler(@Sendable (MediatorParameters) throws -> any Sendable)
    /// Fails the running test: the action must not be called.
    case unimplemented
}

extension Mediator {
    /// Registers a stub under a target name, replacing any target registered under it.
    ///
    /// Actions not listed in `answers` fail with ``MediatorError/actionNotFound(target:action:available:)``,
    /// just as a real target would, and are recorded.
    /// - Parameters:
    ///   - targetName: The real target's name.
    ///   - answers: The canned answer per action name.
    ///   - fileID: Where the stub is registered; an `.unimplemented` answer reports its issue there.
    ///   - filePath: Where the stub is registered.
    ///   - line: Where the stub is registered.
    ///   - column: Where the stub is registered.
    /// - Returns: The stub, for assertions on its calls.
    /// - Throws: Nothing in practice; registration with replacement cannot collide.
    @discardableResult
    public func stub(
        _ targetName: String, answers: [String: StubAnswer],
        fileID: String = #fileID, filePath: String = #filePath, line: Int = #line, column: Int = #column
    ) throws -> MediatorStub {
        let location = SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column)
        let stub = MediatorStub(targetName: targetName)
        let actions = answers.keys.sorted().map { name in
            let answer = answers[name] ?? .unimplemented
            return MediatorAction<Void>(name, summary: "Stub") { _, parameters -> any Sendable in
                stub.record(name, parameters)
                switch answer {
                case .value(let value): return value
                case .failure(let error): throw error
                case .handler(let handler): return try handler(parameters)
                case .unimplemented:
                    throw Unimplemented.report(target: targetName, action: name, parameters: parameters, registeredAt: location)
                }
            }
        }
        try register(
            targetNamed: targetName, summary: "Stub of \(targetName)", actions: actions, replacingExisting: true,
            unknownAction: { action, parameters in
                stub.record(action, parameters)
                return .notHandled
            })
        return stub
    }

    /// Registers a double under a target name that fails the running test whenever any action is called.
    ///
    /// Use it for neighbours a test must not touch; a call records a test issue naming the action and
    /// throws ``UnimplementedCallError``.
    /// - Parameters:
    ///   - targetName: The real target's name.
    ///   - fileID: Where the double is registered; the test issue is reported there.
    ///   - filePath: Where the double is registered.
    ///   - line: Where the double is registered.
    ///   - column: Where the double is registered.
    /// - Returns: The double, whose ``MediatorStub/calls`` lists the forbidden calls.
    /// - Throws: Nothing in practice; registration with replacement cannot collide.
    @discardableResult
    public func unimplemented(
        _ targetName: String,
        fileID: String = #fileID, filePath: String = #filePath, line: Int = #line, column: Int = #column
    ) throws -> MediatorStub {
        let location = SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column)
        let stub = MediatorStub(targetName: targetName)
        try register(
            targetNamed: targetName, summary: "Unimplemented \(targetName)", actions: [], replacingExisting: true,
            unknownAction: { action, parameters in
                stub.record(action, parameters)
                throw Unimplemented.report(target: targetName, action: action, parameters: parameters, registeredAt: location)
            })
        return stub
    }
}
