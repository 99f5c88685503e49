import Mediator
import Testing

@Suite("Events: concurrent broadcasts and registry changes")
struct EventConcurrencyTests {
    static let workers = 4
    static let rounds = 300

    /// Registers the value target "Swap" in version `version`, replacing the one before.
    private static func registerSwap(_ version: Int, on mediator: Mediator) throws {
        try mediator.register(
            targetNamed: "Swap", actions: [],
            subscriptions: [MediatorSubscription(TestEvents.launch) { _, trace in trace.append("Swap v\(version)") }],
            replacingExisting: true)
    }

    @Test("a broadcast during registration changes tells the subscribers of one registry state: never both versions, never none")
    func broadcastsSeeOneSnapshot() async throws {
        let mediator = Mediator()
        try mediator.subscribe("Steady", priority: 1)
        try Self.registerSwap(0, on: mediator)
        let problems = Locked<[String]>([])
        await withTaskGroup(of: Void.self) { group in
            group.addTask {
                for round in 1...Self.rounds {
                    do {
                        try Self.registerSwap(round % 2, on: mediator)
                        if round.isMultiple(of: 3) { mediator.unregister("Extra") } else { try? mediator.subscribe("Extra") }
                    } catch {
                        problems.withLock { $0.append("registering: \(error)") }
                    }
                }
            }
            for worker in 0..<Self.workers {
                group.addTask {
                    for _ in 0..<Self.rounds {
                        let trace = Trace()
                        do {
                            let report =
                                worker.isMultiple(of: 2)
                                ? try mediator.broadcast(TestEvents.launch, trace)
                                : try await mediator.broadcastAsync(TestEvents.launch, trace)
                            let swaps = trace.all.filter { $0.hasPrefix("Swap") }
                            let extras = trace.all.filter { $0 == "Extra" }
                            if trace.all.first != "Steady" || swaps.count != 1 || extras.count > 1 || !report.succeeded
                                || report.reached.count != trace.all.count
                            {
                                problems.withLock { $0.append("\(report) with \(trace)") }
                            }
                        } catch {
                            problems.withLock { $0.append("broadcast: \(error)") }
                        }
                    }
                }
            }
        }
        #expect(problems.withLock { $0 } == [])
    }

    @Test("concurrent broadcasts to a caching target make one instance and tell it every time")
    func concurrentBroadcastsShareOneInstance() async throws {
        let probe = Probe()
        try await probe.run {
            let mediator = Mediator()
            try mediator.register(KeptSubscriber())
            let traces = await withTaskGroup(of: [String].self) { group in
                for _ in 0..<Self.workers {
                    group.addTask {
                        var seen: [String] = []
                        for _ in 0..<50 {
                            let trace = Trace()
                            _ = try? mediator.broadcast(TestEvents.launch, trace)
                            seen += trace.all
                        }
                        return seen
                    }
                }
                return await group.reduce(into: []) { $0 += $1 }
            }
            #expect(traces.count == Self.workers * 50)
            #expect(Set(traces) == ["Kept#1"])
            #expect(probe.instancesCreated == 1)
        }
    }
}
