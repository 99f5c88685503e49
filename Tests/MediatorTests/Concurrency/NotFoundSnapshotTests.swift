import Foundation
import Mediator
import MediatorTestSupport
import MediatorTesting
import Testing

/// A call that does not resolve is answered from the registry as its own lookup saw it: a target
/// registered or removed meanwhile cannot turn "no such target" into "no such action", nor make the
/// target's `answerUnknownAction` hear about an action it declares.
///
/// Serialized: the race test keeps dedicated threads busy for a while.
@Suite("Not-found answers come from the lookup's snapshot", .serialized)
struct NotFoundSnapshotTests {
    @Test("a target registered after the lookup missed it still fails the call with .targetNotFound")
    func targetRegisteredAfterTheLookupIsStillNotFound() throws {
        let mediator = Mediator()
        let asked = Recording<String>()
        // Runs after the call was resolved and before the not-found chain.
        mediator.configure { $0.interceptors.append(RegisterOnFirstCall(mediator: mediator, asked: asked)) }

        let error = expectMediatorError(.targetNotFound) { try mediator.perform("ping", on: "Flicker") }
        #expect(error?.target == "Flicker")
        #expect(asked.all == [], "the target was asked about its own declared action")

        #expect(try mediator.perform("ping", on: "Flicker", as: Int.self) == 42)
    }

    @Test("a target unregistered after the lookup found it still answers, and fails the call with .actionNotFound")
    func targetUnregisteredAfterTheLookupStillAnswers() throws {
        let mediator = Mediator()
        let asked = Recording<String>()
        try registerFlicker(on: mediator, asked: asked)
        mediator.configure { $0.interceptors.append(UnregisterOnEveryCall(mediator: mediator)) }

        let error = expectMediatorError(.actionNotFound) { try mediator.perform("pong", on: "Flicker") }
        #expect(error?.target == "Flicker")
        #expect(error?.available == ["ping"])
        #expect(asked.all == ["pong"])
        #expect(mediator.registeredTargetNames == [])
    }

    @Test(
        "while a target is registered and unregistered in a loop, its declared action answers or is .targetNotFound, nothing else"
    )
    func declaredActionNeverReportsActionNotFoundUnderChurn() async throws {
        let mediator = Mediator()
        let asked = Recording<String>()
        let problems = Recording<String>()
        let outcomes = Outcomes()

        try await withDeadlockGuard("callers racing registration") {
            let stop = Flag()
            let registrar = Worker {
                var cycles = 0
                while !stop.isSet || cycles < 200 {
                    do {
                        try registerFlicker(on: mediator, asked: asked)
                    } catch {
                        problems.append("register: \(error)")
                    }
                    mediator.unregister("Flicker")
                    cycles += 1
                }
            }
            let callers = (0..<2).map { worker in
                Worker {
                    // Until both outcomes were seen many times: the race was run, not skipped.
                    var round = 0
                    while round < 30_000 || (!outcomes.sawBoth && round < 100_000) {
                        defer { round += 1 }
                        do {
                            let value =
                                round.isMultiple(of: 2)
                                ? try mediator.perform("ping", on: "Flicker", as: Int.self)
                                : try mediator.call(ping, with: [:])
                            if value == 42 { outcomes.answered() } else { problems.append("caller \(worker) got \(value)") }
                        } catch let error as MediatorError where error.code == .targetNotFound {
                            outcomes.notFound()
                        } catch {
                            problems.append("caller \(worker), round \(round): \(error)")
                        }
                    }
                }
            }
            for caller in callers { #expect(caller.join(within: .seconds(60)), "a caller did not finish") }
            stop.set()
            #expect(registrar.join(within: .seconds(60)), "the registrar did not finish")
        }

        #expect(problems.all == [])
        #expect(asked.all == [], "answerUnknownAction was asked about a declared action")
        #expect(outcomes.sawBoth, "the calls never raced the registration")
    }
}

// MARK: - Fixtures

private let ping = ActionContract<MediatorParameters, Int>("ping", on: "Flicker")

/// Registers "Flicker", which declares `ping` and records every action its `answerUnknownAction` is asked about.
private func registerFlicker(on mediator: Mediator, asked: Recording<String>) throws {
    try mediator.register(
        targetNamed: "Flicker", actions: [MediatorAction(ping) { _, _ in 42 }], replacingExisting: true,
        unknownAction: { action, _ in
            asked.append(action)
            return .notHandled
        })
}

/// Registers "Flicker" the first time a call passes, after that call was resolved.
private final class RegisterOnFirstCall: MediatorInterceptor {
    private unowned let mediator: Mediator
    private let asked: Recording<String>
    private let done = Locked(false)

    init(mediator: Mediator, asked: Recording<String>) {
        self.mediator = mediator
        self.asked = asked
    }

    func intercept(_ call: MediatorCall) throws -> MediatorCall.Decision {
        let first = done.withLock { done in
            defer { done = true }
            return !done
        }
        if first { try registerFlicker(on: mediator, asked: asked) }
        return .proceed
    }
}

/// Unregisters "Flicker" whenever a call passes, after that call was resolved.
private final class UnregisterOnEveryCall: MediatorInterceptor {
    private unowned let mediator: Mediator

    init(mediator: Mediator) { self.mediator = mediator }

    func intercept(_ call: MediatorCall) throws -> MediatorCall.Decision {
        mediator.unregister("Flicker")
        return .proceed
    }
}

/// How the racing calls ended.
private final class Outcomes: Sendable {
    private let counts = Locked((answered: 0, notFound: 0))
    func answered() { counts.withLock { $0.answered += 1 } }
    func notFound() { counts.withLock { $0.notFound += 1 } }
    var sawBoth: Bool { counts.withLock { $0.answered >= 100 && $0.notFound >= 100 } }
}
