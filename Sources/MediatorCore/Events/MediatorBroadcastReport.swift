/// What one broadcast did: whom it told, whom it left alone, and every subscriber that failed.
///
/// A subscriber that throws does not stop the others: its failure is recorded here, and delivery
/// goes on. Each failure is a ``MediatorError`` with code ``MediatorError/Code/handlerFailed``
/// whose ``MediatorError/target`` is the subscriber, ``MediatorError/action`` the event, and
/// ``MediatorError/underlyingError`` what went wrong: the error its handler threw, as thrown, or a
/// ``MediatorError`` when the handler could not run (an asynchronous handler in a synchronous
/// broadcast, a factory cycle making its instance). A broadcast throws only when it is refused as a whole (a remote broadcast
/// of a local event, an interceptor's rejection); everything that happened to single subscribers is
/// in the report:
///
/// ```swift
/// let report = try mediator.broadcast(AppEvents.userDidLogOut, "ada")
/// for failure in report.failures {
///     print(failure)   // "Cart.userDidLogOut failed: …"
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
    /// Every subscriber that failed, each a ``MediatorError/Code/handlerFailed`` error naming it
    /// (``MediatorError/target``) and wrapping what went wrong (``MediatorError/underlyingError``):
    /// first those whose instance could not be made, then those whose handler threw, each group in
    /// delivery order.
    public let failures: [MediatorError]
    /// The delivery list the broadcast used, which holds `reached` and `skipped`: shared, not copied,
    /// so a broadcast's report costs no array copies.
    private let delivery: DeliveryList

    /// Creates a report, for test doubles that stand in for a broadcast.
    /// - Parameters:
    ///   - event: The event's name.
    ///   - reached: The targets whose handlers ran.
    ///   - skipped: The subscribers left alone.
    ///   - failures: The subscribers that failed.
    package init(event: String, reached: [String], skipped: [String] = [], failures: [MediatorError] = []) {
        self.init(delivery: DeliveryList(event: event, names: reached, skipped: skipped), failures: failures)
    }

    /// The report of a broadcast that used this delivery list: two words, so the pipeline returns
    /// it without boxing it.
    @usableFromInline
    init(delivery: DeliveryList, failures: [MediatorError]) {
        self.delivery = delivery
        self.failures = failures
    }

    /// Whether every subscriber that was told handled the event without an error.
    public var succeeded: Bool { failures.isEmpty }

    /// Throws when a subscriber failed, for callers that treat one failure as the broadcast's.
    /// - Throws: ``MediatorError/Code/broadcastFailed``, whose description names each
    ///   failed target and its error, and whose ``MediatorError/underlyingError`` is the first error.
    public func throwIfFailed() throws(MediatorError) {
        if !failures.isEmpty { throw MediatorError.broadcastFailed(self) }
    }

    /// One line: the event, whom it reached and skipped, and each failure.
    public var description: String {
        var text = "\(event) reached " + (reached.isEmpty ? "no subscriber" : reached.joined(separator: ", "))
        if !skipped.isEmpty { text += "; skipped " + skipped.joined(separator: ", ") }
        if !failures.isEmpty { text += "; failed: " + failures.map(Self.line).joined(separator: "; ") }
        return text
    }

    /// `"Target: error"`: a failure as the report's description and ``MediatorError/Code/broadcastFailed`` list it.
    static func line(_ failure: MediatorError) -> String {
        "\(failure.target ?? ""): \(failure.underlyingError.map { String(describing: $0) } ?? failure.description)"
    }
}
