/// Reads a declaration (user code: a declared input's `init()`, a target's `actions` or
/// `subscriptions`) once per key, however many threads race its first use, with no lock held while
/// it runs.
///
/// The first thread to need it reads it; a thread that needs it meanwhile waits for that result
/// (a declaration is read in microseconds), unless waiting would close a cycle: a declaration that
/// needs, on another thread, something the waiting thread is itself reading (thread 1 reads A, whose
/// reading needs B; thread 2 reads B, whose reading needs A). The wait that would close it reads the
/// declaration again on its own thread instead, and keeps nothing; so does a declaration that reads
/// itself on one thread (the callers report or refuse that). Those are the only second reads.
///
/// LOCK: `condition` guards `readers` and `waiting`; a leaf but for the `kept`/`keep` closures the
/// callers pass, which take only a leaf of their own (a box's stripe of `LockStripes.shared`) to read
/// or store a reference. No declaration is read under it.
enum DeclarationReads {
    /// What is read: an object (an input type's metatype, a registered target's box) and which of
    /// its declarations.
    struct Key: Hashable {
        let object: ObjectIdentifier
        let part: Part
    }

    /// Which declaration of the object.
    enum Part: Hashable {
        case schema, actions, subscriptions
    }

    private static let condition = ConditionLock()
    // nonisolated(unsafe): both are read and written only while `condition` is held.
    /// The thread reading each key now.
    nonisolated(unsafe) private static var readers: [Key: UInt64] = [:]
    /// The key each waiting thread waits for, by thread id.
    nonisolated(unsafe) private static var waiting: [UInt64: Key] = [:]

    /// The value kept for `key`, or read now with `read` (outside the lock) and kept with `keep`.
    /// - Parameters:
    ///   - kept: The value already kept, if any; called with the lock held, so it must only read.
    ///   - keep: Keeps a value just read and returns the one kept; called with the lock held.
    ///   - read: Reads the declaration; runs with no lock held.
    static func value<Value>(
        of key: Key, kept: () -> Value?, keep: (Value) -> Value, reading read: () -> Value
    ) -> Value {
        let thread = ThreadCache.current.threadID
        condition.lock()
        while true {
            if let value = kept() {
                condition.unlock()
                return value
            }
            guard let reader = readers[key] else { break }
            if reader == thread || waitCloses(cycleFrom: reader, to: thread) {
                condition.unlock()
                return read()
            }
            waiting[thread] = key
            condition.wait()
            waiting[thread] = nil
        }
        readers[key] = thread
        condition.unlock()
        let value = read()
        condition.lock()
        let result = keep(value)
        readers[key] = nil
        condition.broadcast()
        condition.unlock()
        return result
    }

    /// Whether `reader` waits, through a chain of readers, for a key `thread` is reading. Lock held.
    private static func waitCloses(cycleFrom reader: UInt64, to thread: UInt64) -> Bool {
        var current = reader
        var steps = 0
        while let key = waiting[current], let next = readers[key], steps < readers.count + 1 {
            if next == thread { return true }
            current = next
            steps += 1
        }
        return false
    }
}
