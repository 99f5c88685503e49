/// One event's subscribers in one registry snapshot, bound and in delivery order, and those it could
/// not bind: the delivery stage's list when a call is a broadcast.
///
/// Each entry is an ordinary action binding (its input the event's payload, its output `Void`), so
/// a broadcast runs each subscriber exactly as a call runs its action: through the remote policy
/// and the same handler forms (`Mediator.invokeSync`/`invokeAsync`).
@usableFromInline
final class DeliveryList: Sendable {
    /// The event's name, for the report.
    let event: String
    /// The bound subscribers, in delivery order.
    @usableFromInline let bindings: ContiguousArray<AnyBinding>
    /// The targets whose handlers run, in delivery order: the report's `reached`.
    let names: [String]
    /// Subscribers left alone because they have no instance and the delivery does not make one.
    let skipped: [String]
    /// Subscribers whose instance could not be made (a factory cycle), with the error.
    @usableFromInline let bindFailures: [MediatorError]
    /// Whether the list has subscribers and none is declared remote: a remote broadcast of its
    /// event is then refused as a whole (the registered declarations decide, not the broadcaster).
    let refusesRemote: Bool
    /// Whether a subscriber's handler is bound to the main actor: only then does a synchronous
    /// broadcast ask whether its caller is on the main actor.
    @usableFromInline let hasMainActorSubscriber: Bool

    /// Binds every subscriber of a list, in order; runs factories (user code), so never under a lock.
    init(event: String, _ subscribers: [EventTable.Subscriber]) {
        self.event = event
        var bindings = ContiguousArray<AnyBinding>()
        bindings.reserveCapacity(subscribers.count)
        var names: [String] = []
        var skipped: [String] = []
        var failures: [MediatorError] = []
        for subscriber in subscribers {
            let definition = subscriber.definition
            do {
                guard let bound = try subscriber.box.bindSubscription(definition.index) else {
                    skipped.append(definition.target)
                    continue
                }
                bindings.append(bound)
                names.append(definition.target)
            } catch {
                failures.append(.subscriberFailed(definition, error))
            }
        }
        self.bindings = bindings
        self.names = names
        self.skipped = skipped
        self.bindFailures = failures
        self.refusesRemote = !subscribers.isEmpty && !subscribers.contains { $0.definition.exposure == .remote }
        self.hasMainActorSubscriber = bindings.contains { $0.definition.execution == .mainActor }
    }

    /// A list that tells nobody, for a report made by hand.
    init(event: String, names: [String], skipped: [String]) {
        self.event = event
        self.bindings = []
        self.names = names
        self.skipped = skipped
        self.bindFailures = []
        self.refusesRemote = false
        self.hasMainActorSubscriber = false
    }

    /// Whether the list may serve every later broadcast of its event in the same snapshot: every
    /// subscriber is bound (none skipped or failed), to its kept instance or to its factory.
    var isComplete: Bool { skipped.isEmpty && bindFailures.isEmpty }

    /// Tells each bound subscriber in order, without `await`: a subscriber that throws is listed
    /// with its error, and the next one is told.
    /// The list's own `bindings` keep every binding alive, so each is told unretained. Inlined into
    /// each broadcaster, so it only tells: the first failure hands the rest of the list to
    /// ``reportFailing(from:_:telling:)``, out of line (collecting errors in place made the loop too
    /// large to inline, and the call cost a one-subscriber broadcast a tenth of its instructions).
    @inlinable
    @inline(__always)
    func report(telling tell: (AnyBinding) throws -> Void) -> MediatorBroadcastReport {
        withExtendedLifetime(self) {
            bindings.withUnsafeBufferPointer { buffer in
                for index in buffer.indices {
                    do {
                        try Unmanaged.passUnretained(buffer[index])._withUnsafeGuaranteedRef { try tell($0) }
                    } catch {
                        return reportFailing(from: index, error, telling: tell)
                    }
                }
                // An empty literal, not the empty `bindFailures`: no array is retained.
                return MediatorBroadcastReport(delivery: self, failures: bindFailures.isEmpty ? [] : bindFailures)
            }
        }
    }

    /// The rest of a synchronous broadcast once the subscriber at `index` failed with `error`: its
    /// failure is listed, and the subscribers after it are told, each failure listed too.
    @usableFromInline
    @inline(never)
    func reportFailing(
        from index: Int, _ error: any Error, telling tell: (AnyBinding) throws -> Void
    ) -> MediatorBroadcastReport {
        var failures = bindFailures
        failures.append(.subscriberFailed(bindings[index].definition, error))
        for binding in bindings[(index + 1)...] {
            do { try tell(binding) } catch { failures.append(.subscriberFailed(binding.definition, error)) }
        }
        return MediatorBroadcastReport(delivery: self, failures: failures)
    }

    /// Tells each bound subscriber in order, awaiting each.
    @inline(__always)
    func report(telling tell: (AnyBinding) async throws -> Void) async -> MediatorBroadcastReport {
        var failures = bindFailures
        for binding in bindings {
            do { try await tell(binding) } catch {
                failures.append(.subscriberFailed(binding.definition, error))
            }
        }
        return MediatorBroadcastReport(delivery: self, failures: failures)
    }
}
