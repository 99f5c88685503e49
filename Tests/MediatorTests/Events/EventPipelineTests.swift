import Mediator
import MediatorTesting
import Testing

/// The event a module subscribes to, declared local where it registers its subscription.
private let logoutAsDeclared = MediatorEvent<Trace>("logout")
/// The same event (name and payload type) as a broadcaster might pass it, claiming it is remote.
private let logoutClaimedRemote = MediatorEvent<Trace>("logout", exposure: .remote)
/// The same event declared remote, as another module subscribes to it.
private let logoutDeclaredRemote = MediatorEvent<Trace>("logout", exposure: .remote)

/// Lets every call and broadcast proceed, as an analytics interceptor does.
private struct Proceeding: MediatorInterceptor {
    func intercept(_ call: MediatorCall) throws -> MediatorCall.Decision { .proceed }
}

/// Holds every broadcast on a gate, as a login interceptor would.
private struct HoldingBroadcasts: MediatorInterceptor {
    let gate: Mediator.Gate
    func intercept(_ call: MediatorCall) throws -> MediatorCall.Decision {
        call.isBroadcast ? .hold(until: gate) : .proceed
    }
}

/// The doors that broadcast with a source, each run with and without an interceptor installed (the
/// pipeline's two drivers), so a rule proven here holds on every path into delivery.
enum BroadcastDoor: String, CaseIterable, Sendable {
    case sync, async

    func broadcast(_ mediator: Mediator, _ event: MediatorEvent<Trace>, _ trace: Trace) async throws -> MediatorBroadcastReport {
        switch self {
        case .sync: try mediator.broadcast(event, trace, source: .remote)
        case .async: try await mediator.broadcastAsync(event, trace, source: .remote)
        }
    }
}

@Suite("Events pass the one pipeline: remote policy on the registered declaration, admission, holds")
struct EventPipelineTests {
    @Test(
        "a caller's event value never widens what the registered subscription allows",
        arguments: BroadcastDoor.allCases, [false, true])
    func callerExposureNeverWidens(door: BroadcastDoor, intercepted: Bool) async throws {
        let mediator = Mediator()
        if intercepted { mediator.configure { $0.interceptors.append(Proceeding()) } }
        try mediator.register(
            targetNamed: "Session", actions: [],
            subscriptions: [MediatorSubscription(logoutAsDeclared) { _, trace in trace.append("Session") }])
        let trace = Trace()
        let error = await expectMediatorError(.remoteCallNotAllowed) {
            try await door.broadcast(mediator, logoutClaimedRemote, trace)
        }
        #expect(trace.all.isEmpty)
        #expect(error?.action == "logout")
        // The same broadcast made locally still reaches it: the refusal is the remote rule's.
        try mediator.broadcast(logoutClaimedRemote, trace)
        #expect(trace.all == ["Session"])
    }

    @Test(
        "a remote broadcast tells only subscriptions declared remote; a local one is listed as refused",
        arguments: BroadcastDoor.allCases, [false, true])
    func mixedDeclarations(door: BroadcastDoor, intercepted: Bool) async throws {
        let mediator = Mediator()
        if intercepted { mediator.configure { $0.interceptors.append(Proceeding()) } }
        try mediator.register(
            targetNamed: "Local", actions: [],
            subscriptions: [MediatorSubscription(logoutAsDeclared) { _, trace in trace.append("Local") }])
        try mediator.register(
            targetNamed: "Remote", actions: [],
            subscriptions: [MediatorSubscription(logoutDeclaredRemote) { _, trace in trace.append("Remote") }])
        let trace = Trace()
        let report = try await door.broadcast(mediator, logoutClaimedRemote, trace)
        #expect(trace.all == ["Remote"])
        #expect(report.failures.map(\.target) == ["Local"])
        #expect((report.failures.first?.underlyingError as? MediatorError)?.code == .remoteCallNotAllowed)
    }

    @Test("a broadcaster's local value narrows: a remote broadcast of it is refused even where subscribers are remote")
    func callerExposureNarrows() async throws {
        let mediator = Mediator()
        try mediator.register(
            targetNamed: "Remote", actions: [],
            subscriptions: [MediatorSubscription(logoutDeclaredRemote) { _, trace in trace.append("Remote") }])
        let trace = Trace()
        expectMediatorError(.remoteCallNotAllowed) { try mediator.broadcast(logoutAsDeclared, trace, source: .remote) }
        #expect(trace.all.isEmpty)
    }

    @Test("a remote broadcast at cold start is held like any remote call and delivered once when ready opens")
    func remoteBroadcastAtColdStart() async throws {
        let mediator = Mediator()
        mediator.gates.close(.ready)
        try mediator.register(
            targetNamed: "Inbox", actions: [],
            subscriptions: [MediatorSubscription(TestEvents.push) { _, trace in trace.append("Inbox") }])
        let trace = Trace()
        let error = expectMediatorError(.held) { try mediator.broadcast(TestEvents.push, trace, source: .remote) }
        let hold = try #require(error?.hold)
        #expect(hold.call.isBroadcast && hold.call.action == "push")
        // A local broadcast is not held at cold start.
        try mediator.broadcast(TestEvents.push, trace)
        #expect(trace.all == ["Inbox"])
        mediator.gates.open(.ready)
        let report = try #require(try await hold.value() as? MediatorBroadcastReport)
        #expect(report.reached == ["Inbox"])
        #expect(trace.all == ["Inbox", "Inbox"])
    }

    @Test("a held remote broadcast is judged again when it continues: a subscription now local is refused")
    func continuedBroadcastIsJudgedAgain() async throws {
        let mediator = Mediator()
        mediator.gates.close(.ready)
        try mediator.register(
            targetNamed: "Inbox", actions: [],
            subscriptions: [MediatorSubscription(logoutDeclaredRemote) { _, trace in trace.append("Inbox") }])
        let trace = Trace()
        let hold = try #require(
            expectMediatorError(.held) { try mediator.broadcast(logoutClaimedRemote, trace, source: .remote) }?.hold)
        // Before ready opens, the module registers again with the subscription declared local.
        try mediator.register(
            targetNamed: "Inbox", actions: [],
            subscriptions: [MediatorSubscription(logoutAsDeclared) { _, trace in trace.append("Inbox") }],
            replacingExisting: true)
        mediator.gates.open(.ready)
        await expectMediatorError(.remoteCallNotAllowed) { _ = try await hold.value() }
        #expect(trace.all.isEmpty)
    }

    @Test("an interceptor may hold a broadcast on a gate; it continues once, through the interceptors again")
    func interceptorHoldsBroadcast() async throws {
        let mediator = Mediator()
        let login = Mediator.Gate("login")
        mediator.configure { $0.interceptors.append(HoldingBroadcasts(gate: login)) }
        try mediator.subscribe("A")
        let trace = Trace()
        let hold = try #require(expectMediatorError(.held) { try mediator.broadcast(TestEvents.launch, trace) }?.hold)
        #expect(trace.all.isEmpty)
        #expect(mediator.gates.heldCalls.map(\.id) == [hold.id])
        mediator.gates.open(login)
        let report = try #require(try await hold.value() as? MediatorBroadcastReport)
        #expect(report.reached == ["A"])
        #expect(trace.all == ["A"])
    }

    @Test("a subscriber's handler error is reported as it threw it, with the subscriber's calling-rule errors")
    func subscriberFailuresKeepTheirErrors() async throws {
        let mediator = Mediator()
        try mediator.register(
            targetNamed: "Slow", actions: [],
            subscriptions: [MediatorSubscription(TestEvents.launch) { _, _ in await Task.yield() }])
        try mediator.subscribe("Failing", failing: FixtureError.boom)
        let report = try mediator.broadcast(TestEvents.launch, Trace())
        #expect(report.failures.map(\.target) == ["Slow", "Failing"])
        #expect((report.failures[0].underlyingError as? MediatorError)?.code == .asyncActionCalledSynchronously)
        #expect("\(report.failures[0].underlyingError.map { "\($0)" } ?? "")".contains("broadcastAsync"))
        #expect(report.failures[1].underlyingError as? FixtureError == .boom)
    }

    @Test("a repeated local broadcast (the bound list, no interceptor) reports as the first one did, awaited or not")
    @MainActor
    func repeatedBroadcastReportsTheSame() async throws {
        let mediator = Mediator()
        try mediator.register(
            targetNamed: "Mixed", actions: [],
            subscriptions: [
                MediatorSubscription(TestEvents.launch) { _, trace in trace.append("sync") },
                MediatorSubscription(TestEvents.launch) { _, trace in
                    await Task.yield()
                    trace.append("async")
                },
                .onMainActor(TestEvents.launch) { _, trace in trace.append("main") },
            ])
        try mediator.subscribe("Failing", failing: FixtureError.boom)
        let codes = { (report: MediatorBroadcastReport) in
            report.failures.map { failure in
                (failure.underlyingError as? MediatorError)?.code.description
                    ?? "\(failure.underlyingError.map { "\($0)" } ?? "")"
            }
        }
        let trace = Trace()
        let first = try mediator.broadcast(TestEvents.launch, trace)
        let second = try mediator.broadcast(TestEvents.launch, trace)
        #expect(first.reached == second.reached && codes(first) == codes(second))
        #expect(codes(second) == ["asyncActionCalledSynchronously", "boom"])
        #expect(trace.all == ["sync", "main", "Failing", "sync", "main", "Failing"])
        let awaited = try await mediator.broadcastAsync(TestEvents.launch, trace)
        let again = try await mediator.broadcastAsync(TestEvents.launch, trace)
        #expect(codes(awaited) == ["boom"] && codes(again) == ["boom"])
        #expect(trace.all.suffix(8) == ["sync", "async", "main", "Failing", "sync", "async", "main", "Failing"])
    }
}
