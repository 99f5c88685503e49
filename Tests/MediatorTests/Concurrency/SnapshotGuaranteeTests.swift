import Foundation
import Mediator
import MediatorTestSupport
import Testing

// The promise: once a change to the registry returns, every call that starts afterwards, on any
// thread and through any door, sees it; a call runs only the action its URL, names or contract
// resolved to in one registry state; and the remote policy judges the definition that runs.
//
// How it is checked: a changer thread begins round `r`, makes change `r`, and publishes `r` once the
// change returned. Before each call a caller reads the last published round, `floor`; after it, the
// last begun round, `begun`. The call saw the registry as it was in rounds `floor...begun`, so its
// outcome must be what one of those rounds gives. A stale answer fits none of them, whatever the
// scheduling, and a correct mediator never fails. Every loop stops at a count or a deadline.

/// What one call ended with.
private enum Outcome: Equatable {
    case value(Int)
    case failure(MediatorError.Code)
    case opens(Bool)
    case unexpected(String)

    init(_ body: () throws -> Int) {
        do { self = .value(try body()) } catch { self = Outcome(error) }
    }

    static func of(_ body: () async throws -> Int) async -> Outcome {
        do { return .value(try await body()) } catch { return Outcome(error) }
    }

    private init(_ error: any Error) {
        self = (error as? MediatorError).map { .failure($0.code) } ?? .unexpected("\(error)")
    }
}

/// What every round gives.
private func always(_ outcome: Outcome) -> @Sendable (Int) -> Outcome { { _ in outcome } }

/// The last round from `round` down to 1 that matches, if any.
private func lastRound(atMost round: Int, where matches: (Int) -> Bool) -> Int? {
    stride(from: round, to: 0, by: -1).first(where: matches)
}

/// A loop that calls the mediator and checks what it answers.
private enum Caller: Sendable {
    case thread(@Sendable (Turn) -> Void)
    case task(@Sendable (Turn) async -> Void)
    case mainActor(@MainActor @Sendable (Turn) -> Void)
}

/// One iteration of a caller, started after round `floor` was published.
private struct Turn: Sendable {
    let log: ChangeLog
    let floor: Int

    /// Records a problem unless the rounds from `floor` to the last begun one explain `outcome`.
    func expect(_ what: String, _ outcome: Outcome, explainedBy explains: (ClosedRange<Int>) -> Bool) {
        let rounds = floor...log.begun
        guard !explains(rounds) else { return }
        log.problem("\(what), started after round \(floor) returned, gave \(outcome), unlike rounds \(rounds)")
    }

    /// Records a problem unless a round from `floor` to the last begun one gives `outcome`.
    func expect(_ what: String, _ outcome: Outcome, _ expected: (Int) -> Outcome) {
        expect(what, outcome) { rounds in rounds.contains { outcome == expected($0) } }
    }

    /// Makes a call and checks its outcome.
    func check(_ what: String, _ expected: (Int) -> Outcome, _ call: () throws -> Int) {
        expect(what, Outcome(call), expected)
    }

    /// Makes a call with `await` and checks its outcome.
    func check(_ what: String, _ expected: (Int) -> Outcome, _ call: () async throws -> Int) async {
        expect(what, await Outcome.of(call), expected)
    }
}

/// How the changer times its rounds. `everyRound`: after each round, wait until every caller finished a
/// turn that started after it, so whatever a change left stale on a thread is called before the next
/// change can hide it. `duringFactories`: odd rounds prepare (the next call makes an instance); even
/// rounds wait until a factory runs, change while it runs, then wait for the callers. `tightLoop`: change
/// again at once, 32 rounds at a time, then wait briefly for the callers.
private enum Pace: Sendable {
    case everyRound, duringFactories, tightLoop
}

/// One test's rounds, callers and problems, shared by its threads.
private final class ChangeLog: Sendable {
    private struct State {
        var begun = 0
        var published = 0
        var stopped = false
        /// Per caller: the round its current turn started after, the last one it finished, how many it finished.
        var current: [Int?] = []
        var seen: [Int] = []
        var calls: [Int] = []
        var factoryWanted = false
        var factoryReleasedBy = 0
        var factoryStarted = false
        var problems: [String] = []
    }

    private let state = Locked(State())

    var problems: [String] { state.withLock { $0.problems } }
    var calls: [Int] { state.withLock { $0.calls } }
    var begun: Int { state.withLock { $0.begun } }

    func problem(_ text: String) { state.withLock { if $0.problems.count < 10 { $0.problems.append(text) } } }

    /// Runs `change` for rounds 1, 2, … on a thread of its own, publishing each after it returns,
    /// while each of `callers` calls in a loop; stops after `rounds` rounds or `duration`, but not
    /// before every caller has finished `callsEach` turns (or 20 s more have passed: a caller that
    /// makes no progress then fails the test that asks for it). Then expects no problem and at least
    /// `minimumRounds` rounds.
    func run(
        _ what: String, rounds: Int, for duration: Duration = .seconds(1), pace: Pace = .everyRound, minimumRounds: Int = 3,
        callsEach: Int = 0, callers: [Caller], sourceLocation: SourceLocation = #_sourceLocation,
        change: @escaping @Sendable (Int) throws -> Void
    ) async throws {
        // The changer's clock starts once every caller is calling (`changeInRounds`): under load the
        // cooperative pool may start the callers late, and rounds timed from here would be lost.
        let safetyEnd = ContinuousClock.now + duration + .seconds(60)
        state.withLock { state in
            state.current = Array(repeating: nil, count: callers.count)
            state.seen = Array(repeating: 0, count: callers.count)
            state.calls = Array(repeating: 0, count: callers.count)
        }
        try await withDeadlockGuard(what) {
            await withTaskGroup(of: Void.self) { group in
                group.addTask {
                    await onThread { self.changeInRounds(rounds, for: duration, callsEach: callsEach, pace: pace, change) }
                }
                for (index, caller) in callers.enumerated() {
                    let more: @Sendable () -> Turn? = { self.nextTurn(of: index, until: safetyEnd) }
                    group.addTask {
                        switch caller {
                        case .thread(let body): await onThread { while let turn = more() { body(turn) } }
                        case .task(let body):
                            while let turn = more() {
                                await body(turn)
                                await Task.yield()
                            }
                        case .mainActor(let body): while let turn = more() { await MainActor.run { body(turn) } }
                        }
                    }
                }
            }
        }
        #expect(problems.isEmpty, "\(problems)", sourceLocation: sourceLocation)
        #expect(state.withLock { $0.published } >= minimumRounds, sourceLocation: sourceLocation)
    }

    private func changeInRounds(
        _ rounds: Int, for duration: Duration, callsEach: Int, pace: Pace, _ change: (Int) throws -> Void
    ) {
        waitUntil(.seconds(20)) { state in state.current.allSatisfy { $0 != nil } }
        let deadline = ContinuousClock.now + duration
        let limit = deadline + .seconds(20)
        // Progress is measured in turns, not time: under ThreadSanitizer on two cores a caller may get
        // few turns in a second while the registry changes in a tight loop; starving it is what fails.
        func callersOwed() -> Bool { state.withLock { state in state.calls.contains { $0 < callsEach } } }
        var round = 1
        while round <= rounds, ContinuousClock.now < deadline || (callersOwed() && ContinuousClock.now < limit) {
            let even = round.isMultiple(of: 2)
            state.withLock { state in
                state.begun = round
                if pace == .duringFactories, !even {
                    (state.factoryWanted, state.factoryStarted, state.factoryReleasedBy) = (true, false, round + 1)
                }
            }
            if pace == .duringFactories, even { waitUntil(.milliseconds(50)) { $0.factoryStarted } }
            do {
                try change(round)
            } catch {
                problem("change \(round) failed: \(error)")
                break
            }
            state.withLock { $0.published = round }
            if pace == .everyRound || (pace == .duringFactories && even) {
                waitUntil(.milliseconds(200)) { state in state.seen.allSatisfy { $0 >= round } }
            } else if pace == .tightLoop, round.isMultiple(of: 32) {
                // Thirty-two changes back to back, then at most 20 ms for every caller to finish a turn.
                // A call reads the registry once and never retries, so no change can make it start
                // over; what a tight loop can do is keep a caller off the processor or asleep on the
                // registry's mutex (not a fair lock), as it did for 20 s under ThreadSanitizer with the
                // whole suite running. The pause measures the calls, not the scheduler; a caller that is
                // stuck still fails the test.
                waitUntil(.milliseconds(20)) { state in state.seen.allSatisfy { $0 >= round } }
            }
            round += 1
        }
        state.withLock { $0.stopped = true }
    }

    /// Records that the caller finished its last turn and starts its next, unless it should stop:
    /// when the changer has, or at 200,000 calls, or at `end`.
    private func nextTurn(of caller: Int, until end: ContinuousClock.Instant) -> Turn? {
        let floor = state.withLock { state in
            if let last = state.current[caller] { (state.seen[caller], state.calls[caller]) = (last, state.calls[caller] + 1) }
            state.current[caller] = state.published
            return state.stopped || state.calls[caller] >= 200_000 || ContinuousClock.now > end ? nil : state.published
        }
        return floor.map { Turn(log: self, floor: $0) }
    }

    /// A slow factory: the first after an odd round of `.duringFactories` says so and waits (at most
    /// 20 ms) for the next round's change to return; the others take about 0.2 ms.
    func factoryRuns() {
        let releasedBy: Int? = state.withLock { state in
            guard state.factoryWanted else { return nil }
            (state.factoryWanted, state.factoryStarted) = (false, true)
            return state.factoryReleasedBy
        }
        guard let releasedBy else { return Thread.sleep(forTimeInterval: 0.000_2) }
        waitUntil(.milliseconds(20)) { $0.published >= releasedBy }
    }

    private func waitUntil(_ limit: Duration, _ condition: (State) -> Bool) {
        let end = ContinuousClock.now + limit
        while !state.withLock({ condition($0) }), ContinuousClock.now < end { Thread.sleep(forTimeInterval: 0.000_05) }
    }
}

/// A long query, so that parsing keeps an `open` busy while the registry changes.
private let padding = "?pad=" + String(repeating: "p", count: 2_000)

/// Registers a target with one action, `answer`, returning `value` and routed at `shop://<path>`.
private func registerRouted(
    _ name: String, path: String, value: Int, exposure: MediatorExposure = .remote, replacing: Bool = false, on mediator: Mediator
) throws {
    try mediator.register(
        targetNamed: name,
        actions: [MediatorAction("answer", exposure: exposure, urlPatterns: ["/\(path)"]) { _, _ in value }],
        replacingExisting: replacing)
}

/// The contracts of the target every door calls; its handlers answer the round that registered it.
private enum Versioned {
    static let now = ActionContract<NoInput, Int>("now", on: "Versioned")
    static let later = AsyncActionContract<NoInput, Int>("later", on: "Versioned")
    static let screen = MainActorActionContract<NoInput, Int>("screen", on: "Versioned")

    static func register(_ version: Int, on mediator: Mediator) throws {
        try mediator.register(
            targetNamed: "Versioned",
            actions: [
                MediatorAction(now, exposure: .remote, urlPatterns: ["/now"]) { _, _ in version },
                MediatorAction(later, exposure: .remote, urlPatterns: ["/later"]) { _, _ async in version },
                MediatorAction(screen) { _, _ in version },
                MediatorAction("tagged", parameters: Tagged.self, exposure: .remote) { _, p in
                    try p.value("tag", as: Int.self)
                },
            ],
            replacingExisting: true)
    }
}

/// The contract of the slow-to-make targets.
private let slowWho = ActionContract<NoInput, Int>("who", on: "Slow")

/// A target whose instance is slow to make and answers `version * 100_000 + serial`.
private protocol SlowAnswering: MediatorTarget {
    var answer: Int { get }
    init(answer: Int)
}

extension SlowAnswering {
    static var targetName: String { "Slow" }
    static var actions: [MediatorAction<Self>] { [MediatorAction(slowWho) { target, _ in target.answer }] }

    static func register(_ version: Int, on mediator: Mediator, log: ChangeLog, serials: Locked<Int>) throws {
        try mediator.register(replacingExisting: true) { _ in
            let serial = serials.withLock { serial in
                serial += 1
                return serial
            }
            log.factoryRuns()
            return Self(answer: version * 100_000 + serial)
        }
    }
}

/// Kept only when a call asks for it (`cachingTarget: true`).
private struct SlowTarget: SlowAnswering { let answer: Int }

/// Kept by its type.
private struct SlowCachedTarget: SlowAnswering {
    static let cachesInstance = true
    let answer: Int
}

/// A change made while a caching factory runs.
enum FactoryRaceChange: Sendable, CaseIterable {
    case unregister, releaseInstance, addOrRemoveInterceptor
}

/// Decides about every call with a closure.
private struct Deciding: MediatorInterceptor {
    let decide: @Sendable (MediatorCall) -> MediatorCall.Decision
    func intercept(_ call: MediatorCall) throws -> MediatorCall.Decision { decide(call) }
}

extension Mediator {
    /// Opens a URL for its `Int` answer.
    fileprivate func answer(_ url: String) throws -> Int { try open(url, as: Int.self) }
    /// Opens a URL with `await` for its `Int` answer.
    fileprivate func answerAsync(_ url: String) async throws -> Int { try await openAsync(url, as: Int.self) }
}

@Suite("A change that returned is seen by every later call", .serialized)
struct SnapshotGuaranteeTests {
    /// A URL runs the action of the target its route belongs to while targets are replaced (which
    /// reorders the routes): `shop://pb` never answers with `PA`'s handler, nor with a replaced one.
    @Test("a URL never runs another target's action, nor a replaced one, while targets are re-registered")
    func urlRunsItsOwnTargetWhileTargetsAreReplaced() async throws {
        let mediator = Mediator()
        mediator.registerScheme("shop")
        try registerRouted("PA", path: "pa", value: 1_000_000, on: mediator)
        try registerRouted("PB", path: "pb", value: 2_000_000, on: mediator)
        // Odd rounds replace PA, even rounds PB, each answering its round.
        let pa: @Sendable (Int) -> Outcome = { .value(1_000_000 + (lastRound(atMost: $0) { $0 % 2 == 1 } ?? 0)) }
        let pb: @Sendable (Int) -> Outcome = { .value(2_000_000 + (lastRound(atMost: $0) { $0 % 2 == 0 } ?? 0)) }
        let log = ChangeLog()
        let opener = Caller.thread { turn in
            turn.check("open pa", pa) { try mediator.answer("shop://pa" + padding) }
            turn.check("open pb", pb) { try mediator.answer("shop://pb" + padding) }
            turn.expect("canOpen pa", .opens(mediator.canOpen("shop://pa")), always(.opens(true)))
        }
        let asyncOpener = Caller.task { turn in
            await turn.check("openAsync pb", pb) { try await mediator.answerAsync("shop://pb" + padding) }
            await turn.check("openAsync pa", pa) { try await mediator.answerAsync("shop://pa" + padding) }
        }
        try await log.run("re-registering routed targets", rounds: 200, callers: [opener, opener, asyncOpener]) { round in
            let (name, base) = round % 2 == 1 ? ("PA", 1_000_000) : ("PB", 2_000_000)
            try registerRouted(name, path: name.lowercased(), value: base + round, replacing: true, on: mediator)
        }
    }

    /// Unregistering one target changes no other target's routes: `shop://r1` and `shop://r2` keep
    /// answering with their own targets, and the unregistered target's route is gone for `open` and `canOpen`.
    @Test("unregistering an unrelated target never sends a URL to another target")
    func unrelatedUnregistrationKeepsRoutes() async throws {
        let mediator = Mediator()
        mediator.registerScheme("shop")
        let unrelated = 40
        for index in 0..<unrelated { try registerRouted("U\(index)", path: "u\(index)", value: 100 + index, on: mediator) }
        try registerRouted("R1", path: "r1", value: 1, on: mediator)
        try registerRouted("R2", path: "r2", value: 2, on: mediator)
        let (r1, r2) = ("shop://r1" + padding, "shop://r2" + padding)
        let log = ChangeLog()
        let opener = Caller.thread { turn in
            turn.check("open r1", always(.value(1))) { try mediator.answer(r1) }
            turn.check("open r2", always(.value(2))) { try mediator.answer(r2) }
            let floor = turn.floor
            guard floor > 0, floor < unrelated else { return }
            // Round r unregisters U(r-1).
            let next: @Sendable (Int) -> Outcome = { $0 <= floor ? .value(100 + floor) : .failure(.noRouteMatched) }
            turn.check("open u\(floor)", next) { try mediator.answer("shop://u\(floor)") }
            turn.expect("canOpen gone", .opens(mediator.canOpen("shop://u\(floor - 1)")), always(.opens(false)))
        }
        let asyncOpener = Caller.task { turn in
            await turn.check("openAsync r2", always(.value(2))) { try await mediator.answerAsync(r2) }
            await turn.check("openAsync r1", always(.value(1))) { try await mediator.answerAsync(r1) }
        }
        try await log.run("unregistering unrelated targets", rounds: unrelated, callers: [opener, opener, asyncOpener]) { round in
            guard mediator.unregister("U\(round - 1)") else { throw FixtureError.other("U\(round - 1) was not registered") }
        }
    }

    /// Once a remote action is replaced by a local-only one, no URL or remote call runs either
    /// handler: the remote policy judges the definition in force, and `canOpen` agrees.
    @Test("a remote action replaced by a local-only one is unreachable from outside once the replacement returns")
    func withdrawnRemoteActionIsUnreachable() async throws {
        let mediator = Mediator()
        mediator.registerScheme("shop")
        try registerRouted("W", path: "w", value: 0, on: mediator)
        // Even rounds register a remote action answering the round; odd rounds a local-only one with the same route.
        let expected: @Sendable (Int) -> Outcome = { $0 % 2 == 0 ? .value($0) : .failure(.remoteCallNotAllowed) }
        let log = ChangeLog()
        let caller = Caller.thread { turn in
            turn.check("open", expected) { try mediator.answer("shop://w" + padding) }
            turn.expect("canOpen", .opens(mediator.canOpen("shop://w"))) { .opens($0 % 2 == 0) }
            turn.check("remote perform", expected) {
                try mediator.perform("answer", on: "W", source: .remote, as: Int.self)
            }
        }
        let asyncCaller = Caller.task { turn in
            await turn.check("openAsync", expected) { try await mediator.answerAsync("shop://w" + padding) }
            await turn.check("remote performAsync", expected) {
                try await mediator.performAsync("answer", on: "W", source: .remote, as: Int.self)
            }
        }
        try await log.run("withdrawing a remote action", rounds: 200, callers: [caller, caller, asyncCaller]) { round in
            let remote = round % 2 == 0
            try registerRouted(
                "W", path: "w", value: remote ? round : -1, exposure: remote ? .remote : .local, replacing: true, on: mediator)
        }
    }

    /// A change that returned while a caching factory was still running on another thread is seen
    /// by that thread's next call too: a replaced or unregistered target is gone, a released
    /// instance is made again, and an added or removed interceptor applies.
    @Test(
        "a change made while a caching factory runs is seen by that thread's next call",
        arguments: FactoryRaceChange.allCases, [false, true])
    func changeDuringFactoryIsSeen(_ change: FactoryRaceChange, cachedByType: Bool) async throws {
        let mediator = Mediator()
        let log = ChangeLog()
        let serials = Locked(0)
        let releasedAfter = Locked([Int: Int]())  // the last serial handed out before each round's release began
        let register: @Sendable (Int) throws -> Void = { version in
            try cachedByType
                ? SlowCachedTarget.register(version, on: mediator, log: log, serials: serials)
                : SlowTarget.register(version, on: mediator, log: log, serials: serials)
        }
        if change != .unregister { try register(0) }
        // Unregistering: odd rounds register version `round`, even rounds unregister. Releasing: every round
        // releases. Interceptors: odd rounds register version `round`, 2, 6, … add a rejecting interceptor, 4, 8, … remove it.
        // A call may take its target and its interceptors from different rounds: each must be explained.
        let closed: @Sendable (Int) -> Bool = { (lastRound(atMost: $0) { $0 % 2 == 0 } ?? 0) % 4 == 2 }
        let allowed: @Sendable (Outcome, ClosedRange<Int>) -> Bool = { outcome, rounds in
            switch (change, outcome) {
            case (.unregister, .value(let answer)): return rounds.contains { $0 % 2 == 1 && answer / 100_000 == $0 }
            case (.unregister, .failure(.targetNotFound)): return rounds.contains { $0 % 2 == 0 }
            case (.releaseInstance, .value(let answer)):
                return rounds.contains { round in answer % 100_000 > releasedAfter.withLock { $0[round] ?? 0 } }
            case (.addOrRemoveInterceptor, .failure(.rejected)): return rounds.contains(where: closed)
            case (.addOrRemoveInterceptor, .value(let answer)):
                return rounds.contains { !closed($0) }
                    && rounds.contains { answer / 100_000 == lastRound(atMost: $0) { $0 % 2 == 1 } ?? 0 }
            default: return false
            }
        }
        let caller = Caller.thread { turn in
            let performed = Outcome { try mediator.perform("who", on: "Slow", cachingTarget: !cachedByType, as: Int.self) }
            turn.expect("perform", performed) { allowed(performed, $0) }
            guard cachedByType else { return }
            let called = Outcome { try mediator.call(slowWho) }
            turn.expect("typed call", called) { allowed(called, $0) }
        }
        let asyncCaller = Caller.task { turn in
            let performed = await Outcome.of {
                try await mediator.performAsync("who", on: "Slow", cachingTarget: !cachedByType, as: Int.self)
            }
            turn.expect("performAsync", performed) { allowed(performed, $0) }
        }
        let callers = [caller, caller, asyncCaller]
        let step: @Sendable (Int) throws -> Void = { round in
            switch change {
            case .unregister:
                if round % 2 == 1 { try register(round) } else { mediator.unregister("Slow") }
            case .releaseInstance:
                releasedAfter.withLock { $0[round] = serials.withLock { $0 } }
                mediator.releaseCachedInstances(of: "Slow")
            case .addOrRemoveInterceptor:
                if round % 2 == 1 {
                    try register(round)
                } else if round % 4 == 2 {
                    mediator.configure { $0.interceptors.append(Deciding { _ in .reject(reason: "closed") }) }
                } else {
                    mediator.configure { $0.interceptors.removeAll() }
                }
            }
        }
        try await log.run(
            "\(change) during a factory", rounds: 100, for: .milliseconds(600), pace: .duringFactories, callers: callers,
            change: step)
    }

    /// A replacement, an interceptor change or a fallback change is seen through every door once it
    /// returned: typed calls (synchronous, `async`, main-actor), calls by name (`perform`,
    /// `performAsync`) and URLs (`open`, `openAsync`). And while the changes come in a tight loop,
    /// every caller keeps making progress.
    @Test(
        "every door, on threads, tasks and the main actor, sees a replacement, interceptor or fallback change once it returned",
        arguments: [false, true])
    func everyDoorSeesChanges(inTightLoop tight: Bool) async throws {
        let mediator = Mediator()
        mediator.registerScheme("shop")
        try Versioned.register(0, on: mediator)
        // Round r, by r % 4: 1 replaces Versioned (answering r), 2 adds an interceptor redirecting its calls
        // to `tagged` (answering 1_000_000 + r), 3 removes it, 0 sets a fallback for missing targets.
        let version: @Sendable (Int) -> Outcome = { round in
            let interceptor = lastRound(atMost: round) { $0 % 4 == 2 || $0 % 4 == 3 }
            if let added = interceptor, added % 4 == 2 { return .value(1_000_000 + added) }
            return .value(lastRound(atMost: round) { $0 % 4 == 1 } ?? 0)
        }
        let nowhere: @Sendable (Int) -> Outcome = { round in
            lastRound(atMost: round) { $0 % 4 == 0 }.map { .value(2_000_000 + $0) } ?? .failure(.targetNotFound)
        }
        let log = ChangeLog()
        let thread = Caller.thread { turn in
            turn.check("typed call", version) { try mediator.call(Versioned.now) }
            turn.check("perform", version) { try mediator.perform("now", on: "Versioned", as: Int.self) }
            turn.check("open", version) { try mediator.answer("shop://now" + padding) }
            turn.check("perform Nowhere", nowhere) { try mediator.perform("any", on: "Nowhere", as: Int.self) }
            turn.expect("canCall", .opens(mediator.canCall(Versioned.now)), always(.opens(true)))
        }
        let task = Caller.task { turn in
            await turn.check("async typed call", version) { try await mediator.call(Versioned.later) }
            await turn.check("performAsync", version) { try await mediator.performAsync("later", on: "Versioned", as: Int.self) }
            await turn.check("openAsync", version) { try await mediator.answerAsync("shop://later" + padding) }
            await turn.check("performAsync Nowhere", nowhere) {
                try await mediator.performAsync("any", on: "Nowhere", as: Int.self)
            }
        }
        let mainActor = Caller.mainActor { turn in
            turn.check("main-actor typed call", version) { try mediator.call(Versioned.screen) }
            turn.check("open on the main actor", version) { try mediator.open("shop://now" + padding, as: Int.self) }
        }
        try await log.run(
            "changing the registry", rounds: tight ? 1_000_000 : 200,
            pace: tight ? .tightLoop : .everyRound, minimumRounds: tight ? 10 : 3, callsEach: tight ? 3 : 0,
            callers: [thread, thread, task, mainActor]
        ) { round in
            switch round % 4 {
            case 1: try Versioned.register(round, on: mediator)
            case 2:
                mediator.configure {
                    $0.interceptors.append(
                        Deciding {
                            $0.target != "Versioned" || $0.action == "tagged"
                                ? .proceed
                                : .redirect(target: "Versioned", action: "tagged", parameters: ["tag": 1_000_000 + round])
                        })
                }
            case 3: mediator.configure { $0.interceptors.removeAll() }
            default: mediator.configure { $0.fallback = { _, _ in .value(2_000_000 + round) } }
            }
        }
        #expect(!tight || log.calls.allSatisfy { $0 >= 3 }, "calls per caller: \(log.calls)")
    }

    /// Scheme, web host, URL option, unmatched-URL handler and route configuration changes apply
    /// to every `open`, `openAsync` and `canOpen` that starts after they return.
    @Test("scheme, host, URL option and route configuration changes apply to every later open and canOpen")
    func urlSettingChangesApply() async throws {
        let mediator = Mediator()
        mediator.registerScheme("shop")
        try registerRouted("A", path: "a", value: 1, on: mediator)
        try registerRouted("B", path: "b", value: 2, on: mediator)
        // Round r changes, by r % 6: 1 adds scheme x<r>, 2 applies a configuration sending shop://alias to A
        // or B, 3 sets the length limit to 40 or back, 4 sets or removes an unmatched-URL handler, 5 adds
        // web host h<r>.example, 0 clears the configuration.
        @Sendable func last(_ round: Int, _ kind: Int) -> Int? { lastRound(atMost: round) { $0 % 6 == kind } }
        let aliased: @Sendable (Int) -> Int? = { round in
            lastRound(atMost: round) { $0 % 6 == 2 || $0 % 6 == 0 }.flatMap { $0 % 6 == 0 ? nil : $0 % 12 == 2 ? 1 : 2 }
        }
        let alias: @Sendable (Int) -> Outcome = { round in
            if let target = aliased(round) { return .value(target) }
            return last(round, 4).map { $0 % 12 == 4 } == true ? .value(99) : .failure(.noRouteMatched)
        }
        let long = "shop://a?pad=" + String(repeating: "p", count: 60)
        let limited: @Sendable (Int) -> Outcome = { last($0, 3).map { $0 % 12 == 3 } == true ? .failure(.urlTooLong) : .value(1) }
        let log = ChangeLog()
        let thread = Caller.thread { turn in
            turn.check("open alias", alias) { try mediator.answer("shop://alias") }
            turn.expect("canOpen alias", .opens(mediator.canOpen("shop://alias"))) { .opens(aliased($0) != nil) }
            turn.check("open a long URL", limited) { try mediator.answer(long) }
            if let r = last(turn.floor, 1) { turn.check("open x\(r)", always(.value(2))) { try mediator.answer("x\(r)://b") } }
            if let r = last(turn.floor, 5) {
                turn.check("open h\(r)", always(.value(1))) { try mediator.answer("https://h\(r).example/a") }
            }
        }
        let task = Caller.task { turn in
            await turn.check("openAsync alias", alias) { try await mediator.answerAsync("shop://alias") }
            await turn.check("openAsync a long URL", limited) { try await mediator.answerAsync(long) }
        }
        let toA = try Mediator.RouteConfiguration(
            json: Data(#"{ "version": 1, "rules": [ { "pattern": "/alias", "redirectTo": "/a" } ] }"#.utf8))
        let toB = try Mediator.RouteConfiguration(
            json: Data(#"{ "version": 1, "rules": [ { "pattern": "/alias", "redirectTo": "/b" } ] }"#.utf8))
        let answer: @Sendable (Mediator.UnmatchedURL) throws -> Mediator.Fallback = { _ in .value(99) }
        try await log.run("changing URL settings", rounds: 240, minimumRounds: 6, callers: [thread, thread, task]) { round in
            switch round % 6 {
            case 1: mediator.registerScheme("x\(round)")
            case 2: try mediator.applyRouteConfiguration(round % 12 == 2 ? toA : toB)
            case 3: mediator.configure { $0.urlOptions = Mediator.URLOptions(maximumLength: round % 12 == 3 ? 40 : 16_384) }
            case 4: mediator.configure { $0.unmatchedURLHandler = round % 12 == 4 ? answer : nil }
            case 5: mediator.registerWebHost("h\(round).example")
            default: try mediator.applyRouteConfiguration(nil)
            }
        }
    }
}

/// The tag the "tagged" action answers.
private struct Tagged: MediatorInput {
    @Parameter var tag: Int
}
