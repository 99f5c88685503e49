/// A registered target, erased so the registry can hold targets of any type.
protocol AnyTargetBox: AnyObject, Sendable {
    var name: String { get }
    var summary: String { get }
    /// The registration's place in registration order: the URL routes' last tie-breaker.
    var ordinal: Int { get }
    /// The action definitions, in declaration order, built on first use; empty when `problem` is set.
    var definitions: [ActionDefinition] { get }
    /// Why the declaration cannot be used, if it cannot.
    var problem: String? { get }
    /// The index of the action with exactly this name.
    func index(of action: String) -> Int?
    /// Calls `body` with what routing reads of each usable action (by index), without making
    /// definitions, and returns `problem`: one read of the table for both.
    func forEachRoutable(_ body: (_ index: Int, _ action: RoutableAction) -> Void) -> String?
    /// Binds an action to its handler and an instance: the kept one when the target caches
    /// instances, already keeps one, or `keepsInstance` asks for it; otherwise one per call.
    /// - Returns: The binding, and whether this call made the instance the target now keeps.
    func bind(_ index: Int, keepsInstance: Bool) throws -> (binding: AnyBinding, madeKeptInstance: Bool)
    /// Asks the target's instance about an action it does not declare.
    func answerUnknownAction(_ action: String, parameters: MediatorParameters) throws -> Mediator.Fallback
    /// Drops the kept instance; returns it so the caller releases it outside any lock.
    func releaseInstance() -> (any Sendable)?
    /// The thread creating the kept instance, if one is; read only under `InstanceCoordinator`'s lock.
    var creatingThread: UInt64? { get }
    /// The subscriptions' definitions, in declaration order, read from the declaration on first use.
    var subscriptions: [ActionDefinition] { get }
    /// Binds a subscription (by index) to its handler and an instance, by the rules of
    /// ``Mediator/EventDelivery``; `nil` when the target has no instance and the delivery makes none.
    func bindSubscription(_ index: Int) throws -> AnyBinding?
}

/// A target box whose actions come from an action table built on first use (both kinds of box):
/// what it answers about its actions is read from that table, written once here.
protocol TableTargetBox: AnyTargetBox {
    associatedtype Instance: Sendable
    /// The action table, built on first use and kept.
    var table: ActionTable<Instance> { get }
}

extension TableTargetBox {
    var definitions: [ActionDefinition] { table.definitions(target: name) }
    var problem: String? { table.problem }

    func index(of action: String) -> Int? { table.index(of: action) }

    func forEachRoutable(_ body: (_ index: Int, _ action: RoutableAction) -> Void) -> String? {
        let table = table
        table.forEachRoutable(body)
        return table.problem
    }
}

/// A target registered by its type. Registration stores the factory only; the action table, the
/// subscription table and the instance are created on first use, the tables from the type's own
/// declarations (read through the type, not through closures made per registration: each would
/// allocate a context for the type's metadata). A target registered from values is a `ValueTargetBox`.
final class TargetBox<Target: MediatorTarget>: TableTargetBox, @unchecked Sendable {
    // @unchecked: `kept` is read and written only while `InstanceCoordinator.shared` holds its lock,
    // `builtTable`, `builtSubscriptions` and their readers only while this box's stripe of
    // `LockStripes.shared` is held; the rest is immutable.
    let name: String
    let summary: String
    let ordinal: Int
    let make: @Sendable () -> Target
    /// The action table (always an `ActionTable<Target>`) and the subscription table (always a
    /// `SubscriptionTable<Target>`), each built outside every lock on first use and stored once.
    /// Guarded by this box's stripe of `LockStripes.shared`, held only to read or store them.
    private var actionsRead = DeclarationRead()
    private var subscriptionsRead = DeclarationRead()
    /// The kept instance, or who is creating it. Guarded by `InstanceCoordinator.shared`'s lock.
    var kept: KeptInstance<Target> = .none
    /// Declared after `kept`, whose padding it fills: a box of 162 bytes takes a 176-byte heap
    /// block, one of 170 a 192-byte one (a large app registers thousands of targets).
    let cachesInstance: Bool

    init(name: String, summary: String, ordinal: Int, cachesInstance: Bool, make: @escaping @Sendable () -> Target) {
        self.name = name
        self.summary = summary
        self.ordinal = ordinal
        self.cachesInstance = cachesInstance
        self.make = make
    }

    /// The table, built on first use. Reading the declaration runs target code, which may call the
    /// mediator, so it happens outside every lock, once however many threads race the first use
    /// (`DeclarationReads`); a declaration that reads itself back (its `actions` calls the mediator,
    /// which needs the table) gets a table reporting that, not a hang or an endless recursion.
    var table: ActionTable<Target> {
        if let table = LockStripes.shared.withLock(for: self, { actionsRead.built }) {
            return unsafeDowncast(table, to: ActionTable<Target>.self)
        }
        let thread = ThreadCache.current
        guard thread.beginReadingTable(of: self) else {
            return ActionTable(target: name, problem: "its actions declaration calls the mediator back while it is being read")
        }
        defer { thread.endReadingTable(of: self) }
        let table = readOnce(.actions) { ActionTable(target: name, declared: Target.actions) }
        return unsafeDowncast(table, to: ActionTable<Target>.self)
    }

    func bind(_ index: Int, keepsInstance: Bool) throws -> (binding: AnyBinding, madeKeptInstance: Bool) {
        let table = table
        let action = table.actions[index]
        let definition = table.definitions(target: name)[index]
        if cachesInstance || keepsInstance {
            let (instance, created) = try InstanceCoordinator.shared.keptInstance(of: self)
            return (action.body.bind(.kept(instance), definition), created && !cachesInstance)
        }
        if let instance = InstanceCoordinator.shared.existingInstance(of: self) {
            return (action.body.bind(.kept(instance), definition), false)
        }
        let make = self.make
        let name = self.name
        return (action.body.bind(.perCall({ try InstanceCoordinator.shared.perCall(make, of: name) }), definition), false)
    }

    func answerUnknownAction(_ action: String, parameters: MediatorParameters) throws -> Mediator.Fallback {
        // A caching target answers with the instance it keeps, making it if needed, never a throwaway one.
        let instance =
            cachesInstance
            ? try InstanceCoordinator.shared.keptInstance(of: self).instance
            : try InstanceCoordinator.shared.existingInstance(of: self) ?? InstanceCoordinator.shared.perCall(make, of: name)
        return try instance.answerUnknownAction(action, parameters: parameters)
    }

    func releaseInstance() -> (any Sendable)? {
        InstanceCoordinator.shared.release(self)
    }

    var creatingThread: UInt64? {
        if case .creating(let thread, _) = kept { return thread }
        return nil
    }

    // MARK: Subscriptions

    /// The subscription table, built on first use: reading the declaration runs target code, so it
    /// happens outside every lock, once however many threads race the first use (`DeclarationReads`).
    private var subscriptionTable: SubscriptionTable<Target> {
        if let table = LockStripes.shared.withLock(for: self, { subscriptionsRead.built }) {
            return unsafeDowncast(table, to: SubscriptionTable<Target>.self)
        }
        let table = readOnce(.subscriptions) { SubscriptionTable(target: name, ordinal: ordinal, declared: Target.subscriptions) }
        return unsafeDowncast(table, to: SubscriptionTable<Target>.self)
    }

    /// Reads one declaration once however many threads race its first use (`DeclarationReads`):
    /// the first claims it in `read` and builds it with no lock held, the others wait for what it keeps.
    /// Only on first use: later reads take the stored table under the stripe, as the callers do first.
    private func readOnce(_ declaration: Declaration, building build: () -> AnyObject) -> AnyObject {
        DeclarationReads.value(
            claim: { thread in
                LockStripes.shared.withLock(for: self) { () -> DeclarationReads.Claim<AnyObject> in
                    withRead(of: declaration) { read in
                        if let built = read.built { return .kept(built) }
                        if read.reader != 0 { return .reading(thread: read.reader) }
                        read.reader = thread
                        return .claimed
                    }
                }
            },
            keep: { built in
                LockStripes.shared.withLock(for: self) {
                    withRead(of: declaration) { read in read = DeclarationRead(built: built) }
                    return built
                }
            },
            reading: build)
    }

    /// A target's two declarations read once.
    private enum Declaration { case actions, subscriptions }

    /// Runs `body` on the read of `declaration`; the caller holds this box's stripe.
    private func withRead<Result>(of declaration: Declaration, _ body: (inout DeclarationRead) -> Result) -> Result {
        switch declaration {
        case .actions: body(&actionsRead)
        case .subscriptions: body(&subscriptionsRead)
        }
    }

    var subscriptions: [ActionDefinition] { subscriptionTable.definitions }

    func bindSubscription(_ index: Int) throws -> AnyBinding? {
        let table = subscriptionTable
        let subscription = table.subscriptions[index].action.body
        let definition = table.definitions[index]
        guard let delivery = definition.subscribing?.delivery else { return nil }
        if cachesInstance, delivery == .makingInstances {
            return subscription.bind(.kept(try InstanceCoordinator.shared.keptInstance(of: self).instance), definition)
        }
        if let instance = InstanceCoordinator.shared.existingInstance(of: self) {
            return subscription.bind(.kept(instance), definition)
        }
        guard delivery == .makingInstances else { return nil }
        let make = self.make
        let name = self.name
        return subscription.bind(.perCall({ try InstanceCoordinator.shared.perCall(make, of: name) }), definition)
    }
}

/// A registered target's subscriptions, built from its declaration on first use: each an action of
/// the target that its event triggers, defined like every other action.
final class SubscriptionTable<Target: Sendable>: Sendable {
    let subscriptions: [MediatorSubscription<Target>]
    let definitions: [ActionDefinition]

    init(target: String, ordinal: Int, declared: [MediatorSubscription<Target>]) {
        subscriptions = declared
        definitions = declared.enumerated().map { index, subscription in
            ActionDefinition(
                subscription.action, target: target, index: index,
                subscribing: ActionDefinition.Subscribing(
                    key: subscription.key, payloadTypeName: subscription.payloadTypeName, priority: subscription.priority,
                    delivery: subscription.delivery, ordinal: ordinal))
        }
    }
}

/// A target's kept instance, or who is making it.
enum KeptInstance<Target> {
    case none
    /// A thread is running the factory; `released` when the instance was released meanwhile (the
    /// creator then uses it for its own call without keeping it).
    case creating(thread: UInt64, released: Bool)
    case ready(Target)
}

/// One declaration of a target (its actions or its subscriptions) read once: the table built from it,
/// or the thread reading it (0: none). Kept as `AnyObject`: code generic over `Target` then looks
/// up no generic metadata to read or keep it (a few hundred instructions per access otherwise).
struct DeclarationRead {
    var built: AnyObject?
    var reader: UInt64 = 0
}
