import Synchronization

/// A registered target, erased so the registry can hold targets of any type.
protocol AnyTargetBox: AnyObject, Sendable {
    var name: String { get }
    /// The registration's place in registration order.
    var ordinal: Int { get }
    /// Binds an action to its handler and instance; `nil` when the target does not declare it.
    ///
    /// Binds to the kept instance if there is one (see `cacheInstance()` for a call that asks to keep it).
    func resolve(_ action: String) throws -> ResolvedAction?
    func hasAction(_ action: String) throws -> Bool
    func actionNames() throws -> [String]
    func answerUnknownAction(_ action: String, parameters: MediatorParameters) throws -> MediatorFallback
    func releaseInstance()
    /// Creates and keeps the instance if none is kept; returns whether it did.
    func cacheInstance() -> Bool
    func catalogEntry() -> MediatorCatalog.Target
}

/// A registered target of a known type. Registration stores closures only; the action table and
/// the instance are created on first use.
final class TargetBox<Target: Sendable>: AnyTargetBox {
    let name: String
    let summary: String
    let ordinal: Int
    private let cachesInstance: Bool
    private let makeInstance: @Sendable () -> Target
    private let declareActions: @Sendable () -> [MediatorAction<Target>]
    private let unknownAction: @Sendable (Target, String, MediatorParameters) throws -> MediatorFallback
    /// The action table and instance, with their lock, created on first use: registering records
    /// the type only, so a registration allocates nothing beyond this box.
    private let lazyState = AtomicLazyReference<Locked<State>>()

    private var state: Locked<State> {
        if let state = lazyState.load() { return state }
        return lazyState.storeIfNil(Locked(State()))
    }

    private struct State {
        var table: ActionTable?
        var instance: Target?
    }

    /// The declared actions by name, and the declaration's problem if it has one.
    private struct ActionTable: Sendable {
        var byName: [String: MediatorAction<Target>] = [:]
        var ordered: [MediatorAction<Target>] = []
        var problem: String?
    }

    init(
        name: String, summary: String, ordinal: Int, cachesInstance: Bool,
        makeInstance: @escaping @Sendable () -> Target,
        declareActions: @escaping @Sendable () -> [MediatorAction<Target>],
        unknownAction: @escaping @Sendable (Target, String, MediatorParameters) throws -> MediatorFallback
    ) {
        self.name = name
        self.summary = summary
        self.ordinal = ordinal
        self.cachesInstance = cachesInstance
        self.makeInstance = makeInstance
        self.declareActions = declareActions
        self.unknownAction = unknownAction
    }

    private func table() -> ActionTable {
        if let table = state.withLock({ $0.table }) { return table }
        // Built outside the lock: declaring actions runs user code that may call the mediator.
        var built = ActionTable()
        for action in declareActions() {
            if built.byName[action.name] != nil {
                built.problem = built.problem ?? "it declares the action \"\(action.name)\" twice"
                continue
            }
            built.byName[action.name] = action
            built.ordered.append(action)
        }
        return state.withLock { state in
            if let existing = state.table { return existing }
            state.table = built
            return built
        }
    }

    private func validTable() throws -> ActionTable {
        let table = table()
        if let problem = table.problem { throw MediatorError.invalidDeclaration(target: name, problem: problem) }
        return table
    }

    func resolve(_ actionName: String) throws -> ResolvedAction? {
        guard let action = try validTable().byName[actionName] else { return nil }
        let declaration = ActionDeclaration(
            target: name, action: action.name, exposure: action.exposure, parameters: action.parameters)
        // The instance calls will reuse, if one is or should be kept; otherwise each call makes one.
        let kept = state.withLock { state -> Target? in
            if state.instance == nil, cachesInstance { state.instance = makeInstance() }
            return state.instance
        }
        let invocation = kept.map { Self.bind(action.handler, to: $0) } ?? Self.bind(action.handler, making: makeInstance)
        return ResolvedAction(declaration: declaration, invocation: invocation, usesCachedInstance: kept != nil)
    }

    // The two binders keep `Target?` out of the per-call closures: in this generic class an optional
    // of `Target` costs a runtime metadata lookup on every call (about 1,200 instructions, measured
    // with callgrind), and those lookups contend between threads.

    /// Binds a handler to one kept instance.
    private static func bind(_ handler: MediatorAction<Target>.Handler, to target: Target) -> ResolvedAction.Invocation {
        switch handler {
        case .sync(let handler): .sync { parameters in try handler(target, parameters) }
        case .async(let handler): .async { parameters in try await handler(target, parameters) }
        case .mainActor(let handler): .mainActor { parameters in try handler(target, parameters) }
        }
    }

    /// Binds a handler to a new instance per call.
    private static func bind(
        _ handler: MediatorAction<Target>.Handler, making make: @escaping @Sendable () -> Target
    ) -> ResolvedAction.Invocation {
        switch handler {
        case .sync(let handler): .sync { parameters in try handler(make(), parameters) }
        case .async(let handler): .async { parameters in try await handler(make(), parameters) }
        case .mainActor(let handler): .mainActor { parameters in try handler(make(), parameters) }
        }
    }

    func hasAction(_ action: String) throws -> Bool {
        try validTable().byName[action] != nil
    }

    func actionNames() throws -> [String] {
        table().ordered.map(\.name).sorted()
    }

    func answerUnknownAction(_ action: String, parameters: MediatorParameters) throws -> MediatorFallback {
        try unknownAction(state.withLock { $0.instance } ?? makeInstance(), action, parameters)
    }

    func releaseInstance() {
        state.withLock { $0.instance = nil }
    }

    func cacheInstance() -> Bool {
        state.withLock { state in
            guard state.instance == nil else { return false }
            state.instance = makeInstance()
            return true
        }
    }

    func catalogEntry() -> MediatorCatalog.Target {
        let table = table()
        return MediatorCatalog.Target(
            name: name, summary: summary,
            actions: table.ordered.map { MediatorCatalog.Action($0) }.sorted { $0.name < $1.name })
    }
}
