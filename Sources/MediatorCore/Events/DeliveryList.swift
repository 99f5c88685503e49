/// One broadcast's subscribers, bound and in delivery order, and those it could not tell.
///
/// The list runs itself (``runSync(_:isolation:)``, ``runAsync(_:)``): the broadcast path holds it
/// by this non-generic face, so a broadcast names no type that depends on its payload type (which
/// would cost a generic metadata lookup per broadcast in the library's unspecialized code).
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

    /// Tells every subscriber, in order, without `await`; returns every failure. Overridden by
    /// `DeliveryList`, the only kind of list made.
    func runSync<Payload: Sendable>(_ payload: Payload, isolation: (any Actor)?) -> [MediatorBroadcastFailure] {
        bindFailures
    }

    /// Tells every subscriber, in order, awaiting each; returns every failure. Overridden by `DeliveryList`.
    func runAsync<Payload: Sendable>(_ payload: Payload) async -> [MediatorBroadcastFailure] {
        bindFailures
    }
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
                    failures.append(Self.mismatch(definition.target, definition.event))
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

    override func runSync<Given: Sendable>(_ given: Given, isolation: (any Actor)?) -> [MediatorBroadcastFailure] {
        guard let payload = Self.payload(given) else { return mismatches() }
        var failures = bindFailures
        for binding in bindings {
            do {
                // The caller's isolation, not the thread, decides, as for calls (see `invokeSync`).
                if binding.runsOnMainActor, isolation === MainActor.shared {
                    try MainActor.assumeIsolated { try binding.runOnMainActor(payload) }
                } else {
                    try binding.runSync(payload)
                }
            } catch {
                failures.append(MediatorBroadcastFailure(target: binding.definition.target, error: error))
            }
        }
        return failures
    }

    override func runAsync<Given: Sendable>(_ given: Given) async -> [MediatorBroadcastFailure] {
        guard let payload = Self.payload(given) else { return mismatches() }
        var failures = bindFailures
        for binding in bindings {
            do {
                try await binding.runAsync(payload)
            } catch {
                failures.append(MediatorBroadcastFailure(target: binding.definition.target, error: error))
            }
        }
        return failures
    }

    /// The broadcast's payload as this list's type, or `nil` if it is of another type (which the
    /// event key rules out: a list is stored and found only under its event's key, which includes
    /// the payload type).
    ///
    /// The types are compared as metatypes, and the value is then reinterpreted as the same type: a
    /// dynamic cast (`as?`) would instantiate `Optional<Payload>`'s metadata and cost more than
    /// telling a subscriber, on every broadcast, in this unspecialized code.
    @inline(__always)
    private static func payload<Given>(_ given: Given) -> Payload? {
        guard Given.self == Payload.self else { return nil }
        return unsafeBitCast(given, to: Payload.self)
    }

    /// Every subscriber's failure, for a payload of another type (which the event key rules out).
    private func mismatches() -> [MediatorBroadcastFailure] {
        bindFailures + bindings.map { Self.mismatch($0.definition.target, $0.definition.event) }
    }

    private static func mismatch(_ target: String, _ event: String) -> MediatorBroadcastFailure {
        MediatorBroadcastFailure(
            target: target,
            error: MediatorError.invalidDeclaration(
                target: target, problem: "its subscription to \(event) takes another payload type"))
    }
}
