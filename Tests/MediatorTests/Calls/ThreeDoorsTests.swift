import Mediator
import MediatorTesting
import Testing

// A "Greeter" module reached through each door: a typed call, a call by name (sync and async) and
// a URL (sync and async), local and remote.

private struct Greeting: MediatorInput, Equatable {
    @Parameter var name: String
    @Parameter var times: Int = 1
    init() {}
    init(name: String, times: Int = 1) { (self.name, self.times) = (name, times) }
}

/// Another input type with the same key, so redirects and foreign contracts go through encoding.
private struct Loud: MediatorInput, Equatable {
    @Parameter var name: String
    init() {}
    init(text: String) { name = text }
    var text: String { name }
}

/// A native-only value: only native code may hand it over.
private struct Seal: Sendable, Equatable {
    let id: Int
}

private struct Signed: MediatorInput {
    @Parameter var name: String
    @Parameter(native: "") var seal: Seal?
    init() {}
    init(name: String, seal: Seal? = nil) { (self.name, self.seal) = (name, seal) }
}

private enum Greeter {
    static let target = "Greeter"
    static let greet = ActionContract<Greeting, String>("greet", on: target)
    static let greetLater = AsyncActionContract<Greeting, String>("greetLater", on: target)
    static let shout = ActionContract<Loud, String>("shout", on: target)
    static let count = ActionContract<Greeting, Int>("count", on: target)
    static let whisper = ActionContract<Greeting, String>("whisper", on: target)
    static let sign = ActionContract<Signed, String>("sign", on: target)
    /// Declared by no target: the target's not-found handler redirects it to `greet`.
    static let gone = ActionContract<Greeting, String>("gone", on: target)
    /// Declared by no target, and not handled by it either.
    static let lost = ActionContract<Greeting, String>("lost", on: target)
}

/// The inputs every handler received, in order, as "action: input".
private final class GreeterLog: Sendable {
    let entries = Locked<[String]>([])
    func add(_ entry: String) { entries.withLock { $0.append(entry) } }
    var all: [String] { entries.withLock { $0 } }
}

private struct GreeterTarget: MediatorTarget {
    static let targetName = Greeter.target
    let log: GreeterLog

    static let actions: [MediatorAction<GreeterTarget>] = [
        MediatorAction(Greeter.greet, exposure: .remote, urlPatterns: ["/greet/:name"]) { target, input in
            target.log.add("greet: \(input.name) ×\(input.times)")
            return "Hello, \(input.name) ×\(input.times)"
        },
        MediatorAction(Greeter.greetLater, exposure: .remote) { target, input in
            await Task.yield()
            target.log.add("greetLater: \(input.name) ×\(input.times)")
            return "Later, \(input.name)"
        },
        MediatorAction(Greeter.shout, exposure: .remote) { target, input in
            target.log.add("shout: \(input.text)")
            return input.text.uppercased() + "!"
        },
        MediatorAction(Greeter.count, exposure: .remote) { target, input in
            target.log.add("count: \(input.name)")
            return input.times
        },
        MediatorAction(Greeter.whisper) { target, input in
            target.log.add("whisper: \(input.name)")
            return "psst, \(input.name)"
        },
        MediatorAction(Greeter.sign, exposure: .remote) { target, input in
            target.log.add("sign: \(input.name)")
            return "\(input.name) #\(input.seal?.id ?? 0)"
        },
    ]

    func answerUnknownAction(_ action: String, parameters: MediatorParameters) throws -> Mediator.Fallback {
        action == "gone" ? .redirect(target: Greeter.target, action: "greet", parameters: parameters) : .notHandled
    }
}

private func greeter() throws -> (Mediator, GreeterLog) {
    let mediator = Mediator()
    let log = GreeterLog()
    try mediator.register(GreeterTarget(log: log))
    mediator.registerScheme("greeter")
    return (mediator, log)
}

/// The ways into the mediator.
private enum Door: String, CaseIterable, Sendable {
    case typed, typedRemote, byName, byNameRemote, byNameAsync, url, urlAsync

    var source: MediatorCallSource {
        switch self {
        case .typed, .byName, .byNameAsync: .local
        case .typedRemote, .byNameRemote, .url, .urlAsync: .remote
        }
    }

    static var remote: [Door] { allCases.filter { $0.source == .remote } }

    /// Calls `contract` with `input` through this door, for a String result.
    func call(
        _ contract: ActionContract<Greeting, String>, with input: Greeting, on mediator: Mediator
    ) async throws -> String {
        let values: MediatorParameters = ["name": input.name, "times": input.times]
        let url = "greeter://Greeter/\(contract.action)?name=\(input.name)&times=\(input.times)"
        let (action, target) = (contract.action, contract.target)
        switch self {
        case .typed: return try mediator.call(contract, with: input)
        case .typedRemote: return try mediator.call(contract, with: input, source: .remote)
        case .byName: return try mediator.perform(action, on: target, with: values, as: String.self)
        case .byNameRemote: return try mediator.perform(action, on: target, with: values, source: .remote, as: String.self)
        case .byNameAsync: return try await mediator.performAsync(action, on: target, with: values, as: String.self)
        case .url: return try mediator.open(url, as: String.self)
        case .urlAsync: return try await mediator.openAsync(url, as: String.self)
        }
    }
}

/// Rejects every call.
private struct Gate: MediatorInterceptor {
    func intercept(_ call: MediatorCall) throws -> MediatorCall.Decision { .reject(reason: "closed for lunch") }
}

/// Sends every call to `greet` on to another action of the Greeter.
private struct Divert: MediatorInterceptor {
    let action: String
    var target = Greeter.target
    var parameters: MediatorParameters?
    func intercept(_ call: MediatorCall) throws -> MediatorCall.Decision {
        call.action == "greet" ? .redirect(target: target, action: action, parameters: parameters) : .proceed
    }
}

/// Keeps the calls it sees, redirects included.
private final class Observer: MediatorInterceptor {
    let seen = Locked<[MediatorCall]>([])
    func intercept(_ call: MediatorCall) throws -> MediatorCall.Decision {
        seen.withLock { $0.append(call) }
        return .proceed
    }
}

@Suite("One pipeline behind typed calls, calls by name and URLs")
struct ThreeDoorsTests {
    @Test("every door reaches the same handler with the same typed input", arguments: Door.allCases)
    fileprivate func everyDoorReachesTheSameHandler(door: Door) async throws {
        let (mediator, log) = try greeter()

        let greeting = try await door.call(Greeter.greet, with: Greeting(name: "Ada", times: 2), on: mediator)

        #expect(greeting == "Hello, Ada ×2")
        #expect(log.all == ["greet: Ada ×2"])
    }

    @Test(
        "interceptors see every call with its parameters and source; a typed call's are its input's schema encoding",
        arguments: Door.allCases)
    fileprivate func interceptorsSeeEveryCall(door: Door) async throws {
        let (mediator, _) = try greeter()
        let recorder = CallRecorder()
        mediator.configure { $0.interceptors.append(recorder) }
        let input = Greeting(name: "Ada", times: 2)

        _ = try await door.call(Greeter.greet, with: input, on: mediator)

        let call = try #require(recorder.calls.first)
        #expect(recorder.calls.count == 1)
        #expect(call.target == "Greeter")
        #expect(call.action == "greet")
        #expect(call.source == door.source)
        #expect(call.parameters["name"] as? String == "Ada")
        #expect(recorder.inputs(to: Greeter.greet) == [input])
        #expect(recorder.outcomes.map(\.isSuccess) == [true])
        if door == .typed || door == .typedRemote {
            #expect(Set(call.parameters.keys) == Set(Greeting.schema.parameters(of: input).keys))
            #expect(call.parameters["times"] as? Int == 2)
        }
    }

    @Test("an interceptor's rejection stops the call at every door before the handler runs", arguments: Door.allCases)
    fileprivate func interceptorRejectsAtEveryDoor(door: Door) async throws {
        let (mediator, log) = try greeter()
        mediator.configure { $0.interceptors.append(Gate()) }

        let error = await expectMediatorError(.rejected) {
            try await door.call(Greeter.greet, with: Greeting(name: "Ada"), on: mediator)
        }

        #expect(error?.interceptor == "Gate")
        #expect(error?.reason == "closed for lunch")
        #expect(error?.action == "greet")
        #expect(log.all.isEmpty)
    }

    @Test(
        "an interceptor's redirect reaches the other action at every door, even one of another input type",
        arguments: Door.allCases)
    fileprivate func interceptorRedirectsAtEveryDoor(door: Door) async throws {
        let (mediator, log) = try greeter()
        let observer = Observer()
        mediator.configure { $0.interceptors.append(Divert(action: "shout")) }
        mediator.configure { $0.interceptors.append(observer) }

        let result = try await door.call(Greeter.greet, with: Greeting(name: "Ada", times: 2), on: mediator)

        #expect(result == "ADA!")
        #expect(log.all == ["shout: Ada"])
        let seen = try #require(observer.seen.withLock { $0.first })
        #expect(seen.action == "shout")
        #expect(seen.redirectedFrom?.action == "greet")
        #expect(seen.source == door.source)
    }

    @Test(
        "a redirect to an action of another result type fails as resultTypeMismatch at every door",
        arguments: Door.allCases)
    fileprivate func redirectToOtherResultTypeIsAMismatch(door: Door) async throws {
        let (mediator, _) = try greeter()
        mediator.configure { $0.interceptors.append(Divert(action: "count")) }

        let error = await expectMediatorError(.resultTypeMismatch) {
            try await door.call(Greeter.greet, with: Greeting(name: "Ada", times: 2), on: mediator)
        }

        #expect(error?.expectedType == "String")
        #expect(error?.received == "Int")
    }

    @Test("an awaited typed call redirected to an action of another result type fails as resultTypeMismatch")
    func awaitedTypedCallRedirectedToOtherResultType() async throws {
        let (mediator, _) = try greeter()
        mediator.configure { $0.interceptors.append(DivertLater()) }

        let error = await expectMediatorError(.resultTypeMismatch) {
            try await mediator.call(Greeter.greetLater, with: Greeting(name: "Ada", times: 2))
        }

        #expect(error?.target == "Greeter")
        #expect(error?.action == "greetLater")
        #expect(error?.expectedType == "String")
        #expect(error?.received == "Int")
    }

    // MARK: The remote policy

    @Test("a local action refuses every remote door and answers every local one", arguments: Door.allCases)
    fileprivate func localActionRefusesRemoteDoors(door: Door) async throws {
        let (mediator, log) = try greeter()

        if door.source == .remote {
            let error = await expectMediatorError(.remoteCallNotAllowed) {
                try await door.call(Greeter.whisper, with: Greeting(name: "Ada"), on: mediator)
            }
            #expect(error?.action == "whisper")
            #expect(log.all.isEmpty)
        } else {
            #expect(try await door.call(Greeter.whisper, with: Greeting(name: "Ada"), on: mediator) == "psst, Ada")
        }
    }

    @Test(
        "a remote call redirected by an interceptor to a local action is refused at every remote door",
        arguments: Door.allCases)
    fileprivate func redirectToLocalActionKeepsTheRemotePolicy(door: Door) async throws {
        let (mediator, log) = try greeter()
        mediator.configure { $0.interceptors.append(Divert(action: "whisper")) }

        if door.source == .remote {
            let error = await expectMediatorError(.remoteCallNotAllowed) {
                try await door.call(Greeter.greet, with: Greeting(name: "Ada"), on: mediator)
            }
            #expect(error?.action == "whisper")
            #expect(log.all.isEmpty)
        } else {
            #expect(try await door.call(Greeter.greet, with: Greeting(name: "Ada"), on: mediator) == "psst, Ada")
        }
    }

    @Test("remote input cannot set a native-only field at any remote door; native callers can")
    func remoteInputCannotSetNativeFields() throws {
        let (mediator, log) = try greeter()
        let sealed = Signed(name: "Ada", seal: Seal(id: 7))
        let values: MediatorParameters = ["name": "Ada", "seal": Seal(id: 7)]

        expectMediatorError(.reservedParameter) { try mediator.call(Greeter.sign, with: sealed, source: .remote) }
        expectMediatorError(.reservedParameter) { try mediator.perform("sign", on: "Greeter", with: values, source: .remote) }
        let fromURL = expectMediatorError(.reservedParameter) { try mediator.open("greeter://Greeter/sign?name=Ada&seal=7") }
        #expect(fromURL?.parameter == "seal")
        #expect(log.all.isEmpty)

        #expect(try mediator.call(Greeter.sign, with: sealed) == "Ada #7")
        #expect(try mediator.perform("sign", on: "Greeter", with: values, as: String.self) == "Ada #7")
        #expect(try mediator.call(Greeter.sign, with: Signed(name: "Ada"), source: .remote) == "Ada #0")
        let opened = try mediator.open("greeter://Greeter/sign?name=Ada", with: ["seal": Seal(id: 7)], as: String.self)
        #expect(opened == "Ada #7")
    }

    @Test("a remote call redirected with explicit parameters cannot set a native-only field", arguments: Door.remote)
    fileprivate func redirectedRemoteInputCannotSetNativeFields(door: Door) async throws {
        let (mediator, log) = try greeter()
        mediator.configure { $0.interceptors.append(Divert(action: "sign", parameters: ["name": "Ada", "seal": Seal(id: 1)])) }

        let error = await expectMediatorError(.reservedParameter) {
            try await door.call(Greeter.greet, with: Greeting(name: "Ada"), on: mediator)
        }

        #expect(error?.parameter == "seal")
        #expect(log.all.isEmpty)
    }

    // MARK: The not-found chain

    @Test(
        "the not-found chain behaves the same at every door: the target's handler, then the fallback, then the error",
        arguments: Door.allCases)
    fileprivate func notFoundChainIsTheSameAtEveryDoor(door: Door) async throws {
        let (mediator, log) = try greeter()
        let input = Greeting(name: "Ada", times: 2)

        // The target's own handler answers "gone" with a redirect to "greet".
        mediator.configure { $0.interceptors.append(Divert(action: "gone")) }
        #expect(try await door.call(Greeter.greet, with: input, on: mediator) == "Hello, Ada ×2")
        #expect(log.all == ["greet: Ada ×2"])

        // Nobody answers "lost": the error names what the target declares.
        mediator.configure { $0.interceptors.removeAll() }
        mediator.configure { $0.interceptors.append(Divert(action: "lost")) }
        let error = await expectMediatorError(.actionNotFound) { try await door.call(Greeter.greet, with: input, on: mediator) }
        #expect(error?.action == "lost")
        #expect(error?.available.contains("greet") == true)

        // The mediator's fallback answers what the target does not, and sees the call as it came.
        let unresolved = Locked<[(call: MediatorCall, error: MediatorError)]>([])
        mediator.configure {
            $0.fallback = { call, error in
                unresolved.withLock { $0.append((call, error)) }
                return .value("fallback for \(call.action)")
            }
        }
        #expect(try await door.call(Greeter.greet, with: input, on: mediator) == "fallback for lost")
        let (call, reason) = try #require(unresolved.withLock { $0.first })
        #expect(reason.code == .actionNotFound)
        #expect(call.source == door.source)
        #expect(call.parameters["name"] as? String == "Ada")
    }

    @Test("a fallback's redirect to a local action is refused at every remote door", arguments: Door.allCases)
    fileprivate func fallbackRedirectKeepsTheRemotePolicy(door: Door) async throws {
        let (mediator, log) = try greeter()
        mediator.configure { $0.interceptors.append(Divert(action: "greet", target: "Nowhere")) }
        mediator.configure {
            $0.fallback = { call, error in
                error.code == .targetNotFound
                    ? .redirect(target: "Greeter", action: "whisper", parameters: call.parameters) : .notHandled
            }
        }

        if door.source == .remote {
            let error = await expectMediatorError(.remoteCallNotAllowed) {
                try await door.call(Greeter.greet, with: Greeting(name: "Ada"), on: mediator)
            }
            #expect(error?.action == "whisper")
            #expect(log.all.isEmpty)
        } else {
            #expect(try await door.call(Greeter.greet, with: Greeting(name: "Ada"), on: mediator) == "psst, Ada")
        }
    }

    @Test("a typed call to an action its target does not declare goes down the same not-found chain")
    func typedCallToAnUndeclaredActionUsesTheChain() throws {
        let (mediator, log) = try greeter()

        #expect(try mediator.call(Greeter.gone, with: Greeting(name: "Bo", times: 3)) == "Hello, Bo ×3")
        #expect(log.all == ["greet: Bo ×3"])
        expectMediatorError(.actionNotFound) { try mediator.call(Greeter.lost, with: Greeting(name: "Bo")) }
        mediator.configure { $0.fallback = { call, _ in .value("fallback for \(call.action)") } }
        #expect(try mediator.call(Greeter.lost, with: Greeting(name: "Bo")) == "fallback for lost")
    }

    // MARK: Typed calls to actions of other types

    @Test("a typed call reaches a target registered by name (a stub) through its input's encoding")
    func typedCallToATargetRegisteredByName() throws {
        let mediator = Mediator()
        let stub = try mediator.stub(
            "Greeter",
            answers: [
                "greet": .handler { parameters in
                    "Hi \(try parameters.value("name", as: String.self)) ×\(try parameters.value("times", as: Int.self))"
                }
            ])

        #expect(try mediator.call(Greeter.greet, with: Greeting(name: "Ada", times: 3)) == "Hi Ada ×3")
        #expect(try mediator.call(Greeter.greet, with: Greeting(name: "Bo")) == "Hi Bo ×1")
        #expect(!mediator.canCall(Greeter.greet))
        #expect(stub.calls(to: "greet").map { $0.parameters["times"] as? Int } == [3, 1])
        #expect(stub.inputs(to: Greeter.greet) == [Greeting(name: "Ada", times: 3), Greeting(name: "Bo")])
    }

    @Test("a typed call whose contract's input type differs from the handler's is decoded from its encoding")
    func typedCallOfAnotherInputTypeIsDecoded() throws {
        let (mediator, log) = try greeter()

        let foreign = ActionContract<Loud, String>("greet", on: "Greeter")
        // Interleaved with the handler's own contract: a binding cached for one is never used for the other.
        #expect(try mediator.call(Greeter.greet, with: Greeting(name: "Ada", times: 2)) == "Hello, Ada ×2")
        #expect(try mediator.call(foreign, with: Loud(text: "Cy")) == "Hello, Cy ×1")
        #expect(try mediator.call(Greeter.greet, with: Greeting(name: "Ada", times: 2)) == "Hello, Ada ×2")
        #expect(try mediator.call(foreign, with: Loud(text: "Cy")) == "Hello, Cy ×1")
        #expect(log.all == ["greet: Ada ×2", "greet: Cy ×1", "greet: Ada ×2", "greet: Cy ×1"])
        let error = expectMediatorError(.missingParameter) {
            try mediator.call(ActionContract<NoInput, String>("greet", on: "Greeter"))
        }
        #expect(error?.parameter == "name")
        #expect(error?.action == "greet")
    }
}

/// Sends awaited calls to `greetLater` on to `count`.
private struct DivertLater: MediatorInterceptor {
    func intercept(_ call: MediatorCall) throws -> MediatorCall.Decision {
        call.action == "greetLater" ? .redirect(target: Greeter.target, action: "count") : .proceed
    }
}
