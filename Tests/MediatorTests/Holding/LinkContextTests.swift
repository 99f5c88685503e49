import Mediator
import MediatorTestSupport
import MediatorTesting
import Testing

/// The window a link arrived in, as an app would pass it (a scene's persistent identifier, say).
private struct Window: Sendable, Equatable {
    let id: String
}

/// Records the context of every call interceptors see.
private final class Contexts: MediatorInterceptor {
    private let seen = Locked<[String?]>([])
    var all: [String?] { seen.withLock { $0 } }
    func intercept(_ call: MediatorCall) throws -> MediatorCall.Decision {
        seen.withLock { $0.append((call.context as? Window)?.id) }
        return .proceed
    }
}

private func makeShop(_ contexts: Contexts) throws -> Mediator {
    let mediator = Mediator()
    mediator.registerScheme("shop")
    try mediator.register(
        targetNamed: "Shop",
        actions: [
            MediatorAction("order", parameters: ItemID.self, exposure: .remote, urlPatterns: ["/order/:id"]) {
                _, parameters in "order \(try parameters.value("id", as: Int.self))"
            }
        ])
    mediator.configure { $0.interceptors.append(contexts) }
    return mediator
}

@Suite("The window a link arrived in")
struct LinkContextTests {
    @Test("interceptors see the context of a link opened without and with await")
    func bothDoors() async throws {
        let contexts = Contexts()
        let mediator = try makeShop(contexts)
        _ = try mediator.open("shop://order/1", context: Window(id: "left"))
        _ = try await mediator.openAsync("shop://order/2", context: Window(id: "right"))
        _ = try mediator.open("shop://order/3")
        // A repeat open on this thread takes the interceptors' short way; it carries the window too.
        _ = try mediator.open("shop://order/4", context: Window(id: "again"))
        #expect(contexts.all == ["left", "right", nil, "again"])
    }

    @Test("a link held at cold start keeps its window: its hold shows it, and it continues with it")
    func throughAHold() async throws {
        let contexts = Contexts()
        let mediator = try makeShop(contexts)
        mediator.gates.close(.ready)
        let error = await #expect(throws: MediatorError.self) {
            try await mediator.openAsync("shop://order/5", context: Window(id: "scene-2"))
        }
        let hold = try #require(error?.hold)
        #expect((hold.call.context as? Window)?.id == "scene-2")
        mediator.gates.open(.ready)
        #expect(try await hold.value() as? String == "order 5")
        #expect(contexts.all == ["scene-2"])
    }

    @Test("a duplicate is observed with the window it arrived in; the first keeps its own")
    func throughDeduplication() throws {
        let contexts = Contexts()
        let mediator = try makeShop(contexts)
        let duplicates = DuplicateContexts()
        mediator.configure {
            $0.urlOptions.duplicateWindow = .seconds(60)
            $0.interceptors.append(duplicates)
        }
        _ = try mediator.open("shop://order/6", context: Window(id: "a"))
        #expect(throws: MediatorError.self) { try mediator.open("shop://order/6", context: Window(id: "b")) }
        #expect(contexts.all == ["a"])
        #expect(duplicates.all == ["b"])
    }
}

/// Records the context of each call observed as a duplicate.
private final class DuplicateContexts: MediatorInterceptor {
    private let seen = Locked<[String?]>([])
    var all: [String?] { seen.withLock { $0 } }
    func intercept(_ call: MediatorCall) throws -> MediatorCall.Decision { .proceed }
    func callDidFinish(_ call: MediatorCall, outcome: MediatorCall.Outcome, duration: Duration) {
        if case .duplicate = outcome { seen.withLock { $0.append((call.context as? Window)?.id) } }
    }
}

/// The id an order link carries.
private struct ItemID: MediatorInput {
    @Parameter var id: Int
}
