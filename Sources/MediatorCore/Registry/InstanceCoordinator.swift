/// Makes the instances targets keep: one per target, with no lock held while a factory runs, and a
/// factory cycle reported as an error instead of a hang.
///
/// A factory is user code and may call the mediator (a target that needs another module's data to
/// start). So the factory runs with no lock held; a second thread that needs the same instance
/// meanwhile waits for it, unless waiting would close a cycle:
/// - on one thread: A's factory calls A, or calls B whose factory calls A (the thread is already
///   making A): ``MediatorError/Code/factoryCycle`` naming `A → B → A`, whether the targets keep
///   their instance or make one per call (where the cycle would otherwise recurse until the stack
///   overflows);
/// - across threads: thread 1 makes A and waits for B, which thread 2 makes and whose factory waits
///   for A: the wait that would close the cycle fails with the same error instead.
///
/// LOCK: `condition` guards `waiting` and every box's `kept`; it is a leaf (nothing else is locked
/// while it is held, and no user code runs under it: factories run unlocked, and released
/// instances are handed back to be dropped after it is released).
final class InstanceCoordinator: @unchecked Sendable {
    // @unchecked: `waiting` (and each box's `kept`) is read and written only while `condition` is locked.
    static let shared = InstanceCoordinator()

    private let condition = ConditionLock()
    /// The box each waiting thread waits for, by thread id.
    private var waiting: [UInt64: any AnyTargetBox] = [:]
    /// Runs a per-call factory, recorded on this thread's creating stack while it runs.
    /// - Throws: ``MediatorError/Code/factoryCycle`` when this thread is already making an instance
    ///   of the same target, which only a factory calling back into it can cause.
    func perCall<Target>(_ make: @Sendable () -> Target, of name: String) throws -> Target {
        let thread = ThreadCache.current
        if let start = thread.creating.firstIndex(of: name) {
            throw MediatorError.factoryCycle(Array(thread.creating[start...]) + [name])
        }
        thread.beginCreating(name)
        defer { thread.endCreating() }
        return make()
    }

    /// The kept instance of a target, made now (on this thread, unlocked) if there is none.
    /// - Returns: The instance, and whether this call made it.
    /// - Throws: ``MediatorError/Code/factoryCycle`` when making it needs itself.
    func keptInstance<Target>(of box: TargetBox<Target>) throws -> (instance: Target, created: Bool) {
        let thread = ThreadCache.current
        condition.lock()
        while true {
            switch box.kept {
            case .ready(let instance):
                condition.unlock()
                return (instance, false)
            case .none:
                box.kept = .creating(thread: thread.threadID, released: false)
                condition.unlock()
                thread.beginCreating(box.name)
                let instance = box.make()
                thread.endCreating()
                condition.lock()
                if case .creating(_, let released) = box.kept {
                    box.kept = released ? .none : .ready(instance)
                }
                condition.broadcast()
                condition.unlock()
                return (instance, true)
            case .creating(let creator, _):
                if creator == thread.threadID {
                    condition.unlock()
                    let start = thread.creating.firstIndex(of: box.name) ?? 0
                    throw MediatorError.factoryCycle(Array(thread.creating[start...]) + [box.name])
                }
                if let cycle = waitCycle(from: creator, for: box, thread: thread) {
                    condition.unlock()
                    throw MediatorError.factoryCycle(cycle)
                }
                waiting[thread.threadID] = box
                condition.wait()
                waiting[thread.threadID] = nil
            }
        }
    }

    /// The kept instance, if the target has one now; never makes one.
    func existingInstance<Target>(of box: TargetBox<Target>) -> Target? {
        condition.lock()
        defer { condition.unlock() }
        if case .ready(let instance) = box.kept { return instance }
        return nil
    }

    /// Drops the kept instance and returns it, for the caller to release outside every lock.
    func release<Target>(_ box: TargetBox<Target>) -> Target? {
        condition.lock()
        defer { condition.unlock() }
        switch box.kept {
        case .ready(let instance):
            box.kept = .none
            return instance
        case .creating(let thread, _):
            box.kept = .creating(thread: thread, released: true)
            return nil
        case .none:
            return nil
        }
    }

    /// The cycle this thread would close by waiting for `box`, made by `creator`: follows who the
    /// creator waits for, and who makes that, until it reaches a box this thread is making.
    /// Called with `condition` locked.
    private func waitCycle(from creator: UInt64, for box: any AnyTargetBox, thread: ThreadCache) -> [String]? {
        guard let making = thread.creating.last else { return nil }  // a thread making nothing blocks nobody
        var names = [making, box.name]
        var current = creator
        var steps = 0
        while let awaited = waiting[current], steps <= waiting.count {
            names.append(awaited.name)
            guard let next = awaited.creatingThread else { return nil }
            if next == thread.threadID { return names }
            current = next
            steps += 1
        }
        return nil
    }
}
