import Mediator
import MediatorTestSupport
import MediatorTesting
import Testing

/// Records every finished call with its outcome.
private final class FinishLog: MediatorInterceptor {
    private let entries = Locked<[(call: MediatorCall, outcome: MediatorCall.Outcome)]>([])
    var finished: [(call: MediatorCall, outcome: MediatorCall.Outcome)] { entries.withLock { $0 } }
    func callDidFinish(_ call: MediatorCall, outcome: MediatorCall.Outcome, duration: Duration) {
        entries.withLock { $0.append((call, outcome)) }
    }
}

/// An error an interceptor throws.
private struct TokenServiceDown: Error {}

/// Throws from its awaited decision only, as a token refresh that fails would.
private struct FailingRefresh: AsyncMediatorInterceptor {
    func interceptAsync(_ call: MediatorCall) async throws -> MediatorCall.Decision {
        await Task.yield()
        throw TokenServiceDown()
    }
}

/// An awaited decision that never finishes on its own and ignores cancellation: it waits for a
/// continuation that only the test resumes, after it has checked the call timed out.
private final class StuckDecision: AsyncMediatorInterceptor {
    private let pending = Locked<[CheckedContinuation<Void, Never>]>([])
    private let released = Locked(false)

    func interceptAsync(_ call: MediatorCall) async throws -> MediatorCall.Decision {
        await withCheckedContinuation { continuation in
            pending.withLock { $0.append(continuation) }
            if released.withLock({ $0 }) { release() }
        }
        return .proceed
    }

    /// Lets every stuck decision finish, so no task outlives the test.
    func release() {
        released.withLock { $0 = true }
        for continuation in pending.withLock({ list in
            defer { list = [] }; return list
        }) { continuation.resume() }
    }

    var waiting: Int { pending.withLock { $0.count } }
}

/// An awaited decision that takes a long time but stops when cancelled.
private struct SlowButCancellable: AsyncMediatorInterceptor {
    func interceptAsync(_ call: MediatorCall) async throws -> MediatorCall.Decision {
        try await Task.sleep(for: .seconds(600))
        return .proceed
    }
}

/// Counts handler runs, to show a refused call never reached its action.
private final class Runs: Sendable {
    private let count = Locked(0)
    func hit() { count.withLock { $0 += 1 } }
    var value: Int { count.withLock { $0 } }
}

private func counterMediator(_ runs: Runs) throws -> Mediator {
    let mediator = Mediator()
    // These tests do not measure the interceptor timeout (those that do set their own): under
    // ThreadSanitizer, on two cores busy with the suite's stress and guarantee loops, an awaited
    // interceptor's task has waited longer than the 10 s default for a thread.
    mediator.configure { $0.interceptorTimeout = .seconds(120) }
    try mediator.register(
        targetNamed: "Counter",
        actions: [
            MediatorAction("bump") { _, _ in
                runs.hit()
                return "bumped"
            }
        ])
    return mediator
}

/// A target whose declaration is unusable: it declares one action twice.
private struct TwiceTarget: MediatorTarget {
    static let targetName = "Twice"
    static let actions: [MediatorAction<Self>] = [
        MediatorAction("go") { _, _ in 1 },
        MediatorAction("go") { _, _ in 2 },
    ]
}

/// Sends every call to Twice to Counter.bump.
private struct RescueTwice: MediatorInterceptor {
    func intercept(_ call: MediatorCall) throws -> MediatorCall.Decision {
        call.target == "Twice" ? .redirect(target: "Counter", action: "bump") : .proceed
    }
}

/// Ping-pong targets: A.ping calls B.pong, which calls A.ping again, until the depth runs out.
private struct PingTarget: MediatorTarget {
    static let targetName = "A"
    static let cachesInstance = true
    let mediator: Mediator

    static let actions: [MediatorAction<Self>] = [
        MediatorAction("ping", parameters: Depth.self) { target, p in
            let depth = try p.value("depth", as: Int.self)
            guard depth > 0 else { return ["A"] }
            return ["A"] + (try target.mediator.perform("pong", on: "B", with: ["depth": depth - 1], as: [String].self))
        },
        MediatorAction("pingAsync", parameters: Depth.self) { target, p async throws in
            let depth = try p.value("depth", as: Int.self)
            guard depth > 0 else { return ["A"] }
            let rest = try await target.mediator.performAsync(
                "pongAsync", on: "B", with: ["depth": depth - 1], as: [String].self)
            return ["A"] + rest
        },
    ]
}

private struct PongTarget: MediatorTarget {
    static let targetName = "B"
    let mediator: Mediator

    static let actions: [MediatorAction<Self>] = [
        MediatorAction("pong", parameters: Depth.self) { target, p in
            let depth = try p.value("depth", as: Int.self)
            guard depth > 0 else { return ["B"] }
            return ["B"] + (try target.mediator.perform("ping", on: "A", with: ["depth": depth - 1], as: [String].self))
        },
        MediatorAction("pongAsync", parameters: Depth.self) { target, p async throws in
            let depth = try p.value("depth", as: Int.self)
            guard depth > 0 else { return ["B"] }
            let rest = try await target.mediator.performAsync(
                "pingAsync", on: "A", with: ["depth": depth - 1], as: [String].self)
            return ["B"] + rest
        },
    ]
}

/// An interceptor that itself calls the mediator while deciding (an analytics lookup, say).
private struct CallsWhileDeciding: AsyncMediatorInterceptor {
    let mediator: Mediator
    func intercept(_ call: MediatorCall) throws -> MediatorCall.Decision {
        if call.target == "A" { _ = try mediator.perform("pong", on: "B", with: ["depth": 0], as: [String].self) }
        return .proceed
    }
    func interceptAsync(_ call: MediatorCall) async throws -> MediatorCall.Decision {
        if call.target == "A" { _ = try await mediator.performAsync("pongAsync", on: "B", with: ["depth": 0], as: [String].self) }
        return .proceed
    }
}

private func pingPongMediator() throws -> Mediator {
    let mediator = Mediator()
    try mediator.register { PingTarget(mediator: $0) }
    try mediator.register { PongTarget(mediator: $0) }
    return mediator
}

/// The outcome of an awaited call, as a value a deadlock guard can hand back.
private func outcome(_ body: @Sendable () async throws -> any Sendable) async -> Result<any Sendable, any Error> {
    do {
        return .success(try await body())
    } catch {
        return .failure(error)
    }
}

@Suite("Interceptor and call failure modes")
struct InterceptorFailureTests {
    @Test("an awaited decision that throws rejects the call, is observed once, and the next call works")
    func throwingAwaitedDecisionRejectsTheCall() async throws {
        let runs = Runs()
        let mediator = try counterMediator(runs)
        let log = FinishLog()
        mediator.configure { $0.interceptors.append(FailingRefresh()) }
        mediator.configure { $0.interceptors.append(log) }
        let error = await expectMediatorError(.rejected) { try await mediator.performAsync("bump", on: "Counter") }
        #expect(error?.target == "Counter")
        #expect(error?.action == "bump")
        #expect(error?.interceptor == "FailingRefresh")
        #expect(error?.reason?.contains("TokenServiceDown") == true)
        #expect(runs.value == 0)
        #expect(log.finished.count == 1)
        #expect(log.finished.first?.outcome.isSuccess == false)

        mediator.configure { $0.interceptors.removeAll() }
        #expect(try await mediator.performAsync("bump", on: "Counter", as: String.self) == "bumped")
    }

    @Test("the interceptor timeout defaults to 10 seconds and can be changed")
    func interceptorTimeoutDefaultsToTenSeconds() {
        let mediator = Mediator()
        #expect(mediator.settings.interceptorTimeout == .seconds(10))
        mediator.configure { $0.interceptorTimeout = .milliseconds(250) }
        #expect(mediator.settings.interceptorTimeout == .milliseconds(250))
        mediator.configure { $0.interceptorTimeout = .seconds(-1) }
        #expect(mediator.settings.interceptorTimeout == .zero)
        #expect(Mediator().settings.interceptorTimeout == .seconds(10))
    }

    @Test("a decision that never completes and ignores cancellation times out with a clear error")
    func stuckDecisionTimesOut() async throws {
        let runs = Runs()
        let mediator = try counterMediator(runs)
        let stuck = StuckDecision()
        let log = FinishLog()
        mediator.configure { $0.interceptors.append(stuck) }
        mediator.configure { $0.interceptors.append(log) }
        mediator.configure { $0.interceptorTimeout = .milliseconds(100) }
        defer { stuck.release() }

        let result = try await withDeadlockGuard("a stuck interceptor decision") {
            await outcome { try await mediator.performAsync("bump", on: "Counter") }
        }
        let error = expectMediatorError(.interceptorTimedOut) { try result.get() }
        #expect(error?.interceptor == "StuckDecision")
        #expect(error?.target == "Counter")
        #expect(error?.action == "bump")
        #expect(error?.description.contains("within 0.1 s") == true)
        #expect(error?.description.contains("Settings.interceptorTimeout") == true)
        #expect(runs.value == 0)
        #expect(log.finished.count == 1)
        #expect(log.finished.first?.outcome.isSuccess == false)

        // The decision is still stuck; letting it finish late changes nothing for the refused call,
        // and the mediator works normally afterwards.
        stuck.release()
        #expect(try await mediator.performAsync("bump", on: "Counter", as: String.self) == "bumped")
        #expect(runs.value == 1)
        #expect(log.finished.count == 2)
        // Synchronous calls never run interceptAsync, so the timeout never applies to them.
        #expect(try mediator.perform("bump", on: "Counter", as: String.self) == "bumped")
    }

    @Test("cancelling the caller cancels a slow decision instead of waiting for the timeout")
    func cancellingTheCallerCancelsTheDecision() async throws {
        let runs = Runs()
        let mediator = try counterMediator(runs)
        mediator.configure { $0.interceptors.append(SlowButCancellable()) }
        mediator.configure { $0.interceptorTimeout = .seconds(600) }
        let result = try await withDeadlockGuard("a cancelled call with a slow decision") {
            let call = Task { try await mediator.performAsync("bump", on: "Counter", as: String.self) }
            call.cancel()
            return await call.result
        }
        let error = expectMediatorError(.rejected) { try result.get() }
        #expect(error?.interceptor == "SlowButCancellable")
        #expect(error?.reason?.contains("CancellationError") == true)
        #expect(runs.value == 0)
        mediator.configure { $0.interceptors.removeAll() }
        #expect(try await mediator.performAsync("bump", on: "Counter", as: String.self) == "bumped")
    }

    @Test("a call that fails at lookup (an unusable declaration) passes through the interceptors", arguments: [false, true])
    func lookupFailuresPassThroughInterceptors(awaited: Bool) async throws {
        let runs = Runs()
        let mediator = try counterMediator(runs)
        try mediator.register(TwiceTarget())
        let log = FinishLog()
        mediator.configure { $0.interceptors.append(log) }

        let error =
            awaited
            ? await expectMediatorError(.invalidDeclaration) { try await mediator.performAsync("go", on: "Twice") }
            : expectMediatorError(.invalidDeclaration) { try mediator.perform("go", on: "Twice") }
        #expect(error?.target == "Twice")
        #expect(error?.problems.first?.contains("\"go\" twice") == true)
        #expect(log.finished.count == 1)
        #expect(log.finished.first?.call.target == "Twice")
        let observed: MediatorError? =
            if case .failed(let failure)? = log.finished.first?.outcome { failure as? MediatorError } else { nil }
        #expect(observed?.code == .invalidDeclaration, "the observer did not see the failure")

        // The call really goes through the chain: an interceptor can redirect it somewhere valid.
        mediator.configure { $0.interceptors.append(RescueTwice()) }
        let rescued =
            awaited
            ? try await mediator.performAsync("go", on: "Twice", as: String.self)
            : try mediator.perform("go", on: "Twice", as: String.self)
        #expect(rescued == "bumped")
        #expect(log.finished.count == 2)
        #expect(log.finished.last?.call.target == "Counter")
    }

    @Test("without interceptors a lookup failure is still thrown as is")
    func lookupFailureWithoutInterceptorsIsThrownAsIs() throws {
        let mediator = Mediator()
        try mediator.register(TwiceTarget())
        let error = expectMediatorError(.invalidDeclaration) { try mediator.perform("go", on: "Twice") }
        #expect(error?.target == "Twice")
    }

    @Test(
        "re-entrant calls (A calls B calls A) complete without deadlock, with and without interceptors", arguments: [false, true])
    func reentrantCallsComplete(intercepted: Bool) async throws {
        let mediator = try pingPongMediator()
        let log = FinishLog()
        if intercepted {
            mediator.configure { $0.interceptors.append(CallsWhileDeciding(mediator: mediator)) }
            mediator.configure { $0.interceptors.append(log) }
        }
        let expected = (0...9).map { $0.isMultiple(of: 2) ? "A" : "B" }
        let (sync, awaited) = try await withDeadlockGuard("re-entrant calls") {
            let sync = try mediator.perform("ping", on: "A", with: ["depth": 9], as: [String].self)
            let awaited = try await mediator.performAsync("pingAsync", on: "A", with: ["depth": 9], as: [String].self)
            return (sync, awaited)
        }
        #expect(sync == expected)
        #expect(awaited == expected)
        if intercepted {
            // Ten calls per chain plus one call per A decision made by the interceptor (five per chain).
            #expect(log.finished.count == 30)
            let failures = log.finished.filter { !$0.outcome.isSuccess }
            #expect(failures.isEmpty)
        }

        // Many re-entrant chains at once, sync and awaited.
        let answers = try await withDeadlockGuard("concurrent re-entrant calls") {
            try await withThrowingTaskGroup(of: [String].self) { group in
                for index in 0..<16 {
                    group.addTask {
                        index.isMultiple(of: 2)
                            ? try mediator.perform("ping", on: "A", with: ["depth": 9], as: [String].self)
                            : try await mediator.performAsync("pingAsync", on: "A", with: ["depth": 9], as: [String].self)
                    }
                }
                return try await group.reduce(into: [[String]]()) { $0.append($1) }
            }
        }
        #expect(answers.count == 16)
        #expect(answers.allSatisfy { $0 == expected })
    }
}

/// Interceptors that decide synchronously are not raced against a timer on awaited calls.
@Suite("Synchronous interceptors on awaited calls")
struct SynchronousInterceptorOnAwaitedCallTests {
    @Test("an interceptor that is not an AsyncMediatorInterceptor decides inline with intercept(_:), even with a zero timeout")
    func synchronousDecisionIsInline() async throws {
        let mediator = Mediator()
        try mediator.register(CalculatorTarget())
        mediator.configure { $0.interceptorTimeout = .zero }
        let seen = Locked<[String]>([])
        mediator.configure { $0.interceptors.append(InlineGate(seen: seen)) }
        let sum = try await mediator.performAsync("add", on: "Calculator", with: ["a": 1, "b": 2], as: Int.self)
        #expect(sum == 3)
        #expect(seen.withLock { $0 } == ["Calculator.add"])
    }
}

private struct InlineGate: MediatorInterceptor {
    let seen: Locked<[String]>
    func intercept(_ call: MediatorCall) throws -> MediatorCall.Decision {
        seen.withLock { $0.append("\(call.target).\(call.action)") }
        return .proceed
    }
}

/// How many more times the ping-pong calls back.
private struct Depth: MediatorInput {
    @Parameter var depth: Int
}
