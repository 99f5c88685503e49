/// Calls by target and action name with a parameter dictionary: the mediator's string
/// target-action door, for dynamic callers, tests and values from outside the app.
///
/// `perform` runs without `await`, from synchronous and asynchronous code alike; it reaches
/// synchronous actions, and main-actor actions when called from the main actor. `performAsync`
/// reaches every action. A call to an asynchronous action without `await` fails with
/// ``MediatorError/Code/asyncActionCalledSynchronously``.
extension Mediator {
    /// Performs an action by name for its result, untyped (or for its effect: the result may be ignored).
    ///
    /// ```swift
    /// try mediator.perform("clear", on: "Cart")
    /// ```
    /// - Parameters:
    ///   - action: The action name.
    ///   - target: The target name.
    ///   - parameters: The call's parameters.
    ///   - source: `.remote` for calls built from outside input (a push payload); they reach only
    ///     remote actions and may not set native-only parameters.
    ///   - cachingTarget: Keep the target instance this call makes for later calls.
    ///   - isolation: The caller's actor, filled in by the compiler; a main-actor caller may run main-actor actions.
    /// - Returns: The action's result.
    /// - Throws: A ``MediatorError`` naming what went wrong.
    @discardableResult
    public func perform(
        _ action: String, on target: String, with parameters: MediatorParameters = MediatorParameters(),
        source: MediatorCallSource = .local,
        cachingTarget: Bool = false, isolation: (any Actor)? = #isolation
    ) throws -> any Sendable {
        let key = ActionKey(target: target, action: action)
        let payload = Payload.values(ParameterLookup(values: parameters.values))
        func state() -> CallState {
            CallState(
                target: target, action: action, source: source, payload: payload, keepsInstance: cachingTarget,
                origin: .names())
        }
        try admit(source, state())
        if !cachingTarget {
            switch shortWay(key) {
            case .cached(let cached):
                return try cached.run { binding in try invokeSync(binding, source: source, payload, isolation: isolation) }
            case .intercepted:
                if let value = try performIntercepted(key, source: source, payload, isolation: isolation, state: state) {
                    return value
                }
            case .none:
                break
            }
        }
        return try enterSync(state(), .names(key), isolation: isolation)
    }

    /// Performs an action by name and returns its result as `type`.
    ///
    /// ```swift
    /// let summary = try mediator.perform("summary", on: "Catalog", with: ["id": 42], as: ProductSummary.self)
    /// ```
    /// - Parameters:
    ///   - action: The action name.
    ///   - target: The target name.
    ///   - parameters: The call's parameters.
    ///   - source: `.remote` for calls built from outside input; they reach only remote actions.
    ///   - cachingTarget: Keep the target instance this call makes for later calls.
    ///   - type: The result type.
    ///   - isolation: The caller's actor, filled in by the compiler; a main-actor caller may run main-actor actions.
    /// - Returns: The action's result.
    /// - Throws: A ``MediatorError``, including ``MediatorError/Code/resultTypeMismatch``.
    @inlinable
    public func perform<Result: Sendable>(
        _ action: String, on target: String, with parameters: MediatorParameters = MediatorParameters(),
        source: MediatorCallSource = .local,
        cachingTarget: Bool = false, as type: Result.Type, isolation: (any Actor)? = #isolation
    ) throws -> Result {
        let value = try perform(
            action, on: target, with: parameters, source: source, cachingTarget: cachingTarget, isolation: isolation)
        if let typed = Self.cast(value, to: type) { return typed }
        throw resultTypeMismatch(value, expected: type, target: target, action: action)
    }

    /// Performs an action by name with `await`, which reaches asynchronous and main-actor actions too.
    /// - Parameters:
    ///   - action: The action name.
    ///   - target: The target name.
    ///   - parameters: The call's parameters.
    ///   - source: `.remote` for calls built from outside input; they reach only remote actions.
    ///   - cachingTarget: Keep the target instance this call makes for later calls.
    ///   - whenHeld: Whether a call held on a gate answers ``MediatorError/Code/held`` at once or waits
    ///     for the continued call's result.
    /// - Returns: The action's result.
    /// - Throws: A ``MediatorError`` naming what went wrong.
    @discardableResult
    public func performAsync(
        _ action: String, on target: String, with parameters: MediatorParameters = MediatorParameters(),
        source: MediatorCallSource = .local,
        cachingTarget: Bool = false, whenHeld: MediatorHold.WhenHeld = .answerAtOnce
    ) async throws -> any Sendable {
        let key = ActionKey(target: target, action: action)
        let payload = Payload.values(ParameterLookup(values: parameters.values))
        func state() -> CallState {
            CallState(
                target: target, action: action, source: source, payload: payload, keepsInstance: cachingTarget,
                origin: .names())
        }
        do {
            try admit(source, state())
            if !cachingTarget, case .cached(let cached) = shortWay(key) {
                // Retained: an awaited call may resume on another thread.
                return try await invokeAsync(cached.unretained.takeUnretainedValue(), source: source, payload)
            }
            return try await enterAsync(state(), .names(key))
        } catch let error as MediatorError where error.code == .held {
            return try await answer(error, whenHeld)
        }
    }

    /// Performs an action by name with `await` and returns its result as `type`.
    ///
    /// ```swift
    /// let screen = try await mediator.performAsync("detail", on: "Products", with: ["id": 42], as: Screen.self)
    /// ```
    /// - Parameters:
    ///   - action: The action name.
    ///   - target: The target name.
    ///   - parameters: The call's parameters.
    ///   - source: `.remote` for calls built from outside input; they reach only remote actions.
    ///   - cachingTarget: Keep the target instance this call makes for later calls.
    ///   - whenHeld: Whether a call held on a gate answers at once or waits for its result.
    ///   - type: The result type.
    /// - Returns: The action's result.
    /// - Throws: A ``MediatorError``, including ``MediatorError/Code/resultTypeMismatch``.
    @inlinable
    public func performAsync<Result: Sendable>(
        _ action: String, on target: String, with parameters: MediatorParameters = MediatorParameters(),
        source: MediatorCallSource = .local,
        cachingTarget: Bool = false, whenHeld: MediatorHold.WhenHeld = .answerAtOnce, as type: Result.Type
    ) async throws -> Result {
        let value = try await performAsync(
            action, on: target, with: parameters, source: source, cachingTarget: cachingTarget, whenHeld: whenHeld)
        if let typed = Self.cast(value, to: type) { return typed }
        throw resultTypeMismatch(value, expected: type, target: target, action: action)
    }

    /// Whether a call would find its target and action, without making an instance or running
    /// interceptors or fallbacks.
    /// - Parameters:
    ///   - action: The action name.
    ///   - target: The target name.
    /// - Returns: `true` when the target is registered and declares the action.
    public func canPerform(_ action: String, on target: String) -> Bool {
        guard let box = snapshot().targets[Name(target)], box.problem == nil else { return false }
        return box.index(of: action) != nil
    }

    /// Which short way a call by name may take, from one look at this thread's slot (no lock):
    /// straight to the remote policy and the handler (`invokeSync`) when the thread resolved it in
    /// the current snapshot and nothing is installed; the interceptors' short way
    /// (`performIntercepted`) when some are; else neither (a first call, or a name that misses,
    /// which then pays no out-of-line call).
    private func shortWay(_ key: ActionKey) -> ShortWay {
        let cache = ThreadCache.current
        guard let slot = cache.hitSlot(address: published.load()) else { return .none }
        if cache.hasInterceptors(inSlot: slot) { return .intercepted }
        guard let binding = cache.binding(for: key, inSlot: slot) else { return .none }
        return .cached(CachedBinding(cache: cache, unretained: binding))
    }

    /// A call by name's short way (`shortWay(_:)`).
    private enum ShortWay {
        case cached(CachedBinding)
        case intercepted
        case none
    }
}
