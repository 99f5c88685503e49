extension Mediator {
    /// How many calls a mediator holds, and for how long: the bounds that keep a flood of links from
    /// outside from growing memory or continuing stale requests.
    ///
    /// The defaults are meant for remote input: at most 32 calls held at once (the oldest is dropped to
    /// make room), none continued more than 2 minutes after it arrived, and identical URLs held at
    /// the same time continued once.
    ///
    /// Why 2 minutes: a link is held while the app starts or the user logs in, which takes seconds
    /// to a minute or so; a link that continues much later pulls the user away from what they chose
    /// to do meanwhile (cmux #5927 expires a parked link after 120 s for this reason). Raise it for a
    /// gate a person may take longer to pass, such as a sign-up.
    public struct HoldPolicy: Sendable, Equatable {
        /// The most calls held at once, over every gate; when a call arrives at the limit, the oldest
        /// held call is dropped (``MediatorError/Code/holdDropped``). 0 refuses every hold: the call
        /// that would be held fails with ``MediatorError/Code/holdDropped`` at once. At most 1,000:
        /// holding is for a handful of links, not a message queue.
        public var capacity: Int
        /// How old a held call may be when its gate opens; older ones are dropped
        /// (``MediatorError/Code/holdExpired``) instead of continuing.
        public var maximumAge: Duration
        /// Whether a URL held while the same URL (the same text, with no native values) is already held
        /// joins that hold, so the link continues once; its caller gets the same ``MediatorHold``.
        public var coalescesIdenticalURLs: Bool

        /// The most ``capacity`` can be: holding is for a handful of links, not a message queue.
        package static let maximumCapacity = 1_000

        /// Creates a policy; a capacity above 1,000 is lowered to it, and a negative one or
        /// a negative age is raised to 0. ``Mediator/configure(_:)`` applies the same bounds to a
        /// policy whose properties were set one by one.
        /// - Parameters:
        ///   - capacity: The most calls held at once.
        ///   - maximumAge: How old a held call may be when its gate opens.
        ///   - coalescesIdenticalURLs: Whether identical URLs held at once continue once.
        public init(capacity: Int = 32, maximumAge: Duration = .seconds(120), coalescesIdenticalURLs: Bool = true) {
            self.capacity = min(max(capacity, 0), Self.maximumCapacity)
            self.maximumAge = max(maximumAge, .zero)
            self.coalescesIdenticalURLs = coalescesIdenticalURLs
        }
    }
}
