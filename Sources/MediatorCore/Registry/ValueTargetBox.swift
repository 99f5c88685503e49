/// A target registered from values (`register(targetNamed:actions:)`): its actions, subscriptions
/// and unknown-action handler are given, so it keeps them as given, with no closure wrapping them
/// and no instance to make (handlers receive `()`).
///
/// Kept small, because a large app (or a test) registers thousands: 96 bytes where a `TargetBox`
/// of the same target took 176 and a 48-byte closure context besides. Each declaration takes one
/// word, the given array until the table built from it replaces it; building a table runs no
/// user code (the arrays are made already), so it needs no guard against a declaration calling
/// the mediator back, only the stripe to store it once.
final class ValueTargetBox: TableTargetBox, @unchecked Sendable {
    // @unchecked: `declaredActions` and `declaredSubscriptions` are read and written only while
    // this box's stripe of `LockStripes.shared` is held; the rest is immutable.
    let name: String
    let summary: String
    let ordinal: Int
    private let unknownAction: @Sendable (String, MediatorParameters) throws -> Mediator.Fallback
    private var declaredActions: Actions
    private var declaredSubscriptions: Subscriptions

    /// The actions as given, or the table built from them on first use (one word either way).
    private enum Actions {
        case declared([MediatorAction<Void>])
        case built(ActionTable<Void>)
    }

    /// The subscriptions as given, or the table built from them on first use (one word either way).
    private enum Subscriptions {
        case declared([MediatorSubscription<Void>])
        case built(SubscriptionTable<Void>)
    }

    init(
        name: String, summary: String, ordinal: Int, actions: [MediatorAction<Void>], subscriptions: [MediatorSubscription<Void>],
        unknownAction: @escaping @Sendable (String, MediatorParameters) throws -> Mediator.Fallback
    ) {
        self.name = name
        self.summary = summary
        self.ordinal = ordinal
        self.declaredActions = .declared(actions)
        self.declaredSubscriptions = .declared(subscriptions)
        self.unknownAction = unknownAction
    }

    /// The table, built on first use outside the lock and kept once (a thread that loses the race
    /// uses the kept one, so every reader gets the same table).
    var table: ActionTable<Void> {
        let declared: [MediatorAction<Void>]
        switch LockStripes.shared.withLock(for: self, { declaredActions }) {
        case .built(let table): return table
        case .declared(let given): declared = given
        }
        let table = ActionTable(target: name, declared: declared)
        return LockStripes.shared.withLock(for: self) {
            if case .built(let kept) = declaredActions { return kept }
            declaredActions = .built(table)
            return table
        }
    }

    /// Binds to `()`: there is no instance to make or keep, whatever the call asks.
    func bind(_ index: Int, keepsInstance: Bool) throws -> (binding: AnyBinding, madeKeptInstance: Bool) {
        let table = table
        return (table.actions[index].body.bind(.kept(()), table.definitions(target: name)[index]), false)
    }

    func answerUnknownAction(_ action: String, parameters: MediatorParameters) throws -> Mediator.Fallback {
        try unknownAction(action, parameters)
    }

    func releaseInstance() -> (any Sendable)? { nil }

    var creatingThread: UInt64? { nil }

    // MARK: Subscriptions

    /// The subscription table, built on first use outside the lock and kept once.
    private var subscriptionTable: SubscriptionTable<Void> {
        let declared: [MediatorSubscription<Void>]
        switch LockStripes.shared.withLock(for: self, { declaredSubscriptions }) {
        case .built(let table): return table
        case .declared(let given): declared = given
        }
        let table = SubscriptionTable(target: name, ordinal: ordinal, declared: declared)
        return LockStripes.shared.withLock(for: self) {
            if case .built(let kept) = declaredSubscriptions { return kept }
            declaredSubscriptions = .built(table)
            return table
        }
    }

    var subscriptions: [ActionDefinition] { subscriptionTable.definitions }

    /// Binds to `()`: a target registered from values is always there to be told.
    func bindSubscription(_ index: Int) throws -> AnyBinding? {
        let table = subscriptionTable
        let definition = table.definitions[index]
        guard definition.subscribing != nil else { return nil }
        return table.subscriptions[index].action.body.bind(.kept(()), definition)
    }
}
