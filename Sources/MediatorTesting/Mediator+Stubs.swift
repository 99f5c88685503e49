public import Mediator

extension Mediator {
    /// Registers a stub answering contracts of one target, replacing any target registered under its name.
    ///
    /// ```swift
    /// let products = try mediator.stub(
    ///     Products.summary.answering { ProductSummary(id: $0.id, name: "Tea", cents: 100) },
    ///     Products.price.unimplemented)
    /// ```
    /// Actions no answer covers fail with `MediatorError/Code/actionNotFound`, just as a real target
    /// would, and are recorded.
    /// - Parameters:
    ///   - first: An answer; its contract names the target.
    ///   - more: More answers, for contracts of the same target.
    ///   - fileID: Where the stub is registered; an unimplemented answer reports its issue there.
    ///   - filePath: Where the stub is registered.
    ///   - line: Where the stub is registered.
    ///   - column: Where the stub is registered.
    /// - Returns: The stub, for assertions on its calls.
    /// - Throws: ``StubConfigurationError`` when the answers name different targets or one action twice.
    @discardableResult
    public func stub(
        _ first: ContractStub, _ more: ContractStub...,
        fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
    ) throws -> MediatorStub {
        let answers = [first] + more
        if let other = answers.first(where: { $0.target != first.target }) {
            throw StubConfigurationError(
                description: "a stub answers one target, but its answers name \(first.target) and \(other.target)")
        }
        let actions = answers.map(\.action)
        if let repeated = actions.first(where: { action in actions.filter { $0 == action }.count > 1 }) {
            throw StubConfigurationError(description: "the stub of \(first.target) answers \(repeated) twice")
        }
        let location = CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
        let stub = MediatorStub(targetName: first.target)
        try register(
            targetNamed: first.target, summary: "Stub of \(first.target)", actions: answers.map { $0.makeAction(stub, location) },
            replacingExisting: true,
            unknownAction: { action, parameters in
                stub.record(action, parameters)
                return .notHandled
            })
        return stub
    }

    /// Registers a stub by target and action names, replacing any target registered under the name.
    ///
    /// ```swift
    /// let catalog = try mediator.stub("Catalog", answers: ["price": .value(999)])
    /// ```
    /// Actions not listed in `answers` fail with `MediatorError/Code/actionNotFound`, just as a real
    /// target would, and are recorded.
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
        fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
    ) throws -> MediatorStub {
        let location = CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
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
        fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
    ) throws -> MediatorStub {
        let location = CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
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
