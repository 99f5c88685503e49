import Mediator
import MediatorPublishing
import MediatorTestSupport
import MediatorTesting
import Testing

/// Registers the same name as ``FreshTarget`` with another answer, to prove replacement.
private struct ReplacementTarget: MediatorTarget {
    static let targetName = "Fresh"
    static let actions: [MediatorAction<Self>] = [
        MediatorAction("ping") { _, _ in "replaced" }
    ]
}

/// Declares one action name twice, which must be reported, not silently resolved.
private struct DoubleDeclaredTarget: MediatorTarget {
    static let targetName = "Doubled"
    static let actions: [MediatorAction<Self>] = [
        MediatorAction("go") { _, _ in 1 },
        MediatorAction("go") { _, _ in 2 },
        MediatorAction("other") { _, _ in 3 },
    ]
}

/// A target built by a factory with a dependency the mediator does not know.
private struct GreeterTarget: MediatorTarget {
    static let targetName = "Greeter"
    static let actions: [MediatorAction<Self>] = [
        MediatorAction("greet") { target, _ in "\(target.greeting), world" }
    ]
    let greeting: String
}

/// Counts how often a factory ran.
private final class FactoryRuns: Sendable {
    private let count = Locked(0)
    var value: Int { count.withLock { $0 } }
    func hit() { count.withLock { $0 += 1 } }
}

/// Errors the factories below swallowed (a factory cannot throw), for the test to check.
private final class SwallowedErrors: Sendable {
    private let errors = Locked<[any Error]>([])
    var all: [any Error] { errors.withLock { $0 } }
    func add(_ error: any Error) { errors.withLock { $0.append(error) } }
}

/// A kept instance whose factory asks Relay for a name; Relay's factory asks Loop back: a cycle.
private struct LoopTarget: MediatorTarget {
    static let targetName = "Loop"
    static let cachesInstance = true
    static let actions: [MediatorAction<Self>] = [
        MediatorAction("name") { target, _ in target.name }
    ]
    let name: String

    init(mediator: Mediator, swallowed: SwallowedErrors) {
        do {
            name = try mediator.perform("name", on: "Relay", as: String.self)
        } catch {
            swallowed.add(error)
            name = "no relay"
        }
    }
}

/// Asks Loop for its name from inside its own factory, which closes the cycle.
private struct RelayTarget: MediatorTarget {
    static let targetName = "Relay"
    static let cachesInstance = true
    static let actions: [MediatorAction<Self>] = [
        MediatorAction("name") { target, _ in target.name }
    ]
    let name: String

    init(mediator: Mediator, swallowed: SwallowedErrors) {
        do {
            name = "relay of " + (try mediator.perform("name", on: "Loop", as: String.self))
        } catch {
            swallowed.add(error)
            name = "relay"
        }
    }
}

/// A mediator with the given counting targets registered.
private func mediator(fresh: Bool = false, cached: Bool = false) throws -> Mediator {
    let mediator = Mediator()
    if fresh { try mediator.register(FreshTarget()) }
    if cached { try mediator.register(CachedTarget()) }
    return mediator
}

@Suite("Registration")
struct RegistrationTests {
    @Test("registering makes nothing: no instance, no action table")
    func registrationMakesNothing() throws {
        let probe = Probe()
        try probe.run {
            let mediator = Mediator()
            try mediator.register(FreshTarget())
            try mediator.register(CachedTarget())
            #expect(probe.instancesCreated == 0)
            #expect(probe.actionTableReads == 0)
            #expect(mediator.catalog().targets.map(\.name) == ["Cached", "Fresh"])
        }
    }

    @Test("the first call creates the instance; a non-caching target gets a new one per call")
    func firstCallCreatesTheInstance() throws {
        let probe = Probe()
        try probe.run {
            let mediator = try mediator(fresh: true)
            let first = try mediator.perform("serial", on: "Fresh", as: Int.self)
            #expect(first == 1)
            #expect(probe.actionTableReads == 1)
            let second = try mediator.perform("serial", on: "Fresh", as: Int.self)
            #expect(second == 2)
            #expect(probe.instancesCreated == 2)
            // The action table is evaluated once, not per call.
            #expect(probe.actionTableReads == 1)
        }
    }

    @Test("cachesInstance = true keeps one instance across calls")
    func cachingTargetKeepsOneInstance() throws {
        let probe = Probe()
        try probe.run {
            let mediator = try mediator(cached: true)
            let serials = try (0..<5).map { _ in try mediator.perform("serial", on: "Cached", as: Int.self) }
            // A registry change drops every cached resolution; the kept instance must survive it.
            try mediator.register(FreshTarget())
            let afterChange = try mediator.perform("serial", on: "Cached", as: Int.self)
            #expect(serials == [1, 1, 1, 1, 1])
            #expect(afterChange == 1)
            #expect(probe.instancesCreated == 1)
        }
    }

    @Test("cachingTarget: true on a call keeps the instance it creates")
    func cachingTargetCallKeepsItsInstance() throws {
        let probe = Probe()
        try probe.run {
            let mediator = try mediator(fresh: true)
            let uncached = try mediator.perform("serial", on: "Fresh", as: Int.self)
            let kept = try mediator.perform("serial", on: "Fresh", cachingTarget: true, as: Int.self)
            let later = try mediator.perform("serial", on: "Fresh", as: Int.self)
            try mediator.register(CachedTarget())
            let laterStill = try mediator.perform("serial", on: "Fresh", as: Int.self)
            #expect(uncached == 1)
            #expect(kept == 2)
            #expect(later == 2)
            #expect(laterStill == 2)
            #expect(probe.instancesCreated == 2)
        }
    }

    @Test("releaseCachedInstances(of:) makes the next call create a new instance")
    func releasingOneCachedInstance() throws {
        let probe = Probe()
        try probe.run {
            let mediator = try mediator(fresh: true, cached: true)
            let before = try mediator.perform("serial", on: "Cached", as: Int.self)
            let freshKept = try mediator.perform("serial", on: "Fresh", cachingTarget: true, as: Int.self)
            mediator.releaseCachedInstances(of: "Cached")
            let after = try mediator.perform("serial", on: "Cached", as: Int.self)
            let afterAgain = try mediator.perform("serial", on: "Cached", as: Int.self)
            // The other target's kept instance is untouched.
            let freshStill = try mediator.perform("serial", on: "Fresh", as: Int.self)
            #expect(before != after)
            #expect(after == afterAgain)
            #expect(freshStill == freshKept)
            #expect(probe.instancesCreated == 3)
            // Releasing an unknown name is harmless.
            mediator.releaseCachedInstances(of: "Nobody")
        }
    }

    @Test("releaseCachedInstances() releases every kept instance")
    func releasingEveryCachedInstance() throws {
        let probe = Probe()
        try probe.run {
            let mediator = try mediator(fresh: true, cached: true)
            let cached = try mediator.perform("serial", on: "Cached", as: Int.self)
            let kept = try mediator.perform("serial", on: "Fresh", cachingTarget: true, as: Int.self)
            mediator.releaseCachedInstances()
            let cachedAfter = try mediator.perform("serial", on: "Cached", as: Int.self)
            let freshAfter = try mediator.perform("serial", on: "Fresh", as: Int.self)
            let freshAgain = try mediator.perform("serial", on: "Fresh", as: Int.self)
            #expect(cachedAfter != cached)
            #expect(freshAfter != kept)
            // A released non-caching target is back to one instance per call.
            #expect(freshAgain != freshAfter)
            #expect(probe.instancesCreated == 5)
        }
    }

    @Test("registering a taken name throws .duplicateTarget and keeps the original")
    func takenNameIsRefused() throws {
        let mediator = try mediator(fresh: true)
        let error = expectMediatorError(.duplicateTarget) { try mediator.register(ReplacementTarget()) }
        #expect(error?.target == "Fresh")
        #expect(try mediator.perform("ping", on: "Fresh", as: String.self) == "pong")
    }

    @Test("replacingExisting: true replaces the target, even after it was called")
    func replacementTakesEffect() throws {
        let mediator = try mediator(fresh: true)
        let before = try mediator.perform("ping", on: "Fresh", as: String.self)
        try mediator.register(ReplacementTarget(), replacingExisting: true)
        let after = try mediator.perform("ping", on: "Fresh", as: String.self)
        #expect(before == "pong")
        #expect(after == "replaced")
        // The replacement's action table is the one in force: "serial" is gone.
        #expect(!mediator.canPerform("serial", on: "Fresh"))
    }

    @Test("unregister removes the target, even after it was called")
    func unregisterRemovesTheTarget() throws {
        let mediator = try mediator(fresh: true, cached: true)
        _ = try mediator.perform("ping", on: "Fresh", as: String.self)
        #expect(mediator.unregister("Fresh"))
        #expect(!mediator.unregister("Fresh"))
        #expect(mediator.catalog().targets.map(\.name) == ["Cached"])
        expectMediatorError(.targetNotFound) { try mediator.perform("ping", on: "Fresh", as: String.self) }
        // The name is free again.
        try mediator.register(ReplacementTarget())
        #expect(try mediator.perform("ping", on: "Fresh", as: String.self) == "replaced")
    }

    @Test("a factory makes the instances, on first use and per call, and gets the mediator")
    func factoryMakesTheInstances() throws {
        let runs = FactoryRuns()
        let mediator = Mediator()
        try mediator.register { factoryMediator in
            runs.hit()
            return GreeterTarget(greeting: factoryMediator === mediator ? "Hi" : "Wrong mediator")
        }
        #expect(runs.value == 0)
        let greeting = try mediator.perform("greet", on: "Greeter", as: String.self)
        let again = try mediator.perform("greet", on: "Greeter", as: String.self)
        #expect(greeting == "Hi, world")
        #expect(again == "Hi, world")
        #expect(runs.value == 2)
        // A factory registration also refuses a taken name.
        expectMediatorError(.duplicateTarget) { try mediator.register { _ in GreeterTarget(greeting: "Yo") } }
    }

    @Test("an instance expression is evaluated on each use, not at registration")
    func instanceExpressionIsEvaluatedOnUse() throws {
        let runs = FactoryRuns()
        @Sendable func greeter() -> GreeterTarget {
            runs.hit()
            return GreeterTarget(greeting: "Hello")
        }
        let mediator = Mediator()
        try mediator.register(greeter())
        #expect(runs.value == 0)
        #expect(try mediator.perform("greet", on: "Greeter", as: String.self) == "Hello, world")
        #expect(try mediator.perform("greet", on: "Greeter", as: String.self) == "Hello, world")
        #expect(runs.value == 2)
    }

    @Test("a kept instance whose factory needs itself, through another target, fails that call with .factoryCycle")
    func factoryCycleIsReportedInsteadOfHanging() async throws {
        let mediator = Mediator()
        let swallowed = SwallowedErrors()
        try mediator.register { LoopTarget(mediator: $0, swallowed: swallowed) }
        try mediator.register { RelayTarget(mediator: $0, swallowed: swallowed) }
        let result = try await withDeadlockGuard("a factory that needs its own instance") {
            Result { try mediator.perform("name", on: "Loop", as: String.self) }
        }
        // The call that closes the cycle fails; Relay's factory recovers, so the outer call answers.
        #expect(try result.get() == "relay")
        try #require(swallowed.all.count == 1)
        let error = expectMediatorError(.factoryCycle) { throw swallowed.all[0] }
        #expect(error?.cycle.first == "Loop")
        #expect(error?.cycle.last == "Loop")
        #expect(error?.cycle.contains("Relay") == true)
        // Both instances were kept; later calls make nothing and fail nothing.
        #expect(try mediator.perform("name", on: "Relay", as: String.self) == "relay")
        #expect(swallowed.all.count == 1)
    }

    @Test("register(targetNamed:actions:) registers a target defined by values")
    func valueDefinedTarget() throws {
        let mediator = Mediator()
        try mediator.register(
            targetNamed: "Clock", summary: "Tells the time",
            actions: [
                MediatorAction("now", parameters: Zone.self) { _, p in
                    "12:00 \(try p.value("zone", as: String.self))"
                }
            ])
        let now = try mediator.perform("now", on: "Clock", with: ["zone": "UTC"], as: String.self)
        #expect(now == "12:00 UTC")
        #expect(mediator.catalog().target(named: "Clock")?.summary == "Tells the time")
        expectMediatorError(.duplicateTarget) { try mediator.register(targetNamed: "Clock", actions: []) }
        try mediator.register(targetNamed: "Clock", actions: [], replacingExisting: true)
        #expect(!mediator.canPerform("now", on: "Clock"))
    }

    @Test("declaring one action name twice is reported as .invalidDeclaration on use")
    func duplicateActionNameIsReportedOnUse() throws {
        let mediator = Mediator()
        // Registration itself cannot see the problem: it does not evaluate the actions.
        try mediator.register(DoubleDeclaredTarget())
        for action in ["go", "other"] {
            let error = expectMediatorError(.invalidDeclaration) { try mediator.perform(action, on: "Doubled", as: Int.self) }
            #expect(error?.target == "Doubled")
            #expect(error?.problems.first?.contains("\"go\"") == true)
        }
        #expect(!mediator.canPerform("other", on: "Doubled"))
    }

    @Test("independent mediators do not see each other's registrations")
    func independentMediatorsAreIndependent() throws {
        let first = try mediator(fresh: true)
        let second = Mediator()
        expectMediatorError(.targetNotFound) { try second.perform("ping", on: "Fresh", as: String.self) }
        #expect(!second.canPerform("ping", on: "Fresh"))

        // Same name, different targets: alternating calls on one thread each reach their own.
        try second.register(ReplacementTarget())
        for _ in 0..<3 {
            #expect(try first.perform("ping", on: "Fresh", as: String.self) == "pong")
            #expect(try second.perform("ping", on: "Fresh", as: String.self) == "replaced")
        }
        #expect(first.unregister("Fresh"))
        #expect(try second.perform("ping", on: "Fresh", as: String.self) == "replaced")
    }
}

/// The time zone the clock's "now" reads.
private struct Zone: MediatorInput {
    @Parameter var zone: String
}
