/// A fixed set of locks that many small objects share, each object always using the same one
/// (chosen by its address): for state read under a lock only on slow paths, where a lock of its own
/// would cost every object an allocation, a mutex and a deinitialization (a registered target's action
/// table: registering 10,000 targets made 10,000 locks).
///
/// LOCK: each stripe is a leaf, held only to read or store one value; nothing else is locked and no
/// user code runs while it is held. Unrelated objects may share a stripe; they then only wait for
/// each other's few instructions.
final class LockStripes: Sendable {
    /// The stripes the package's objects share.
    static let shared = LockStripes(count: 64)

    private let locks: [Lock]

    private init(count: Int) {
        locks = (0..<count).map { _ in Lock() }
    }

    /// Runs `body` holding the stripe of `object`.
    func withLock<Result>(for object: AnyObject, _ body: () throws -> Result) rethrows -> Result {
        // Objects are at least 16-byte aligned: the low bits carry no information.
        let lock = locks[Int(bitPattern: UInt(bitPattern: ObjectIdentifier(object)) >> 4) % locks.count]
        lock.lock()
        defer { lock.unlock() }
        return try body()
    }
}
