import Foundation
import Mediator
import MediatorPublishing
import MediatorTestSupport
import MediatorTesting
import Testing

/// A target factory is user code that may call the mediator: it runs with no lock held, so it can
/// call other targets, open URLs and read the catalog, and a factory that needs its own instance
/// gets a `.factoryCycle` error instead of a hang.
///
/// Serialized: the tests block dedicated threads on purpose and share the process-wide instance
/// coordinator; running them one at a time keeps their interleavings the ones they force.
@Suite("Factories never deadlock", .serialized)
struct FactoryCycleTests {
    // MARK: Factories that call the mediator

    @Test("a cached target's factory that calls another target finishes while another thread keeps releasing instances")
    func factoryCallingAnotherTargetSurvivesConcurrentReleases() async throws {
        let mediator = Mediator()
        let failures = Recording<String>()
        let factoryRuns = Counter()
        try mediator.register(TargetB(value: 2))
        try mediator.register { mediator in
            factoryRuns.increment()
            do {
                return TargetA(value: 1 + (try mediator.perform("value", on: "B", as: Int.self)))
            } catch {
                failures.append("A's factory: \(error)")
                return TargetA(value: -1)
            }
        }

        try await withDeadlockGuard("calls making A while instances are released") {
            let stop = Flag()
            let releasing = DispatchSemaphore(value: 0)
            let releaser = Worker {
                releasing.signal()
                while !stop.isSet {
                    mediator.releaseCachedInstances()
                    mediator.releaseCachedInstances(of: "A")
                }
            }
            defer { stop.set() }
            #expect(releasing.wait(timeout: .now() + .seconds(20)) == .success, "the releasing thread did not start")
            // Until A's factory has run many times, each time racing a release.
            var round = 0
            while factoryRuns.value < 200, round < 200_000 {
                do {
                    let value = try mediator.perform("value", on: "A", as: Int.self)
                    if value != 3 { failures.append("round \(round): A answered \(value)") }
                } catch {
                    failures.append("round \(round): \(error)")
                }
                round += 1
            }
            stop.set()
            #expect(releaser.join(within: .seconds(30)), "the releasing thread did not finish")
        }
        #expect(failures.all == [])
        #expect(factoryRuns.value > 1, "no call raced a release")
    }

    @Test(
        "a factory can open, check and generate URLs while the routes need rebuilding",
        arguments: FirstCall.allCases)
    func factoryUsesURLsWhileRoutesNeedRebuilding(firstCall: FirstCall) async throws {
        let mediator = Mediator()
        mediator.registerScheme("shop")
        let seen = Recording<String>()
        try mediator.register(Shelf())
        try mediator.register { mediator in
            // Registering makes the routes stale again, from inside the factory.
            try? mediator.register(TargetB(value: 2), replacingExisting: true)
            seen.append("open: " + String(describing: Result { try mediator.open("shop://shelf/4", as: Int.self) }))
            seen.append("canOpen: \(mediator.canOpen("shop://shelf/4"))")
            seen.append("url: " + String(describing: Result { try mediator.url(for: "item", on: "Shelf", with: ["id": 4]) }))
            return TargetA(value: 1)
        }

        let value = try await withDeadlockGuard("a factory using URLs") { try firstCall.reachA(mediator) }

        #expect(value == 1)
        #expect(seen.all == ["open: success(40)", "canOpen: true", "url: success(\"shop://shelf/4\")"])
    }

    @Test("a factory can read the catalog, including its own target's declaration")
    func factoryReadsTheCatalog() async throws {
        let mediator = Mediator()
        let seen = Recording<[String]>()
        try mediator.register(Shelf())
        try mediator.register { mediator in
            let catalog = mediator.catalog()
            seen.append(catalog.targets.map(\.name))
            seen.append(catalog.targets.flatMap { target in target.actions.map { "\(target.name).\($0.name)" } })
            return TargetA(value: 1)
        }

        let value = try await withDeadlockGuard("a factory reading the catalog") {
            try mediator.perform("value", on: "A", as: Int.self)
        }

        #expect(value == 1)
        #expect(seen.all == [["A", "Shelf"], ["A.value", "Shelf.item"]])
    }

    // MARK: Cycles on one thread

    @Test(
        "A's factory calling cached B whose factory calls A fails the inner call with the cycle A → B → A; the outer call succeeds"
    )
    func cycleThroughACachedTargetOnOneThread() async throws {
        try await Self.expectCycleThroughB { mediator, makeB in try mediator.register { TargetB(value: makeB($0)) } }
    }

    @Test("the cycle A → B → A is reported the same when B makes an instance per call")
    func cycleThroughAPerCallTargetOnOneThread() async throws {
        try await Self.expectCycleThroughB { mediator, makeB in try mediator.register { PerCallB(value: makeB($0)) } }
    }

    /// Registers a cached A whose factory calls B, and a B (registered by `registerB`) whose factory
    /// calls A; calls A and checks that only B's call to A fails, with the cycle A → B → A.
    private static func expectCycleThroughB(
        registerB: (Mediator, @escaping @Sendable (Mediator) -> Int) throws -> Void
    ) async throws {
        let mediator = Mediator()
        let inner = Recording<Result<Int, any Error>>()
        let made = Recording<String>()
        try mediator.register { mediator in
            made.append("A")
            let b = Result { try mediator.perform("value", on: "B", as: Int.self) }
            inner.append(b)
            return TargetA(value: 10 + ((try? b.get()) ?? 0))
        }
        try registerB(mediator) { mediator in
            made.append("B")
            inner.append(Result { try mediator.perform("value", on: "A", as: Int.self) })
            return 2
        }

        let value = try await withDeadlockGuard("a factory cycle on one thread") {
            try mediator.perform("value", on: "A", as: Int.self)
        }

        #expect(value == 12)
        let results = inner.all
        try #require(results.count == 2)
        // B's factory ran inside A's: its call to A is the one that closes the cycle.
        let error = expectMediatorError(.factoryCycle) { try results[0].get() }
        #expect(error?.cycle == ["A", "B", "A"])
        #expect(try results[1].get() == 2)
        #expect(made.all == ["A", "B"])

        #expect(try mediator.perform("value", on: "A", as: Int.self) == 12)
        #expect(made.all == ["A", "B"], "A's instance is kept after the cycle was reported")
    }

    @Test("a factory that calls its own target fails that call with the cycle A → A; the outer call succeeds")
    func factoryCallingItsOwnTarget() async throws {
        // The kept instance is made once, so its factory runs once.
        try await Self.expectSelfCycle(TargetA.init(value:), factoryRunsAfterTwoCalls: 1)
    }

    @Test("a per-call target whose factory calls itself fails the inner call with A → A instead of recursing")
    func perCallFactoryCallingItsOwnTarget() async throws {
        // A per-call target makes a new instance, so its factory runs (and reports) again each call.
        try await Self.expectSelfCycle(PerCallA.init(value:), factoryRunsAfterTwoCalls: 2)
    }

    /// Registers an A whose factory calls A, calls A twice, and checks the inner call failed with A → A.
    private static func expectSelfCycle<Target: MediatorTarget>(
        _ make: @escaping @Sendable (Int) -> Target, factoryRunsAfterTwoCalls: Int
    ) async throws {
        let mediator = Mediator()
        let inner = Recording<Result<Int, any Error>>()
        try mediator.register { mediator in
            inner.append(Result { try mediator.perform("value", on: "A", as: Int.self) })
            return make(7)
        }

        let value = try await withDeadlockGuard("a factory calling its own target") {
            try mediator.perform("value", on: "A", as: Int.self)
        }

        #expect(value == 7)
        let results = inner.all
        try #require(results.count == 1)
        let error = expectMediatorError(.factoryCycle) { try results[0].get() }
        #expect(error?.cycle == ["A", "A"])
        #expect(try mediator.perform("value", on: "A", as: Int.self) == 7)
        #expect(inner.all.count == factoryRunsAfterTwoCalls)
    }

    @Test("per-call A and B whose factories call each other fail the innermost call with A → B → A")
    func perCallFactoriesCallingEachOther() async throws {
        let mediator = Mediator()
        let inner = Recording<String>()
        try mediator.register { mediator in
            let b = Result { try mediator.perform("value", on: "B", as: Int.self) }
            inner.append("A's call to B: \(b)")
            return PerCallA(value: 10 + ((try? b.get()) ?? 0))
        }
        try mediator.register { mediator in
            let a = Result { try mediator.perform("value", on: "A", as: Int.self) }
            if case .failure(let error as MediatorError) = a { inner.append("B's call to A: \(error.code) \(error.cycle)") }
            return PerCallB(value: 2)
        }

        let value = try await withDeadlockGuard("per-call factories calling each other") {
            try mediator.perform("value", on: "A", as: Int.self)
        }

        #expect(value == 12)
        #expect(inner.all == [#"B's call to A: factoryCycle ["A", "B", "A"]"#, "A's call to B: success(2)"])
    }

    // MARK: Cycles across threads

    @Test("two threads making A and B whose factories need each other: one inner call gets .factoryCycle, none hangs")
    func cycleAcrossThreads() async throws {
        let mediator = Mediator()
        let aStarted = DispatchSemaphore(value: 0)
        let bStarted = DispatchSemaphore(value: 0)
        let problems = Recording<String>()
        let innerA = Recording<Result<Int, any Error>>()
        let innerB = Recording<Result<Int, any Error>>()
        try mediator.register { mediator in
            // Both factories are running before either asks for the other's instance.
            aStarted.signal()
            if bStarted.wait(timeout: .now() + .seconds(20)) == .timedOut { problems.append("B's factory never started") }
            innerA.append(Result { try mediator.perform("value", on: "B", as: Int.self) })
            return TargetA(value: 1)
        }
        try mediator.register { mediator in
            bStarted.signal()
            if aStarted.wait(timeout: .now() + .seconds(20)) == .timedOut { problems.append("A's factory never started") }
            innerB.append(Result { try mediator.perform("value", on: "A", as: Int.self) })
            return TargetB(value: 2)
        }

        let outer = Recording<String>()
        try await withDeadlockGuard("factories waiting for each other across threads") {
            let makesA = Worker { outer.append("A: \(Result { try mediator.perform("value", on: "A", as: Int.self) })") }
            let makesB = Worker { outer.append("B: \(Result { try mediator.perform("value", on: "B", as: Int.self) })") }
            #expect(makesA.join(within: .seconds(40)), "the thread making A did not finish")
            #expect(makesB.join(within: .seconds(40)), "the thread making B did not finish")
        }

        #expect(problems.all == [])
        #expect(outer.all.sorted() == ["A: success(1)", "B: success(2)"])
        let a = try #require(innerA.all.first)
        let b = try #require(innerB.all.first)
        switch (a, b) {
        case (.failure, .success(let value)):
            // Thread 2 waited for A first; thread 1, making A, closed the cycle by asking for B.
            let error = expectMediatorError(.factoryCycle) { try a.get() }
            #expect(error?.cycle == ["A", "B", "A"])
            #expect(value == 1)
        case (.success(let value), .failure):
            let error = expectMediatorError(.factoryCycle) { try b.get() }
            #expect(error?.cycle == ["B", "A", "B"])
            #expect(value == 2)
        default:
            Issue.record("exactly one factory's call should fail with .factoryCycle; A's got \(a), B's got \(b)")
        }
    }

    /// How a test first reaches target A, whose factory then runs.
    enum FirstCall: String, CaseIterable, Sendable {
        case byName, byURL

        fileprivate func reachA(_ mediator: Mediator) throws -> Int {
            switch self {
            case .byName: try mediator.perform("value", on: "A", as: Int.self)
            case .byURL: try mediator.open("shop://a", as: Int.self)
            }
        }
    }
}

// MARK: - Fixtures

private struct TargetA: MediatorTarget {
    static let targetName = "A"
    static let cachesInstance = true
    let value: Int
    static let actions: [MediatorAction<TargetA>] = [
        MediatorAction("value", exposure: .remote, urlPatterns: ["/a"]) { target, _ in target.value }
    ]
}

private struct TargetB: MediatorTarget {
    static let targetName = "B"
    static let cachesInstance = true
    let value: Int
    static let actions: [MediatorAction<TargetB>] = [MediatorAction("value") { target, _ in target.value }]
}

/// A target named "A" that makes an instance per call.
private struct PerCallA: MediatorTarget {
    static let targetName = "A"
    let value: Int
    static let actions: [MediatorAction<PerCallA>] = [MediatorAction("value") { target, _ in target.value }]
}

/// A target named "B" that makes an instance per call.
private struct PerCallB: MediatorTarget {
    static let targetName = "B"
    let value: Int
    static let actions: [MediatorAction<PerCallB>] = [MediatorAction("value") { target, _ in target.value }]
}

private struct Shelf: MediatorTarget {
    static let targetName = "Shelf"
    static let actions: [MediatorAction<Shelf>] = [
        MediatorAction("item", parameters: ItemID.self, exposure: .remote, urlPatterns: ["/shelf/:id"]) {
            _, parameters in try parameters.value("id", as: Int.self) * 10
        }
    ]
}

/// The id of a shelf's item.
private struct ItemID: MediatorInput {
    @Parameter var id: Int
}
