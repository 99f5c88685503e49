/// One action of a target, declared once: its name, input, exposure, URL patterns and handler.
///
/// The same declaration drives typed calls, calls by name, parameter validation, URL routing and the
/// catalog. Bind a handler to the contract the module's facade declares, and the compiler checks the
/// handler's input, output and kind (synchronous, asynchronous, main actor) against it:
///
/// ```swift
/// MediatorAction(Products.detail, summary: "Product detail screen",
///                exposure: .remote, urlPatterns: ["/product/:id"]) { target, input in
///     try target.productScreen(id: input.id)
/// }
/// ```
///
/// An action can also be declared by name alone, with untyped ``MediatorParameters``, for targets
/// built from values (stubs, dynamic modules):
///
/// ```swift
/// struct Echo: MediatorInput {
///     @Parameter("What to echo") var text: String
/// }
///
/// MediatorAction("echo", parameters: Echo.self) { _, parameters in
///     try parameters.value("text", as: String.self)
/// }
/// ```
public struct MediatorAction<Target: Sendable>: Sendable {
    /// The action's name, unique within its target.
    package let name: String
    /// A one-line description of what the action does.
    package let summary: String
    /// The input's parameters, checked and converted before the handler runs.
    package let parameters: [MediatorParameter]
    /// Whether remote calls (URLs) may reach this action.
    package let exposure: MediatorExposure
    /// The interned index of the contract the handler is bound to (`MediatorActionContract.nameIndex`),
    /// or -1 for an action declared by name: a routed link names its action by it, so the navigation
    /// layer finds the link's back stack without reading or hashing names. 32 bits, beside
    /// `exposure`, so a declaration is no larger.
    package let contractIndex: Int32
    /// URL path patterns that route to this action, such as `"/product/:id"`.
    package let urlPatterns: [String]
    /// How the handler runs.
    package let execution: MediatorExecution
    /// The name of the type the handler returns, as the catalog shows it.
    package var resultTypeName: String { body.outputTypeName }
    /// The target name of the contract the handler is bound to; `nil` for an action declared by name.
    package let contractTarget: String?

    @usableFromInline let body: Body

    /// What the declaration needs besides its metadata: the handler's types and how to bind it.
    @usableFromInline
    struct Body: Sendable {
        let input: any Any.Type
        let output: any Any.Type
        /// Binds the handler to a target instance, for one resolution on one thread.
        let bind: @Sendable (InstanceSource<Target>, ActionDefinition) -> AnyBinding
        /// Why the input's declaration cannot be used; registration refuses the target then.
        let inputProblem: String?

        @usableFromInline
        init<Input, Output>(
            input: Input.Type, output: Output.Type, inputProblem: String? = nil,
            bind: @escaping @Sendable (InstanceSource<Target>, ActionDefinition) -> AnyBinding
        ) {
            self.input = input
            self.output = output
            self.inputProblem = inputProblem
            self.bind = bind
        }

        var inputType: ObjectIdentifier { ObjectIdentifier(input) }
        var outputType: ObjectIdentifier { ObjectIdentifier(output) }
        // Names are made when a message or the catalog asks: `String(describing:)` of a type costs
        // thousands of instructions, too much to pay for every declared action.
        var inputTypeName: String { String(describing: input) }
        var outputTypeName: String { output == Void.self ? "Void" : String(describing: output) }
    }

    /// Every declaration ends here. Inlinable, so the handler is bound (and its input decoded) by
    /// code specialized in the declaring module, with no run-time generic metadata per call.
    @inlinable
    init<Input: Sendable, Output: Sendable>(
        name: String, contractTarget: String?, contractIndex: Int = -1, summary: String, schema: InputSchema<Input>,
        exposure: MediatorExposure, urlPatterns: [String], handler: Handler<Target, Input, Output>
    ) {
        self.init(
            name: name, contractTarget: contractTarget, contractIndex: contractIndex, summary: summary,
            parameters: schema.parameters, exposure: exposure, urlPatterns: urlPatterns, execution: handler.execution,
            body: Body(
                input: Input.self, output: Output.self, inputProblem: schema.problem,
                bind: Self.binder(schema: schema, handler: handler)))
    }

    @usableFromInline
    init(
        name: String, contractTarget: String?, contractIndex: Int = -1, summary: String, parameters: [MediatorParameter],
        exposure: MediatorExposure, urlPatterns: [String], execution: MediatorExecution, body: Body
    ) {
        self.name = name
        self.contractTarget = contractTarget
        // An index past 32 bits (never in practice) is kept as none: links to it find their back stack by names.
        self.contractIndex = Int32(exactly: contractIndex) ?? -1
        self.summary = summary
        self.parameters = parameters
        self.exposure = exposure
        self.urlPatterns = urlPatterns
        self.execution = execution
        self.body = body
    }

    // MARK: Binding

    /// Makes the function that binds the handler to an instance, for one resolution on one thread:
    /// the typed forms for contract calls, and the forms that decode a ``Payload`` for calls by
    /// name and URLs, each applying the calling rules.
    @inlinable
    static func binder<Input: Sendable, Output: Sendable>(
        schema: InputSchema<Input>, handler: Handler<Target, Input, Output>
    ) -> @Sendable (InstanceSource<Target>, ActionDefinition) -> AnyBinding {
        { source, definition in
            let runSync: @Sendable (Input) throws -> Output
            let runOnMainActor: @MainActor @Sendable (Input) throws -> Output
            let runAsync: @Sendable (Input) async throws -> Output
            switch handler {
            case .sync(let handler):
                let run = bound(handler, to: source, definition: definition)
                runSync = run
                runOnMainActor = { input in try run(input) }
                runAsync = { input in try run(input) }
            case .async(let handler):
                runSync = { _ in throw MediatorError.asyncActionCalledSynchronously(for: definition) }
                runOnMainActor = { _ in throw MediatorError.asyncActionCalledSynchronously(for: definition) }
                runAsync = bound(handler, to: source, definition: definition)
            case .mainActor(let handler):
                let run = boundOnMainActor(handler, to: source, definition: definition)
                runSync = { _ in throw MediatorError.mainActorRequired(for: definition) }
                runOnMainActor = run
                runAsync = { input in try await MainActor.run { try run(input) } }
            }
            let kept: Bool
            if case .kept = source { kept = true } else { kept = false }
            // A typed input whose initializer left a required `@Parameter` unset is refused before
            // the handler runs; inputs that cannot be (no such parameter) keep the bare closures.
            var typedSync = runSync
            var typedOnMainActor = runOnMainActor
            var typedAsync = runAsync
            if let unset = schema.unset {
                typedSync = { input in
                    try unset.check(input, in: definition)
                    return try runSync(input)
                }
                typedOnMainActor = { input in
                    try unset.check(input, in: definition)
                    return try runOnMainActor(input)
                }
                typedAsync = { input in
                    try unset.check(input, in: definition)
                    return try await runAsync(input)
                }
            }
            // Formed here, where `Input` and `Output` are concrete, so decoding and boxing the result specialize.
            return Binding(
                definition: definition, runsOnKeptInstance: kept, runSync: typedSync, runOnMainActor: typedOnMainActor,
                runAsync: typedAsync,
                // A typed input of this type is passed to the handler where it is kept, not copied
                // out first (copying an input with optional parameters goes through the runtime's
                // value witnesses).
                decodeAndRunSync: { payload in
                    try withInput(
                        from: payload, schema: schema, definition: definition, kept: { try runSync($0.input) },
                        decoded: runSync)
                },
                decodeAndRunOnMainActor: { payload in
                    try withInput(
                        from: payload, schema: schema, definition: definition, kept: { try runOnMainActor($0.input) },
                        decoded: { try runOnMainActor($0) })
                },
                // An asynchronous handler runs after the switch: the input leaves it in a `CarriedInput`.
                decodeAndRunAsync: { payload in
                    let carried = try withInput(
                        from: payload, schema: schema, definition: definition, kept: CarriedInput.kept,
                        decoded: CarriedInput.decoded)
                    switch carried {
                    case .kept(let kept): return try await runAsync(kept.input)
                    case .decoded(let input): return try await runAsync(input)
                    }
                }
            )
        }
    }

    /// A synchronous handler with its instance applied; errors it throws are reported as this action's.
    @inlinable
    static func bound<Input: Sendable, Output: Sendable>(
        _ handler: @escaping @Sendable (Target, Input) throws -> Output, to source: InstanceSource<Target>,
        definition: ActionDefinition
    ) -> @Sendable (Input) throws -> Output {
        switch source {
        case .kept(let target):
            { input in
                do { return try handler(target, input) } catch { throw Mediator.handlerError(error, of: definition) }
            }
        case .perCall(let make):
            { input in
                let target = try make()
                do { return try handler(target, input) } catch { throw Mediator.handlerError(error, of: definition) }
            }
        }
    }

    /// An asynchronous handler with its instance applied.
    @inlinable
    static func bound<Input: Sendable, Output: Sendable>(
        _ handler: @escaping @Sendable (Target, Input) async throws -> Output, to source: InstanceSource<Target>,
        definition: ActionDefinition
    ) -> @Sendable (Input) async throws -> Output {
        switch source {
        case .kept(let target):
            { input in
                do { return try await handler(target, input) } catch { throw Mediator.handlerError(error, of: definition) }
            }
        case .perCall(let make):
            { input in
                let target = try make()
                do { return try await handler(target, input) } catch { throw Mediator.handlerError(error, of: definition) }
            }
        }
    }

    /// A main-actor handler with its instance applied.
    @inlinable
    static func boundOnMainActor<Input: Sendable, Output: Sendable>(
        _ handler: @escaping @MainActor @Sendable (Target, Input) throws -> Output, to source: InstanceSource<Target>,
        definition: ActionDefinition
    ) -> @MainActor @Sendable (Input) throws -> Output {
        switch source {
        case .kept(let target):
            { input in
                do { return try handler(target, input) } catch { throw Mediator.handlerError(error, of: definition) }
            }
        case .perCall(let make):
            { input in
                let target = try make()
                do { return try handler(target, input) } catch { throw Mediator.handlerError(error, of: definition) }
            }
        }
    }

    /// A typed input as this action's type, when it is of that type (checked for unset required
    /// parameters unless its schema decoded it), for the handler to read in place; `nil` for any
    /// other type. The one place a typed input's type is tested, the input read without a cast and checked.
    @inlinable @inline(__always)
    static func kept<Input: Sendable>(
        _ typed: TypedInput, schema: InputSchema<Input>, definition: ActionDefinition
    ) throws -> TypedInputOf<Input>? {
        // The types compared, then read without the runtime's general cast (a typed call's input,
        // or a link's decoded once by the navigation layer).
        guard typed.type == ObjectIdentifier(Input.self) else { return nil }
        let kept = unsafeDowncast(typed, to: TypedInputOf<Input>.self)
        // A link's input was decoded by this schema: nothing required is unset.
        if !typed.isDecoded { try schema.checkTyped(kept.input, in: definition) }
        return kept
    }

    /// Hands the input a payload carries to `kept` when it is a typed input of this type, read where
    /// it is kept, else to `decoded` as the schema decodes it (``input(from:schema:definition:)``):
    /// one switch over the payload, so a call by name or URL tests its payload once.
    // Always inlined, so each closure's handler call sits in the switch's arms: open took 5,234
    // instructions a call this way, 5,252 with one `run` over the switch left to the optimizer.
    @inlinable @inline(__always)
    static func withInput<Input: Sendable, Result>(
        from payload: Payload, schema: InputSchema<Input>, definition: ActionDefinition,
        kept: (TypedInputOf<Input>) throws -> Result, decoded: (Input) throws -> Result
    ) throws -> Result {
        switch payload {
        case .input(let typed):
            if let input = try Self.kept(typed, schema: schema, definition: definition) { return try kept(input) }
        case .values(let lookup):
            return try decoded(schema.decode(lookup, definition))
        case .event:
            break
        }
        return try decoded(input(from: payload, schema: schema, definition: definition))
    }

    /// The input a payload carries: the typed input itself when it is of this type, else decoded by the schema.
    @inlinable
    static func input<Input: Sendable>(
        from payload: Payload, schema: InputSchema<Input>, definition: ActionDefinition
    ) throws -> Input {
        switch payload {
        case .input(let typed):
            if let kept = try kept(typed, schema: schema, definition: definition) { return kept.input }
            return try schema.decode(ParameterLookup(values: typed.parameters()), definition)
        case .values(let lookup):
            return try schema.decode(lookup, definition)
        case .event(let payload):
            // Types compared, then read without a cast: the event key already matched the payload type.
            if payload.type == ObjectIdentifier(Input.self) {
                let input = unsafeDowncast(payload, to: TypedEventPayload<Input>.self).typed
                try schema.checkTyped(input, in: definition)
                return input
            }
            return try schema.decode(ParameterLookup(values: ["payload": payload.value]), definition)
        }
    }
}

// MARK: Binding a contract

extension MediatorAction {
    /// Binds a synchronous handler to a contract from the module's facade.
    ///
    /// The handler's input and output types are the contract's; it runs on the caller's thread.
    /// - Parameters:
    ///   - contract: The action's signature, from the facade.
    ///   - summary: A one-line description for the catalog.
    ///   - exposure: `.local` (the default), or `.remote` to let URLs reach it.
    ///   - urlPatterns: URL path patterns that route to the action; it must be remote to have any.
    ///   - handler: The work, given the target instance and the input.
    @inlinable
    public init<Input, Output>(
        _ contract: ActionContract<Input, Output>, summary: String = "", exposure: MediatorExposure = .local,
        urlPatterns: [String] = [], handler: @escaping @Sendable (Target, Input) throws -> Output
    ) {
        self.init(
            name: contract.action, contractTarget: contract.target, contractIndex: contract.nameIndex, summary: summary,
            schema: Input.schema, exposure: exposure, urlPatterns: urlPatterns, handler: .sync(handler))
    }

    /// Binds an asynchronous handler to a contract from the module's facade; callers must `await` it.
    /// - Parameters:
    ///   - contract: The action's signature, from the facade.
    ///   - summary: A one-line description for the catalog.
    ///   - exposure: `.local` (the default), or `.remote` to let URLs reach it.
    ///   - urlPatterns: URL path patterns that route to the action; it must be remote to have any.
    ///   - handler: The work, given the target instance and the input.
    @inlinable
    public init<Input, Output>(
        _ contract: AsyncActionContract<Input, Output>, summary: String = "", exposure: MediatorExposure = .local,
        urlPatterns: [String] = [], handler: @escaping @Sendable (Target, Input) async throws -> Output
    ) {
        self.init(
            name: contract.action, contractTarget: contract.target, contractIndex: contract.nameIndex, summary: summary,
            schema: Input.schema, exposure: exposure, urlPatterns: urlPatterns, handler: .async(handler))
    }

    /// Binds a main-actor handler to a contract from the module's facade, for screen code.
    /// - Parameters:
    ///   - contract: The action's signature, from the facade.
    ///   - summary: A one-line description for the catalog.
    ///   - exposure: `.local` (the default), or `.remote` to let URLs reach it.
    ///   - urlPatterns: URL path patterns that route to the action; it must be remote to have any.
    ///   - handler: The work, isolated to the main actor.
    @inlinable
    public init<Input, Output>(
        _ contract: MainActorActionContract<Input, Output>, summary: String = "", exposure: MediatorExposure = .local,
        urlPatterns: [String] = [], handler: @escaping @MainActor @Sendable (Target, Input) throws -> Output
    ) {
        self.init(
            name: contract.action, contractTarget: contract.target, contractIndex: contract.nameIndex, summary: summary,
            schema: Input.schema, exposure: exposure, urlPatterns: urlPatterns, handler: .mainActor(handler))
    }
}

extension MediatorAction {
    /// Binds a synchronous handler to a contract of any kind, declared with the contract's own
    /// execution (so an asynchronous contract's action still needs `await`): for test doubles whose
    /// answer is the same whatever the kind, such as `MediatorTesting`'s unimplemented answers.
    package init<Execution, Input, Output>(
        forAnyKindOf contract: MediatorActionContract<Execution, Input, Output>,
        handler: @escaping @Sendable (Target, Input) throws -> Output
    ) {
        let bound: Handler<Target, Input, Output>
        switch Execution.execution {
        case .synchronous: bound = .sync(handler)
        case .asynchronous: bound = .async { target, input in try handler(target, input) }
        case .mainActor: bound = .mainActor { target, input in try handler(target, input) }
        }
        self.init(
            name: contract.action, contractTarget: contract.target, contractIndex: contract.nameIndex, summary: "",
            schema: Input.schema, exposure: .local, urlPatterns: [], handler: bound)
    }
}

// MARK: Declaring by name

extension MediatorAction {
    /// Declares an action by name whose handler runs synchronously and reads untyped parameters.
    /// - Parameters:
    ///   - name: The action's name, unique within its target.
    ///   - summary: A one-line description for the catalog.
    ///   - parameters: The input type whose `@Parameter`s the handler reads, checked and converted
    ///     before it runs (any other supplied key passes through); none declared by default.
    ///   - exposure: `.local` (the default), or `.remote` to let URLs reach it.
    ///   - urlPatterns: URL path patterns that route to the action.
    ///   - handler: The work, given the target instance and the checked parameters.
    @inlinable
    public init<Declared: MediatorInput, Result: Sendable>(
        _ name: String, summary: String = "", parameters: Declared.Type = MediatorParameters.self,
        exposure: MediatorExposure = .local,
        urlPatterns: [String] = [], handler: @escaping @Sendable (Target, MediatorParameters) throws -> Result
    ) {
        self.init(
            name: name, contractTarget: nil, summary: summary, schema: InputSchema(declaring: Declared.self),
            exposure: exposure, urlPatterns: urlPatterns, handler: .sync(handler))
    }

    /// Declares an action by name whose handler is asynchronous; it can be called only with `await`.
    /// - Parameters:
    ///   - name: The action's name, unique within its target.
    ///   - summary: A one-line description for the catalog.
    ///   - parameters: The input type whose `@Parameter`s the handler reads, checked and converted
    ///     before it runs (any other supplied key passes through); none declared by default.
    ///   - exposure: `.local` (the default), or `.remote` to let URLs reach it.
    ///   - urlPatterns: URL path patterns that route to the action.
    ///   - handler: The work, given the target instance and the checked parameters.
    @inlinable
    public init<Declared: MediatorInput, Result: Sendable>(
        _ name: String, summary: String = "", parameters: Declared.Type = MediatorParameters.self,
        exposure: MediatorExposure = .local,
        urlPatterns: [String] = [], handler: @escaping @Sendable (Target, MediatorParameters) async throws -> Result
    ) {
        self.init(
            name: name, contractTarget: nil, summary: summary, schema: InputSchema(declaring: Declared.self),
            exposure: exposure, urlPatterns: urlPatterns, handler: .async(handler))
    }

    /// Declares an action by name whose handler runs on the main actor, for screen code.
    ///
    /// An awaited call hops to the main actor; a synchronous call works only from the main actor and
    /// otherwise fails with ``MediatorError/Code/mainActorRequired``.
    /// - Parameters:
    ///   - name: The action's name, unique within its target.
    ///   - summary: A one-line description for the catalog.
    ///   - parameters: The input type whose `@Parameter`s the handler reads, checked and converted
    ///     before it runs (any other supplied key passes through); none declared by default.
    ///   - exposure: `.local` (the default), or `.remote` to let URLs reach it.
    ///   - urlPatterns: URL path patterns that route to the action.
    ///   - handler: The work, isolated to the main actor.
    /// - Returns: The action declaration.
    @inlinable
    public static func onMainActor<Declared: MediatorInput, Result: Sendable>(
        _ name: String, summary: String = "", parameters: Declared.Type = MediatorParameters.self,
        exposure: MediatorExposure = .local,
        urlPatterns: [String] = [], handler: @escaping @MainActor @Sendable (Target, MediatorParameters) throws -> Result
    ) -> MediatorAction {
        MediatorAction(
            name: name, contractTarget: nil, summary: summary, schema: InputSchema(declaring: Declared.self),
            exposure: exposure, urlPatterns: urlPatterns, handler: .mainActor(handler))
    }
}
