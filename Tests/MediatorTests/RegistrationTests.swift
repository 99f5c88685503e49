import Mediator
import Synchronization
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

/// A target built by a factory with a dependency `init()` cannot supply.
private struct GreeterTarget: MediatorTarget {
    static let targetName = "Greeter"
    static let actions: [MediatorAction<Self>] = [
        MediatorAction("greet") { target, _ in "\(target.greeting), world" }
    ]
    let greeting: String
    init() { greeting = "Hello" }
    init(greeting: String) { self.greeting = greeting }
}

@Suite("Registration")
struct RegistrationTests {
    @Test("register records the type only: no instance, no action table")
    func registerIsLazy() throws {
        let probe = Probe()
        try probe.run {
            let mediator = Mediator()
            try mediator.register(FreshTarget.self)
            try mediator.register(CachedTarget.self)
            #expect(probe.instancesCreated == 0)
            #expect(probe.actionTableReads == 0)
            #expect(mediator.registeredTargetNames == ["Cached", "Fresh"])
        }
    }

    @Test("the first call creates the instance; a non-caching target gets a new one per call")
    func firstCallCreatesInstance() throws {
        let probe = Probe()
        try probe.run {
            let mediator = try makeMediator(FreshTarget.self)
            let first: Int = try mediator.perform("serial", on: "Fresh")
            #expect(first == 1)
            #expect(probe.actionTableReads == 1)
            let second: Int = try mediator.perform("serial", on: "Fresh")
            #expect(second == 2)
            #expect(probe.instancesCreated == 2)
            // The action table is evaluated once, not per call.
            #expect(probe.actionTableReads == 1)
        }
    }

    @Test("cachesInstance = true keeps one instance across calls")
    func cachingTargetKeepsInstance() throws {
        let probe = Probe()
        try probe.run {
            let mediator = try makeMediator(CachedTarget.self)
            let serials: [Int] = try (0..<5).map { _ in try mediator.perform("serial", on: "Cached") }
            // A registry change drops every cached resolution; the kept instance must survive it.
            try mediator.register(FreshTarget.self)
            let afterChange: Int = try mediator.perform("serial", on: "Cached")
            #expect(serials == [1, 1, 1, 1, 1])
            #expect(afterChange == 1)
            #expect(probe.instancesCreated == 1)
        }
    }

    @Test("cachingTarget: true on a call keeps the instance it creates")
    func cachingTargetCallKeepsInstance() throws {
        let probe = Probe()
        try probe.run {
            let mediator = try makeMediator(FreshTarget.self)
            let uncached: Int = try mediator.perform("serial", on: "Fresh")
            let kept: Int = try mediator.perform("serial", on: "Fresh", cachingTarget: true)
            let later: Int = try mediator.perform("serial", on: "Fresh")
            try mediator.register(CachedTarget.self)
            let laterStill: Int = try mediator.perform("serial", on: "Fresh")
            #expect(uncached == 1)
            #expect(kept == 2)
            #expect(later == 2)
            #expect(laterStill == 2)
            #expect(probe.instancesCreated == 2)
        }
    }

    @Test("releaseCachedInstance(of:) makes the next call create a new instance")
    func releaseOne() throws {
        let probe = Probe()
        try probe.run {
            let mediator = try makeMediator(CachedTarget.self, FreshTarget.self)
            let before: Int = try mediator.perform("serial", on: "Cached")
            let freshKept: Int = try mediator.perform("serial", on: "Fresh", cachingTarget: true)
            mediator.releaseCachedInstance(of: "Cached")
            let after: Int = try mediator.perform("serial", on: "Cached")
            let afterAgain: Int = try mediator.perform("serial", on: "Cached")
            // The other target's kept instance is untouched.
            let freshStill: Int = try mediator.perform("serial", on: "Fresh")
            #expect(before != after)
            #expect(after == afterAgain)
            #expect(freshStill == freshKept)
            #expect(probe.instancesCreated == 3)
            // Releasing an unknown name is harmless.
            mediator.releaseCachedInstance(of: "Nobody")
        }
    }

    @Test("releaseCachedInstances() releases every kept instance")
    func releaseAll() throws {
        let probe = Probe()
        try probe.run {
            let mediator = try makeMediator(CachedTarget.self, FreshTarget.self)
            let cached: Int = try mediator.perform("serial", on: "Cached")
            let kept: Int = try mediator.perform("serial", on: "Fresh", cachingTarget: true)
            mediator.releaseCachedInstances()
            let cachedAfter: Int = try mediator.perform("serial", on: "Cached")
            let freshAfter: Int = try mediator.perform("serial", on: "Fresh")
            let freshAgain: Int = try mediator.perform("serial", on: "Fresh")
            #expect(cachedAfter != cached)
            #expect(freshAfter != kept)
            // A released non-caching target is back to one instance per call.
            #expect(freshAgain != freshAfter)
            #expect(probe.instancesCreated == 5)
        }
    }

    @Test("registering a taken name throws .duplicateTarget and keeps the original")
    func duplicateThrows() throws {
        let mediator = try makeMediator(FreshTarget.self)
        let error = try #require(throws: MediatorError.self) {
            try mediator.register(ReplacementTarget.self)
        }
        guard case .duplicateTarget(let name) = error else {
            Issue.record("expected duplicateTarget, got \(error)")
            return
        }
        #expect(name == "Fresh")
        let answer: String = try mediator.perform("ping", on: "Fresh")
        #expect(answer == "pong")
    }

    @Test("replacingExisting: true replaces the target, even after it was called")
    func replacementTakesEffect() throws {
        let mediator = try makeMediator(FreshTarget.self)
        let before: String = try mediator.perform("ping", on: "Fresh")
        try mediator.register(ReplacementTarget.self, replacingExisting: true)
        let after: String = try mediator.perform("ping", on: "Fresh")
        #expect(before == "pong")
        #expect(after == "replaced")
        // The replacement's action table is the one in force: "serial" is gone.
        #expect(!mediator.canPerform("serial", on: "Fresh"))
    }

    @Test("unregister removes the target, even after it was called")
    func unregisterRemoves() throws {
        let mediator = try makeMediator(FreshTarget.self, CachedTarget.self)
        let _: String = try mediator.perform("ping", on: "Fresh")
        #expect(mediator.unregister("Fresh"))
        #expect(!mediator.unregister("Fresh"))
        #expect(mediator.registeredTargetNames == ["Cached"])
        let error = try #require(throws: MediatorError.self) {
            let _: String = try mediator.perform("ping", on: "Fresh")
        }
        #expect(error.caseName == "targetNotFound")
        // The name is free again.
        try mediator.register(ReplacementTarget.self)
        let answer: String = try mediator.perform("ping", on: "Fresh")
        #expect(answer == "replaced")
    }

    @Test("a factory makes the instances, on first use and per call")
    func factoryRegistration() throws {
        let calls = Atomic<Int>(0)
        let mediator = Mediator()
        try mediator.register(GreeterTarget.self) {
            calls.wrappingAdd(1, ordering: .relaxed)
            return GreeterTarget(greeting: "Hi")
        }
        #expect(calls.load(ordering: .relaxed) == 0)
        let greeting: String = try mediator.perform("greet", on: "Greeter")
        let again: String = try mediator.perform("greet", on: "Greeter")
        #expect(greeting == "Hi, world")
        #expect(again == "Hi, world")
        #expect(calls.load(ordering: .relaxed) == 2)
        // A factory registration also refuses a taken name.
        #expect(throws: MediatorError.self) {
            try mediator.register(GreeterTarget.self) { GreeterTarget(greeting: "Yo") }
        }
    }

    @Test("register(targetNamed:actions:) registers a target defined by values")
    func valueTarget() throws {
        let mediator = Mediator()
        try mediator.register(
            targetNamed: "Clock", summary: "Tells the time",
            actions: [
                MediatorAction("now", parameters: [.required("zone", String.self)]) { _, p in
                    "12:00 \(try p.value("zone", as: String.self))"
                }
            ])
        let now: String = try mediator.perform("now", on: "Clock", with: ["zone": "UTC"])
        #expect(now == "12:00 UTC")
        #expect(mediator.catalog().target(named: "Clock")?.summary == "Tells the time")
        let error = try #require(throws: MediatorError.self) {
            try mediator.register(targetNamed: "Clock", actions: [])
        }
        #expect(error.caseName == "duplicateTarget")
        try mediator.register(targetNamed: "Clock", actions: [], replacingExisting: true)
        #expect(!mediator.canPerform("now", on: "Clock"))
    }

    @Test("declaring one action name twice is reported as .invalidDeclaration on use")
    func duplicateActionName() throws {
        let mediator = Mediator()
        // Registration itself cannot see the problem: it does not evaluate the actions.
        try mediator.register(DoubleDeclaredTarget.self)
        for action in ["go", "other"] {
            let error = try #require(throws: MediatorError.self) {
                let _: Int = try mediator.perform(action, on: "Doubled")
            }
            guard case let .invalidDeclaration(target, problem) = error else {
                Issue.record("expected invalidDeclaration, got \(error)")
                continue
            }
            #expect(target == "Doubled")
            #expect(problem.contains("\"go\""))
        }
        #expect(!mediator.canPerform("other", on: "Doubled"))
    }

    @Test("independent mediators do not see each other's registrations")
    func independentMediators() throws {
        let first = try makeMediator(FreshTarget.self)
        let second = Mediator()
        let error = try #require(throws: MediatorError.self) {
            let _: String = try second.perform("ping", on: "Fresh")
        }
        #expect(error.caseName == "targetNotFound")
        #expect(!second.canPerform("ping", on: "Fresh"))

        // Same name, different targets: alternating calls on one thread each reach their own.
        try second.register(ReplacementTarget.self)
        for _ in 0..<3 {
            let a: String = try first.perform("ping", on: "Fresh")
            let b: String = try second.perform("ping", on: "Fresh")
            #expect(a == "pong")
            #expect(b == "replaced")
        }
        #expect(first.unregister("Fresh"))
        let stillThere: String = try second.perform("ping", on: "Fresh")
        #expect(stillThere == "replaced")
    }
}
