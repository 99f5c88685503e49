import Foundation
import Mediator
import MediatorTestSupport
import MediatorTesting
import Testing

extension Mediator.Gate {
    fileprivate static let login: Mediator.Gate = "login"
    fileprivate static let consent: Mediator.Gate = "consent"
}

/// Counts handler runs by name.
private final class Runs: Sendable {
    private let counts = Locked<[String: Int]>([:])
    func ran(_ name: String) { counts.withLock { $0[name, default: 0] += 1 } }
    subscript(name: String) -> Int { counts.withLock { $0[name] ?? 0 } }
}

/// Holds calls to the actions it names until a gate opens, like a login interceptor.
private struct Holding: MediatorInterceptor {
    let actions: Set<String>
    let gate: Mediator.Gate
    init(_ actions: Set<String>, until gate: Mediator.Gate = .login) {
        self.actions = actions
        self.gate = gate
    }
    func intercept(_ call: MediatorCall) throws -> MediatorCall.Decision {
        actions.contains(call.action) ? .hold(until: gate) : .proceed
    }
}

/// Decides with a closure, so a test can change its mind between a hold and a continuation.
private final class Deciding: MediatorInterceptor {
    private let decide: Locked<@Sendable (MediatorCall) -> MediatorCall.Decision>
    init(_ decide: @escaping @Sendable (MediatorCall) -> MediatorCall.Decision) { self.decide = Locked(decide) }
    func change(_ decide: @escaping @Sendable (MediatorCall) -> MediatorCall.Decision) { self.decide.withLock { $0 = decide } }
    func intercept(_ call: MediatorCall) throws -> MediatorCall.Decision { decide.withLock { $0 }(call) }
}

/// A mediator with a "Shop" target (remote checkout and order, local secret) and the `shop` scheme.
private func makeShop(runs: Runs, checkoutExposure: MediatorExposure = .remote) throws -> Mediator {
    let mediator = Mediator()
    mediator.registerScheme("shop")
    try registerShop(on: mediator, runs: runs, checkoutExposure: checkoutExposure)
    return mediator
}

private func registerShop(on mediator: Mediator, runs: Runs, checkoutExposure: MediatorExposure = .remote) throws {
    try mediator.register(
        targetNamed: "Shop",
        actions: [
            MediatorAction(
                "checkout", parameters: Total.self, exposure: checkoutExposure,
                urlPatterns: ["/checkout"]
            ) { _, p in
                runs.ran("checkout")
                return "checkout \(try p.value("total", as: Int.self))"
            },
            MediatorAction("order", parameters: ItemID.self, exposure: .remote, urlPatterns: ["/order/:id"]) {
                _, p in
                let id = try p.value("id", as: Int.self)
                runs.ran("order \(id)")
                return "order \(id)"
            },
            MediatorAction("login", exposure: .remote, urlPatterns: ["/login"]) { _, _ in
                runs.ran("login")
                mediator.gates.open(.login)
                return "logged in"
            },
        ], replacingExisting: true)
}

/// The code of a thrown mediator error, or `nil`.
private func code(_ body: () throws -> Any) -> MediatorError.Code? {
    do {
        _ = try body()
        return nil
    } catch {
        return (error as? MediatorError)?.code
    }
}

/// The hold a call was answered with; records an issue if it was not held.
private func held(_ body: () throws -> Any, sourceLocation: SourceLocation = #_sourceLocation) -> MediatorHold? {
    do {
        let value = try body()
        Issue.record("expected the call to be held; it returned \(value)", sourceLocation: sourceLocation)
    } catch let error as MediatorError where error.code == .held {
        return error.hold
    } catch {
        Issue.record("expected the call to be held; it threw \(error)", sourceLocation: sourceLocation)
    }
    return nil
}

@Suite("Held calls: gates, cold start and their bounds")
struct HeldCallTests {
    @Test("an interceptor's hold answers at once with .held; opening the gate continues the call once, through every door")
    func holdAndContinue() async throws {
        let runs = Runs()
        let mediator = try makeShop(runs: runs)
        let recorder = CallRecorder()
        mediator.configure { $0.interceptors.append(Holding(["checkout"])) }
        mediator.configure { $0.interceptors.append(recorder) }

        let byURL = try #require(held { try mediator.open("shop://checkout?total=3") })
        let byName = try #require(held { try mediator.perform("checkout", on: "Shop", with: ["total": 4]) })
        let error = await #expect(throws: MediatorError.self) { try await mediator.openAsync("shop://checkout?total=5") }
        let awaited = try #require(error?.hold)
        #expect(error?.code == .held)
        #expect(runs["checkout"] == 0)
        #expect(mediator.gates.heldCalls.map(\.id) == [byURL.id, byName.id, awaited.id])
        #expect(byURL.gate == .login && byURL.call.url == "shop://checkout?total=3" && byURL.call.source == .remote)

        mediator.gates.open(.login)
        #expect(try await byURL.value() as? String == "checkout 3")
        #expect(try await byName.value() as? String == "checkout 4")
        #expect(try await awaited.value() as? String == "checkout 5")
        #expect(runs["checkout"] == 3)
        #expect(mediator.gates.heldCalls.isEmpty)
        // Continued calls went through the interceptors again, marked with their hold.
        #expect(recorder.holds.map(\.id) == [byURL.id, byName.id, awaited.id])
        #expect(recorder.continuedCalls.map { $0.hold?.id } == [byURL.id, byName.id, awaited.id])
        #expect(recorder.continuedCalls.map { $0.parameters.values["total"] as? String } == ["3", nil, "5"])
        // The gate is open now: later calls proceed at once.
        #expect(try mediator.open("shop://checkout?total=6") as? String == "checkout 6")
        mediator.gates.close(.login)
        #expect(code { try mediator.open("shop://checkout") } == .held)
        #expect(mediator.gates.cancelHeldCalls() == 1)
    }

    @Test("a typed call is held and continues like the others; a local call is held by an interceptor too")
    func typedCallsHold() async throws {
        let runs = Runs()
        let mediator = try makeShop(runs: runs)
        mediator.configure { $0.interceptors.append(Holding(["order"])) }
        let order = ActionContract<OrderID, String>("order", on: "Shop")
        let hold = try #require(held { try mediator.call(order, with: OrderID(id: 7)) })
        #expect(hold.call.source == .local && hold.description == "Shop.order (hold \(hold.id))")
        mediator.gates.open(.login)
        #expect(try await hold.value() as? String == "order 7")
        #expect(runs["order 7"] == 1)
    }

    @Test(
        "when the gate opens the whole pipeline runs again: interceptors decide anew, the remote policy judges the registry then")
    func continuationIsJudgedAgain() async throws {
        let runs = Runs()
        let mediator = try makeShop(runs: runs)
        let decider = Deciding { $0.action == "checkout" ? .hold(until: .login) : .proceed }
        mediator.configure { $0.interceptors.append(decider) }

        // Rejected at continuation.
        let rejected = try #require(held { try mediator.open("shop://checkout") })
        decider.change { _ in .reject(reason: "store closed") }
        mediator.gates.open(.login)
        await #expect(throws: MediatorError.self) { try await rejected.value() }
        let rejection = try? await rejected.value()
        #expect(rejection == nil)
        #expect(runs["checkout"] == 0)

        // Allowed when held, local-only when it continues: refused.
        mediator.gates.close(.login)
        decider.change { $0.action == "checkout" ? .hold(until: .login) : .proceed }
        let withdrawn = try #require(held { try mediator.perform("checkout", on: "Shop", source: .remote) })
        try registerShop(on: mediator, runs: runs, checkoutExposure: .local)
        mediator.gates.open(.login)
        do {
            _ = try await withdrawn.value()
            Issue.record("a remote call to an action made local while it was held ran")
        } catch let error as MediatorError {
            #expect(error.code == .remoteCallNotAllowed)
        }
        #expect(runs["checkout"] == 0)

        // Held again, on another gate, as the same hold.
        mediator.gates.close(.login)
        decider.change { $0.action == "order" ? ($0.hold == nil ? .hold(until: .login) : .hold(until: .consent)) : .proceed }
        let twice = try #require(held { try mediator.open("shop://order/9") })
        mediator.gates.open(.login)
        while twice.gate != .consent { await Task.yield() }
        #expect(mediator.gates.heldCalls.map(\.id) == [twice.id])
        mediator.gates.open(.consent)
        #expect(try await twice.value() as? String == "order 9")
        #expect(runs["order 9"] == 1)
    }

    @Test("an interceptor holding on an open gate lets the call through")
    func openGateProceeds() throws {
        let runs = Runs()
        let mediator = try makeShop(runs: runs)
        mediator.configure { $0.interceptors.append(Holding(["checkout"])) }
        mediator.gates.open(.login)
        #expect(mediator.gates.isOpen(.login))
        #expect(try mediator.open("shop://checkout?total=1") as? String == "checkout 1")
        #expect(mediator.gates.heldCalls.isEmpty)
    }

    @Test(
        "cold start: with ready closed, remote calls are held before routing and continue in order once ready; local ones are not"
    )
    func coldStart() async throws {
        let runs = Runs()
        let mediator = Mediator()
        #expect(mediator.gates.isOpen(.ready))
        mediator.gates.close(.ready)
        // Nothing is registered yet: not even the scheme.
        let first = try #require(held { try mediator.open("shop://order/1") })
        let second = try #require(held { try mediator.perform("order", on: "Shop", with: ["id": 2], source: .remote) })
        let third = try #require(
            held {
                try mediator.call(
                    ActionContract<OrderID, String>("order", on: "Shop"),
                    with: OrderID(id: 3), source: .remote)
            })
        #expect(first.call.target.isEmpty && first.call.url == "shop://order/1" && first.gate == .ready)
        // A local call is not held: it fails as it always would.
        #expect(code { try mediator.perform("order", on: "Shop", with: ["id": 4]) } == .targetNotFound)

        mediator.registerScheme("shop")
        try registerShop(on: mediator, runs: runs)
        let order = Locked<[Int]>([])
        mediator.configure {
            $0.interceptors.append(
                Deciding { call in
                    if let id = try? call.parameters.value("id", as: Int.self) { order.withLock { $0.append(id) } }
                    return .proceed
                })
        }
        mediator.gates.open(.ready)
        #expect(try await first.value() as? String == "order 1")
        #expect(try await second.value() as? String == "order 2")
        #expect(try await third.value() as? String == "order 3")
        #expect(order.withLock { $0 } == [1, 2, 3])
        // Ready now: a remote call goes straight through.
        #expect(try mediator.open("shop://order/5") as? String == "order 5")
    }

    @Test("a mediator that never closes ready holds nothing")
    func noChangeByDefault() throws {
        let mediator = Mediator()
        #expect(code { try mediator.open("shop://order/1") } == .unknownURLScheme)
        #expect(mediator.gates.heldCalls.isEmpty)
    }

    @Test("a policy's bounds hold however it was built: a capacity set field by field is clamped where it is applied")
    func policyBoundsHoldWhenApplied() throws {
        let mediator = try makeShop(runs: Runs())
        mediator.gates.close(.ready)
        for id in 1...3 { _ = held { try mediator.open("shop://order/\(id)") } }
        var negative = Mediator.HoldPolicy()
        negative.capacity = -1
        negative.maximumAge = .seconds(-5)
        mediator.configure { $0.holdPolicy = negative }  // crashed before: removeFirst past the end of the queue
        #expect(mediator.settings.holdPolicy.capacity == 0 && mediator.settings.holdPolicy.maximumAge == .zero)
        #expect(mediator.gates.heldCalls.isEmpty)
        #expect(code { try mediator.open("shop://order/4") } == .holdDropped)
        var huge = Mediator.HoldPolicy()
        huge.capacity = 50_000
        mediator.configure { $0.holdPolicy = huge }
        #expect(mediator.settings.holdPolicy.capacity == Mediator.HoldPolicy.maximumCapacity)
        for id in 1...(Mediator.HoldPolicy.maximumCapacity + 5) { _ = held { try mediator.open("shop://order/\(id)") } }
        #expect(mediator.gates.heldCalls.count == Mediator.HoldPolicy.maximumCapacity)
        _ = mediator.gates.cancelHeldCalls()
    }

    @Test("a flood of held links stays within the capacity: the oldest are dropped and told so")
    func capacityDropsOldest() async throws {
        let runs = Runs()
        let mediator = try makeShop(runs: runs)
        let recorder = CallRecorder()
        mediator.configure { $0.interceptors.append(recorder) }
        mediator.configure { $0.holdPolicy = Mediator.HoldPolicy(capacity: 3) }
        mediator.gates.close(.ready)
        var holds: [MediatorHold] = []
        for id in 1...10 { holds += [try #require(held { try mediator.open("shop://order/\(id)") })] }
        #expect(mediator.gates.heldCalls.map(\.id) == holds.suffix(3).map(\.id))
        for dropped in holds.prefix(7) {
            await #expect { try await dropped.value() } throws: { ($0 as? MediatorError)?.code == .holdDropped }
        }
        let drops = recorder.outcomes.filter {
            if case .failed(let e as MediatorError) = $0 { e.code == .holdDropped } else { false }
        }
        #expect(drops.count == 7)
        mediator.gates.open(.ready)
        for kept in holds.suffix(3) { _ = try await kept.value() }
        #expect((1...10).map { runs["order \($0)"] } == [0, 0, 0, 0, 0, 0, 0, 1, 1, 1])

        // Lowering the capacity drops the oldest at once; capacity 0 holds nothing.
        mediator.gates.close(.ready)
        _ = held { try mediator.open("shop://order/11") }
        _ = held { try mediator.open("shop://order/12") }
        mediator.configure { $0.holdPolicy = Mediator.HoldPolicy(capacity: 1) }
        #expect(mediator.gates.heldCalls.map { $0.call.url } == ["shop://order/12"])
        mediator.configure { $0.holdPolicy = Mediator.HoldPolicy(capacity: 0) }
        #expect(code { try mediator.open("shop://order/13") } == .holdDropped)
        #expect(Mediator.HoldPolicy(capacity: 1_000_000).capacity == Mediator.HoldPolicy.maximumCapacity)
        #expect(mediator.gates.cancelHeldCalls() == 0)
    }

    @Test(
        "hundreds of held links, some cancelled or dropped, two gates: arrival order, joins and continuation stay as with a few")
    func manyHeldLinksKeepTheirOrder() async throws {
        let runs = Runs()
        let mediator = try makeShop(runs: runs)
        mediator.configure { $0.interceptors.append(Holding(["checkout"])) }
        mediator.configure { $0.holdPolicy = Mediator.HoldPolicy(capacity: 300) }
        mediator.gates.close(.ready)
        var holds: [MediatorHold] = []
        for id in 1...400 { holds += [try #require(held { try mediator.open("shop://order/\(id)") })] }
        let login = try #require(held { try mediator.perform("checkout", on: "Shop", with: ["total": 1]) })
        // The first 101 made room; every other one of the rest is cancelled, the app's way and a waiter's way.
        for (index, hold) in holds.enumerated() where index > 100 && index.isMultiple(of: 2) { #expect(hold.cancel()) }
        let kept = holds.enumerated().filter { $0.offset > 100 && !$0.offset.isMultiple(of: 2) }.map(\.element)
        #expect(mediator.gates.heldCalls.map(\.id) == kept.map(\.id) + [login.id])
        // An identical URL still joins its hold after the queue dropped its empty places.
        let joined = try #require(held { try mediator.open("shop://order/400") })
        #expect(joined.id == holds[399].id)
        // Opening one gate continues only its calls, in order; the other stays held.
        mediator.gates.open(.ready)
        for hold in kept { _ = try await hold.value() }
        #expect(mediator.gates.heldCalls.map(\.id) == [login.id])
        let keptIDs = kept.map { Int($0.call.url?.split(separator: "/").last ?? "") ?? 0 }
        #expect((1...400).filter { runs["order \($0)"] == 1 } == keptIDs)
        mediator.gates.open(.login)
        #expect(try await login.value() as? String == "checkout 1")
    }

    @Test("calls older than the maximum age when their gate opens are dropped as expired")
    func expiry() async throws {
        let runs = Runs()
        let mediator = try makeShop(runs: runs)
        mediator.configure { $0.interceptors.append(Holding(["checkout"])) }
        mediator.configure { $0.holdPolicy = Mediator.HoldPolicy(maximumAge: .zero) }
        let old = try #require(held { try mediator.open("shop://checkout") })
        try await Task.sleep(for: .milliseconds(2))
        mediator.gates.open(.login)
        await #expect { try await old.value() } throws: { ($0 as? MediatorError)?.code == .holdExpired }
        #expect(runs["checkout"] == 0)
        if case .finished(.failed) = old.phase {} else { Issue.record("an expired hold is not finished: \(old.phase)") }
    }

    @Test("identical URLs held at once continue once, and share the hold")
    func identicalURLsCoalesce() async throws {
        let runs = Runs()
        let mediator = try makeShop(runs: runs)
        mediator.gates.close(.ready)
        let holds = try (0..<5).map { _ in try #require(held { try mediator.open("shop://order/1") }) }
        let other = try #require(held { try mediator.open("shop://order/2") })
        let native = try #require(held { try mediator.open("shop://order/1", with: ["note": "native values never coalesce"]) })
        #expect(Set(holds.map(\.id)).count == 1)
        #expect(mediator.gates.heldCalls.map(\.id) == [holds[0].id, other.id, native.id])
        mediator.gates.open(.ready)
        for hold in holds { #expect(try await hold.value() as? String == "order 1") }
        _ = try await native.value()
        #expect(runs["order 1"] == 2 && runs["order 2"] == 1)
        // Without coalescing, each is its own hold.
        mediator.configure { $0.holdPolicy = Mediator.HoldPolicy(coalescesIdenticalURLs: false) }
        mediator.gates.close(.ready)
        let a = try #require(held { try mediator.open("shop://order/3") })
        let b = try #require(held { try mediator.open("shop://order/3") })
        #expect(a.id != b.id)
        mediator.gates.cancelHeldCalls()
    }

    @Test("an identical URL joins only a hold still waiting on the same gate: not one that left, nor one on another gate")
    func identicalURLsJoinOnlyWhatWaits() async throws {
        let runs = Runs()
        let mediator = try makeShop(runs: runs)
        mediator.configure { $0.interceptors.append(Holding(["checkout"])) }
        // Held on `login` by the interceptor, then the same URL at cold start: held on `ready`, apart.
        let onLogin = try #require(held { try mediator.open("shop://checkout?total=7") })
        mediator.gates.close(.ready)
        let onReady = try #require(held { try mediator.open("shop://checkout?total=7") })
        #expect(onReady.id != onLogin.id)
        // A hold that was cancelled is not joined: the same URL is held anew.
        let first = try #require(held { try mediator.open("shop://order/1") })
        #expect(first.cancel())
        let again = try #require(held { try mediator.open("shop://order/1") })
        #expect(again.id != first.id)
        #expect(try #require(held { try mediator.open("shop://order/1") }).id == again.id)
        #expect(mediator.gates.heldCalls.map(\.id) == [onLogin.id, onReady.id, again.id])
        // Nor is one that continued.
        mediator.gates.open(.ready)
        #expect(try await again.value() as? String == "order 1")
        mediator.gates.close(.ready)
        let later = try #require(held { try mediator.open("shop://order/1") })
        #expect(later.id != again.id)
        mediator.gates.cancelHeldCalls()
        #expect(runs["order 1"] == 1)
    }

    @Test("after most held calls left, each that stays can still be cancelled, joined and continued in order")
    func heldCallsStayReachableAfterTheQueueShrinks() async throws {
        let runs = Runs()
        let mediator = try makeShop(runs: runs)
        mediator.configure { $0.holdPolicy = Mediator.HoldPolicy(capacity: 300) }
        mediator.gates.close(.ready)
        let holds = try (1...200).map { id in try #require(held { try mediator.open("shop://order/\(id)") }) }
        // Most leave, so the queue drops their places and renumbers the rest.
        for hold in holds[..<150] { #expect(hold.cancel()) }
        let staying = Array(holds[150...])
        #expect(mediator.gates.heldCalls.map(\.id) == staying.map(\.id))
        #expect(try #require(held { try mediator.open("shop://order/170") }).id == holds[169].id)
        #expect(holds[160].cancel())
        #expect(!holds[160].cancel())
        let continuing = staying.filter { $0.id != holds[160].id }
        #expect(mediator.gates.heldCalls.map(\.id) == continuing.map(\.id))
        mediator.gates.open(.ready)
        for hold in continuing { _ = try await hold.value() }
        #expect((1...200).filter { runs["order \($0)"] == 1 } == Array(151...200).filter { $0 != 161 })
    }

    @Test("a link held at cold start shows its URL, its caller's values and its window, with no target yet")
    func coldStartHoldShowsTheLink() throws {
        let mediator = try makeShop(runs: Runs())
        mediator.gates.close(.ready)
        let hold = try #require(
            held { try mediator.open("shop://order/5", with: ["note": "from a notification"], context: "window 2") })
        #expect(hold.call.url == "shop://order/5")
        #expect(hold.call.target.isEmpty && hold.call.action.isEmpty)
        #expect(hold.call.source == .remote)
        #expect(hold.call.parameters["note"] as? String == "from a notification")
        #expect(hold.call.context as? String == "window 2")
        #expect(hold.call.hold == nil)
        #expect(hold.description == "shop://order/5 (hold \(hold.id))")
        mediator.gates.cancelHeldCalls()
    }

    @Test("the app cancels one held call, a gate's, or all; cancelled calls never run and observers see it")
    func cancellation() async throws {
        let runs = Runs()
        let mediator = try makeShop(runs: runs)
        let recorder = CallRecorder()
        mediator.configure { $0.interceptors.append(Holding(["checkout"])) }
        mediator.configure { $0.interceptors.append(Holding(["order"], until: .consent)) }
        mediator.configure { $0.interceptors.append(recorder) }
        let one = try #require(held { try mediator.open("shop://checkout?total=1") })
        let two = try #require(held { try mediator.open("shop://checkout?total=2") })
        let three = try #require(held { try mediator.open("shop://order/3") })
        let four = try #require(held { try mediator.open("shop://order/4") })
        #expect(one.cancel())
        #expect(!one.cancel())
        #expect(mediator.gates.cancelHeldCalls(on: .login) == 1)
        #expect(mediator.gates.heldCalls.map(\.id) == [three.id, four.id])
        #expect(mediator.gates.cancelHeldCalls() == 2)
        for hold in [one, two, three, four] {
            await #expect { try await hold.value() } throws: { ($0 as? MediatorError)?.code == .holdCancelled }
        }
        mediator.gates.open(.login)
        mediator.gates.open(.consent)
        #expect(runs["checkout"] == 0 && runs["order 3"] == 0)
        let cancelled = recorder.outcomes.filter {
            if case .failed(let e as MediatorError) = $0 { e.code == .holdCancelled } else { false }
        }
        #expect(cancelled.count == 4)
    }

    @Test("an awaited call may wait for the continued result; a timeout or a cancelled task withdraws the call")
    func waiting() async throws {
        let runs = Runs()
        let mediator = try makeShop(runs: runs)
        mediator.configure { $0.interceptors.append(Holding(["checkout"])) }
        async let waited = mediator.openAsync("shop://checkout?total=8", whenHeld: .wait(upTo: .seconds(600)), as: String.self)
        while mediator.gates.heldCalls.isEmpty { await Task.yield() }
        mediator.gates.open(.login)
        #expect(try await waited == "checkout 8")

        mediator.gates.close(.login)
        await #expect {
            try await mediator.performAsync("checkout", on: "Shop", whenHeld: .wait(upTo: .milliseconds(10)))
        } throws: { ($0 as? MediatorError)?.code == .holdTimedOut }
        #expect(mediator.gates.heldCalls.isEmpty)

        let task = Task { try await mediator.openAsync("shop://checkout?total=9", whenHeld: .wait(upTo: .seconds(600))) }
        while mediator.gates.heldCalls.isEmpty { await Task.yield() }
        task.cancel()
        await #expect(throws: CancellationError.self) { try await task.value }
        #expect(mediator.gates.heldCalls.isEmpty)
        mediator.gates.open(.login)
        #expect(runs["checkout"] == 1)
    }

    /// The awaited doors, each calling `checkout` on the shop and waiting when held (a typed call
    /// waits in the same `MediatorHold.wait`, where the limit is clamped).
    enum AwaitedDoor: String, CaseIterable, Sendable { case byName, url }

    @Test(
        "a wait limit past a timer's range (.seconds(Int64.max)) waits for the continued call instead of crashing",
        arguments: AwaitedDoor.allCases)
    func hugeWaitLimit(door: AwaitedDoor) async throws {
        let runs = Runs()
        let mediator = try makeShop(runs: runs)
        mediator.configure { $0.interceptors.append(Holding(["checkout"])) }
        let forever = MediatorHold.WhenHeld.wait(upTo: .seconds(Int64.max))
        async let waited: String =
            switch door {
            case .byName: mediator.performAsync("checkout", on: "Shop", whenHeld: forever, as: String.self)
            case .url: mediator.openAsync("shop://checkout", whenHeld: forever, as: String.self)
            }
        while mediator.gates.heldCalls.isEmpty { await Task.yield() }
        mediator.gates.open(.login)
        #expect(try await waited == "checkout 0")
        // A negative limit counts as zero: the caller stops waiting at once, and the call is withdrawn.
        mediator.gates.close(.login)
        await #expect {
            try await mediator.performAsync("checkout", on: "Shop", whenHeld: .wait(upTo: .seconds(-5)))
        } throws: { ($0 as? MediatorError)?.code == .holdTimedOut }
        #expect(mediator.gates.heldCalls.isEmpty)
    }

    @Test("a caller that stops waiting does not withdraw a link another caller handed over too")
    func waitingJoinsKeepers() async throws {
        let runs = Runs()
        let mediator = try makeShop(runs: runs)
        mediator.gates.close(.ready)
        let kept = try #require(held { try mediator.open("shop://order/5") })
        await #expect {
            try await mediator.openAsync("shop://order/5", whenHeld: .wait(upTo: .milliseconds(5)))
        } throws: { ($0 as? MediatorError)?.code == .holdTimedOut }
        #expect(mediator.gates.heldCalls.map(\.id) == [kept.id])
        mediator.gates.open(.ready)
        #expect(try await kept.value() as? String == "order 5")
    }

    @Test("a handler that opens the gate continues the held call after its own call, once, with no deadlock")
    func gateOpenedFromHandler() async throws {
        let runs = Runs()
        let mediator = try makeShop(runs: runs)
        mediator.configure { $0.interceptors.append(Holding(["checkout"])) }
        let hold = try #require(held { try mediator.open("shop://checkout?total=2") })
        let answer = try await withDeadlockGuard("a handler opening a gate") {
            try mediator.open("shop://login") as? String
        }
        #expect(answer == "logged in")
        #expect(try await hold.value() as? String == "checkout 2")
        #expect(runs["checkout"] == 1 && runs["login"] == 1)
    }

    @Test("a held main-actor action continues on the main actor when the gate opens from another thread")
    func mainActorContinuation() async throws {
        let mediator = Mediator()
        let ranOnMain = Locked(false)
        try mediator.register(
            targetNamed: "Screens",
            actions: [
                MediatorAction.onMainActor("show", exposure: .remote) { _, _ in
                    MainActor.assertIsolated()
                    ranOnMain.withLock { $0 = true }
                    return "shown"
                }
            ])
        mediator.configure { $0.interceptors.append(Holding(["show"])) }
        let hold = try #require(held { try mediator.perform("show", on: "Screens", source: .remote) })
        await Task.detached { mediator.gates.open(.login) }.value
        #expect(try await hold.value() as? String == "shown")
        #expect(ranOnMain.withLock { $0 })
    }

    @Test("calls made while a gate opens from other threads each run exactly once, none lost")
    func concurrentOpensWhileGateOpens() async throws {
        let runs = Runs()
        let mediator = try makeShop(runs: runs)
        mediator.configure { $0.interceptors.append(Holding(["order"])) }
        mediator.configure { $0.holdPolicy = Mediator.HoldPolicy(capacity: Mediator.HoldPolicy.maximumCapacity) }
        let callers = 4
        let perCaller = 50
        let answers = Locked<[Result<MediatorHold?, any Error>]>([])
        // Plain threads, not pool tasks: the callers block in synchronous calls, and the cooperative
        // pool (one thread per core) is shared with every other suite running meanwhile.
        let finished = try await withDeadlockGuard("calls racing a gate that opens and closes") {
            let workers =
                (0..<callers).map { caller in
                    Worker {
                        for index in 0..<perCaller {
                            let id = caller * 1000 + index
                            do {
                                _ = try mediator.open("shop://order/\(id)")
                                answers.withLock { $0.append(.success(nil)) }
                            } catch let error as MediatorError where error.code == .held {
                                answers.withLock { $0.append(.success(error.hold)) }
                            } catch {
                                answers.withLock { $0.append(.failure(error)) }
                            }
                        }
                    }
                } + [
                    Worker {
                        for _ in 0..<20 {
                            mediator.gates.open(.login)
                            sched_yield()
                            mediator.gates.close(.login)
                        }
                    }
                ]
            let finished = workers.allSatisfy { $0.join(within: .seconds(55)) }
            mediator.gates.open(.login)
            return finished
        }
        #expect(finished, "a caller or the gate's opener did not finish within 55 seconds: suspected deadlock")
        let all = answers.withLock { $0 }
        #expect(all.count == callers * perCaller)
        for answer in all {
            if case .success(let hold?) = answer { _ = try await hold.value() }
            if case .failure(let error) = answer { Issue.record("a call failed: \(error)") }
        }
        for caller in 0..<callers {
            for index in 0..<perCaller { #expect(runs["order \(caller * 1000 + index)"] == 1) }
        }
    }

    @Test("a hold that ended (cancelled, dropped, continued) is released with the last reference to it")
    func endedHoldsAreReleased() async throws {
        let runs = Runs()
        let mediator = try makeShop(runs: runs)
        mediator.gates.close(.ready)
        weak var cancelled: MediatorHold?
        weak var continued: MediatorHold?
        do {
            let first = try #require(held { try mediator.open("shop://order/1") })
            let second = try #require(held { try mediator.open("shop://order/2") })
            #expect(first.cancel())
            mediator.gates.open(.ready)
            _ = try await second.value()
            cancelled = first
            continued = second
        }
        #expect(cancelled == nil && continued == nil)
    }

    @Test("held errors read as one line naming the call, the gate and what to do")
    func descriptions() async throws {
        let mediator = Mediator()
        mediator.gates.close(.ready)
        do {
            try mediator.open("shop://order/1\n")
        } catch let error as MediatorError {
            #expect(error.code == .held)
            #expect(error.description.hasPrefix(#"shop://order/1\u{A} (hold "#))
            #expect(error.description.contains("is held until the app is ready"))
            #expect(!error.description.contains("\n"))
            #expect(error.url == "shop://order/1\n")
        }
        #expect(mediator.gates.cancelHeldCalls() == 1)
        // A URL over the length limit is not worth a place: refused at once, as it would be when ready.
        #expect(code { try mediator.open("shop://" + String(repeating: "a", count: 20_000)) } == .urlTooLong)
        #expect(mediator.gates.heldCalls.isEmpty)
    }
}

/// An input for the tests' `order` action.
private struct OrderID: MediatorInput {
    @Parameter("The order") var id: Int
    init() {}
    init(id: Int) { self.id = id }
}

/// The id an order link carries.
private struct ItemID: MediatorInput {
    @Parameter var id: Int
}

/// The checkout's total, 0 when a link leaves it out.
private struct Total: MediatorInput {
    @Parameter var total = 0
}
