import Mediator
import MediatorPublishing
import Testing

/// Registers a value target that answers its own index, so a wrong answer shows which target replied.
private func registerIndexed(_ index: Int, on mediator: Mediator) throws {
    try mediator.register(
        targetNamed: "T\(index)",
        actions: [
            MediatorAction("index", parameters: Salt.self) { _, p in
                index * 1_000 + (try p.value("salt", as: Int.self))
            }
        ])
}

/// What workers report back: wrong answers and unexpected errors.
private final class Tally: Sendable {
    private let wrong = Locked(0)
    private let errors = Locked<[String]>([])
    var wrongAnswers: Int { wrong.withLock { $0 } }
    var failures: [String] { errors.withLock { $0 } }
    func wrongAnswer() { wrong.withLock { $0 += 1 } }
    func fail(_ message: String) { errors.withLock { $0.append(message) } }
}

@Suite("Concurrent calls and registry changes")
struct ConcurrencyTests {
    static let workers = 8
    static let rounds = 200

    @Test("concurrent registering, performing, releasing and catalog reads: right answers, nothing lost")
    func mixedLoadGivesRightAnswers() async throws {
        let mediator = Mediator()
        let preregistered = 16
        for index in 0..<preregistered { try registerIndexed(index, on: mediator) }
        try mediator.register(CachedTarget())
        try mediator.register(FreshTarget())
        let tally = Tally()

        await withTaskGroup(of: Void.self) { group in
            for worker in 0..<Self.workers {
                // Callers: sync and awaited calls to pre-registered targets.
                group.addTask {
                    for round in 0..<Self.rounds {
                        let target = (worker * 7 + round) % preregistered
                        do {
                            let answer =
                                round.isMultiple(of: 2)
                                ? try mediator.perform("index", on: "T\(target)", with: ["salt": round], as: Int.self)
                                : try await mediator.performAsync("index", on: "T\(target)", with: ["salt": round], as: Int.self)
                            if answer != target * 1_000 + round { tally.wrongAnswer() }
                        } catch {
                            tally.fail("\(error)")
                        }
                    }
                }
                // Registrars: each adds its own targets and immediately calls them.
                group.addTask {
                    for round in 0..<(Self.rounds / 10) {
                        let index = 100 + worker * 100 + round
                        do {
                            try registerIndexed(index, on: mediator)
                            let answer = try mediator.perform("index", on: "T\(index)", with: ["salt": 1], as: Int.self)
                            if answer != index * 1_000 + 1 { tally.wrongAnswer() }
                        } catch {
                            tally.fail("\(error)")
                        }
                    }
                }
                // Releasers and cached-instance callers.
                group.addTask {
                    for round in 0..<Self.rounds {
                        do {
                            _ = try mediator.perform("serial", on: "Cached", as: Int.self)
                            _ = try mediator.perform("serial", on: "Fresh", cachingTarget: round.isMultiple(of: 3), as: Int.self)
                            if round.isMultiple(of: 10) { mediator.releaseCachedInstances(of: "Cached") }
                            if round.isMultiple(of: 25) { mediator.releaseCachedInstances() }
                        } catch {
                            tally.fail("\(error)")
                        }
                    }
                }
                // Catalog readers: every read sees at least the pre-registered targets.
                group.addTask {
                    for _ in 0..<(Self.rounds / 10) {
                        let names = Set(mediator.catalog().targets.map(\.name))
                        if !(0..<preregistered).allSatisfy({ names.contains("T\($0)") }) {
                            tally.fail("catalog missed a target")
                        }
                        _ = mediator.canPerform("index", on: "T0")
                    }
                }
            }
        }

        #expect(tally.failures.isEmpty, "\(tally.failures.prefix(5))")
        #expect(tally.wrongAnswers == 0)
        let expectedNames =
            (0..<preregistered).map { "T\($0)" }
            + (0..<Self.workers).flatMap { worker in (0..<(Self.rounds / 10)).map { "T\(100 + worker * 100 + $0)" } }
            + ["Cached", "Fresh"]
        #expect(mediator.catalog().targets.map(\.name) == expectedNames.sorted())
        #expect(mediator.catalog().targets.count == expectedNames.count)
    }

    @Test("a caching target called from many tasks at once creates exactly one instance")
    func concurrentFirstCallsMakeOneCachedInstance() async throws {
        let probe = Probe()
        let serials = try await probe.run {
            let mediator = Mediator()
            try mediator.register(CachedTarget())
            return try await withThrowingTaskGroup(of: Set<Int>.self) { group in
                for _ in 0..<Self.workers {
                    group.addTask {
                        var seen = Set<Int>()
                        for _ in 0..<50 { seen.insert(try mediator.perform("serial", on: "Cached", as: Int.self)) }
                        return seen
                    }
                }
                return try await group.reduce(into: Set<Int>()) { $0.formUnion($1) }
            }
        }
        #expect(serials == [1])
        #expect(probe.instancesCreated == 1)
        // Racing first calls may each evaluate `actions` (it is built outside the lock, by design,
        // because it runs user code); only one table is kept, so nothing else is asserted about it.
    }

    @Test("replacing a target while others call it: every answer comes from the old or the new target")
    func replacingUnderLoadAnswersFromOldOrNew() async throws {
        let mediator = Mediator()
        try mediator.register(targetNamed: "Flip", actions: [MediatorAction("who") { _, _ in 0 }])
        let tally = Tally()
        await withTaskGroup(of: Void.self) { group in
            for _ in 0..<Self.workers {
                group.addTask {
                    for _ in 0..<Self.rounds {
                        let answer = try? mediator.perform("who", on: "Flip", as: Int.self)
                        if answer == nil || !(0...50).contains(answer ?? -1) {
                            tally.wrongAnswer()
                        }
                    }
                }
            }
            group.addTask {
                for version in 1...50 {
                    try? mediator.register(
                        targetNamed: "Flip", actions: [MediatorAction("who") { _, _ in version }], replacingExisting: true)
                }
            }
        }
        #expect(tally.wrongAnswers == 0)
        let final = try mediator.perform("who", on: "Flip", as: Int.self)
        #expect(final == 50)
    }
}

/// The value a call adds to a target's answer, so each call's answer is its own.
private struct Salt: MediatorInput {
    @Parameter var salt: Int
}
