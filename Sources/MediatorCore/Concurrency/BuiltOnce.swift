/// A value built on first use, at most once kept, by code that runs outside every lock.
///
/// Used for what a registry snapshot derives and shares (its URL routes, its router, the names
/// "did you mean" offers): building reads target declarations, which are user code and may call the
/// mediator, so the builder never runs under the lock. Two threads may build at once; the first to
/// finish wins and both return its value. A snapshot makes up to three cells after every change, so
/// a cell has no lock of its own: it uses its stripe of `LockStripes.shared`.
final class BuiltOnce<Value: Sendable>: @unchecked Sendable {
    // @unchecked: `value` is read and written only while this cell's stripe of `LockStripes.shared`
    // is held, a leaf held only to read or store it; `build` is immutable.
    private var value: Value?
    private let build: @Sendable () -> Value

    /// Creates an unbuilt cell; `build` runs on first use.
    init(_ build: @escaping @Sendable () -> Value) {
        self.build = build
    }

    /// Creates a cell holding a value already built (a validated route set, say).
    init(built: Value) {
        self.build = { built }
        self.value = built
    }

    /// The value, built now (outside the lock) if no thread has built it yet.
    func get() -> Value {
        if let built = LockStripes.shared.withLock(for: self, { value }) { return built }
        let built = build()
        return LockStripes.shared.withLock(for: self) {
            if let stored = value { return stored }
            value = built
            return built
        }
    }
}
