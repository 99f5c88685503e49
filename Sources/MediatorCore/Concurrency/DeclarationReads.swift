/// Reads a declaration (user code: a declared input's `init()`, a target's `actions` or
/// `subscriptions`) once, however many threads race its first use, with no lock held while it runs.
///
/// Each declaration keeps its own state where its value is kept (a box's fields under its stripe,
/// the schema table under its lock): the value once read, or the thread reading it. The first thread
/// to need it claims it there and reads it; that costs what keeping the value cost before, no more.
/// A thread that finds it claimed by another waits here for that result (a declaration is read in
/// microseconds), unless waiting would close a cycle: a declaration that needs, on another thread,
/// something the waiting thread is itself reading (thread 1 reads A, whose reading needs B; thread 2
/// reads B, whose reading needs A). The wait that would close it reads the declaration again on its
/// own thread instead, and keeps nothing: the only second read.
///
/// LOCK: `condition` guards `waiting`; it is held only by waiting threads (to wait, and to look at a
/// declaration's state through its `claim` closure, which takes that state's own leaf lock) and by a
/// reader waking them. No declaration is read under it. `waiters` counts the threads inside it, so a
/// reader with nobody waiting never takes it.
enum DeclarationReads {
    /// What a thread finds when it asks for a declaration.
    enum Claim<Value> {
        /// Read and kept already.
        case kept(Value)
        /// Another thread is reading it.
        case reading(thread: UInt64)
        /// Nobody is: this thread now is, and must keep what it reads.
        case claimed
    }

    private static let condition = ConditionLock()
    /// How many threads wait (or are about to) under `condition`.
    private static let waiters = AtomicWord()
    // nonisolated(unsafe): read and written only while `condition` is held.
    /// The reader each waiting thread waits for, by thread id: the wait-for graph cycles are found in.
    nonisolated(unsafe) private static var waiting: [UInt64: UInt64] = [:]

    /// The declaration's value: the one kept, the one the thread reading it keeps, or read now.
    /// - Parameters:
    ///   - claim: Looks at the declaration's state under its own leaf lock and, when nobody reads it,
    ///     marks this thread as its reader (`.claimed`); `thread` is this thread's id.
    ///   - keep: Keeps the value this thread read and clears its mark, under the same leaf lock;
    ///     returns the value kept.
    ///   - read: Reads the declaration; runs with no lock held.
    static func value<Value>(
        claim: (_ thread: UInt64) -> Claim<Value>, keep: (Value) -> Value, reading read: () -> Value
    ) -> Value {
        let thread = ThreadCache.current.threadID
        var found = claim(thread)
        if case .reading = found {
            found = wait(claim: claim, thread: thread)
        }
        switch found {
        case .kept(let value):
            return value
        case .reading:
            return read()
        case .claimed:
            let kept = keep(read())
            if waiters.load() > 0 {
                condition.lock()
                condition.broadcast()
                condition.unlock()
            }
            return kept
        }
    }

    /// Waits until the declaration is no longer being read by another thread; returns what it finds
    /// then, or `.reading` when waiting would close a cycle (or the reader is this thread).
    private static func wait<Value>(claim: (UInt64) -> Claim<Value>, thread: UInt64) -> Claim<Value> {
        condition.lock()
        // Counted before looking again: a reader that keeps its value after this look sees the count
        // (the declaration's own lock orders the two) and wakes this thread.
        waiters.increment()
        defer {
            waiters.decrement()
            condition.unlock()
        }
        while true {
            let found = claim(thread)
            guard case .reading(let reader) = found, !waitCloses(cycleFrom: reader, to: thread) else { return found }
            waiting[thread] = reader
            condition.wait()
            waiting[thread] = nil
        }
    }

    /// Whether `reader` waits, through a chain of readers, for `thread`. `condition` held.
    private static func waitCloses(cycleFrom reader: UInt64, to thread: UInt64) -> Bool {
        var current = reader
        for _ in 0...waiting.count {
            if current == thread { return true }
            guard let next = waiting[current] else { return false }
            current = next
        }
        return false
    }
}
