/// One broadcast's subscribers, bound and in delivery order, and those it could not tell.
class AnyDeliveryList: @unchecked Sendable {
    // @unchecked: every stored property is a `let` of a Sendable type; not final only so that
    // `DeliveryList<Payload>` can add the typed bindings.
    /// The targets whose handlers run, in delivery order: the report's `reached`.
    let names: [String]
    /// Subscribers left alone because they have no instance and the delivery does not make one.
    let skipped: [String]
    /// Subscribers whose instance could not be made (a factory cycle), with the error.
    let bindFailures: [MediatorBroadcastFailure]

    init(names: [String], skipped: [String], bindFailures: [MediatorBroadcastFailure]) {
        self.names = names
        self.skipped = skipped
        self.bindFailures = bindFailures
    }

    /// Whether the list may serve every later broadcast of its event in the same snapshot: every
    /// subscriber is bound (none skipped or failed), to its kept instance or to its factory.
    var isComplete: Bool { skipped.isEmpty && bindFailures.isEmpty }
}

/// The bound subscribers of an event whose payload is `Payload`.
final class DeliveryList<Payload: Sendable>: AnyDeliveryList, @unchecked Sendable {
    // @unchecked: every stored property is a `let` of a Sendable type, as the superclass's.
    let bindings: ContiguousArray<SubscriberBinding<Payload>>

    /// Binds every subscriber of a list, in order; runs factories (user code), so never under a lock.
    init(_ subscribers: [EventTable.Subscriber]) {
        var bindings = ContiguousArray<SubscriberBinding<Payload>>()
        bindings.reserveCapacity(subscribers.count)
        var names: [String] = []
        var skipped: [String] = []
        var failures: [MediatorBroadcastFailure] = []
        for subscriber in subscribers {
            let definition = subscriber.definition
            do {
                guard let bound = try subscriber.box.bindSubscription(definition.index) else {
                    skipped.append(definition.target)
                    continue
                }
                // The event key includes the payload type, so a subscriber of this key takes `Payload`.
                guard let typed = bound as? SubscriberBinding<Payload> else {
                    failures.append(
                        MediatorBroadcastFailure(
                            target: definition.target,
                            error: MediatorError.invalidDeclaration(
                                target: definition.target,
                                problem: "its subscription to \(definition.event) takes another payload type")))
                    continue
                }
                bindings.append(typed)
                names.append(definition.target)
            } catch {
                failures.append(MediatorBroadcastFailure(target: definition.target, error: error))
            }
        }
        self.bindings = bindings
        super.init(names: names, skipped: skipped, bindFailures: failures)
    }
}

/// The delivery lists one registry snapshot has bound, by event key number: a later broadcast of
/// the same event in the same snapshot binds nothing again.
///
/// Per snapshot, not per set of targets: releasing kept instances makes a new snapshot, and with it
/// an empty cache, so no list outlives the instances it was bound to.
final class DeliveryCache: @unchecked Sendable {
    // @unchecked: `lists` is read and written only while this cache's stripe of `LockStripes.shared`
    // is held, a leaf held only to read or store one entry; lists are built outside it.
    private var lists: [Int: AnyDeliveryList] = [:]

    /// The complete list bound for an event, if one is.
    func list(for key: EventKey) -> AnyDeliveryList? {
        LockStripes.shared.withLock(for: self) { lists[key.index] }
    }

    /// Keeps a complete list for the rest of the snapshot; the first stored wins.
    func store(_ list: AnyDeliveryList, for key: EventKey) {
        LockStripes.shared.withLock(for: self) {
            if lists[key.index] == nil { lists[key.index] = list }
        }
    }
}
