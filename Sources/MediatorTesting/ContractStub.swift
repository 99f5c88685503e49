public import Mediator

/// A stub's answer for one contract, made from the contract itself so its input and output types
/// are checked by the compiler: `Products.summary.answering { input in ... }`.
public struct ContractStub: Sendable {
    /// The contract's target name.
    public let target: String
    /// The contract's action name.
    public let action: String
    /// Makes the stub's action, recording into `stub`; an unimplemented answer reports at `location`.
    let makeAction: @Sendable (_ stub: MediatorStub, _ location: CallSite) -> MediatorAction<Void>
}

extension MediatorActionContract {
    /// A stub answer that fails the running test if the action is called, whatever the contract's kind.
    public var unimplemented: ContractStub {
        ContractStub(target: target, action: action) { stub, location in
            MediatorAction(forAnyKindOf: self) { _, input -> Output in
                let parameters = Input.schema.parameters(of: input)
                stub.record(action, parameters, input: input)
                throw Unimplemented.report(
                    target: target, action: action, parameters: parameters, registeredAt: location, fromContract: true)
            }
        }
    }
}

extension MediatorActionContract where Execution == MediatorExecution.Synchronous {
    /// A stub answer computed from the call's input.
    /// - Parameters:
    ///   - exposure: `.remote` to let URLs and remote calls reach the stub, as they reach the real action.
    ///   - urlPatterns: URL patterns routing to the stub, as the real action declares them.
    ///   - answer: The answer; an error it throws reaches the caller as the action's failure.
    /// - Returns: The stub answer, for `Mediator/stub(_:_:fileID:filePath:line:column:)`.
    public func answering(
        exposure: MediatorExposure = .local, urlPatterns: [String] = [], _ answer: @escaping @Sendable (Input) throws -> Output
    ) -> ContractStub {
        ContractStub(target: target, action: action) { stub, _ in
            MediatorAction(self, exposure: exposure, urlPatterns: urlPatterns) { _, input in
                stub.record(action, Input.schema.parameters(of: input), input: input)
                return try answer(input)
            }
        }
    }
}

extension MediatorActionContract where Execution == MediatorExecution.Asynchronous {
    /// A stub answer computed from the call's input; it may suspend.
    /// - Parameters:
    ///   - exposure: `.remote` to let URLs and remote calls reach the stub, as they reach the real action.
    ///   - urlPatterns: URL patterns routing to the stub, as the real action declares them.
    ///   - answer: The answer; an error it throws reaches the caller as the action's failure.
    /// - Returns: The stub answer, for `Mediator/stub(_:_:fileID:filePath:line:column:)`.
    public func answering(
        exposure: MediatorExposure = .local, urlPatterns: [String] = [],
        _ answer: @escaping @Sendable (Input) async throws -> Output
    ) -> ContractStub {
        ContractStub(target: target, action: action) { stub, _ in
            MediatorAction(self, exposure: exposure, urlPatterns: urlPatterns) { _, input in
                stub.record(action, Input.schema.parameters(of: input), input: input)
                return try await answer(input)
            }
        }
    }
}

extension MediatorActionContract where Execution == MediatorExecution.OnMainActor {
    /// A stub answer computed from the call's input, on the main actor.
    /// - Parameters:
    ///   - exposure: `.remote` to let URLs and remote calls reach the stub, as they reach the real action.
    ///   - urlPatterns: URL patterns routing to the stub, as the real action declares them.
    ///   - answer: The answer; an error it throws reaches the caller as the action's failure.
    /// - Returns: The stub answer, for `Mediator/stub(_:_:fileID:filePath:line:column:)`.
    public func answering(
        exposure: MediatorExposure = .local, urlPatterns: [String] = [],
        _ answer: @escaping @MainActor @Sendable (Input) throws -> Output
    ) -> ContractStub {
        ContractStub(target: target, action: action) { stub, _ in
            MediatorAction(self, exposure: exposure, urlPatterns: urlPatterns) { _, input in
                stub.record(action, Input.schema.parameters(of: input), input: input)
                return try answer(input)
            }
        }
    }
}

/// A stub built from answers that do not fit together.
public struct StubConfigurationError: Error, Sendable, CustomStringConvertible {
    /// What is wrong.
    public let description: String
}
