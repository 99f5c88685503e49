/// The held calls of one mediator, the gates that are open, and the queue of calls whose gate opened.
///
/// Guarded by `Mediator.holds`; a hold's phase changes here, under it, so it never disagrees with
/// the queue. Nothing here runs user code, and a call leaves it exactly once:
/// continued (taken by the runner), withdrawn (expired, dropped, cancelled), or never.
///
/// Holding a call and continuing it cost the same however many calls are held (up to
/// `Mediator.HoldPolicy.maximumCapacity`, 1,000): held calls sit in arrival order in an array whose
/// leavers become empty slots (skipped, and compacted away once they are half of it), an identical
/// URL finds its hold through a keyed index, a hold is found by its number through another, a
/// gate's calls through a third, and the continue queue is read from a moving head. Opening a gate
/// reads only that gate's calls.
struct HoldQueue {
    /// One held call: a reference, so the queue's slots are one word each whatever a call carries.
    final class Entry: Sendable {
        let hold: MediatorHold
        /// What runs again when the gate opens, from the call's door.
        let replay: Replay
        let gate: Mediator.Gate
        /// The URL a held URL call joins on (no native values), when identical URLs coalesce.
        let urlKey: String?

        init(hold: MediatorHold, state: CallState, gate: Mediator.Gate, urlKey: String?) {
            self.hold = hold
            if case .url(let url, let native) = state.origin {
                replay = .url(url, native: native, context: state.context)
            } else {
                replay = .state(state)
            }
            self.gate = gate
            self.urlKey = urlKey
        }
    }

    /// What a held call keeps to run again: a URL call reopens its URL, so it keeps only that (a
    /// held link is then a few words, not a whole call state); any other call keeps its state.
    enum Replay: Sendable {
        /// A URL, the native values its caller passed along, and the scene or window it arrived in.
        case url(String, native: [String: any Sendable], context: (any Sendable)?)
        /// The call as it entered the pipeline (by names, or a broadcast).
        indirect case state(CallState)
    }

    /// What an identical URL joins: the same URL text, held on the same gate. Indexed by its hash
    /// alone (a word, not two strings), and compared in full when found.
    private struct URLKey: Hashable {
        let url: String
        let gate: String
    }

    /// Open gates by name; `ready` is open until the app closes it.
    var open = OpenGates([Mediator.Gate.ready.name])
    /// Held calls in arrival order; `nil` where one left. Slot `i` holds arrival number `base + i`.
    private var slots: [Entry?] = []
    /// The arrival number of `slots[0]`.
    private var base = 0
    /// The first slot that may be live: every slot before it is empty.
    private var first = 0
    /// How many slots are live.
    private(set) var heldCount = 0
    /// The arrival number of each held call, by hold number.
    private var byHold: [UInt64: Int] = [:]
    /// The arrival number of each held URL that identical URLs join, by URL and gate.
    private var byURL: [Int: Int] = [:]
    /// The arrival numbers of the calls held on each gate, in order; some may have left (their
    /// slots are empty). Rebuilt with the slots, so they never outnumber them.
    private var byGate: [String: [Int]] = [:]
    /// Calls whose gate opened, in the order they continue, from `nextContinuing` on.
    private var toContinue: [Entry] = []
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
        case held(MediatorHold, dropped: [Entry])
        /// The policy holds nothing: the call itself is dropped.
        case refused
    }

    /// The held calls, oldest first.
    var heldCalls: [MediatorHold] {
        slots[first...].compactMap { $0?.hold }
    }

    /// Whether a call held on `gate` goes on at once: the one rule for it, which the interceptors'
    /// short way (`InterceptedRun`) and ``Mediator/Gates/isOpen(_:)`` read too.
    func lets(through gate: Mediator.Gate) -> Bool { open.contains(gate.name) }

    /// Holds a call on a gate unless the gate is open, dropping the oldest held call if full.
    mutating func hold(_ entry: () -> Entry, on gate: Mediator.Gate, urlKey: String?) -> Placement {
        if lets(through: gate) { return .proceed }
        let coalescing = urlKey.flatMap { policy.coalescesIdenticalURLs ? URLKey(url: $0, gate: gate.name) : nil }
        let urlHash = coalescing?.hashValue
        if let coalescing, let urlHash, let number = byURL[urlHash], let same = slots[number - base],
            same.urlKey == coalescing.url, same.gate.name == coalescing.gate
        {
            same.hold.join()
            return .held(same.hold, dropped: [])
        }
        guard policy.capacity > 0 else { return .refused }
        let dropped = dropOldest(heldCount - policy.capacity + 1)
        let made = entry()
        made.hold.markHeld(on: gate)
        let number = base + slots.count
        slots.append(made)
        heldCount += 1
        byHold[made.hold.id] = number
        byGate[gate.name, default: []].append(number)
        if let urlHash { byURL[urlHash] = number }
        return .held(made.hold, dropped: dropped)
    }

    /// Removes the `count` oldest held calls (none when `count` ≤ 0), for a capacity reached or lowered.
    /// - Returns: The calls removed, oldest first.
    mutating func dropOldest(_ count: Int) -> [Entry] {
        var dropped: [Entry] = []
        while dropped.count < count, heldCount > 0 {
            while slots[first] == nil { first += 1 }
            if let entry = take(base + first) { dropped.append(entry) }
        }
        compactIfSparse()
        return dropped
    }

    /// Opens a gate: its held calls move to the continue queue in arrival order, except those older
    /// than the maximum age, which are returned to be reported.
    /// - Returns: The expired calls, and whether a runner must start.
    mutating func open(
        _ gate: Mediator.Gate, now: ContinuousClock.Instant
    ) -> (expired: [Entry], startRunner: Bool) {
        open.insert(gate.name)
        var expired: [Entry] = []
        for number in byGate.removeValue(forKey: gate.name) ?? [] {
            guard let entry = take(number) else { continue }
            if entry.hold.arrival.duration(to: now) > policy.maximumAge {
                expired.append(entry)
            } else {
                entry.hold.markContinuing()
                toContinue.append(entry)
            }
        }
        compactIfSparse()
        let start = !continuing && nextContinuing < toContinue.count
        if start { continuing = true }
        return (expired, start)
    }

    /// The next call to continue, or `nil` (and the runner stops) when there is none.
    mutating func nextToContinue() -> Entry? {
        guard nextContinuing < toContinue.count else {
            continuing = false
            toContinue.removeAll(keepingCapacity: toContinue.capacity <= 64)
            nextContinuing = 0
            return nil
        }
        defer { nextContinuing += 1 }
        return toContinue[nextContinuing]
    }

    /// Removes the held or queued calls whose hold numbers are in `ids`; they will not run.
    mutating func withdraw(_ ids: Set<UInt64>) -> [Entry] {
        var removed = ids.compactMap { byHold[$0] }.sorted().compactMap { take($0) }
        compactIfSparse()
        if removed.count < ids.count { removed += withdrawQueued { ids.contains($0.hold.id) } }
        return removed
    }

    /// Removes the held or queued calls `matching`; they will not run.
    mutating func withdraw(where matching: (Entry) -> Bool) -> [Entry] {
        var removed: [Entry] = []
        for index in first..<slots.count {
            if let entry = slots[index], matching(entry), let taken = take(base + index) { removed.append(taken) }
        }
        compactIfSparse()
        return removed + withdrawQueued(where: matching)
    }

    /// Removes the queued calls `matching`.
    private mutating func withdrawQueued(where matching: (Entry) -> Bool) -> [Entry] {
        guard nextContinuing < toContinue.count else { return [] }
        let queued = toContinue[nextContinuing...]
        let removed = queued.filter(matching)
        if !removed.isEmpty {
            toContinue = Array(queued.filter { !matching($0) })
            nextContinuing = 0
        }
        return removed
    }

    /// Empties the slot of a held call by arrival number and forgets its keys.
    /// - Returns: The call, or `nil` if that slot was already empty.
    private mutating func take(_ number: Int) -> Entry? {
        let index = number - base
        guard index >= first, index < slots.count, let entry = slots[index] else { return nil }
        slots[index] = nil
        heldCount -= 1
        if byHold[entry.hold.id] == number { byHold[entry.hold.id] = nil }
        if let url = entry.urlKey {
            let key = URLKey(url: url, gate: entry.gate.name).hashValue
            if byURL[key] == number { byURL[key] = nil }
        }
        if index == first { first += 1 }
        return entry
    }

    /// Drops the empty slots once they outnumber the live ones (and always when none is live), so
    /// the slots stay within twice the calls held. Called at the end of each change, never inside
    /// a loop over the slots: it renumbers them.
    private mutating func compactIfSparse() {
        if heldCount == 0 {
            base += slots.count
            slots.removeAll(keepingCapacity: slots.capacity <= 64)
            first = 0
            byGate = [:]
            return
        }
        guard slots.count - heldCount > max(heldCount, 16) else { return }
        var kept: [Entry?] = []
        kept.reserveCapacity(heldCount * 2)
        var numbers: [UInt64: Int] = [:]
        var urls: [Int: Int] = [:]
        var gates: [String: [Int]] = [:]
        // Arrival numbers stay increasing: the live calls take the last `heldCount` below the next one.
        let nextNumber = base + slots.count
        var number = nextNumber - heldCount
        for index in first..<slots.count {
            guard let entry = slots[index] else { continue }
            kept.append(entry)
            numbers[entry.hold.id] = number
            gates[entry.gate.name, default: []].append(number)
            if let url = entry.urlKey {
                let key = URLKey(url: url, gate: entry.gate.name).hashValue
                if byURL[key] == base + index { urls[key] = number }
            }
            number += 1
        }
        slots = kept
        base = nextNumber - heldCount
        first = 0
        byHold = numbers
        byURL = urls
        byGate = gates
    }
}
