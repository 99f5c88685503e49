import Foundation
import Mediator
import MediatorTesting
import Testing

/// The contracts of the racing shop: `a` (sync and async) and `b`, which is always held.
private enum Rethrow {
    static let a = ActionContract<NoInput, String>("a", on: "Shop")
    static let aLater = AsyncActionContract<NoInput, String>("aLater", on: "Shop")
    static let gate: Mediator.Gate = "rethrowGate"
}

/// Holds every call to `b`; for a call to `a` it calls `b` itself and rethrows the held error it gets,
/// as careless interceptor code would.
private final class Rethrowing: MediatorInterceptor {
    /// The mediator to call `b` on, held weakly (it holds this interceptor).
    private let target = Locked(Weak())
    var mediator: Mediator? {
        get { target.withLock { $0.mediator } }
        set { target.withLock { $0.mediator = newValue } }
    }
    func intercept(_ call: MediatorCall) throws -> MediatorCall.Decision {
        if call.action == "b" { return .hold(until: Rethrow.gate) }
        if call.action.hasPrefix("a"), let mediator { try mediator.perform("b", on: "Shop") }
        return .proceed
    }
    private struct Weak { weak var mediator: Mediator? }
}

/// A shop whose `b` calls are held on a closed gate, and whose interceptor rethrows their held errors.
private func shop(rethrowing: Bool = true) throws -> Mediator {
    let mediator = Mediator()
    try mediator.register(
        targetNamed: "Shop",
        actions: [
            MediatorAction<Void>(Rethrow.a, exposure: .remote, urlPatterns: ["/a"]) { _, _ in "a" },
            MediatorAction<Void>(Rethrow.aLater, exposure: .remote, urlPatterns: ["/aLater"]) { _, _ in "a" },
            MediatorAction<Void>("b", exposure: .remote) { _, _ in "b" },
        ])
    mediator.registerScheme("shop")
    mediator.gates.close(Rethrow.gate)
    if rethrowing {
        let interceptor = Rethrowing()
        interceptor.mediator = mediator
        mediator.configure { $0.interceptors.append(interceptor) }
    } else {
        mediator.configure { $0.interceptors.append(Rethrowing()) }
    }
    return mediator
}

/// A `held` error answers only for its own call: rethrown into another call (by an interceptor, a
/// not-found or fallback handler, an unmatched-URL handler), it refuses that call; the caller never
/// waits on, nor gets the result of, the other call's hold.
@Suite("A held error answers for its own call")
struct RethrownHoldTests {
    static let wait = MediatorHold.WhenHeld.wait(upTo: .seconds(5))

    /// Every door a call to `a` can come through, awaited ones waiting when held.
    enum Door: String, CaseIterable, Sendable {
        case byName, byNameAsync, typed, typedAsync, url, urlAsync
    }

    @Test(
        "an interceptor that rethrows another call's held error refuses this call, through every door", arguments: Door.allCases)
    func interceptorRethrow(door: Door) async throws {
        let mediator = try shop()
        let error = await expectMediatorError(.rejected) {
            switch door {
            case .byName: try mediator.perform("a", on: "Shop")
            case .byNameAsync: try await mediator.performAsync("a", on: "Shop", whenHeld: Self.wait)
            case .typed: try mediator.call(Rethrow.a)
            case .typedAsync: try await mediator.call(Rethrow.aLater, whenHeld: Self.wait)
            case .url: try mediator.open("shop://a")
            case .urlAsync: try await mediator.openAsync("shop://a", whenHeld: Self.wait)
            }
        }
        #expect(error?.hold == nil)
        #expect(error?.description.contains("held error of another call") == true)
        // The other call is still held, for its own caller to wait on or cancel.
        #expect(mediator.gates.heldCalls.map(\.call.action) == ["b"])
    }

    @Test("a fallback handler or unmatched-URL handler that rethrows another call's held error refuses this call")
    func handlerRethrow() async throws {
        let mediator = try shop(rethrowing: false)
        mediator.configure { settings in
            settings.fallback = { _, _ in
                try mediator.perform("b", on: "Shop")
                return .notHandled
            }
            settings.unmatchedURLHandler = { _ in
                try mediator.perform("b", on: "Shop")
                return .notHandled
            }
        }
        await expectMediatorError(.rejected) { try await mediator.performAsync("missing", on: "Shop", whenHeld: Self.wait) }
        await expectMediatorError(.rejected) { try await mediator.performAsync("x", on: "Nobody", whenHeld: Self.wait) }
        await expectMediatorError(.rejected) { try await mediator.openAsync("shop://no/where", whenHeld: Self.wait) }
        expectMediatorError(.rejected) { try mediator.perform("missing", on: "Shop") }
        #expect(mediator.gates.heldCalls.map(\.call.action) == ["b", "b", "b", "b"])
    }
}
