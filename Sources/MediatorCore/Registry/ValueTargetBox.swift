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
    private var declaredActions: Declaration
    private var declaredSubscriptions: Declaration

    /// A kind of declaration as given, or the table built from it on first use: one word either
    /// way, for both kinds (a generic enum would take a tag byte besides, 16 bytes more a target).
    /// What `built` holds follows from the field: an `ActionTable<Void>` in `declaredActions`, a
    /// `SubscriptionTable<Void>` in `declaredSubscriptions`.
    private enum Declaration {
        case actions([MediatorAction<Void>])
        case subscriptions([MediatorSubscription<Void>])
        case built(AnyObject)
    }

    /// The table built from what the `declaration` field holds, on first use outside the lock, and
    /// stored once (a thread that loses the race uses the stored one, so every reader gets the same
    /// table). Building runs no user code, so the stripe is held only to read and to store.
    // Inlined so each key path becomes a direct access to its field: not inlined, each was an object
    // made on first use and kept (heapRoutes100 kept 529 bytes a route, not 522).
    @inline(__always)
    private func built<Table: AnyObject>(_ declaration: ReferenceWritableKeyPath<ValueTargetBox, Declaration>) -> Table {
        let table: AnyObject
        switch LockStripes.shared.withLock(for: self, { self[keyPath: declaration] }) {
        case .built(let stored): return unsafeDowncast(stored, to: Table.self)
        case .actions(let given): table = ActionTable(target: name, declared: given)
        case .subscriptions(let given): table = SubscriptionTable(target: name, ordinal: ordinal, declared: given)
        }
        let stored = LockStripes.shared.withLock(for: self) { () -> AnyObject in
            if case .built(let stored) = self[keyPath: declaration] { return stored }
            self[keyPath: declaration] = .built(table)
            return table
        }
        return unsafeDowncast(stored, to: Table.self)
    }

    init(
        name: String, summary: String, ordinal: Int, actions: [MediatorAction<Void>], subscriptions: [MediatorSubscription<Void>],
        unknownAction: @escaping @Sendable (String, MediatorParameters) throws -> Mediator.Fallback
    ) {
        self.name = name
        self.summary = summary
        self.ordinal = ordinal
        self.declaredActions = .actions(actions)
        self.declaredSubscriptions = .subscriptions(subscriptions)
        self.unknownAction = unknownAction
    }

    /// The table, built on first use outside the lock and kept once.
    var table: ActionTable<Void> { built(\.declaredActions) }

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
    private var subscriptionTable: SubscriptionTable<Void> { built(\.declaredSubscriptions) }

    var subscriptions: [ActionDefinition] { subscriptionTable.definitions }

    /// Binds to `()`: a target registered from values is always there to be told.
    func bindSubscription(_ index: Int) throws -> AnyBinding? {
        let table = subscriptionTable
        let definition = table.definitions[index]
        guard definition.subscribing != nil else { return nil }
        return table.subscriptions[index].action.body.bind(.kept(()), definition)
    }
}
