/// The held calls of one mediator, the gates that are open, and the queue of calls whose gate opened.
///
/// Guarded by `Mediator.holds`; a hold's phase changes here, under it, so it never disagrees with
/// the queue. Nothing here runs user code, and a call leaves it exactly once:
/// continued (taken by the runner), withdrawn (expired, dropped, cancelled), or never.
///
/// Holding a call and continuing it cost the same however many calls are held (up to
/// `Mediator.HoldPolicy.maximumCapacity`, 1,000): held calls sit in arrival order in an array whose
/// leavers become empty slots (skipped, and compacted away once they are half of it), each hold
/// knows its own place (`MediatorHold.queueNumber`), an identical URL finds its hold through a
/// keyed index, a gate's calls through another, and the continue queue is read from a moving head.
/// Opening a gate reads only that gate's calls. The slots hold the holds themselves (one word each,
/// nothing allocated per call beyond the hold), and leaving costs no index update: the indexes
/// point at slots, and a slot that emptied is skipped and dropped when the slots are compacted.
struct HoldQueue {
    /// What an identical URL joins: the same URL text, held on the same gate. Indexed by its hash
    /// alone (a word, not two strings), and compared in full when found.
    private struct URLKey: Hashable {
        let url: String
        let gate: String
    }

    /// Open gates by name; `ready` is open until the app closes it.
    var open = OpenGates([Mediator.Gate.ready.name])
    /// Held calls in arrival order; `nil` where one left. Slot `i` holds arrival number `base + i`,
    /// which its hold keeps as its `queueNumber`.
    private var slots: [MediatorHold?] = []
    /// The arrival number of `slots[0]`.
    private var base = 0
    /// The first slot that may be live: every slot before it is empty.
    private var first = 0
    /// How many slots are live.
    private(set) var heldCount = 0
    /// The arrival number of each held URL that identical URLs join, by the hash of its URL and
    /// gate. A number whose slot has emptied is stale: it matches nothing, and is dropped when the
    /// slots are compacted, so there are never more than slots.
    private var byURL: [Int: Int] = [:]
    /// The arrival numbers of the calls held on each gate, in order; some may have left (their
    /// slots are empty). Rebuilt with the slots, so they never outnumber them.
    private var byGate: [String: [Int]] = [:]
    /// Calls whose gate opened, in the order they continue, from `nextContinuing` on.
    private var toContinue: [MediatorHold] = []
    private var nextContinuing = 0
    /// Whether a task is continuing `toContinue`; at most one, so calls continue in order.
    var continuing = false
    var policy = Mediator.HoldPolicy()
    /// The registry version `policy` was configured at: an older configuration never replaces it.
    var policyVersion: UInt64 = 0

    /// What `hold` did.
    enum Placement {
        /// The gate is open: the call goes on now.
        case proceed
        /// Held (or joined an identical held URL); `dropped` lost their place to make room.
        case held(MediatorHold, dropped: [MediatorHold])
        /// The policy holds nothing: the call itself is dropped.
        case refused
    }

    /// The held calls, oldest first.
    var heldCalls: [MediatorHold] {
        slots[first...].compactMap { $0 }
    }

    /// Whether a call held on `gate` goes on at once: the one rule for it, which the interceptors'
    /// short way (`InterceptedRun`) and ``Mediator/Gates/isOpen(_:)`` read too.
    func lets(through gate: Mediator.Gate) -> Bool { open.contains(gate.name) }

    /// Holds a call on a gate unless the gate is open, dropping the oldest held call if full.
    /// - Parameters:
    ///   - gate: The gate.
    ///   - existing: The hold a continued call is held again as; `nil` for a call held the first time.
    ///   - urlKey: The URL identical URLs join on, for a URL call held the first time without native values.
    ///   - make: Makes the hold of a call held the first time (run only if it is held, not joined).
    mutating func hold(
        on gate: Mediator.Gate, again existing: MediatorHold?, urlKey: String?, making make: () -> MediatorHold
    ) -> Placement {
        if lets(through: gate) { return .proceed }
        var urlHash: Int?
        if let urlKey, policy.coalescesIdenticalURLs {
            let hash = URLKey(url: urlKey, gate: gate.name).hashValue
            if let same = live(byURL[hash]), same.held.coalescingURL == urlKey, same.gate == gate {
                same.join()
                return .held(same, dropped: [])
            }
            urlHash = hash
        }
        guard policy.capacity > 0 else { return .refused }
        let dropped = dropOldest(heldCount - policy.capacity + 1)
        let hold: MediatorHold
        if let existing {
            existing.markHeld(on: gate)
            hold = existing
        } else {
            hold = make()
        }
        let number = base + slots.count
        hold.queueNumber = number
        slots.append(hold)
        heldCount += 1
        byGate[gate.name, default: []].append(number)
        if let urlHash { byURL[urlHash] = number }
        return .held(hold, dropped: dropped)
    }

    /// Removes the `count` oldest held calls (none when `count` ≤ 0), for a capacity reached or lowered.
    /// - Returns: The calls removed, oldest first.
    mutating func dropOldest(_ count: Int) -> [MediatorHold] {
        var dropped: [MediatorHold] = []
        while dropped.count < count, heldCount > 0 {
            while slots[first] == nil { first += 1 }
            if let hold = take(base + first) { dropped.append(hold) }
        }
        compactIfSparse()
        return dropped
    }

    /// Opens a gate: its held calls move to the continue queue in arrival order, except those older
    /// than the maximum age, which are returned to be reported.
    /// - Returns: The expired calls, and whether a runner must start.
    mutating func open(
        _ gate: Mediator.Gate, now: ContinuousClock.Instant
    ) -> (expired: [MediatorHold], startRunner: Bool) {
        open.insert(gate.name)
        var expired: [MediatorHold] = []
        for number in byGate.removeValue(forKey: gate.name) ?? [] {
            guard let hold = take(number) else { continue }
            if hold.arrival.duration(to: now) > policy.maximumAge {
                expired.append(hold)
            } else {
                hold.markContinuing()
                toContinue.append(hold)
            }
        }
        compactIfSparse()
        let start = !continuing && nextContinuing < toContinue.count
        if start { continuing = true }
        return (expired, start)
    }

    /// The next call to continue, or `nil` (and the runner stops) when there is none.
    mutating func nextToContinue() -> MediatorHold? {
        guard nextContinuing < toContinue.count else {
            continuing = false
            toContinue.removeAll(keepingCapacity: toContinue.capacity <= 64)
            nextContinuing = 0
            return nil
        }
        defer { nextContinuing += 1 }
        return toContinue[nextContinuing]
    }

    /// Removes a held or queued call; it will not run.
    /// - Returns: Whether it was held or queued (not yet continuing, finished or withdrawn).
    mutating func withdraw(_ hold: MediatorHold) -> Bool {
        if live(hold.queueNumber) === hold {
            _ = take(hold.queueNumber)
            compactIfSparse()
            return true
        }
        return !withdrawQueued { $0 === hold }.isEmpty
    }

    /// Removes the calls held or queued on a gate, or on every gate when `gate` is `nil`; they will not run.
    /// - Returns: The calls removed, the held ones oldest first, then the queued ones.
    mutating func withdraw(on gate: Mediator.Gate?) -> [MediatorHold] {
        var removed: [MediatorHold] = []
        if let gate {
            for number in byGate.removeValue(forKey: gate.name) ?? [] {
                if let hold = take(number) { removed.append(hold) }
            }
        } else {
            for index in first..<slots.count {
                if let hold = take(base + index) { removed.append(hold) }
            }
        }
        compactIfSparse()
        return removed + withdrawQueued { gate == nil || $0.gate == gate }
    }

    /// Removes the queued calls `matching`.
    private mutating func withdrawQueued(where matching: (MediatorHold) -> Bool) -> [MediatorHold] {
        guard nextContinuing < toContinue.count else { return [] }
        let queued = toContinue[nextContinuing...]
        let removed = queued.filter(matching)
        if !removed.isEmpty {
            toContinue = Array(queued.filter { !matching($0) })
            nextContinuing = 0
        }
        return removed
    }

    /// The hold in the slot of an arrival number, if that slot is still live.
    private func live(_ number: Int?) -> MediatorHold? {
        guard let number else { return nil }
        let index = number - base
        guard index >= first, index < slots.count else { return nil }
        return slots[index]
    }

    /// Empties the slot of a held call by arrival number; the indexes that point at it go stale.
    /// - Returns: The call, or `nil` if that slot was already empty.
    private mutating func take(_ number: Int) -> MediatorHold? {
        let index = number - base
        guard index >= first, index < slots.count, let hold = slots[index] else { return nil }
        slots[index] = nil
        heldCount -= 1
        if index == first { first += 1 }
        return hold
    }

    /// Drops the empty slots once they outnumber the live ones (and always when none is live), so
    /// the slots stay within twice the calls held, and the indexes with them. Called at the end of
    /// each change, never inside a loop over the slots: it renumbers them.
    private mutating func compactIfSparse() {
        if heldCount == 0 {
            base += slots.count
            slots.removeAll(keepingCapacity: slots.capacity <= 64)
            first = 0
            byGate = [:]
            byURL.removeAll(keepingCapacity: byURL.capacity <= 64)
            return
        }
        guard slots.count - heldCount > max(heldCount, 16) else { return }
        // Arrival numbers stay increasing: the live calls take the last `heldCount` below the next one.
        let newBase = base + slots.count - heldCount
        var kept: [MediatorHold?] = []
        kept.reserveCapacity(heldCount * 2)
        // The new number of each old slot from `first` on that is live, else -1.
        var renumbered = [Int](repeating: -1, count: slots.count - first)
        for index in first..<slots.count {
            guard let hold = slots[index] else { continue }
            let number = newBase + kept.count
            renumbered[index - first] = number
            hold.queueNumber = number
            kept.append(hold)
        }
        let (oldBase, oldFirst) = (base, first)
        func renumber(_ number: Int) -> Int? {
            let offset = number - oldBase - oldFirst
            guard offset >= 0, offset < renumbered.count, renumbered[offset] >= 0 else { return nil }
            return renumbered[offset]
        }
        byURL = byURL.compactMapValues(renumber)
        var gates: [String: [Int]] = [:]
        for (name, numbers) in byGate {
            let live = numbers.compactMap(renumber)
            if !live.isEmpty { gates[name] = live }
        }
        byGate = gates
        slots = kept
        base = newBase
        first = 0
    }
}
