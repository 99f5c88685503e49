import Mediator
import MediatorTesting
import Testing

/// Answers some unknown actions itself, like CTMediator's `notFound:`.
private struct LegacyTarget: MediatorTarget {
    static let targetName = "Legacy"
    static let actions: [MediatorAction<Self>] = [
        MediatorAction("current", exposure: .remote) { _, p in "current \((try? p.value("id", as: Int.self)) ?? 0)" },
        MediatorAction("secret") { _, _ in "secret" },
    ]

    func answerUnknownAction(_ action: String, parameters: MediatorParameters) throws -> Mediator.Fallback {
        switch action {
        case "old": .value("answered by target")
        case "oldScreen": .redirect(target: "Legacy", action: "current", parameters: parameters)
        case "oldSecret": .redirect(target: "Legacy", action: "secret", parameters: [:])
        case "broken": throw FixtureError.boom
        default: .notHandled
        }
    }
}

/// A fallback handler that records what it receives (the call and the error it would fail with)
/// and answers from a table.
private final class FallbackSpy: Sendable {
    private let received = Locked<[(call: MediatorCall, error: MediatorError)]>([])
    let answer: @Sendable (MediatorCall) throws -> Mediator.Fallback

    init(answer: @escaping @Sendable (MediatorCall) throws -> Mediator.Fallback) {
        self.answer = answer
    }

    var calls: [MediatorCall] { received.withLock { $0.map(\.call) } }
    var errors: [MediatorError] { received.withLock { $0.map(\.error) } }

    var handler: @Sendable (MediatorCall, MediatorError) throws -> Mediator.Fallback {
        { [self] call, error in
            received.withLock { $0.append((call, error)) }
            return try answer(call)
        }
    }
}

/// Calls by name for a text result.
private func performString(
    _ mediator: Mediator, _ action: String, on target: String,
    with parameters: MediatorParameters = [:], source: MediatorCallSource = .local
) throws -> String {
    try mediator.perform(action, on: target, with: parameters, source: source, as: String.self)
}

/// A mediator with the legacy target registered.
private func legacyMediator() throws -> Mediator {
    let mediator = Mediator()
    try mediator.register(LegacyTarget())
    return mediator
}

@Suite("Not-found chain")
struct NotFoundChainTests {
    @Test("the target answers an unknown action with a value before the mediator fallback")
    func targetAnswersUnknownActionFirst() async throws {
        let mediator = try legacyMediator()
        let spy = FallbackSpy { _ in .value("fallback") }
        mediator.configure { $0.fallback = spy.handler }
        #expect(try performString(mediator, "old", on: "Legacy") == "answered by target")
        let awaited = try await mediator.performAsync("old", on: "Legacy", as: String.self)
        #expect(awaited == "answered by target")
        #expect(spy.calls.isEmpty)
    }

    @Test("the target redirects an unknown action to a declared one, parameters included")
    func targetRedirectsUnknownAction() async throws {
        let mediator = try legacyMediator()
        #expect(try performString(mediator, "oldScreen", on: "Legacy", with: ["id": 3]) == "current 3")
        let awaited = try await mediator.performAsync("oldScreen", on: "Legacy", with: ["id": "4"], as: String.self)
        #expect(awaited == "current 4")
    }

    @Test("an error the target's own not-found handler throws reaches the caller")
    func targetNotFoundHandlerErrorReachesCaller() throws {
        let mediator = try legacyMediator()
        #expect(throws: FixtureError.boom) { try performString(mediator, "broken", on: "Legacy") }
    }

    @Test("when the target passes, the mediator fallback receives the original call and the error it would fail with")
    func fallbackReceivesTheOriginalCall() throws {
        let mediator = try legacyMediator()
        let spy = FallbackSpy { call in .value("\(call.target).\(call.action)") }
        mediator.configure { $0.fallback = spy.handler }

        #expect(try performString(mediator, "unknown", on: "Legacy", with: ["id": 9]) == "Legacy.unknown")
        #expect(try performString(mediator, "anything", on: "Missing", with: ["k": "v"], source: .remote) == "Missing.anything")

        let calls = spy.calls
        try #require(calls.count == 2)
        #expect(calls[0].target == "Legacy")
        #expect(calls[0].action == "unknown")
        #expect(try calls[0].parameters.value("id", as: Int.self) == 9)
        #expect(spy.errors[0].code == .actionNotFound)
        #expect(spy.errors[0].description.contains("Legacy"))
        #expect(calls[0].source == .local)
        #expect(calls[1].target == "Missing")
        #expect(calls[1].action == "anything")
        #expect(try calls[1].parameters.value("k", as: String.self) == "v")
        #expect(spy.errors[1].code == .targetNotFound)
        #expect(calls[1].source == .remote)
    }

    @Test("the fallback sees the error's suggestions: a misspelled target can be sent to the closest one")
    func fallbackReadsSuggestions() throws {
        let mediator = try legacyMediator()
        mediator.configure {
            $0.fallback = { call, error in
                guard error.code == .targetNotFound, let closest = error.suggestions.first else { return .notHandled }
                return .redirect(target: closest, action: call.action, parameters: call.parameters)
            }
        }
        #expect(try performString(mediator, "current", on: "Legcy", with: ["id": 4]) == "current 4")
        // Nothing close: the fallback passes, and the call fails with the error it was shown.
        let error = expectMediatorError(.targetNotFound) { try performString(mediator, "current", on: "Zzzzzzzz") }
        #expect(error?.target == "Zzzzzzzz")
    }

    @Test("the fallback can redirect to a declared action")
    func fallbackRedirectsToADeclaredAction() async throws {
        let mediator = try legacyMediator()
        let spy = FallbackSpy { call in .redirect(target: "Legacy", action: "current", parameters: call.parameters) }
        mediator.configure { $0.fallback = spy.handler }
        #expect(try performString(mediator, "gone", on: "Nowhere", with: ["id": 5]) == "current 5")
        let awaited = try await mediator.performAsync("gone", on: "Nowhere", with: ["id": 6], as: String.self)
        #expect(awaited == "current 6")
        #expect(spy.calls.count == 2)
    }

    @Test("when nobody answers, the typed not-found error is thrown; removing the fallback restores it")
    func notFoundErrorComesLast() throws {
        let mediator = try legacyMediator()
        let spy = FallbackSpy { _ in .notHandled }
        mediator.configure { $0.fallback = spy.handler }
        let actionError = expectMediatorError(.actionNotFound) { try performString(mediator, "nope", on: "Legacy") }
        #expect(actionError?.target == "Legacy")
        #expect(actionError?.action == "nope")
        #expect(actionError?.available == ["current", "secret"])
        expectMediatorError(.targetNotFound) { try performString(mediator, "x", on: "Legac") }
        #expect(spy.calls.count == 2)

        let answering = FallbackSpy { _ in .value("answered") }
        mediator.configure { $0.fallback = answering.handler }
        #expect(try performString(mediator, "nope", on: "Legacy") == "answered")
        mediator.configure { $0.fallback = nil }
        expectMediatorError(.actionNotFound) { try performString(mediator, "nope", on: "Legacy") }
        #expect(answering.calls.count == 1)
    }

    @Test("redirect loops between fallbacks are cut off with the not-found error")
    func redirectLoopsAreCutOff() async throws {
        let mediator = Mediator()
        let spy = FallbackSpy { call in
            .redirect(target: call.target == "Ping" ? "Pong" : "Ping", action: "bounce", parameters: call.parameters)
        }
        mediator.configure { $0.fallback = spy.handler }
        expectMediatorError(.targetNotFound) { try performString(mediator, "bounce", on: "Ping") }
        let syncHops = spy.calls.count
        #expect(syncHops >= 1 && syncHops <= 16)

        await expectMediatorError(.targetNotFound) { try await mediator.performAsync("bounce", on: "Ping") }
        #expect(spy.calls.count == 2 * syncHops)
    }

    @Test("a remote call redirected by a not-found handler to a local action is refused")
    func remoteRedirectToLocalIsRefused() async throws {
        let mediator = try legacyMediator()
        let spy = FallbackSpy { _ in .redirect(target: "Legacy", action: "secret", parameters: [:]) }
        mediator.configure { $0.fallback = spy.handler }

        for (action, target) in [("oldSecret", "Legacy"), ("anything", "Nowhere")] {
            let error = expectMediatorError(.remoteCallNotAllowed) {
                try performString(mediator, action, on: target, source: .remote)
            }
            #expect(error?.target == "Legacy")
            #expect(error?.action == "secret")
            await expectMediatorError(.remoteCallNotAllowed) {
                try await mediator.performAsync(action, on: target, source: .remote)
            }
        }
        // Locally the same redirects work, and remotely a redirect to a remote action works.
        #expect(try performString(mediator, "oldSecret", on: "Legacy") == "secret")
        #expect(try performString(mediator, "oldScreen", on: "Legacy", with: ["id": 1], source: .remote) == "current 1")
    }
}
