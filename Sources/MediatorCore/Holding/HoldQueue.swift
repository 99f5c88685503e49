/// The held calls of one mediator, the gates that are open, and the queue of calls whose gate opened.
///
/// Guarded by `Mediator.holds`; a hold's phase changes here, under it, so it never disagrees with
/// the queue. Nothing here runs user code, and a call leaves it exactly once:
/// continued (taken by the runner), withdrawn (expired, dropped, cancelled), or never.
struct HoldQueue {
    /// One held call.
    struct Entry {
        let hold: MediatorHold
        /// The call as it entered the pipeline; it runs again from its door (`CallState.origin`).
        let state: CallState
        var gate: Mediator.Gate
        /// The URL a held URL call joins on (no native values), when identical URLs coalesce.
        let urlKey: String?
    }

    /// Open gates by name; `ready` is open until the app closes it.
    var open: Set<String> = [Mediator.Gate.ready.name]
    /// Held calls, oldest first.
    var held: [Entry] = []
    /// Calls whose gate opened, in the order they continue.
    var toContinue: [Entry] = []
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

    /// Holds a call on a gate unless the gate is open, dropping the oldest held call if full.
    mutating func hold(_ entry: () -> Entry, on gate: Mediator.Gate, urlKey: String?) -> Placement {
        if open.contains(gate.name) { return .proceed }
        if let urlKey, policy.coalescesIdenticalURLs,
            let same = held.first(where: { $0.urlKey == urlKey && $0.gate == gate })
        {
            same.hold.join()
            return .held(same.hold, dropped: [])
        }
        guard policy.capacity > 0 else { return .refused }
        var dropped: [Entry] = []
        while held.count >= policy.capacity { dropped.append(held.removeFirst()) }
        let made = entry()
        made.hold.markHeld(on: gate)
        held.append(made)
        return .held(made.hold, dropped: dropped)
    }

    /// Opens a gate: its held calls move to the continue queue in arrival order, except those older
    /// than the maximum age, which are returned to be reported.
    /// - Returns: The expired calls, and whether a runner must start.
    mutating func open(
        _ gate: Mediator.Gate, now: ContinuousClock.Instant
    ) -> (expired: [Entry], startRunner: Bool) {
        open.insert(gate.name)
        var expired: [Entry] = []
        var queued: [Entry] = []
        held.removeAll { entry in
            guard entry.gate == gate else { return false }
            if entry.hold.arrival.duration(to: now) > policy.maximumAge { expired.append(entry) } else { queued.append(entry) }
            return true
        }
        for entry in queued { entry.hold.markContinuing() }
        toContinue.append(contentsOf: queued)
        let start = !continuing && !toContinue.isEmpty
        if start { continuing = true }
        return (expired, start)
    }

    /// The next call to continue, or `nil` (and the runner stops) when there is none.
    mutating func nextToContinue() -> Entry? {
        guard !toContinue.isEmpty else {
            continuing = false
            return nil
        }
        return toContinue.removeFirst()
    }

    /// Removes the held or queued calls `matching`; they will not run.
    mutating func withdraw(where matching: (Entry) -> Bool) -> [Entry] {
        var removed = held.filter(matching)
        held.removeAll(where: matching)
        removed += toContinue.filter(matching)
        toContinue.removeAll(where: matching)
        return removed
    }
}
