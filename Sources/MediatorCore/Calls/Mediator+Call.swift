/// Typed calls through the contracts a module's facade declares.
///
/// After a contract's first call on a thread, a call with no interceptor installed finds its bound
/// handler by the contract's index in thread-owned memory and calls it with the input as is: no
/// dictionary is built, no name is hashed and no result is cast. Anything else (interceptors, a
/// remote source, a redirect, a target registered by name) goes through the same pipeline as every
/// other call.
extension Mediator {
    /// Calls a synchronous action through its contract.
    ///
    /// ```swift
    /// let cents = try mediator.call(Products.price, with: ProductID(id: 42))
    /// ```
    /// - Parameters:
    ///   - contract: The action's signature, from its module's facade.
    ///   - input: The action's input.
    ///   - source: `.remote` for input built from outside the app (a push payload); it reaches only remote actions.
    /// - Returns: The action's result.
    /// - Throws: A ``MediatorError`` naming what went wrong.
    @inlinable
    @inline(__always)
    @discardableResult
    public func call<Input, Output>(
        _ contract: ActionContract<Input, Output>, with input: Input, source: MediatorCallSource = .local
    ) throws -> Output {
        // Always inlined: its fast path is one lookup and the handler's call, and left out of line its
        // specializations for inputs of the same layout are merged by LLVM into one taking their
        // differences as arguments, which every call then passes (`call2` 320 -> 331 when that happened).
        if source == .local, let cached = typedBinding(contract.key) {
            if let snapshot = cached.intercepted { return try callThroughInterceptors(contract, input, cached, in: snapshot) }
            return try cached.runSync(input, as: Output.self)
        }
        return try callThroughPipeline(contract, input, source: source)
    }

    /// Calls a synchronous action that takes no input through its contract.
    /// - Parameters:
    ///   - contract: The action's signature, from its module's facade.
    ///   - source: `.remote` for calls made on behalf of outside input; they reach only remote actions.
    /// - Returns: The action's result.
    /// - Throws: A ``MediatorError`` naming what went wrong.
    @inlinable
    @discardableResult
    public func call<Output>(_ contract: ActionContract<NoInput, Output>, source: MediatorCallSource = .local) throws -> Output {
        try call(contract, with: NoInput(), source: source)
    }

    /// Calls an asynchronous action through its contract.
    ///
    /// ```swift
    /// let reviews = try await mediator.call(Products.reviews, with: ProductID(id: 42))
    /// ```
    /// - Parameters:
    ///   - contract: The action's signature, from its module's facade.
    ///   - input: The action's input.
    ///   - source: `.remote` for input built from outside the app; it reaches only remote actions.
    ///   - whenHeld: Whether a call held on a gate answers ``MediatorError/Code/held`` at once or waits
    ///     for the continued call's result.
    /// - Returns: The action's result.
    /// - Throws: A ``MediatorError`` naming what went wrong.
    @inlinable
    @discardableResult
    public func call<Input, Output>(
        _ contract: AsyncActionContract<Input, Output>, with input: Input, source: MediatorCallSource = .local,
        whenHeld: MediatorHold.WhenHeld = .answerAtOnce
    ) async throws -> Output {
        if source == .local, let cached = cachedBinding(contract.key) {
            return try await cached.retained(Input.self, Output.self).runAsync(input)
        }
        return try await callThroughPipeline(contract, input, source: source, whenHeld: whenHeld)
    }

    /// Calls an asynchronous action that takes no input through its contract.
    /// - Parameters:
    ///   - contract: The action's signature, from its module's facade.
    ///   - source: `.remote` for calls made on behalf of outside input; they reach only remote actions.
    ///   - whenHeld: Whether a call held on a gate answers at once or waits for its result.
    /// - Returns: The action's result.
    /// - Throws: A ``MediatorError`` naming what went wrong.
    @inlinable
    @discardableResult
    public func call<Output>(
        _ contract: AsyncActionContract<NoInput, Output>, source: MediatorCallSource = .local,
        whenHeld: MediatorHold.WhenHeld = .answerAtOnce
    ) async throws -> Output {
        try await call(contract, with: NoInput(), source: source, whenHeld: whenHeld)
    }

    /// Calls a main-actor action through its contract: synchronously on the main actor, or with
    /// `await` from anywhere else.
    ///
    /// ```swift
    /// let screen = try mediator.call(Products.detail, with: ProductID(id: 42))
    /// ```
    /// - Parameters:
    ///   - contract: The action's signature, from its module's facade.
    ///   - input: The action's input.
    ///   - source: `.remote` for input built from outside the app; it reaches only remote actions.
    /// - Returns: The action's result.
    /// - Throws: A ``MediatorError`` naming what went wrong.
    @MainActor
    @inlinable
    @discardableResult
    public func call<Input, Output>(
        _ contract: MainActorActionContract<Input, Output>, with input: Input, source: MediatorCallSource = .local
    ) throws -> Output {
        if source == .local, let cached = cachedBinding(contract.key) {
            return try cached.runOnMainActor(input, as: Output.self)
        }
        return try callThroughPipeline(contract, input, source: source)
    }

    /// Calls a main-actor action that takes no input through its contract.
    /// - Parameters:
    ///   - contract: The action's signature, from its module's facade.
    ///   - source: `.remote` for calls made on behalf of outside input; they reach only remote actions.
    /// - Returns: The action's result.
    /// - Throws: A ``MediatorError`` naming what went wrong.
    @MainActor
    @inlinable
    @discardableResult
    public func call<Output>(
        _ contract: MainActorActionContract<NoInput, Output>, source: MediatorCallSource = .local
    ) throws
        -> Output
    {
        try call(contract, with: NoInput(), source: source)
    }

    /// Whether the registered target binds this contract: it declares the action with exactly the
    /// contract's input and output types, and a handler the contract's kind of call can run (a
    /// synchronous contract needs a synchronous handler; a main-actor contract a synchronous or
    /// main-actor one; an asynchronous contract any). Creates no instance and runs nothing.
    /// - Parameter contract: The contract.
    /// - Returns: `true` when a typed call would reach a handler of the contract's types.
    public func canCall<Contract: MediatorContract>(_ contract: Contract) -> Bool {
        guard let box = snapshot().targets[Name(contract.target)], box.problem == nil,
            let index = box.index(of: contract.action)
        else { return false }
        let definition = box.definitions[index]
        guard definition.inputType == contract.cacheKey.input, definition.outputType == contract.cacheKey.output else {
            return false
        }
        switch Contract.execution {
        case .synchronous: return definition.execution == .synchronous
        case .mainActor: return definition.execution != .asynchronous
        case .asynchronous: return true
        }
    }

    // MARK: Internals the inlined calls use

    /// This thread's binding for a contract in the current snapshot, when it resolved it there and
    /// no interceptor is installed. Takes no lock: one load of the published snapshot's address.
    @usableFromInline
    func cachedBinding(_ key: ContractKey) -> CachedBinding? {
        guard let cached = typedBinding(key), cached.intercepted == nil else { return nil }
        return cached
    }

    /// This thread's binding for a contract in the current snapshot, when it resolved it there,
    /// with the slot's snapshot when interceptors are installed in it (`CachedBinding.intercepted`):
    /// a synchronous typed call's one lookup, whichever way it then goes.
    @usableFromInline
    func typedBinding(_ key: ContractKey) -> CachedBinding? {
        let cache = ThreadCache.current
        guard let slot = cache.hitSlot(address: published.load()),
            let binding = cache.contractBinding(index: key.index, inSlot: slot)
        else { return nil }
        return CachedBinding(cache: cache, unretained: binding, intercepted: cache.interceptedSnapshot(inSlot: slot))
    }

    /// A synchronous contract's call through the interceptor stage's short way, once this thread
    /// resolved the contract in the current snapshot: the interceptors decide, the handler runs with
    /// the input as is, and they observe (`InterceptedRun.swift`). Out of line, so the fast path
    /// stays small; specialized for the contract's types, so the handler is called directly.
    @inlinable
    @inline(never)
    func callThroughInterceptors<Input, Output>(
        _ contract: ActionContract<Input, Output>, _ input: Input, _ cached: CachedBinding,
        in snapshot: Unmanaged<RegistrySnapshot>
    ) throws -> Output {
        var output: Output?
        try callIntercepted(
            cached, in: snapshot, contract.key, input,
            { binding in output = try unsafeDowncast(binding, to: Binding<Input, Output>.self).runSync(input) },
            diverted: { output = try result($0, as: Output.self, of: contract) })
        if let output { return output }
        // Not reached: either the handler ran here or the general pass answered.
        return try callThroughPipeline(contract, input, source: .local)
    }

    /// A synchronous contract's call through the whole pipeline: the first call on a thread, and
    /// calls with a remote source. Out of line, so the fast path stays small.
    @inlinable
    @inline(never)
    func callThroughPipeline<Input, Output>(
        _ contract: ActionContract<Input, Output>, _ input: Input, source: MediatorCallSource
    ) throws -> Output {
        let value = try enterTyped(SchemaTypedInput(input), contract.key, source, isolation: nil)
        return try result(value, as: Output.self, of: contract)
    }

    /// A main-actor contract's call through the whole pipeline.
    @MainActor
    @inlinable
    @inline(never)
    func callThroughPipeline<Input, Output>(
        _ contract: MainActorActionContract<Input, Output>, _ input: Input, source: MediatorCallSource
    ) throws -> Output {
        let value = try enterTyped(SchemaTypedInput(input), contract.key, source, isolation: MainActor.shared)
        return try result(value, as: Output.self, of: contract)
    }

    /// An asynchronous contract's call through the whole pipeline.
    @inlinable
    @inline(never)
    func callThroughPipeline<Input, Output>(
        _ contract: AsyncActionContract<Input, Output>, _ input: Input, source: MediatorCallSource,
        whenHeld: MediatorHold.WhenHeld
    ) async throws -> Output {
        let value = try await enterTypedAsync(SchemaTypedInput(input), contract.key, source, whenHeld: whenHeld)
        return try result(value, as: Output.self, of: contract)
    }

    /// A typed call through the pipeline, without `await`; resolving caches the binding for the contract.
    @usableFromInline
    func enterTyped(
        _ input: TypedInput, _ contract: ContractKey, _ source: MediatorCallSource, isolation: (any Actor)?
    ) throws -> any Sendable {
        let (state, snapshot, resolved) = try prepareTyped(input, contract, source)
        return try driveSync(state, resolved, in: snapshot, isolation: isolation)
    }

    /// A typed call through the pipeline, with `await`.
    @usableFromInline
    func enterTypedAsync(
        _ input: TypedInput, _ contract: ContractKey, _ source: MediatorCallSource, whenHeld: MediatorHold.WhenHeld
    ) async throws -> any Sendable {
        do {
            let (state, snapshot, resolved) = try prepareTyped(input, contract, source)
            return try await driveAsync(state, resolved, in: snapshot)
        } catch let error as MediatorError where error.code == .held {
            return try await answer(error, whenHeld)
        }
    }

    /// A typed call's state, the snapshot it runs in and what it resolves to there, made without
    /// suspending (this thread's cache is read on this thread only).
    ///
    /// Its names come from the binding this thread resolved for the contract in the snapshot, so a
    /// call through interceptors takes no lock for them; only the first call on a thread reads the
    /// contract's interned names.
    private func prepareTyped(
        _ input: TypedInput, _ contract: ContractKey, _ source: MediatorCallSource
    ) throws -> (CallState, RegistrySnapshot, Resolved) {
        let cache = ThreadCache.current
        let snapshot = cache.snapshot(of: self)
        let key: ActionKey
        if let binding = cache.contractBinding(index: contract.index, in: snapshot) {
            let definition = binding.takeUnretainedValue().definition
            key = ActionKey(target: definition.target, action: definition.name)
        } else {
            let (target, action) = contract.names
            key = ActionKey(target: target, action: action)
        }
        let state = CallState(
            target: key.target, action: key.action, source: source, payload: .input(input),
            origin: .names(contract: contract))
        // A remote call waits for `ready`; the snapshot read above is not used then.
        try admit(source, state)
        return (state, snapshot, resolve(.names(key, contract: contract), of: state, in: snapshot, cache: cache))
    }

    /// The result as the contract's output type: a redirect or a fallback may have answered with
    /// another type, which is an error naming both.
    @inlinable
    func result<Output>(_ value: any Sendable, as type: Output.Type, of contract: some MediatorContract) throws -> Output {
        if let typed = Self.cast(value, to: type) { return typed }
        throw resultTypeMismatch(value, expected: type, target: contract.target, action: contract.action)
    }

    /// A result as the type the caller asked for. When the value is exactly of that type (the usual
    /// case) the types are compared and the value moved, without the runtime's general dynamic cast;
    /// anything else (a subclass, an optional, an existential) takes the general cast. Package-visible
    /// for the navigation layer's `Landing.value(as:)`.
    @inlinable
    package static func cast<Result>(_ value: any Sendable, to type: Result.Type) -> Result? {
        func exact<Value: Sendable>(_ value: Value) -> Result? {
            Value.self == Result.self ? unsafeBitCast(value, to: Result.self) : value as? Result
        }
        return exact(value)
    }

    /// A URL's result of another type than its caller asked for, named by the URL.
    @usableFromInline
    func resultTypeMismatch(_ value: any Sendable, expected: Any.Type, url: String) -> MediatorError {
        .resultTypeMismatch(url: url, expected: String(describing: expected), actual: String(describing: Swift.type(of: value)))
    }

    @usableFromInline
    func resultTypeMismatch(_ value: any Sendable, expected: Any.Type, target: String, action: String) -> MediatorError {
        .resultTypeMismatch(
            target: target, action: action, expected: String(describing: expected),
            actual: String(describing: Swift.type(of: value)))
    }
}
