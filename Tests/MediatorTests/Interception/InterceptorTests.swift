import Mediator
import MediatorTesting
import Testing

/// A thread-safe list of strings that interceptors and handlers append to.
private final class Log: Sendable {
    private let entries = Locked<[String]>([])
    func append(_ entry: String) { entries.withLock { $0.append(entry) } }
    var all: [String] { entries.withLock { $0 } }
    func count(of entry: String) -> Int { all.filter { $0 == entry }.count }
}

/// Logs every decision point and finish under its name.
private struct Tracer: MediatorInterceptor {
    let name: String
    let log: Log
    func intercept(_ call: MediatorCall) throws -> MediatorCall.Decision {
        log.append("\(name) sees \(call)")
        return .proceed
    }
    func callDidFinish(_ call: MediatorCall, outcome: MediatorCall.Outcome, duration: Duration) {
        log.append("\(name) finished \(call) \(outcome.isSuccess ? "ok" : "failed")")
    }
}

/// One observed finish.
private struct Finished: Sendable {
    let call: MediatorCall
    let outcome: MediatorCall.Outcome
    let duration: Duration
}

/// Records every finished call, as an analytics interceptor would.
private final class Observer: MediatorInterceptor {
    private let events = Locked<[Finished]>([])
    var finished: [Finished] { events.withLock { $0 } }
    func callDidFinish(_ call: MediatorCall, outcome: MediatorCall.Outcome, duration: Duration) {
        events.withLock { $0.append(Finished(call: call, outcome: outcome, duration: duration)) }
    }
}

/// Rejects calls to one action, like a login gate.
private struct LoginGate: MediatorInterceptor {
    let action: String
    func intercept(_ call: MediatorCall) throws -> MediatorCall.Decision {
        call.action == action ? .reject(reason: "login required") : .proceed
    }
}

/// Sends calls for one action to another, like degrading a broken feature.
private struct Degrade: MediatorInterceptor {
    let from: (target: String, action: String)
    let to: (target: String, action: String)
    let parameters: MediatorParameters?
    let log: Log
    init(from: (String, String), to: (String, String), parameters: MediatorParameters? = nil, log: Log) {
        self.from = from
        self.to = to
        self.parameters = parameters
        self.log = log
    }
    func intercept(_ call: MediatorCall) throws -> MediatorCall.Decision {
        guard call.target == from.target, call.action == from.action else { return .proceed }
        log.append("redirect \(call)")
        return .redirect(target: to.target, action: to.action, parameters: parameters)
    }
}

/// Throws instead of deciding.
private struct Broken: MediatorInterceptor {
    let error: any Error
    func intercept(_ call: MediatorCall) throws -> MediatorCall.Decision { throw error }
}

/// Decides differently for synchronous and awaited calls, to show which path ran.
private struct TokenRefresher: AsyncMediatorInterceptor {
    let log: Log
    func intercept(_ call: MediatorCall) throws -> MediatorCall.Decision {
        log.append("sync")
        return .reject(reason: "token expired; call with await to refresh it")
    }
    func interceptAsync(_ call: MediatorCall) async throws -> MediatorCall.Decision {
        await Task.yield()
        log.append("async")
        return .proceed
    }
}

/// A mediator with a "Shop" target whose handlers log their runs.
private func makeShop(log: Log) throws -> Mediator {
    let mediator = Mediator()
    // These tests do not measure the interceptor timeout (those that do set their own): under
    // ThreadSanitizer, on two cores busy with the suite's stress and guarantee loops, an awaited
    // interceptor's task has waited longer than the 10 s default for a thread.
    mediator.configure { $0.interceptorTimeout = .seconds(120) }
    try mediator.register(
        targetNamed: "Shop",
        actions: [
            MediatorAction("checkout", parameters: Total.self) { _, p in
                log.append("ran checkout")
                return "checkout \(try p.value("total", as: Int.self))"
            },
            MediatorAction("fallbackPage", exposure: .remote) { _, p in
                log.append("ran fallbackPage")
                return "fallback \((try? p.value("total", as: Int.self)) ?? -1)"
            },
            MediatorAction("cart", exposure: .remote) { _, _ in
                log.append("ran cart")
                return "cart"
            },
            MediatorAction("fail") { _, _ -> String in throw FixtureError.boom },
        ])
    return mediator
}

/// Calls a Shop action by name for its text.
private func run(
    _ mediator: Mediator, _ action: String, on target: String = "Shop",
    with parameters: MediatorParameters = [:], source: MediatorCallSource = .local
) throws -> String {
    try mediator.perform(action, on: target, with: parameters, source: source, as: String.self)
}

@Suite("Interceptors")
struct InterceptorTests {
    @Test("interceptors run in installation order, and each sees the finish once")
    func interceptorsRunInInstallationOrder() async throws {
        let log = Log()
        let mediator = try makeShop(log: log)
        // A call before installation warms the caches; installing must still take effect.
        _ = try run(mediator, "cart")
        for name in ["A", "B", "C"] { mediator.configure { $0.interceptors.append(Tracer(name: name, log: log)) } }
        #expect(mediator.settings.interceptors.count == 3)
        _ = try run(mediator, "cart")
        #expect(
            log.all == [
                "ran cart",
                "A sees Shop.cart", "B sees Shop.cart", "C sees Shop.cart", "ran cart",
                "A finished Shop.cart ok", "B finished Shop.cart ok", "C finished Shop.cart ok",
            ])
        mediator.configure { $0.interceptors.removeAll() }
        #expect(mediator.settings.interceptors.isEmpty)
        _ = try await mediator.performAsync("cart", on: "Shop", as: String.self)
        #expect(log.all.count == 9)
    }

    @Test("an observer sees exactly one finish per call, with target, action, source, duration and outcome")
    func observerSeesOneFinishPerCall() async throws {
        let log = Log()
        let mediator = try makeShop(log: log)
        let observer = Observer()
        mediator.configure { $0.interceptors.append(observer) }
        mediator.configure { $0.interceptors.append(LoginGate(action: "checkout")) }

        _ = try run(mediator, "cart", source: .remote)
        _ = try await mediator.performAsync("cart", on: "Shop", as: String.self)
        expectMediatorError(.rejected) { try run(mediator, "checkout") }
        expectMediatorError(.handlerFailed) { try run(mediator, "fail") }
        await expectMediatorError(.handlerFailed) { try await mediator.performAsync("fail", on: "Shop") }
        expectMediatorError(.targetNotFound) { try run(mediator, "nothing", on: "Nowhere") }
        expectMediatorError(.remoteCallNotAllowed) { try run(mediator, "fail", source: .remote) }

        let events = observer.finished
        try #require(events.count == 7)
        #expect(events.map(\.call.target) == ["Shop", "Shop", "Shop", "Shop", "Shop", "Nowhere", "Shop"])
        #expect(events.map(\.call.action) == ["cart", "cart", "checkout", "fail", "fail", "nothing", "fail"])
        #expect(events.map(\.call.source) == [.remote, .local, .local, .local, .local, .local, .remote])
        #expect(events.map(\.outcome.isSuccess) == [true, true, false, false, false, false, false])
        #expect(events.allSatisfy { $0.duration >= .zero })
        let reasons: [MediatorError.Code?] = events.dropFirst(2).map { event in
            guard case .failed(let error as MediatorError) = event.outcome else { return nil }
            return error.code
        }
        #expect(reasons == [.rejected, .handlerFailed, .handlerFailed, .targetNotFound, .remoteCallNotAllowed])
    }

    @Test("a rejection stops the call with its reason; later interceptors are not asked but see the finish")
    func rejectionStopsTheCall() async throws {
        let log = Log()
        let mediator = try makeShop(log: log)
        mediator.configure { $0.interceptors.append(LoginGate(action: "checkout")) }
        mediator.configure { $0.interceptors.append(Tracer(name: "after", log: log)) }

        let error = expectMediatorError(.rejected) { try run(mediator, "checkout") }
        #expect(error?.target == "Shop")
        #expect(error?.action == "checkout")
        #expect(error?.interceptor == "LoginGate")
        #expect(error?.reason == "login required")
        await expectMediatorError(.rejected) { try await mediator.performAsync("checkout", on: "Shop", as: String.self) }
        #expect(log.all == ["after finished Shop.checkout failed", "after finished Shop.checkout failed"])
    }

    @Test("a redirect sends the call elsewhere; later interceptors and the observer see the redirected call")
    func redirectSendsTheCallElsewhere() async throws {
        let log = Log()
        let mediator = try makeShop(log: log)
        let observer = Observer()
        mediator.configure { $0.interceptors.append(Degrade(from: ("Shop", "checkout"), to: ("Shop", "fallbackPage"), log: log)) }
        mediator.configure { $0.interceptors.append(Tracer(name: "after", log: log)) }
        mediator.configure { $0.interceptors.append(observer) }

        #expect(try run(mediator, "checkout", with: ["total": 5]) == "fallback 5")
        let awaited = try await mediator.performAsync("checkout", on: "Shop", with: ["total": 6], as: String.self)
        #expect(awaited == "fallback 6")
        #expect(log.count(of: "ran checkout") == 0)
        #expect(log.count(of: "ran fallbackPage") == 2)
        #expect(log.count(of: "after sees Shop.fallbackPage") == 2)
        #expect(log.count(of: "after sees Shop.checkout") == 0)
        let events = observer.finished
        try #require(events.count == 2)
        #expect(events.allSatisfy { $0.call.action == "fallbackPage" && $0.outcome.isSuccess })
        #expect(events.allSatisfy { $0.call.redirectedFrom?.target == "Shop" && $0.call.redirectedFrom?.action == "checkout" })
    }

    @Test("a redirect can replace the parameters, and chained redirects each apply once")
    func chainedRedirectsEachApplyOnce() throws {
        let log = Log()
        let mediator = try makeShop(log: log)
        mediator.configure {
            $0.interceptors.append(Degrade(from: ("Shop", "cart"), to: ("Shop", "checkout"), parameters: ["total": 1], log: log))
        }
        mediator.configure { $0.interceptors.append(Degrade(from: ("Shop", "checkout"), to: ("Shop", "fallbackPage"), log: log)) }
        #expect(try run(mediator, "cart", with: ["total": 99]) == "fallback 1")
        #expect(log.all == ["redirect Shop.cart", "redirect Shop.checkout", "ran fallbackPage"])
    }

    @Test("a remote call redirected to a local action is refused")
    func remoteCallRedirectedToLocalIsRefused() async throws {
        let log = Log()
        let mediator = try makeShop(log: log)
        mediator.configure { $0.interceptors.append(Degrade(from: ("Shop", "cart"), to: ("Shop", "checkout"), log: log)) }
        let error = expectMediatorError(.remoteCallNotAllowed) { try run(mediator, "cart", source: .remote) }
        #expect(error?.target == "Shop")
        #expect(error?.action == "checkout")
        await expectMediatorError(.remoteCallNotAllowed) {
            try await mediator.performAsync("cart", on: "Shop", source: .remote)
        }
        #expect(log.count(of: "ran checkout") == 0)
        // Locally the redirect is fine.
        #expect(try run(mediator, "cart") == "checkout 0")
    }

    @Test("an interceptor that throws rejects the call; a MediatorError it throws passes through")
    func throwingInterceptorRejectsTheCall() async throws {
        let log = Log()
        let mediator = try makeShop(log: log)
        mediator.configure { $0.interceptors.append(Broken(error: FixtureError.other("no session"))) }
        let error = expectMediatorError(.rejected) { try run(mediator, "cart") }
        #expect(error?.target == "Shop")
        #expect(error?.action == "cart")
        #expect(error?.interceptor == "Broken")
        #expect(error?.reason?.contains("no session") == true)
        await expectMediatorError(.rejected) { try await mediator.performAsync("cart", on: "Shop", as: String.self) }

        // An interceptor passing on a MediatorError of its own, such as a failed read of its parameters.
        let missingToken = try #require(
            expectMediatorError(.missingParameter) { try MediatorParameters().value("token", as: String.self) })
        mediator.configure { $0.interceptors.removeAll() }
        mediator.configure { $0.interceptors.append(Broken(error: missingToken)) }
        let passed = expectMediatorError(.missingParameter) { try run(mediator, "cart") }
        #expect(passed?.parameter == "token")
        #expect(log.count(of: "ran cart") == 0)
    }

    @Test("awaited calls use interceptAsync; synchronous calls use intercept")
    func awaitedCallsUseInterceptAsync() async throws {
        let log = Log()
        let mediator = try makeShop(log: log)
        mediator.configure { $0.interceptors.append(TokenRefresher(log: log)) }
        let awaited = try await mediator.performAsync("cart", on: "Shop", as: String.self)
        #expect(awaited == "cart")
        let error = expectMediatorError(.rejected) { try run(mediator, "cart") }
        #expect(error?.interceptor == "TokenRefresher")
        #expect(log.all == ["async", "ran cart", "sync"])
    }

    @Test("each decision takes effect exactly once per call")
    func eachDecisionTakesEffectOnce() async throws {
        let log = Log()
        let mediator = try makeShop(log: log)
        let observer = Observer()
        mediator.configure { $0.interceptors.append(Tracer(name: "first", log: log)) }
        mediator.configure { $0.interceptors.append(Degrade(from: ("Shop", "checkout"), to: ("Shop", "cart"), log: log)) }
        mediator.configure { $0.interceptors.append(Tracer(name: "last", log: log)) }
        mediator.configure { $0.interceptors.append(observer) }

        for _ in 0..<3 { _ = try run(mediator, "checkout") }
        for _ in 0..<3 { _ = try await mediator.performAsync("checkout", on: "Shop", as: String.self) }

        #expect(log.count(of: "first sees Shop.checkout") == 6)
        #expect(log.count(of: "redirect Shop.checkout") == 6)
        #expect(log.count(of: "last sees Shop.cart") == 6)
        #expect(log.count(of: "ran cart") == 6)
        #expect(log.count(of: "ran checkout") == 0)
        #expect(log.count(of: "first finished Shop.cart ok") == 6)
        #expect(log.count(of: "last finished Shop.cart ok") == 6)
        #expect(observer.finished.count == 6)
    }
}

/// An input that counts how often the call's values are read by name.
private struct CountedInput: MediatorInput, CustomReflectable {
    @Parameter var id: Int
    static let reads = Locked(0)
    init() {}
    init(id: Int) { self.id = id }
    // The mediator reads an input's values by name through its mirror: this one counts each read.
    var customMirror: Mirror {
        Self.reads.withLock { $0 += 1 }
        return Mirror(self, children: ["_id": _id])
    }
}

/// Reads the call's names, and its parameters only when asked to.
private struct NameReader: MediatorInterceptor {
    let readsParameters: Bool
    let seen: Locked<[String]>
    func intercept(_ call: MediatorCall) throws -> MediatorCall.Decision {
        seen.withLock { $0.append(call.description) }
        if readsParameters { seen.withLock { $0.append("id=\(call.parameters["id"] as? Int ?? -1)") } }
        return .proceed
    }
}

@Suite("Interceptors see a typed call's parameters only when they read them", .serialized)
struct InterceptorParameterTests {
    /// A typed call through interceptors that look only at names pays nothing for named parameters;
    /// interceptors that read them get the input's values, built for each read (nothing is
    /// allocated up front to share one build: most interceptors read names only).
    @Test("an interceptor that reads only names builds no parameters; those that read them see the input's values")
    func parametersAreBuiltOnlyWhenRead() throws {
        let contract = ActionContract<CountedInput, Int>("double", on: "Counted")
        let mediator = Mediator()
        try mediator.register(targetNamed: "Counted", actions: [MediatorAction(contract) { _, input in input.id * 2 }])
        let seen = Locked<[String]>([])
        mediator.configure { $0.interceptors.append(NameReader(readsParameters: false, seen: seen)) }
        CountedInput.reads.withLock { $0 = 0 }

        #expect(try mediator.call(contract, with: CountedInput(id: 21)) == 42)
        #expect(try mediator.call(contract, with: CountedInput(id: 4)) == 8)
        #expect(seen.withLock { $0 } == ["Counted.double", "Counted.double"])
        #expect(CountedInput.reads.withLock { $0 } == 0)

        // Two interceptors read the parameters of one call: each read builds them, and both see them.
        mediator.configure { $0.interceptors.append(NameReader(readsParameters: true, seen: seen)) }
        mediator.configure { $0.interceptors.append(NameReader(readsParameters: true, seen: seen)) }
        #expect(try mediator.call(contract, with: CountedInput(id: 5)) == 10)
        #expect(seen.withLock { $0 }.suffix(5) == ["Counted.double", "Counted.double", "id=5", "Counted.double", "id=5"])
        #expect(CountedInput.reads.withLock { $0 } == 2)
    }
}

/// The checkout's total, 0 when a call leaves it out.
private struct Total: MediatorInput {
    @Parameter var total = 0
}
