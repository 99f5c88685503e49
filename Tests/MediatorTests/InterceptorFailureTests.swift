import Mediator
import Testing

/// Records every finished call with its outcome.
private final class FinishLog: MediatorInterceptor {
    private let entries = Locked<[(call: MediatorCall, outcome: MediatorOutcome)]>([])
    var finished: [(call: MediatorCall, outcome: MediatorOutcome)] { entries.withLock { $0 } }
    func callDidFinish(_ call: MediatorCall, outcome: MediatorOutcome, duration: Duration) {
        entries.withLock { $0.append((call, outcome)) }
    }
}

/// An error an interceptor throws.
private struct TokenServiceDown: Error {}

/// Throws from its awaited decision only, as a token refresh that fails would.
private struct FailingRefresh: AsyncMediatorInterceptor {
    func interceptAsync(_ call: MediatorCall) async throws -> MediatorDecision {
        await Task.yield()
        throw TokenServiceDown()
    }
}

/// An awaited decision that never finishes on its own and ignores cancellation: it waits for a
/// continuation that only the test resumes, after it has checked the call timed out.
private final class StuckDecision: AsyncMediatorInterceptor {
    private let pending = Locked<[CheckedContinuation<Void, Never>]>([])
    private let released = Locked(false)

    func interceptAsync(_ call: MediatorCall) async throws -> MediatorDecision {
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
    func interceptAsync(_ call: MediatorCall) async throws -> MediatorDecision {
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
    func intercept(_ call: MediatorCall) throws -> MediatorDecision {
        call.target == "Twice" ? .redirect(target: "Counter", action: "bump") : .proceed
    }
}

/// Ping-pong targets: A.ping calls B.pong, which calls A.ping again, until the depth runs out.
private struct PingTarget: MediatorTarget {
    static let targetName = "A"
    static let cachesInstance = true
    let mediator: Mediator
    init() { self.init(mediator: .shared) }
    init(mediator: Mediator) { self.mediator = mediator }

    static let actions: [MediatorAction<Self>] = [
        MediatorAction("ping", parameters: [.required("depth", Int.self)]) { target, p in
            let depth = try p.value("depth", as: Int.self)
            guard depth > 0 else { return ["A"] }
            return ["A"] + (try target.mediator.perform("pong", on: "B", with: ["depth": depth - 1]) as [String])
        },
        MediatorAction("pingAsync", parameters: [.required("depth", Int.self)]) { target, p async throws in
            let depth = try p.value("depth", as: Int.self)
            guard depth > 0 else { return ["A"] }
            let rest: [String] = try await target.mediator.perform("pongAsync", on: "B", with: ["depth": depth - 1])
            return ["A"] + rest
        },
    ]
}

private struct PongTarget: MediatorTarget {
    static let targetName = "B"
    let mediator: Mediator
    init() { self.init(mediator: .shared) }
    init(mediator: Mediator) { self.mediator = mediator }

    static let actions: [MediatorAction<Self>] = [
        MediatorAction("pong", parameters: [.required("depth", Int.self)]) { target, p in
            let depth = try p.value("depth", as: Int.self)
            guard depth > 0 else { return ["B"] }
            return ["B"] + (try target.mediator.perform("ping", on: "A", with: ["depth": depth - 1]) as [String])
        },
        MediatorAction("pongAsync", parameters: [.required("depth", Int.self)]) { target, p async throws in
            let depth = try p.value("depth", as: Int.self)
            guard depth > 0 else { return ["B"] }
            let rest: [String] = try await target.mediator.perform("pingAsync", on: "A", with: ["depth": depth - 1])
            return ["B"] + rest
        },
    ]
}

/// An interceptor that itself calls the mediator while deciding (an analytics lookup, say).
private struct CallsWhileDeciding: AsyncMediatorInterceptor {
    let mediator: Mediator
    func intercept(_ call: MediatorCall) throws -> MediatorDecision {
        if call.target == "A" { _ = try mediator.perform("pong", on: "B", with: ["depth": 0]) as [String] }
        return .proceed
    }
    func interceptAsync(_ call: MediatorCall) async throws -> MediatorDecision {
        if call.target == "A" { _ = try await mediator.perform("pongAsync", on: "B", with: ["depth": 0]) as [String] }
        return .proceed
    }
}

private func pingPongMediator() throws -> Mediator {
    let mediator = Mediator()
    try mediator.register(PingTarget.self) { mediator in PingTarget(mediator: mediator) }
    try mediator.register(PongTarget.self) { mediator in PongTarget(mediator: mediator) }
    return mediator
}

@Suite("Interceptor and call failure modes")
struct InterceptorFailureTests {
    @Test("an awaited decision that throws rejects the call, is observed once, and the next call works")
    func asyncDecisionThrows() async throws {
        let runs = Runs()
        let mediator = try counterMediator(runs)
        let log = FinishLog()
        mediator.addInterceptor(FailingRefresh())
        mediator.addInterceptor(log)
        do {
            _ = try await mediator.perform("bump", on: "Counter")
            Issue.record("the call ran despite the throwing interceptor")
        } catch let error as MediatorError {
            guard case .rejected("Counter", "bump", "FailingRefresh", let reason) = error else {
                Issue.record("\(error)")
                return
            }
            #expect(reason.contains("TokenServiceDown"))
        }
        #expect(runs.value == 0)
        #expect(log.finished.count == 1)
        #expect(log.finished.first?.outcome.isSuccess == false)

        mediator.removeAllInterceptors()
        #expect(try await mediator.perform("bump", on: "Counter") as String == "bumped")
    }

    @Test("the interceptor timeout defaults to 10 seconds and can be changed")
    func timeoutSetting() {
        let mediator = Mediator()
        #expect(mediator.interceptorTimeout == .seconds(10))
        mediator.setInterceptorTimeout(.milliseconds(250))
        #expect(mediator.interceptorTimeout == .milliseconds(250))
        mediator.setInterceptorTimeout(.seconds(-1))
        #expect(mediator.interceptorTimeout == .zero)
        #expect(Mediator().interceptorTimeout == .seconds(10))
    }

    @Test("a decision that never completes and ignores cancellation times out with a clear error")
    func stuckDecisionTimesOut() async throws {
        let runs = Runs()
        let mediator = try counterMediator(runs)
        let stuck = StuckDecision()
        let log = FinishLog()
        mediator.addInterceptor(stuck)
        mediator.addInterceptor(log)
        mediator.setInterceptorTimeout(.milliseconds(100))
        defer { stuck.release() }

        let error = try await withDeadlockGuard("a stuck interceptor decision") {
            do {
                _ = try await mediator.perform("bump", on: "Counter")
                return nil as MediatorError?
            } catch {
                return error as? MediatorError
            }
        }
        guard case .interceptorTimedOut("StuckDecision", "Counter", "bump", .milliseconds(100))? = error else {
            Issue.record("expected interceptorTimedOut, got \(String(describing: error))")
            return
        }
        #expect(error?.description.contains("setInterceptorTimeout") == true)
        #expect(runs.value == 0)
        #expect(log.finished.count == 1)
        #expect(log.finished.first?.outcome.isSuccess == false)

        // The decision is still stuck; letting it finish late changes nothing for the refused call,
        // and the mediator works normally afterwards.
        stuck.release()
        #expect(try await mediator.perform("bump", on: "Counter") as String == "bumped")
        #expect(runs.value == 1)
        #expect(log.finished.count == 2)
        // Synchronous calls never run interceptAsync, so the timeout never applies to them.
        #expect(try performSync(mediator, "bump", on: "Counter", as: String.self) == "bumped")
    }

    @Test("cancelling the caller cancels a slow decision instead of waiting for the timeout")
    func cancellingTheCallerCancelsTheDecision() async throws {
        let runs = Runs()
        let mediator = try counterMediator(runs)
        mediator.addInterceptor(SlowButCancellable())
        mediator.setInterceptorTimeout(.seconds(600))
        let outcome = try await withDeadlockGuard("a cancelled call with a slow decision") {
            let call = Task { try await mediator.perform("bump", on: "Counter") as String }
            call.cancel()
            return await call.result
        }
        guard case .failure(let error) = outcome,
            case .rejected(_, _, "SlowButCancellable", let reason)? = error as? MediatorError
        else {
            Issue.record("expected the cancelled decision to reject the call, got \(outcome)")
            return
        }
        #expect(reason.contains("CancellationError"))
        #expect(runs.value == 0)
        mediator.removeAllInterceptors()
        #expect(try await mediator.perform("bump", on: "Counter") as String == "bumped")
    }

    @Test("a call that fails at lookup (an unusable declaration) passes through the interceptors", arguments: [false, true])
    func lookupFailuresAreObserved(awaited: Bool) async throws {
        let runs = Runs()
        let mediator = try counterMediator(runs)
        try mediator.register(TwiceTarget.self)
        let log = FinishLog()
        mediator.addInterceptor(log)

        let error: MediatorError?
        if awaited {
            do {
                _ = try await mediator.perform("go", on: "Twice")
                error = nil
            } catch let thrown {
                error = thrown as? MediatorError
            }
        } else {
            error = mediatorError { try mediator.perform("go", on: "Twice") }
        }
        guard case .invalidDeclaration("Twice", let problem)? = error else {
            Issue.record("expected invalidDeclaration, got \(String(describing: error))")
            return
        }
        #expect(problem.contains("\"go\" twice"))
        #expect(log.finished.count == 1)
        #expect(log.finished.first?.call.target == "Twice")
        guard case .failed(let observed)? = log.finished.first?.outcome, case .invalidDeclaration? = observed as? MediatorError
        else {
            Issue.record("the observer did not see the failure")
            return
        }

        // The call really goes through the chain: an interceptor can redirect it somewhere valid.
        mediator.addInterceptor(RescueTwice())
        let rescued: String =
            awaited
            ? try await mediator.perform("go", on: "Twice")
            : try performSync(mediator, "go", on: "Twice")
        #expect(rescued == "bumped")
        #expect(log.finished.count == 2)
        #expect(log.finished.last?.call.target == "Counter")
    }

    @Test("without interceptors a lookup failure is still thrown as is")
    func lookupFailureWithoutInterceptors() throws {
        let mediator = try makeMediator(TwiceTarget.self)
        guard case .invalidDeclaration("Twice", _)? = mediatorError({ try mediator.perform("go", on: "Twice") }) else {
            Issue.record("expected invalidDeclaration")
            return
        }
    }

    @Test(
        "re-entrant calls (A calls B calls A) complete without deadlock, with and without interceptors", arguments: [false, true])
    func reentrantCalls(intercepted: Bool) async throws {
        let mediator = try pingPongMediator()
        let log = FinishLog()
        if intercepted {
            mediator.addInterceptor(CallsWhileDeciding(mediator: mediator))
            mediator.addInterceptor(log)
        }
        let expected = (0...9).map { $0.isMultiple(of: 2) ? "A" : "B" }
        let (sync, awaited) = try await withDeadlockGuard("re-entrant calls") {
            let sync = try performSync(mediator, "ping", on: "A", with: ["depth": 9], as: [String].self)
            let awaited: [String] = try await mediator.perform("pingAsync", on: "A", with: ["depth": 9])
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
                            ? try performSync(mediator, "ping", on: "A", with: ["depth": 9], as: [String].self)
                            : try await mediator.perform("pingAsync", on: "A", with: ["depth": 9])
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
        try mediator.register(CalculatorTarget.self)
        mediator.setInterceptorTimeout(.zero)
        let seen = Locked<[String]>([])
        mediator.addInterceptor(InlineGate(seen: seen))
        let sum: Int = try await mediator.perform("add", on: "Calculator", with: ["a": 1, "b": 2])
        #expect(sum == 3)
        #expect(seen.withLock { $0 } == ["Calculator.add"])
    }
}

private struct InlineGate: MediatorInterceptor {
    let seen: Locked<[String]>
    func intercept(_ call: MediatorCall) throws -> MediatorDecision {
        seen.withLock { $0.append("\(call.target).\(call.action)") }
        return .proceed
    }
}
