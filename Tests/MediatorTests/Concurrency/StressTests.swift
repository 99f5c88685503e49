import Foundation
import Mediator
import MediatorPublishing
import MediatorTestSupport
import Testing

/// What the stress workers report: counts per kind of work, wrong answers and unexpected errors.
private final class StressLedger: Sendable {
    private struct State {
        var counts: [String: Int] = [:]
        var problems: [String] = []
        var registered: [String] = []
    }

    private let state = Locked(State())

    func did(_ kind: String) { state.withLock { $0.counts[kind, default: 0] += 1 } }
    func problem(_ text: String) { state.withLock { if $0.problems.count < 20 { $0.problems.append(text) } } }
    func registered(_ name: String) { state.withLock { $0.registered.append(name) } }

    var counts: [String: Int] { state.withLock { $0.counts } }
    var problems: [String] { state.withLock { $0.problems } }
    var registeredNames: [String] { state.withLock { $0.registered } }
}

/// Passes every call on; installed and removed while calls run.
private struct PassThrough: MediatorInterceptor {}

/// A target that answers with its own index and the caller's salt, reachable by name and by URL.
private func registerStressTarget(_ name: String, index: Int, on mediator: Mediator) throws {
    try mediator.register(
        targetNamed: name,
        actions: [
            MediatorAction(
                "answer", parameters: Salt.self, exposure: .remote,
                urlPatterns: ["/\(name.lowercased())/:salt"]
            ) { _, p in
                index * 1_000_000 + (try p.value("salt", as: Int.self))
            },
            MediatorAction("answerAsync", parameters: Salt.self) { _, p async throws in
                await Task.yield()
                return index * 1_000_000 + (try p.value("salt", as: Int.self))
            },
        ])
}

/// Two route configurations the reloader alternates: `/alias/:salt` goes to S1 or to S2.
private func aliasConfiguration(to target: String) throws -> Mediator.RouteConfiguration {
    try Mediator.RouteConfiguration(
        json: Data(
            """
            { "version": 1, "rules": [ { "pattern": "/alias/:salt", "redirectTo": "/\(target.lowercased())/:salt" } ] }
            """.utf8))
}

/// The flickering target's answer to a salt, by name or through `flickerAnswer`.
private func flickerValue(_ salt: Int) -> Int { 7_000_000 + salt }

/// The contract of the target a worker keeps registering and unregistering.
private let flickerAnswer = ActionContract<FlickerInput, Int>("answer", on: "Flicker")

/// The flickering target's input.
private struct FlickerInput: MediatorInput {
    @Parameter var salt: Int
    init() {}
    init(salt: Int) { self.salt = salt }
}

/// Registers the flickering target, which binds `flickerAnswer`.
private func registerFlicker(on mediator: Mediator) throws {
    try mediator.register(
        targetNamed: "Flicker",
        actions: [MediatorAction(flickerAnswer) { _, input in flickerValue(input.salt) }])
}

/// How a call to the flickering target ended, when it ended in one of the two allowed ways.
private enum FlickerOutcome {
    case value
    case targetNotFound
}

/// Calls the flickering target, by name or by contract, and counts the outcome: its value, or
/// `.targetNotFound` while it is unregistered. Anything else is a problem, and returns `nil`.
@discardableResult
private func callFlicker(on mediator: Mediator, salt: Int, byContract: Bool, ledger: StressLedger) -> FlickerOutcome? {
    do {
        let answer =
            byContract
            ? try mediator.call(flickerAnswer, with: FlickerInput(salt: salt))
            : try mediator.perform("answer", on: "Flicker", with: ["salt": salt], as: Int.self)
        guard answer == flickerValue(salt) else {
            ledger.problem("Flicker answered \(answer) to salt \(salt)")
            return nil
        }
        ledger.did("flicker value")
        return .value
    } catch let error as MediatorError where error.code == .targetNotFound {
        ledger.did("flicker not found")
        return .targetNotFound
    } catch {
        ledger.problem("Flicker: \(error)")
        return nil
    }
}

@Suite("Stress")
struct StressTests {
    static let preregistered = 12
    static let runFor: Duration = .milliseconds(1_000)
    /// Every worker does at least this many rounds, so each kind of work overlaps the others even when
    /// a loaded machine (the whole suite under ThreadSanitizer) starts some workers after the deadline.
    static let minimumRounds = 25

    static func keepGoing(_ round: Int, until deadline: ContinuousClock.Instant) -> Bool {
        round < minimumRounds || ContinuousClock.now < deadline
    }

    @Test(
        "calls, registrations, unregistrations, releases, configuration reloads and catalog reads at once: right answers, nothing lost, no deadlock"
    )
    func everythingAtOnceGivesRightAnswers() async throws {
        let mediator = Mediator()
        mediator.registerScheme("stress")
        for index in 0..<Self.preregistered { try registerStressTarget("S\(index)", index: index, on: mediator) }
        try mediator.register(CachedTarget())
        try mediator.register(FreshTarget())
        try mediator.applyRouteConfiguration(try aliasConfiguration(to: "S1"))
        let ledger = StressLedger()

        try await withDeadlockGuard("the stress run") {
            let deadline = ContinuousClock.now + Self.runFor
            await withTaskGroup(of: Void.self) { group in
                // Callers by name, synchronous and awaited: each answer must come from the target called.
                for worker in 0..<4 {
                    group.addWorker(until: deadline, yieldingEvery: 8) { round in
                        let index = (worker * 5 + round) % Self.preregistered
                        do {
                            let answer =
                                round.isMultiple(of: 2)
                                ? try mediator.perform("answer", on: "S\(index)", with: ["salt": round], as: Int.self)
                                : try await mediator.performAsync(
                                    "answerAsync", on: "S\(index)", with: ["salt": round], as: Int.self)
                            if answer != index * 1_000_000 + round {
                                ledger.problem("S\(index) answered \(answer) to salt \(round)")
                            }
                            ledger.did("call")
                        } catch {
                            ledger.problem("call S\(index): \(error)")
                        }
                    }
                }
                // URL openers: pattern routes, and the alias whose target the reloader keeps switching.
                for worker in 0..<2 {
                    group.addWorker(until: deadline, yieldingEvery: 8) { round in
                        let index = (worker * 3 + round) % Self.preregistered
                        do {
                            let answer = try mediator.open("stress://s\(index)/\(round)", as: Int.self)
                            if answer != index * 1_000_000 + round { ledger.problem("stress://s\(index) answered \(answer)") }
                            let alias = try await mediator.openAsync("stress://alias/\(round)", as: Int.self)
                            if alias != 1_000_000 + round, alias != 2_000_000 + round {
                                ledger.problem("stress://alias/\(round) answered \(alias)")
                            }
                            ledger.did("open")
                        } catch {
                            ledger.problem("open: \(error)")
                        }
                    }
                }
                // Registrars: each registers new targets and calls each one at once.
                for worker in 0..<2 {
                    group.addWorker(until: deadline) { round in
                        let index = 1_000 + worker * 1_000 + round
                        let name = "N\(index)"
                        do {
                            try registerStressTarget(name, index: index, on: mediator)
                            ledger.registered(name)
                            let answer = try mediator.perform("answer", on: name, with: ["salt": 7], as: Int.self)
                            if answer != index * 1_000_000 + 7 { ledger.problem("\(name) answered \(answer)") }
                            ledger.did("register")
                        } catch {
                            ledger.problem("register \(name): \(error)")
                        }
                    }
                }
                // Cached-instance callers and releasers.
                group.addWorker(until: deadline) { round in
                    do {
                        let cached = try mediator.perform("serial", on: "Cached", as: Int.self)
                        let fresh = try mediator.perform("serial", on: "Fresh", as: Int.self)
                        _ = try await mediator.performAsync(
                            "ping", on: "Fresh", cachingTarget: round.isMultiple(of: 3), as: String.self)
                        if cached < 0 || fresh < 0 { ledger.problem("negative serial") }
                        if round.isMultiple(of: 5) { mediator.releaseCachedInstances(of: "Cached") }
                        if round.isMultiple(of: 13) { mediator.releaseCachedInstances() }
                        ledger.did("release")
                    } catch {
                        ledger.problem("cached: \(error)")
                    }
                }
                // Configuration reloader and interceptor churn.
                group.addWorker(until: deadline) { round in
                    do {
                        try mediator.applyRouteConfiguration(try aliasConfiguration(to: round.isMultiple(of: 2) ? "S2" : "S1"))
                        ledger.did("reload")
                    } catch {
                        ledger.problem("reload: \(error)")
                    }
                    if round.isMultiple(of: 4) {
                        mediator.configure { $0.interceptors.append(PassThrough()) }
                    } else if round.isMultiple(of: 7) {
                        mediator.configure { $0.interceptors.removeAll() }
                    }
                }
                // A flickering target: one worker registers and unregisters it, checking each state
                // itself, while others call it by name and by contract. Every call answers the value
                // or fails with .targetNotFound, never anything else.
                group.addWorker(until: deadline) { round in
                    do {
                        try registerFlicker(on: mediator)
                    } catch {
                        ledger.problem("register Flicker: \(error)")
                    }
                    let registered = callFlicker(on: mediator, salt: round, byContract: round.isMultiple(of: 2), ledger: ledger)
                    if registered != .value { ledger.problem("Flicker did not answer while registered") }
                    if !mediator.unregister("Flicker") { ledger.problem("Flicker was not registered") }
                    let unregistered = callFlicker(
                        on: mediator, salt: round, byContract: !round.isMultiple(of: 2), ledger: ledger)
                    if unregistered != .targetNotFound { ledger.problem("Flicker answered while unregistered") }
                    ledger.did("flicker")
                }
                for worker in 0..<2 {
                    group.addWorker(until: deadline, yieldingEvery: 4) { round in
                        callFlicker(on: mediator, salt: round, byContract: (worker + round).isMultiple(of: 2), ledger: ledger)
                    }
                }
                // Catalog readers: every read lists at least the pre-registered targets and their routes.
                group.addWorker(until: deadline) { round in
                    let names = Set(mediator.catalog().targets.map(\.name))
                    let missing = (0..<Self.preregistered).map { "S\($0)" }.filter { !names.contains($0) }
                    if !missing.isEmpty { ledger.problem("catalog missed \(missing)") }
                    if !mediator.canOpen("stress://s0/1") { ledger.problem("canOpen lost a route") }
                    if !mediator.canPerform("answer", on: "S0") { ledger.problem("canPerform lost an action") }
                    ledger.did("catalog")
                }
            }
        }

        #expect(ledger.problems.isEmpty, "\(ledger.problems)")
        let counts = ledger.counts
        for kind in ["call", "open", "register", "release", "reload", "catalog", "flicker"] {
            #expect(counts[kind, default: 0] > 0, "no \(kind) ran")
        }

        // The flickering worker saw each state itself every round, so both outcomes were counted at
        // least once per round; the other callers add to either count.
        #expect(counts["flicker value", default: 0] >= counts["flicker", default: 0])
        #expect(counts["flicker not found", default: 0] >= counts["flicker", default: 0])

        // No registration was lost: every target registered under load is listed, routed and answers.
        let registered = ledger.registeredNames
        let expected = Set((0..<Self.preregistered).map { "S\($0)" } + registered + ["Cached", "Fresh"])
        #expect(Set(mediator.catalog().targets.map(\.name)) == expected)
        #expect(Set(mediator.catalog().targets.map(\.name)) == expected)
        for name in registered {
            let index = Int(name.dropFirst()) ?? -1
            let byName = try mediator.perform("answer", on: name, with: ["salt": 3], as: Int.self)
            let byURL = try mediator.open("stress://\(name.lowercased())/4", as: Int.self)
            #expect(byName == index * 1_000_000 + 3)
            #expect(byURL == index * 1_000_000 + 4)
        }
        // The configuration in force is one of the two that were applied, and it routes.
        let alias = try mediator.open("stress://alias/9", as: Int.self)
        #expect(alias == 1_000_009 || alias == 2_000_009)
        try mediator.checkRegistrations()
    }
}

extension TaskGroup where ChildTaskResult == Void {
    /// Adds a stress worker that runs `round` for rounds 1, 2, …, at least `StressTests.minimumRounds`
    /// times and until `deadline`, yielding after every `interval` rounds.
    mutating func addWorker(
        until deadline: ContinuousClock.Instant, yieldingEvery interval: Int = 1,
        round: @escaping @Sendable (Int) async -> Void
    ) {
        addTask {
            var number = 0
            while StressTests.keepGoing(number, until: deadline) {
                number += 1
                await round(number)
                if number.isMultiple(of: interval) { await Task.yield() }
            }
        }
    }
}

/// The value a call adds to a target's answer, so each call's answer is its own.
private struct Salt: MediatorInput {
    @Parameter var salt: Int
}
