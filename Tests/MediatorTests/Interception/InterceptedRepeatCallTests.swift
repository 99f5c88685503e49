import Mediator
import MediatorTesting
import Testing

/// Counts how often a ``CountedQuery``'s parameters are built.
private final class Reads: Sendable {
    private let count = Locked(0)
    var total: Int { count.withLock { $0 } }
    func record() { count.withLock { $0 += 1 } }
}

/// An input whose parameters count each time they are built.
private struct CountedQuery: MediatorInput, CustomReflectable {
    /// Where the reads of the current task's calls are counted.
    @TaskLocal static var reads: Reads?
    @Parameter var id: Int
    init() {}
    init(id: Int) { self.id = id }
    // The mediator reads an input's values by name through its mirror: this one counts each read.
    var customMirror: Mirror {
        Self.reads?.record()
        return Mirror(self, children: ["_id": _id])
    }
}

private enum Repeats {
    static let double = ActionContract<CountedQuery, Int>("double", on: "Repeats")
    static let triple = ActionContract<CountedQuery, Int>("triple", on: "Repeats")
    static let busy = ActionContract<NoInput, Duration>("busy", on: "Repeats")
}

private struct RepeatsTarget: MediatorTarget {
    static let targetName = "Repeats"
    static let actions: [MediatorAction<Self>] = [
        MediatorAction(Repeats.double) { _, input in input.id * 2 },
        MediatorAction(Repeats.triple) { _, input in input.id * 3 },
        // Busy for at least 2 ms, and answers how long it measured itself.
        MediatorAction(Repeats.busy) { _, _ in
            let start = ContinuousClock.now
            while ContinuousClock.now - start < .milliseconds(2) {}
            return ContinuousClock.now - start
        },
        MediatorAction("show", parameters: ItemID.self, exposure: .remote, urlPatterns: ["/show/:id"]) {
            _, parameters in try parameters.value("id", as: Int.self)
        },
    ]
}

/// The durations an interceptor observed, in order.
private final class Durations: MediatorInterceptor {
    private let observed = Locked<[Duration]>([])
    var all: [Duration] { observed.withLock { $0 } }
    func callDidFinish(_ call: MediatorCall, outcome: MediatorCall.Outcome, duration: Duration) {
        observed.withLock { $0.append(duration) }
    }
}

/// What every interceptor saw and observed, in order.
private final class Seen: Sendable {
    private let entries = Locked<[String]>([])
    var all: [String] { entries.withLock { $0 } }
    func append(_ entry: String) { entries.withLock { $0.append(entry) } }
}

/// Decides with `decide` and records what it saw and observed; reads parameters only if asked to.
private struct Recorder: MediatorInterceptor {
    let name: String
    let seen: Seen
    var readsParameters = false
    var decide: @Sendable (MediatorCall) -> MediatorCall.Decision = { _ in .proceed }
    func intercept(_ call: MediatorCall) throws -> MediatorCall.Decision {
        let parameters = readsParameters ? " \(call.parameters.values.keys.sorted())" : ""
        seen.append("\(name) sees \(call)\(parameters)")
        return decide(call)
    }
    func callDidFinish(_ call: MediatorCall, outcome: MediatorCall.Outcome, duration: Duration) {
        seen.append("\(name) finished \(call) \(outcome.isSuccess ? "ok" : "failed")")
    }
}

/// A call repeated on one thread, once its binding is resolved there, passes the interceptors as
/// the first one did: the same decisions, the same observations, and its parameters built only
/// when an interceptor reads them.
@Suite("Interceptors on repeated calls")
struct InterceptedRepeatCallTests {
    private func mediator(_ interceptors: [any MediatorInterceptor]) throws -> Mediator {
        let mediator = Mediator()
        mediator.registerScheme("app")
        try mediator.register(RepeatsTarget())
        mediator.configure { $0.interceptors = interceptors }
        return mediator
    }

    @Test("an interceptor that reads only names never causes a typed input's parameters to be built")
    func parametersNotBuilt() throws {
        let seen = Seen()
        let mediator = try mediator([Recorder(name: "a", seen: seen)])
        let reads = Reads()
        _ = CountedQuery.schema  // The declaration is read once per process: before counting, so only calls count.
        try CountedQuery.$reads.withValue(reads) { () throws in
            for id in 1...3 { #expect(try mediator.call(Repeats.double, with: CountedQuery(id: id)) == id * 2) }
        }
        #expect(reads.total == 0)
        #expect(seen.all.filter { $0 == "a finished Repeats.double ok" }.count == 3)
    }

    @Test("an interceptor that reads parameters sees them, on every call")
    func parametersBuiltWhenRead() throws {
        let seen = Seen()
        let mediator = try mediator([Recorder(name: "a", seen: seen, readsParameters: true)])
        let reads = Reads()
        _ = CountedQuery.schema  // The declaration is read once per process: before counting, so only calls count.
        try CountedQuery.$reads.withValue(reads) { () throws in
            for _ in 1...2 { _ = try mediator.call(Repeats.double, with: CountedQuery(id: 4)) }
        }
        for _ in 1...2 { _ = try mediator.perform("show", on: "Repeats", with: ["id": 5]) }
        for _ in 1...2 { _ = try mediator.open("app://show/6?ref=push") }
        #expect(reads.total == 2)
        #expect(seen.all.filter { $0 == #"a sees Repeats.double ["id"]"# }.count == 2)
        #expect(seen.all.filter { $0 == #"a sees Repeats.show ["id"]"# }.count == 2)
        #expect(seen.all.filter { $0 == #"a sees Repeats.show (remote) ["id", "ref"]"# }.count == 2)
    }

    @Test("a rejection after interceptors that proceeded ends the call, and each observes it once")
    func rejectionAfterProceeding() throws {
        let seen = Seen()
        let mediator = try mediator([
            Recorder(name: "a", seen: seen),
            Recorder(name: "b", seen: seen) { $0.source == .remote ? .reject(reason: "no links") : .proceed },
        ])
        for _ in 1...3 {
            let error = expectMediatorError(.rejected) { try mediator.open("app://show/6") }
            #expect(error?.action == "show")
            #expect(
                seen.all.suffix(4) == [
                    "a sees Repeats.show (remote)", "b sees Repeats.show (remote)",
                    "a finished Repeats.show (remote) failed", "b finished Repeats.show (remote) failed",
                ])
        }
        #expect(seen.all.count == 12)
    }

    @Test("a redirect on a repeated typed call reaches the other action, and the result is typed")
    func redirectOnRepeat() throws {
        let seen = Seen()
        let mediator = try mediator([
            Recorder(name: "a", seen: seen) { $0.action == "double" ? .redirect(target: "Repeats", action: "triple") : .proceed }
        ])
        for _ in 1...3 { #expect(try mediator.call(Repeats.double, with: CountedQuery(id: 2)) == 6) }
        #expect(seen.all.filter { $0 == "a finished Repeats.triple ok" }.count == 3)
    }

    @Test("a hold on an open gate lets a repeated call through; on a closed gate it holds it")
    func holdOnRepeat() throws {
        let seen = Seen()
        let mediator = try mediator([Recorder(name: "a", seen: seen) { _ in .hold(until: "login") }])
        mediator.gates.open("login")
        for id in 1...3 { #expect(try mediator.perform("show", on: "Repeats", with: ["id": id], as: Int.self) == id) }
        for _ in 1...2 { #expect(try mediator.open("app://show/7", as: Int.self) == 7) }
        mediator.gates.close("login")
        let error = expectMediatorError(.held) { try mediator.perform("show", on: "Repeats", with: ["id": 1]) }
        #expect(error?.hold != nil)
        #expect(mediator.gates.heldCalls.count == 1)
        #expect(mediator.gates.cancelHeldCalls() == 1)
    }

    @Test("each door follows the gate as it opens, closes and opens again, and a gate the interceptor closes itself")
    func holdFollowsTheGate() throws {
        let seen = Seen()
        let mediator = try mediator([Recorder(name: "a", seen: seen) { _ in .hold(until: "login") }])
        // Every door, twice: the second call of each takes the short way with this thread's copy of the gates.
        func everyDoorProceeds(_ id: Int) throws {
            for _ in 1...2 {
                #expect(try mediator.call(Repeats.double, with: CountedQuery(id: id)) == id * 2)
                #expect(try mediator.perform("show", on: "Repeats", with: ["id": id], as: Int.self) == id)
                #expect(try mediator.open("app://show/\(id)", as: Int.self) == id)
            }
        }
        func everyDoorIsHeld() {
            expectMediatorError(.held) { try mediator.call(Repeats.double, with: CountedQuery(id: 1)) }
            expectMediatorError(.held) { try mediator.perform("show", on: "Repeats", with: ["id": 1]) }
            expectMediatorError(.held) { try mediator.open("app://show/1") }
            #expect(mediator.gates.cancelHeldCalls() == 3)
        }
        mediator.gates.open("login")
        try everyDoorProceeds(1)
        mediator.gates.close("login")
        everyDoorIsHeld()
        everyDoorIsHeld()
        mediator.gates.open("login")
        try everyDoorProceeds(2)
        // A gate with the same name in another Unicode form is the same gate.
        let decomposed = try self.mediator([Recorder(name: "b", seen: seen) { _ in .hold(until: "cafe\u{301}") }])
        decomposed.gates.open("caf\u{E9}")
        for _ in 1...2 { #expect(try decomposed.perform("show", on: "Repeats", with: ["id": 3], as: Int.self) == 3) }
        // An interceptor that closes the gate while deciding holds its own call on it: the change is seen at once.
        let closing = try self.mediator([])
        let (gates, closeNext) = (closing.gates, Locked(false))
        closing.configure {
            $0.interceptors = [
                Recorder(name: "c", seen: seen) { _ in
                    if closeNext.withLock({ $0 }) { gates.close("login") }
                    return .hold(until: "login")
                }
            ]
        }
        closing.gates.open("login")
        for _ in 1...2 { #expect(try closing.perform("show", on: "Repeats", with: ["id": 4], as: Int.self) == 4) }
        closeNext.withLock { $0 = true }
        expectMediatorError(.held) { try closing.perform("show", on: "Repeats", with: ["id": 4]) }
        #expect(closing.gates.cancelHeldCalls() == 1)
    }

    @Test("the duration observers receive covers the handler's own time, on the first call and on repeats")
    func durationCoversTheHandler() throws {
        let durations = Durations()
        let mediator = try mediator([durations])
        var measured: [Duration] = []
        for _ in 1...3 { measured.append(try mediator.call(Repeats.busy)) }
        #expect(durations.all.count == 3)
        for (observed, inside) in zip(durations.all, measured) {
            #expect(observed >= inside)
            #expect(observed < .seconds(60))
        }
    }
}

/// The id the "show" action answers.
private struct ItemID: MediatorInput {
    @Parameter var id: Int
}
