import Mediator
import MediatorPublishing
import MediatorTestSupport
import MediatorTesting
import Testing

/// Records every finished call and broadcast, as an analytics interceptor would.
private final class Observer: MediatorInterceptor {
    private let seen = Locked<[(call: MediatorCall, succeeded: Bool, error: MediatorError?)]>([])
    var finished: [(call: MediatorCall, succeeded: Bool, error: MediatorError?)] { seen.withLock { $0 } }
    func callDidFinish(_ call: MediatorCall, outcome: MediatorCall.Outcome, duration: Duration) {
        var error: MediatorError?
        if case .failed(let failure) = outcome { error = failure as? MediatorError }
        let entry = (call, outcome.isSuccess, error)
        seen.withLock { $0.append(entry) }
    }
}

/// Answers every broadcast of one event with a fixed decision.
private struct BroadcastGate: MediatorInterceptor {
    let event: String
    let decision: MediatorCall.Decision
    func intercept(_ call: MediatorCall) throws -> MediatorCall.Decision {
        call.isBroadcast && call.action == event ? decision : .proceed
    }
}

/// Decides asynchronously, rejecting broadcasts of one event.
private struct AsyncBroadcastGate: AsyncMediatorInterceptor {
    let event: String
    func interceptAsync(_ call: MediatorCall) async throws -> MediatorCall.Decision {
        await Task.yield()
        return call.action == event ? .reject(reason: "not now") : .proceed
    }
}

@Suite("Events: the remote rule and interceptors")
struct EventRulesTests {
    @Test("a remote broadcast of a local event is refused before any subscriber runs")
    func remoteBroadcastOfLocalEvent() throws {
        let mediator = Mediator()
        try mediator.subscribe("A")
        let trace = Trace()
        let error = expectMediatorError(.remoteCallNotAllowed) {
            try mediator.broadcast(TestEvents.launch, trace, source: .remote)
        }
        #expect(trace.all.isEmpty)
        #expect(error?.action == "launch" && error?.target == MediatorCall.broadcastTarget)
        #expect(
            error?.description
                == #"The event "launch" is local-only, so a remote broadcast cannot send it; declare it with exposure: .remote to allow that."#
        )
    }

    @Test("a remote broadcast of an event declared remote is delivered, awaited or not")
    func remoteBroadcastOfRemoteEvent() async throws {
        let mediator = Mediator()
        try mediator.subscribe("A", to: TestEvents.push)
        let trace = Trace()
        try mediator.broadcast(TestEvents.push, trace, source: .remote)
        try await mediator.broadcastAsync(TestEvents.push, trace, source: .remote)
        #expect(trace.all == ["A", "A"])
        #expect(mediator.catalog().event(named: "push")?.exposure == .remote)
        await expectMediatorError(.remoteCallNotAllowed) {
            try await mediator.broadcastAsync(TestEvents.launch, trace, source: .remote)
        }
    }

    @Test("interceptors see each broadcast once, as a call to every subscriber, with its payload and outcome")
    func interceptorsSeeBroadcasts() throws {
        let mediator = Mediator()
        let observer = Observer()
        mediator.configure { $0.interceptors.append(observer) }
        try mediator.subscribe("A")
        try mediator.subscribe("B", failing: FixtureError.boom)
        let trace = Trace()
        try mediator.broadcast(TestEvents.launch, trace)
        try mediator.broadcast(TestEvents.push, trace)
        let finished = observer.finished
        #expect(finished.map(\.call.description) == ["*.launch", "*.push"])
        #expect(finished.allSatisfy { $0.call.isBroadcast && $0.call.source == .local })
        #expect(finished.map(\.succeeded) == [false, true])
        #expect(finished[0].error?.code == .broadcastFailed && finished[0].error?.problems == ["B: boom"])
        #expect(finished[0].call.parameters["payload"] as? Trace === trace)
    }

    @Test("a refused remote broadcast is observed with its refusal")
    func refusedBroadcastIsObserved() throws {
        let mediator = Mediator()
        let observer = Observer()
        mediator.configure { $0.interceptors.append(observer) }
        expectMediatorError(.remoteCallNotAllowed) { try mediator.broadcast(TestEvents.launch, Trace(), source: .remote) }
        #expect(observer.finished.map(\.call.source) == [.remote])
        #expect(observer.finished.map { $0.error?.code } == [.remoteCallNotAllowed])
    }

    @Test("an interceptor that rejects a broadcast stops it before any subscriber runs")
    func interceptorRejectsBroadcast() throws {
        let mediator = Mediator()
        mediator.configure {
            $0.interceptors.append(BroadcastGate(event: "launch", decision: .reject(reason: "not during onboarding")))
        }
        try mediator.subscribe("A")
        let trace = Trace()
        let error = expectMediatorError(.rejected) { try mediator.broadcast(TestEvents.launch, trace) }
        #expect(trace.all.isEmpty)
        #expect(
            error?.description == #"The broadcast of "launch" was rejected by BroadcastGate: not during onboarding."#)
    }

    @Test("an interceptor that redirects a broadcast refuses it: a broadcast has no action to redirect")
    func interceptorRedirectsBroadcast() throws {
        let mediator = Mediator()
        mediator.configure {
            $0.interceptors.append(BroadcastGate(event: "launch", decision: .redirect(target: "A", action: "x")))
        }
        try mediator.subscribe("A")
        let trace = Trace()
        let error = expectMediatorError(.rejected) { try mediator.broadcast(TestEvents.launch, trace) }
        #expect(trace.all.isEmpty)
        #expect(error?.interceptor == "BroadcastGate")
        #expect(error?.reason?.contains("a broadcast goes to every subscriber of its event") == true)
    }

    @Test("an asynchronous interceptor decides on awaited broadcasts")
    func asyncInterceptorDecides() async throws {
        let mediator = Mediator()
        // Not a test of the timeout: under ThreadSanitizer on a busy machine the awaited decision
        // has waited longer than the 10 s default for a thread.
        mediator.configure { $0.interceptorTimeout = .seconds(120) }
        mediator.configure { $0.interceptors.append(AsyncBroadcastGate(event: "launch")) }
        try mediator.subscribe("A")
        try mediator.subscribe("P", to: TestEvents.push)
        let trace = Trace()
        await expectMediatorError(.rejected) { try await mediator.broadcastAsync(TestEvents.launch, trace) }
        try await mediator.broadcastAsync(TestEvents.push, trace)
        #expect(trace.all == ["P"])
    }

    @Test("subscribers may call, register and broadcast again: no mediator lock is held while they run")
    func subscribersMayReenter() async throws {
        let mediator = Mediator()
        let observer = Observer()
        mediator.configure { $0.interceptors.append(observer) }
        try mediator.register(
            targetNamed: "Reentrant", actions: [MediatorAction("echo") { _, _ in "echo" }],
            subscriptions: [
                MediatorSubscription(TestEvents.launch) { _, trace in
                    trace.append(try mediator.perform("echo", on: "Reentrant", as: String.self))
                    try mediator.subscribe("Late\(trace.all.count)")
                    try mediator.broadcast(TestEvents.push, trace)
                    _ = mediator.catalog()
                }
            ])
        try mediator.subscribe("Pushed", to: TestEvents.push)
        let trace = Trace()
        // Plain values cross back from the guard's thread: a report holds objects made there, and
        // ThreadSanitizer does not see the continuation that hands them over as synchronization.
        let (succeeded, reached) = try await withDeadlockGuard("a broadcast whose subscriber re-enters the mediator") {
            let report = try mediator.broadcast(TestEvents.launch, trace)
            return (report.succeeded, report.reached == ["Reentrant"])
        }
        #expect(succeeded)
        // The broadcast tells the subscribers of the snapshot it read: not the target registered meanwhile.
        #expect(reached)
        #expect(trace.all == ["echo", "Pushed"])
        #expect(try mediator.broadcast(TestEvents.launch, Trace()).reached.contains("Late1"))
    }
}
