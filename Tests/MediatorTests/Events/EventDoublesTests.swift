import Foundation
import Mediator
import MediatorPublishing
import MediatorTesting
import Testing

/// A module's facade, for the contract checks: one action and the events its target subscribes to.
private enum Alarm {
    static let ring = ActionContract<NoInput, Bool>("ring", on: "Alarm")
    static let snooze = MediatorEvent<Int>("snooze")
}

/// A module's target subscribing to two events.
private struct AlarmTarget: MediatorTarget {
    static let targetName = "Alarm"
    static let actions: [MediatorAction<Self>] = [MediatorAction(Alarm.ring) { _, _ in true }]
    static let subscriptions: [MediatorSubscription<Self>] = [
        MediatorSubscription(TestEvents.launch, priority: 3) { _, trace in trace.append("Alarm") },
        .onMainActor(Alarm.snooze) { _, _ in },
    ]
}

@Suite("Events: the catalog and the test doubles")
struct EventDoublesTests {
    @Test("the catalog lists every event with its payload type and subscribers, and each target's subscriptions")
    func catalogListsEvents() throws {
        let mediator = Mediator()
        try mediator.register(AlarmTarget())
        try mediator.subscribe("Values", priority: 7)
        let catalog = mediator.catalog()
        #expect(catalog.events.map(\.name) == ["launch", "snooze"])
        #expect(catalog.event(named: "launch")?.subscribers == ["Values", "Alarm"])
        #expect(catalog.event(named: "launch")?.payload == "Trace")
        #expect(catalog.event(named: "snooze")?.payload == "Int")
        let subscriptions = try #require(catalog.target(named: "Alarm")?.subscriptions)
        #expect(subscriptions.map(\.event) == ["launch", "snooze"])
        #expect(subscriptions.map(\.priority) == [3, 0])
        #expect(subscriptions.map(\.execution) == [.synchronous, .mainActor])
        #expect(subscriptions.map(\.delivery) == [.makingInstances, .makingInstances])
        let json = catalog.jsonString(prettyPrinted: false)
        #expect(
            json.contains(#""events":[{"exposure":"local","name":"launch","payload":"Trace","subscribers":["Values","Alarm"]}"#))
        #expect(try JSONDecoderRoundTrip.decode(json) == catalog)
    }

    @Test("FacadeContract checks subscriptions as it checks actions")
    func facadeContractChecksSubscriptions() throws {
        let mediator = Mediator()
        try mediator.register(AlarmTarget())
        #expect(FacadeContract.problems(on: mediator, contracts: [Alarm.ring], events: [TestEvents.launch, Alarm.snooze]) == [])
        let wrongPayload = MediatorEvent<String>("snooze")
        let unknown = MediatorEvent<Void>("sunrise")
        #expect(
            FacadeContract.problems(on: mediator, contracts: [Alarm.ring], events: [TestEvents.launch, wrongPayload, unknown])
                == [
                    "the target Alarm subscribes to snooze with payload Int, not the event's String",
                    "the target Alarm does not subscribe to the event sunrise",
                ])
        // A subscription the list leaves out (often a shared event) is named with where to add it.
        let addIt = "add it to the events: list (a shared event, such as one of the app's, as well as the module's own)"
        #expect(
            FacadeContract.problems(on: mediator, contracts: [Alarm.ring]) == [
                "the target Alarm subscribes to launch, which the list of events does not name; " + addIt,
                "the target Alarm subscribes to snooze, which the list of events does not name; " + addIt,
            ])
    }

    @Test("a module's suite can broadcast to its own target alone")
    func broadcastToOneTarget() async throws {
        let mediator = Mediator()
        try mediator.register(AlarmTarget())
        try mediator.subscribe("Neighbour", failing: FixtureError.boom)
        let trace = Trace()
        let report = try mediator.broadcast(TestEvents.launch, trace, onlyTo: "Alarm")
        #expect(trace.all == ["Alarm"] && report.reached == ["Alarm"] && report.succeeded)
        #expect(try await mediator.broadcastAsync(Alarm.snooze, 5, onlyTo: "Alarm").reached == ["Alarm"])
        #expect(try mediator.broadcast(TestEvents.launch, Trace(), onlyTo: "Nobody").reached.isEmpty)
        // The whole broadcast still reaches the neighbour afterwards: the filtered one bound nothing for it.
        #expect(try mediator.broadcast(TestEvents.launch, Trace()).reached == ["Alarm", "Neighbour"])
    }

    @Test("BroadcastRecorder records each broadcast's event, payload, source and outcome; CallRecorder ignores them")
    func recordersSeparateBroadcastsFromCalls() async throws {
        let mediator = Mediator()
        let broadcasts = BroadcastRecorder()
        let calls = CallRecorder()
        mediator.configure { $0.interceptors.append(broadcasts) }
        mediator.configure { $0.interceptors.append(calls) }
        try mediator.register(AlarmTarget())
        try mediator.subscribe("Failing", to: TestEvents.push, failing: FixtureError.boom)
        try mediator.call(Alarm.ring)
        try await mediator.broadcastAsync(Alarm.snooze, 10)
        try mediator.broadcast(TestEvents.push, Trace(), source: .remote)
        await expectMediatorError(.remoteCallNotAllowed) { try await mediator.broadcastAsync(Alarm.snooze, 20, source: .remote) }
        #expect(broadcasts.events == ["snooze", "push", "snooze"])
        #expect(broadcasts.payloads(of: Alarm.snooze) == [10, 20])
        #expect(broadcasts.broadcasts.map(\.source) == [.local, .remote, .remote])
        #expect(broadcasts.broadcasts.map(\.outcome.isSuccess) == [true, false, false])
        #expect(calls.calls.map(\.action) == ["ring"])
        #expect(calls.outcomes.count == 1)
        broadcasts.reset()
        #expect(broadcasts.events.isEmpty)
    }
}

/// Decodes a catalog from its JSON, to check the events survive the round trip.
private enum JSONDecoderRoundTrip {
    static func decode(_ json: String) throws -> MediatorCatalog {
        try JSONDecoder().decode(MediatorCatalog.self, from: Data(json.utf8))
    }
}
