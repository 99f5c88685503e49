/// A value built on first use, once, by code that runs outside every lock: a once-cell.
///
/// Used for what is derived from user code and shared (a snapshot's URL routes, router, event table
/// and "did you mean" names; a target's action and subscription tables; a declared input's schema):
/// building runs target declarations or an input's `init()`, which may call the mediator, so the
/// builder never runs under a lock. The first thread to ask builds; others asking meanwhile wait
/// (on ``BuildWaits``) and then read what it built, so the user code runs once however many
/// threads race the first use.
///
/// A wait that could never end is not taken: when the builder itself asks again (a declaration that
/// calls the mediator back), or when waiting would close a cycle of threads each building a cell
/// another waits for, the asking thread gets `whenReentered()` instead, and nothing is kept from it.
final class BuiltOnce<Value: Sendable>: @unchecked Sendable {
    // @unchecked: `value` is read and written only while this cell's stripe of `LockStripes.shared`
    // is held (a leaf, held only to read or store it); `builder` only while `BuildWaits.shared` is
    // locked; `build` and `whenReentered` are immutable.
    private var value: Value?
    /// The thread building the value now, if one is.
    fileprivate var builder: UInt64?
    private let build: @Sendable () -> Value
    private let whenReentered: @Sendable () -> Value
    /// Whether threads racing the first use wait for one build (false: each builds, the first kept wins).
    private let buildsOnce: Bool

    /// Creates an unbuilt cell; `build` runs on first use, and `whenReentered` for a thread that
    /// asks while waiting for the build could never end (by default `build`, unkept).
    init(_ build: @escaping @Sendable () -> Value, whenReentered: (@Sendable () -> Value)? = nil) {
        self.build = build
        self.whenReentered = whenReentered ?? build
        self.buildsOnce = true
    }

    /// Creates an unbuilt cell for a value whose build runs no user code and is cheap (a call's
    /// parameters for its interceptors): threads racing its first use each build it, the first kept
    /// wins, and none takes the shared lock waiters need, so a hot path stays free of it.
    init(racing build: @escaping @Sendable () -> Value) {
        self.build = build
        self.whenReentered = build
        self.buildsOnce = false
    }

    /// Creates a cell holding a value already built (a validated route set, say).
    init(built: Value) {
        self.build = { built }
        self.whenReentered = { built }
        self.buildsOnce = true
        self.value = built
    }

    /// The value kept, if it has been built.
    private var kept: Value? {
        LockStripes.shared.withLock(for: self) { value }
    }

    /// The value, built now (on this thread, outside every lock) if no thread has built it yet, or
    /// waited for if another thread is building it.
    func get() -> Value {
        if let built = kept { return built }
        guard buildsOnce else { return keep(build()) }
        let waits = BuildWaits.shared
        let thread = ThreadCache.current.threadID
        waits.condition.lock()
        while true {
            if let built = kept {
                waits.condition.unlock()
                return built
            }
            guard let builder else { break }
            if builder == thread || waits.wouldCloseCycle(waiting: thread, for: self) {
                waits.condition.unlock()
                return whenReentered()
            }
            waits.waiting[thread] = self
            waits.condition.wait()
            waits.waiting[thread] = nil
        }
        builder = thread
        waits.condition.unlock()
        let built = build()
        waits.condition.lock()
        LockStripes.shared.withLock(for: self) { value = built }
        builder = nil
        waits.condition.broadcast()
        waits.condition.unlock()
        return built
    }

    /// Keeps `built` unless a value was kept first, and returns the one kept.
    private func keep(_ built: Value) -> Value {
        LockStripes.shared.withLock(for: self) {
            if let stored = value { return stored }
            value = built
            return built
        }
    }
}

/// Who waits for which ``BuiltOnce`` cell: the one condition every cell's waiters wait on, and what
/// detecting a cycle of waits needs.
///
/// LOCK: `condition` guards `waiting` and every cell's `builder`; it is taken only on a cell's
/// first use (never once a value is kept), before a cell's stripe and never inside one, and no
/// user code runs while it is held.
final class BuildWaits: @unchecked Sendable {
    // @unchecked: `waiting` is read and written only while `condition` is locked.
    static let shared = BuildWaits()

    let condition = ConditionLock()
    /// The cell each waiting thread waits for, by thread id.
    fileprivate var waiting: [UInt64: any BuildingCell] = [:]

    /// Whether `thread` waiting for `cell` would close a cycle: the cell's builder waits for a cell
    /// whose builder waits… for a cell `thread` is building. Called with `condition` locked.
    fileprivate func wouldCloseCycle(waiting thread: UInt64, for cell: any BuildingCell) -> Bool {
        var current = cell.buildingThread
        var steps = 0
        while let builder = current, steps <= waiting.count {
            if builder == thread { return true }
            current = waiting[builder]?.buildingThread
            steps += 1
        }
        return false
    }
}

/// A ``BuiltOnce`` cell of any value type, as cycle detection sees it.
private protocol BuildingCell: AnyObject {
    /// The thread building the cell now; read with `BuildWaits.shared.condition` locked.
    var buildingThread: UInt64? { get }
}

extension BuiltOnce: BuildingCell {
    fileprivate var buildingThread: UInt64? { builder }
}
