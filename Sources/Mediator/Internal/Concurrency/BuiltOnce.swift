/// A value built on first use, at most once kept, by code that runs outside every lock.
///
/// Used for what a registry snapshot derives and shares (its URL routes, its router, the names
/// "did you mean" offers): building reads target declarations, which are user code and may call the
/// mediator, so the builder never runs under the lock. Two threads may build at once; the first to
/// finish wins and both return its value. LOCK: `value` is a leaf, held only to read or store.
final class BuiltOnce<Value: Sendable>: Sendable {
    private let value = Locked<Value?>(nil)
    private let build: @Sendable () -> Value

    /// Creates an unbuilt cell; `build` runs on first use.
    init(_ build: @escaping @Sendable () -> Value) {
        self.build = build
    }

    /// Creates a cell holding a value already built (a validated route set, say).
    init(built: Value) {
        self.build = { built }
        value.withLock { $0 = built }
    }

    /// The value, built now (outside the lock) if no thread has built it yet.
    func get() -> Value {
        if let built = value.withLock({ $0 }) { return built }
        let built = build()
        return value.withLock { stored in
            if let stored { return stored }
            stored = built
            return built
        }
    }

    /// The value if it was built already; never builds it.
    var ifBuilt: Value? { value.withLock { $0 } }
}
