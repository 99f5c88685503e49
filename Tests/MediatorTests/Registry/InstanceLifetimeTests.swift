import Foundation
import Mediator
import MediatorTestSupport
import MediatorTesting
import Testing

/// A target that caches its instance has exactly one, made on first need (an unknown action
/// included), and it does not outlive its mediator.
///
/// Serialized: releasing a mediator is announced process-wide, to every thread's cache.
@Suite("Kept instances are made once and released with their mediator", .serialized)
struct InstanceLifetimeTests {
    @Test(
        "an unknown action on a caching target before its first use makes exactly one instance, which the next call reuses",
        arguments: [true, false])
    func unknownActionBeforeFirstUseMakesOneInstance(answered: Bool) throws {
        let mediator = Mediator()
        let made = Counter()
        try mediator.register(Kept(serial: made.increment()))
        #expect(made.value == 0, "registering made an instance")

        if answered {
            #expect(try mediator.perform("whoAreYou", on: "Kept", as: Int.self) == 1)
        } else {
            let error = expectMediatorError(.actionNotFound) { try mediator.perform("nothing", on: "Kept") }
            #expect(error?.available == ["serial"])
        }
        #expect(made.value == 1)

        #expect(try mediator.perform("serial", on: "Kept", as: Int.self) == 1)
        #expect(try mediator.perform("serial", on: "Kept", as: Int.self) == 1)
        #expect(made.value == 1)
    }

    @Test("a released mediator releases its kept target instance, at the latest when this thread next calls another mediator")
    func releasedMediatorReleasesKeptInstance() throws {
        let released = Counter()
        var mediator: Mediator? = Mediator()
        try mediator?.register(Holder(sentinel: Sentinel(counting: released)))
        #expect(try mediator?.perform("ping", on: "Holder", as: String.self) == "pong")
        #expect(try mediator?.perform("ping", on: "Holder", as: String.self) == "pong")
        #expect(released.value == 0, "the kept instance was released while its mediator lives")

        mediator = nil
        #expect(try callAnotherMediator() == "pong")
        #expect(released.value == 1)
    }

    @Test("a released mediator releases an instance another thread used, at the latest when that thread calls another mediator")
    func releasedMediatorReleasesInstanceUsedOnAnotherThread() throws {
        let released = Counter()
        let holder = MediatorHolder(Mediator())
        try holder.mediator?.register(Holder(sentinel: Sentinel(counting: released)))
        let called = DispatchSemaphore(value: 0)
        let dropped = DispatchSemaphore(value: 0)
        let results = Recording<String>()

        let worker = Worker {
            results.append("\(Result { try holder.mediator?.perform("ping", on: "Holder", as: String.self) })")
            called.signal()
            guard dropped.wait(timeout: .now() + .seconds(20)) == .success else { return results.append("never dropped") }
            results.append("\(Result { try callAnotherMediator() })")
        }
        #expect(called.wait(timeout: .now() + .seconds(20)) == .success, "the worker never called")
        holder.drop()
        dropped.signal()
        #expect(worker.join(within: .seconds(20)), "the worker did not finish")

        #expect(results.all == ["success(Optional(\"pong\"))", "success(\"pong\")"])
        #expect(released.value == 1)
    }
}

// MARK: - Fixtures

/// Makes a call through a new, unrelated mediator on the calling thread, and returns its answer.
private func callAnotherMediator() throws -> String {
    let other = Mediator()
    try other.register(targetNamed: "Other", actions: [MediatorAction("ping") { _, _ in "pong" }])
    return try other.perform("ping", on: "Other", as: String.self)
}

/// A caching target that tells its serial number, and answers any unknown action but "nothing" with it.
private struct Kept: MediatorTarget {
    static let targetName = "Kept"
    static let cachesInstance = true
    let serial: Int
    static let actions: [MediatorAction<Kept>] = [MediatorAction("serial") { target, _ in target.serial }]

    func answerUnknownAction(_ action: String, parameters: MediatorParameters) throws -> Mediator.Fallback {
        action == "nothing" ? .notHandled : .value(serial)
    }
}

/// A caching target whose instance holds a sentinel, so the test sees when the instance is released.
private struct Holder: MediatorTarget {
    static let targetName = "Holder"
    static let cachesInstance = true
    let sentinel: Sentinel
    static let actions: [MediatorAction<Holder>] = [MediatorAction("ping") { _, _ in "pong" }]
}

/// Counts its own deinitialization.
private final class Sentinel: Sendable {
    private let counter: Counter
    init(counting counter: Counter) { self.counter = counter }
    deinit { counter.increment() }
}

/// The test's only strong reference to a mediator, which it drops on the test's thread.
private final class MediatorHolder: Sendable {
    private let state: Locked<Mediator?>
    init(_ mediator: Mediator) { state = Locked(mediator) }
    var mediator: Mediator? { state.withLock { $0 } }
    func drop() {
        let mediator = state.withLock { state in
            defer { state = nil }
            return state
        }
        withExtendedLifetime(mediator) {}
    }
}
