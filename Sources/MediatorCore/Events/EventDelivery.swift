extension Mediator {
    /// Whether a broadcast makes an instance of a subscribing target that has none yet.
    ///
    /// An event declares its delivery (``MediatorEvent/delivery``); a subscription may ask for the
    /// other one (a subscription's `delivery:`).
    public enum EventDelivery: String, Sendable, Codable, CaseIterable {
        /// Every subscriber is told: a target without an instance gets one, made as a call would make
        /// it (kept when the target caches instances). Right for an event every module must see, such
        /// as the app's launch.
        case makingInstances
        /// Only subscribers that have an instance now are told: a target that keeps its instance and
        /// has made it, or a target registered from values; the others are listed as skipped. Right for
        /// an event that should not start modules just to tell them, such as a memory warning.
        case existingInstancesOnly
    }
}
