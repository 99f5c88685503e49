/// What one broadcast did: whom it told, whom it left alone, and every subscriber that failed.
///
/// A subscriber that throws does not stop the others: its error is recorded here, with its target,
/// and delivery goes on. A broadcast throws only when it is refused as a whole (a remote broadcast
/// of a local event, an interceptor's rejection); everything that happened to single subscribers is
/// in the report:
///
/// ```swift
/// let report = try mediator.broadcast(AppEvents.userDidLogOut, "ada")
/// for failure in report.failures {
///     print("\(failure.target) failed: \(failure.error)")
/// }
/// try report.throwIfFailed()   // or treat any failure as the broadcast's
/// ```
public struct MediatorBroadcastReport: Sendable, CustomStringConvertible {
    /// The event's name.
    public var event: String { delivery.event }
    /// The targets whose handlers ran, in delivery order, including those that failed.
    public var reached: [String] { delivery.names }
    /// The subscribers left alone because they have no instance and the delivery makes none
    /// (``Mediator/EventDelivery/existingInstancesOnly``), in delivery order.
    public var skipped: [String] { delivery.skipped }
    /// Every subscriber that failed, with its error: first those whose instance could not be made,
    /// then those whose handler threw, each group in delivery order.
    public let failures: [MediatorBroadcastReport.Failure]
    /// The delivery list the broadcast used, which holds `reached` and `skipped`: shared, not copied,
    /// so a broadcast's report costs no array copies.
    private let delivery: DeliveryList

    /// Creates a report, for test doubles that stand in for a broadcast.
    /// - Parameters:
    ///   - event: The event's name.
    ///   - reached: The targets whose handlers ran.
    ///   - skipped: The subscribers left alone.
    ///   - failures: The subscribers that failed.
    public init(event: String, reached: [String], skipped: [String] = [], failures: [MediatorBroadcastReport.Failure] = []) {
        self.init(delivery: DeliveryList(event: event, names: reached, skipped: skipped), failures: failures)
    }

    /// The report of a broadcast that used this delivery list.
    /// A report of a delivery list's broadcast; two words, so the pipeline returns it without boxing it.
    @usableFromInline
    init(delivery: DeliveryList, failures: [MediatorBroadcastReport.Failure]) {
        self.delivery = delivery
        self.failures = failures
    }

    /// Whether every subscriber that was told handled the event without an error.
    public var succeeded: Bool { failures.isEmpty }

    /// Throws when a subscriber failed, for callers that treat one failure as the broadcast's.
    /// - Throws: ``MediatorError/Code/broadcastFailed``, whose ``MediatorError/problems`` name each
    ///   failed target and its error, and whose ``MediatorError/underlyingError`` is the first error.
    public func throwIfFailed() throws(MediatorError) {
        if !failures.isEmpty { throw MediatorError.broadcastFailed(self) }
    }

    /// One line: the event, whom it reached and skipped, and each failure.
    public var description: String {
        var text = "\(event) reached " + (reached.isEmpty ? "no subscriber" : reached.joined(separator: ", "))
        if !skipped.isEmpty { text += "; skipped " + skipped.joined(separator: ", ") }
        if !failures.isEmpty { text += "; failed: " + failures.map(\.description).joined(separator: "; ") }
        return text
    }
}

extension MediatorBroadcastReport {
    /// One subscriber that failed to handle a broadcast event: which target, and the error.
    public struct Failure: Sendable, CustomStringConvertible {
        /// The subscribing target's name.
        public let target: String
        /// The error its handler threw, as thrown; or a ``MediatorError`` when the handler could not run
        /// (an asynchronous handler in a synchronous broadcast, a factory cycle making its instance).
        public let error: any Error

        /// Creates a failure record.
        /// - Parameters:
        ///   - target: The subscribing target's name.
        ///   - error: Its error.
        public init(target: String, error: any Error) {
            self.target = target
            self.error = error
        }

        /// `"Target: error"`.
        public var description: String { "\(target): \(error)" }
    }
}
