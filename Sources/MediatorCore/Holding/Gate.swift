extension Mediator {
    /// A named condition that held calls wait for, such as `login`: closed until the app opens it.
    ///
    /// An interceptor holds a call on a gate with ``MediatorCall/Decision/hold(until:)``; the app opens the
    /// gate with ``Mediator/Gates/open(_:)`` when the condition becomes true (the user logged in), and the
    /// calls held on it continue, in arrival order, through the whole pipeline again.
    ///
    /// ```swift
    /// extension Mediator.Gate {
    ///     static let login: Mediator.Gate = "login"
    /// }
    /// ```
    ///
    /// Every gate is closed until it is opened, except ``ready``, which a mediator starts with open.
    public struct Gate: Hashable, Sendable, ExpressibleByStringLiteral {
        /// The gate's name; gates with the same name are the same gate.
        public let name: String

        /// Creates a gate by name.
        /// - Parameter name: The name, such as `"login"`.
        public init(_ name: String) {
            self.name = name
        }

        /// Creates a gate from a string literal.
        /// - Parameter value: The name.
        public init(stringLiteral value: String) {
            self.name = value
        }

        /// The cold-start gate: while it is closed, every remote call (a URL, or a call with source
        /// `.remote`) is held before it is routed, and continues when the app opens it.
        ///
        /// A mediator starts with it open, so an app that never closes it sees no change. An app that
        /// may be handed links before its modules are registered closes it first thing at launch and
        /// opens it once it is ready. Local calls are never held on it.
        public static let ready = Mediator.Gate("ready")
    }
}
