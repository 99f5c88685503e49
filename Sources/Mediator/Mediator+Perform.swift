extension Mediator {
    /// Performs an action by name and returns its result as the type the caller asks for.
    ///
    /// ```swift
    /// let summary: ProductSummary = try mediator.perform("summary", on: "Catalog", with: ["id": 42])
    /// ```
    /// - Parameters:
    ///   - action: The action name.
    ///   - target: The target name.
    ///   - parameters: The call's parameters.
    ///   - source: `.remote` for calls built from outside input (a push payload); they reach only remote actions.
    ///   - cachingTarget: Keep the target instance this call creates for later calls.
    ///   - type: The result type; usually inferred.
    ///   - isolation: The caller's actor, filled in by the compiler; a main-actor caller may run main-actor actions.
    /// - Returns: The action's result.
    /// - Throws: A ``MediatorError`` naming what went wrong.
    @inlinable
    public func perform<Result: Sendable>(
        _ action: String, on target: String, with parameters: MediatorParameters = [:],
        source: MediatorCallSource = .local, cachingTarget: Bool = false, as type: Result.Type = Result.self,
        isolation: (any Actor)? = #isolation
    ) throws -> Result {
        let value = try dispatch(
            action, on: target, with: parameters, source: source, cachingTarget: cachingTarget,
            onMainActor: isolation === MainActor.shared)
        return try cast(value, to: type, target: target, action: action)
    }

    /// Performs an action by name for its effect; the result, if any, may be ignored.
    /// - Parameters:
    ///   - action: The action name.
    ///   - target: The target name.
    ///   - parameters: The call's parameters.
    ///   - source: `.remote` for calls built from outside input; they reach only remote actions.
    ///   - cachingTarget: Keep the target instance this call creates for later calls.
    ///   - isolation: The caller's actor, filled in by the compiler; a main-actor caller may run main-actor actions.
    /// - Returns: The action's result, untyped.
    /// - Throws: A ``MediatorError`` naming what went wrong.
    @discardableResult
    public func perform(
        _ action: String, on target: String, with parameters: MediatorParameters = [:],
        source: MediatorCallSource = .local, cachingTarget: Bool = false, isolation: (any Actor)? = #isolation
    ) throws -> any Sendable {
        try dispatch(
            action, on: target, with: parameters, source: source, cachingTarget: cachingTarget,
            onMainActor: isolation === MainActor.shared)
    }

    /// Performs an action by name with `await`, which also reaches asynchronous and main-actor actions.
    /// - Parameters:
    ///   - action: The action name.
    ///   - target: The target name.
    ///   - parameters: The call's parameters.
    ///   - source: `.remote` for calls built from outside input; they reach only remote actions.
    ///   - cachingTarget: Keep the target instance this call creates for later calls.
    ///   - type: The result type; usually inferred.
    /// - Returns: The action's result.
    /// - Throws: A ``MediatorError`` naming what went wrong.
    @inlinable
    public func perform<Result: Sendable>(
        _ action: String, on target: String, with parameters: MediatorParameters = [:],
        source: MediatorCallSource = .local, cachingTarget: Bool = false, as type: Result.Type = Result.self
    ) async throws -> Result {
        let value = try await dispatchAsync(action, on: target, with: parameters, source: source, cachingTarget: cachingTarget)
        return try cast(value, to: type, target: target, action: action)
    }

    /// Performs an action by name with `await` for its effect; the result, if any, may be ignored.
    /// - Parameters:
    ///   - action: The action name.
    ///   - target: The target name.
    ///   - parameters: The call's parameters.
    ///   - source: `.remote` for calls built from outside input; they reach only remote actions.
    ///   - cachingTarget: Keep the target instance this call creates for later calls.
    /// - Returns: The action's result, untyped.
    /// - Throws: A ``MediatorError`` naming what went wrong.
    @discardableResult
    public func perform(
        _ action: String, on target: String, with parameters: MediatorParameters = [:],
        source: MediatorCallSource = .local, cachingTarget: Bool = false
    ) async throws -> any Sendable {
        try await dispatchAsync(action, on: target, with: parameters, source: source, cachingTarget: cachingTarget)
    }

    /// Whether a call would find its target and action, without creating an instance or running
    /// interceptors or fallbacks.
    /// - Parameters:
    ///   - action: The action name.
    ///   - target: The target name.
    /// - Returns: `true` when the target is registered and declares the action.
    public func canPerform(_ action: String, on target: String) -> Bool {
        guard let box = registry.withLock({ $0.targets[target] }) else { return false }
        return (try? box.hasAction(action)) ?? false
    }

    /// The result as the type the caller asked for. Inlinable, so the cast specializes in the caller:
    /// run as generic code, `as?` built `Optional<Result>` metadata at run time on every call.
    @inlinable
    func cast<Result>(_ value: any Sendable, to type: Result.Type, target: String, action: String) throws -> Result {
        if let typed = value as? Result { return typed }
        throw resultTypeMismatch(value, expected: type, target: target, action: action)
    }

    @usableFromInline
    func resultTypeMismatch(_ value: any Sendable, expected: Any.Type, target: String, action: String) -> MediatorError {
        .resultTypeMismatch(
            target: target, action: action, expected: String(describing: expected),
            actual: String(describing: Swift.type(of: value)))
    }
}
