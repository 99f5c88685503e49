import Mediator
import MediatorPublishing
import MediatorTesting
import Testing

@Suite("Events: delivery order, failures, handler kinds and instances")
struct EventDeliveryTests {
    @Test("subscribers are told by priority, then registration order, then declaration order")
    func deliveryOrder() throws {
        let mediator = Mediator()
        try mediator.subscribe("A")
        try mediator.subscribe("B", priority: 5)
        try mediator.register(
            targetNamed: "C", actions: [],
            subscriptions: [
                MediatorSubscription(TestEvents.launch) { _, trace in trace.append("C1") },
                MediatorSubscription(TestEvents.launch) { _, trace in trace.append("C2") },
            ])
        try mediator.subscribe("D", priority: -1)
        try mediator.subscribe("E", priority: 5)
        let trace = Trace()
        let report = try mediator.broadcast(TestEvents.launch, trace)
        #expect(trace.all == ["B", "E", "A", "C1", "C2", "D"])
        #expect(report.reached == ["B", "E", "A", "C", "C", "D"])
        #expect(report.succeeded)
        #expect(mediator.catalog().event(named: "launch")?.subscribers == ["B", "E", "A", "C", "C", "D"])
    }

    @Test("an event nobody subscribes to reaches no one and succeeds")
    func noSubscribers() throws {
        let mediator = Mediator()
        try mediator.subscribe("A", to: TestEvents.push)
        let report = try mediator.broadcast(TestEvents.launch, Trace())
        #expect(report.reached.isEmpty && report.skipped.isEmpty && report.succeeded)
        #expect(report.description == "launch reached no subscriber")
    }

    @Test("a subscriber that throws does not stop the others; the report names each failed target and its error")
    func oneFailureDoesNotStopTheOthers() throws {
        let mediator = Mediator()
        try mediator.subscribe("A", failing: FixtureError.boom)
        try mediator.subscribe("B")
        try mediator.subscribe("C", failing: FixtureError.other("disk full"))
        let trace = Trace()
        let report = try mediator.broadcast(TestEvents.launch, trace)
        #expect(trace.all == ["A", "B", "C"])
        #expect(report.reached == ["A", "B", "C"])
        #expect(report.failures.map(\.target) == ["A", "C"])
        #expect(report.failures.map { $0.underlyingError as? FixtureError } == [.boom, .other("disk full")])
        #expect(report.failures.allSatisfy { $0.code == .handlerFailed && $0.action == "launch" })
        #expect(report.failures.map(\.description) == [#"A.launch failed: boom."#, #"C.launch failed: other("disk full")."#])
        #expect(!report.succeeded)
        let error = expectMediatorError(.broadcastFailed) { try report.throwIfFailed() }
        #expect(error?.problems == ["A: boom", "C: other(\"disk full\")"])
        #expect(error?.underlyingError as? FixtureError == .boom)
        #expect(error?.description == #"2 subscriber(s) of "launch" failed: A: boom; C: other("disk full")."#)
    }

    @Test("an event without a payload is broadcast without one")
    func voidEvent() async throws {
        let mediator = Mediator()
        let ticks = Locked(0)
        try mediator.register(
            targetNamed: "Clock", actions: [],
            subscriptions: [MediatorSubscription(TestEvents.tick) { _, _ in ticks.withLock { $0 += 1 } }])
        try mediator.broadcast(TestEvents.tick)
        try await mediator.broadcastAsync(TestEvents.tick)
        #expect(ticks.withLock { $0 } == 2)
        #expect(mediator.catalog().event(named: "tick")?.payload == "Void")
    }

    @Test("two events with one name and different payload types are different events")
    func payloadTypeIsPartOfTheEvent() throws {
        let mediator = Mediator()
        let other = MediatorEvent<Int>("launch")
        let numbers = Locked<[Int]>([])
        try mediator.register(
            targetNamed: "Numbers", actions: [],
            subscriptions: [MediatorSubscription(other) { _, number in numbers.withLock { $0.append(number) } }])
        try mediator.subscribe("Traced")
        let trace = Trace()
        #expect(try mediator.broadcast(TestEvents.launch, trace).reached == ["Traced"])
        #expect(try mediator.broadcast(other, 7).reached == ["Numbers"])
        #expect(numbers.withLock { $0 } == [7] && trace.all == ["Traced"])
    }

    // MARK: Handler kinds

    private static func registerEveryKind(on mediator: Mediator) throws {
        try mediator.register(
            targetNamed: "Kinds", actions: [],
            subscriptions: [
                MediatorSubscription(TestEvents.launch) { _, trace in trace.append("sync") },
                MediatorSubscription(TestEvents.launch) { _, trace in
                    await Task.yield()
                    trace.append("async")
                },
                .onMainActor(TestEvents.launch) { _, trace in
                    MainActor.assertIsolated()
                    trace.append("main")
                },
            ])
    }

    @Test("an awaited broadcast runs synchronous, asynchronous and main-actor subscribers, in order")
    func awaitedBroadcastRunsEveryKind() async throws {
        let mediator = Mediator()
        try Self.registerEveryKind(on: mediator)
        let trace = Trace()
        let report = try await mediator.broadcastAsync(TestEvents.launch, trace)
        #expect(trace.all == ["sync", "async", "main"])
        #expect(report.succeeded)
    }

    @Test("a synchronous broadcast off the main actor runs synchronous subscribers and reports the others")
    func synchronousBroadcastOffTheMainActor() throws {
        let mediator = Mediator()
        try Self.registerEveryKind(on: mediator)
        let trace = Trace()
        let report = try mediator.broadcast(TestEvents.launch, trace)
        #expect(trace.all == ["sync"])
        let codes = report.failures.map { ($0.underlyingError as? MediatorError)?.code }
        #expect(codes == [.asyncActionCalledSynchronously, .mainActorRequired])
        #expect(
            "\(report.failures[0].underlyingError.map { "\($0)" } ?? "")"
                == #"Kinds handles "launch" asynchronously; broadcast the event with try await mediator.broadcastAsync(_:_:) to reach it."#
        )
    }

    @MainActor
    @Test("a synchronous broadcast from the main actor runs main-actor subscribers inline")
    func synchronousBroadcastOnTheMainActor() throws {
        let mediator = Mediator()
        try Self.registerEveryKind(on: mediator)
        let trace = Trace()
        let report = try mediator.broadcast(TestEvents.launch, trace)
        #expect(trace.all == ["sync", "main"])
        #expect(report.failures.map(\.target) == ["Kinds"])
    }

    // MARK: Instances

    @Test("an event that makes instances makes a caching target's instance once, and a fresh one per delivery otherwise")
    func makingInstances() throws {
        let probe = Probe()
        try probe.run {
            let mediator = Mediator()
            try mediator.register(KeptSubscriber())
            try mediator.register(FreshSubscriber())
            let first = Trace()
            try mediator.broadcast(TestEvents.launch, first)
            let second = Trace()
            try mediator.broadcast(TestEvents.launch, second)
            #expect(first.all == ["Kept#1", "Fresh#2"])
            #expect(second.all == ["Kept#1", "Fresh#3"])
            #expect(try mediator.perform("serial", on: "Kept", as: Int.self) == 1)
        }
    }

    @Test("an event for existing instances skips targets without one, and makes none")
    func existingInstancesOnly() throws {
        let probe = Probe()
        try probe.run {
            let mediator = Mediator()
            try mediator.register(KeptSubscriber())
            try mediator.register(FreshSubscriber())
            try mediator.subscribe("Values", to: TestEvents.lowMemory)
            let before = Trace()
            let skipped = try mediator.broadcast(TestEvents.lowMemory, before)
            #expect(before.all == ["Values"])
            #expect(skipped.reached == ["Values"] && skipped.skipped == ["Kept", "FreshSubscriber"])
            #expect(probe.instancesCreated == 0)

            #expect(try mediator.perform("serial", on: "Kept", as: Int.self) == 1)
            let after = Trace()
            let reached = try mediator.broadcast(TestEvents.lowMemory, after)
            #expect(after.all == ["Kept#1", "Values"])
            #expect(reached.skipped == ["FreshSubscriber"])

            mediator.releaseCachedInstances()
            let released = Trace()
            #expect(try mediator.broadcast(TestEvents.lowMemory, released).skipped == ["Kept", "FreshSubscriber"])
            #expect(probe.instancesCreated == 1)
        }
    }

    @Test("a subscription can ask not to be made for an event that makes instances")
    func subscriptionOverridesDelivery() throws {
        let probe = Probe()
        try probe.run {
            let mediator = Mediator()
            try mediator.register(LazySubscriber())
            let trace = Trace()
            #expect(try mediator.broadcast(TestEvents.launch, trace).skipped == ["Lazy"])
            #expect(probe.instancesCreated == 0)
            _ = try mediator.perform("start", on: "Lazy")
            try mediator.broadcast(TestEvents.launch, trace)
            #expect(trace.all == ["Lazy"])
            let subscription = mediator.catalog().target(named: "Lazy")?.subscriptions.first
            #expect(subscription?.delivery == .existingInstancesOnly)
        }
    }

    @Test("a factory cycle while making a subscriber's instance is that subscriber's failure, not the broadcast's")
    func factoryFailureIsReported() throws {
        let mediator = Mediator()
        try mediator.register { mediator in CycleSubscriber(mediator: mediator) }
        try mediator.subscribe("After")
        // Making Cycle's instance broadcasts launch, which must tell Cycle: the instance it is making.
        _ = try mediator.perform("ping", on: "Cycle")
        let report = try #require(CycleSubscriber.innerReport.withLock { $0 })
        #expect(report.reached == ["After"])
        #expect(report.failures.map(\.target) == ["Cycle"])
        #expect((report.failures.first?.underlyingError as? MediatorError)?.code == .factoryCycle)
        #expect(report.failures.first?.cause(.factoryCycle) != nil)
    }
}

/// A caching target whose factory broadcasts an event it subscribes to, so telling it needs the
/// instance being made: a factory cycle.
private struct CycleSubscriber: MediatorTarget {
    static let targetName = "Cycle"
    static let cachesInstance = true
    static let innerReport = Locked<MediatorBroadcastReport?>(nil)
    static let actions: [MediatorAction<Self>] = [MediatorAction("ping") { _, _ in true }]
    static let subscriptions: [MediatorSubscription<Self>] = [
        MediatorSubscription(TestEvents.launch) { _, trace in trace.append("Cycle") }
    ]
    init(mediator: Mediator) {
        let report = try? mediator.broadcast(TestEvents.launch, Trace())
        Self.innerReport.withLock { $0 = report }
    }
}
