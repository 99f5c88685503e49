import Mediator
import MediatorTestSupport
import Testing

/// Counts the calls it sees, so a test can tell which interceptors are installed.
private final class Counting: MediatorInterceptor {
    let seen = Counter()
    func intercept(_ call: MediatorCall) throws -> MediatorCall.Decision {
        _ = seen.increment()
        return .proceed
    }
}

private struct Echo: MediatorTarget {
    static let targetName = "Echo"
    static let actions: [MediatorAction<Echo>] = [MediatorAction("ping") { _, _ in "pong" }]
}

private struct Refusal: Error {}

@Suite("Settings: read and changed as one value")
struct SettingsTests {
    @Test("a change made with configure is seen by the next call, and the settings read back what was set")
    func changeIsSeenByTheNextCall() throws {
        let mediator = Mediator()
        try mediator.register(Echo())
        let counting = Counting()
        mediator.configure { settings in
            settings.interceptors.append(counting)
            settings.interceptorTimeout = .seconds(3)
            settings.urlOptions.decodesPlusAsSpace = true
        }
        _ = try mediator.perform("ping", on: "Echo")
        #expect(counting.seen.value == 1)
        let settings = mediator.settings
        #expect(settings.interceptors.count == 1)
        #expect(settings.interceptorTimeout == .seconds(3))
        #expect(settings.urlOptions.decodesPlusAsSpace)
        mediator.configure { $0.interceptors.removeAll() }
        _ = try mediator.perform("ping", on: "Echo")
        #expect(counting.seen.value == 1)
    }

    @Test("a change that throws changes nothing")
    func throwingChangeChangesNothing() throws {
        let mediator = Mediator()
        #expect(throws: Refusal.self) {
            try mediator.configure { settings in
                settings.interceptors.append(Counting())
                settings.holdPolicy.capacity = 1
                throw Refusal()
            }
        }
        #expect(mediator.settings.interceptors.isEmpty)
        #expect(mediator.settings.holdPolicy == Mediator.HoldPolicy())
    }

    @Test("limits are enforced when the settings are applied, however the values were set")
    func limitsHoldWhenApplied() {
        let mediator = Mediator()
        mediator.configure { settings in
            settings.interceptorTimeout = .seconds(-5)
            settings.holdPolicy.capacity = 50_000
            settings.holdPolicy.maximumAge = .seconds(-1)
        }
        #expect(mediator.settings.interceptorTimeout == .zero)
        #expect(mediator.settings.holdPolicy.capacity == Mediator.HoldPolicy.maximumCapacity)
        #expect(mediator.settings.holdPolicy.maximumAge == .zero)
    }

    @Test("concurrent changes are none of them lost: each is applied to the settings the other left")
    func concurrentChangesAreNotLost() {
        let mediator = Mediator()
        let threads = 8
        let rounds = 50
        let workers = (0..<threads).map { _ in
            Worker {
                for _ in 0..<rounds {
                    mediator.configure { $0.interceptors.append(Counting()) }
                }
            }
        }
        for worker in workers { #expect(worker.join(within: .seconds(60))) }
        #expect(mediator.settings.interceptors.count == threads * rounds)
    }
}
