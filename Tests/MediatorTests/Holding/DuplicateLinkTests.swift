import Mediator
import MediatorTestSupport
import MediatorTesting
import Testing

@testable import MediatorCore

/// Counts how often each order ran.
private final class Orders: Sendable {
    private let runs = Locked<[Int]>([])
    func ran(_ id: Int) { runs.withLock { $0.append(id) } }
    var all: [Int] { runs.withLock { $0 } }
}

/// A mediator with a remote `order` action at `shop://order/:id`, de-duplicating links within `window`.
private func makeShop(orders: Orders, window: Duration = .seconds(60), recorder: CallRecorder? = nil) throws -> Mediator {
    let mediator = Mediator()
    mediator.registerScheme("shop")
    try mediator.register(
        targetNamed: "Shop",
        actions: [
            MediatorAction("order", parameters: ItemID.self, exposure: .remote, urlPatterns: ["/order/:id"]) {
                _, parameters in
                let id = try parameters.value("id", as: Int.self)
                orders.ran(id)
                return "order \(id)"
            }
        ])
    mediator.configure { settings in
        settings.urlOptions.duplicateWindow = window
        if let recorder { settings.interceptors.append(recorder) }
    }
    return mediator
}

/// The code of the error `body` throws, or `nil`.
private func code(_ body: () throws -> Any) -> MediatorError.Code? {
    do {
        _ = try body()
        return nil
    } catch {
        return (error as? MediatorError)?.code
    }
}

private func code(_ body: () async throws -> Any) async -> MediatorError.Code? {
    do {
        _ = try await body()
        return nil
    } catch {
        return (error as? MediatorError)?.code
    }
}

@Suite("Duplicate links")
struct DuplicateLinkTests {
    @Test("the same link twice without await runs once; the second is a duplicate observers see")
    func syncDoor() throws {
        let orders = Orders()
        let recorder = CallRecorder()
        let mediator = try makeShop(orders: orders, recorder: recorder)
        #expect(try mediator.open("shop://order/7", as: String.self) == "order 7")
        #expect(code { try mediator.open("shop://order/7") } == .duplicateLink)
        #expect(orders.all == [7])
        let duplicates = recorder.outcomes.filter { if case .duplicate = $0 { true } else { false } }
        #expect(duplicates.count == 1)
        // Another link still runs: only the same one is refused.
        #expect(try mediator.open("shop://order/8", as: String.self) == "order 8")
        #expect(orders.all == [7, 8])
    }

    @Test("the same link through the awaited door, and across both doors, runs once")
    func awaitedDoor() async throws {
        let orders = Orders()
        let mediator = try makeShop(orders: orders)
        #expect(try await mediator.openAsync("shop://order/1", as: String.self) == "order 1")
        #expect(await code { try await mediator.openAsync("shop://order/1") } == .duplicateLink)
        #expect(code { try mediator.open("shop://order/1") } == .duplicateLink)
        #expect(orders.all == [1])
    }

    @Test("the key is the URL as parsed: scheme and host compare without case, the path as written")
    func keyIsTheParsedURL() throws {
        let orders = Orders()
        let mediator = try makeShop(orders: orders)
        _ = try mediator.open("shop://order/3")
        #expect(code { try mediator.open("SHOP://ORDER/3") } == .duplicateLink)
        #expect(RecentLinks.Key(url: "SHOP://Order/3?X=1", source: .remote).url == "shop://order/3?X=1")
        #expect(RecentLinks.Key(url: "mailto:A@B", source: .remote).url == "mailto:A@B")
        #expect(RecentLinks.Key(url: "s://h/p", source: .remote) != RecentLinks.Key(url: "s://h/p", source: .local))
    }

    @Test("off by default: a link opened twice runs twice")
    func offByDefault() throws {
        let orders = Orders()
        let mediator = try makeShop(orders: orders, window: .zero)
        _ = try mediator.open("shop://order/5")
        _ = try mediator.open("shop://order/5")
        #expect(orders.all == [5, 5])
        mediator.configure { $0.urlOptions.duplicateWindow = .seconds(-3) }
        #expect(mediator.settings.urlOptions.duplicateWindow == .zero)
    }

    @Test("cold start: launch options and open deliver one link; it is held once and runs once when ready")
    func coldStart() async throws {
        let orders = Orders()
        let recorder = CallRecorder()
        let mediator = try makeShop(orders: orders, recorder: recorder)
        mediator.gates.close(.ready)
        let first = await #expect(throws: MediatorError.self) { try await mediator.openAsync("shop://order/9") }
        #expect(first?.code == .held)
        #expect(code { try mediator.open("shop://order/9") } == .duplicateLink)
        #expect(mediator.gates.heldCalls.count == 1)
        mediator.gates.open(.ready)
        // The held link continuing is not a duplicate of its own first arrival.
        let hold = try #require(first?.hold)
        #expect(try await hold.value() as? String == "order 9")
        #expect(orders.all == [9])
        #expect(recorder.outcomes.contains { if case .duplicate = $0 { true } else { false } })
    }

    @Test("a duplicate of a link held by an interceptor is refused, not queued behind it")
    func heldByAnInterceptor() async throws {
        let orders = Orders()
        let mediator = try makeShop(orders: orders)
        mediator.configure { $0.interceptors.append(HoldOrders()) }
        let first = await #expect(throws: MediatorError.self) { try await mediator.openAsync("shop://order/4") }
        #expect(first?.code == .held)
        #expect(await code { try await mediator.openAsync("shop://order/4") } == .duplicateLink)
        mediator.gates.open("orders")
        #expect(try await #require(first?.hold).value() as? String == "order 4")
        #expect(orders.all == [4])
    }

    @Test("memory is bounded: at most 64 links are remembered, the oldest forgotten first")
    func boundedMemory() {
        var recent = RecentLinks()
        let now = ContinuousClock.now
        for id in 0..<200 {
            let arrived1 = recent.arrive(.init(url: "shop://order/\(id)", source: .remote), at: now, window: .seconds(60))
            #expect(arrived1)
        }
        #expect(recent.count == RecentLinks.capacity)
        // The newest are remembered, the oldest forgotten.
        let arrived2 = recent.arrive(.init(url: "shop://order/199", source: .remote), at: now, window: .seconds(60))
        #expect(!arrived2)
        let arrived3 = recent.arrive(.init(url: "shop://order/0", source: .remote), at: now, window: .seconds(60))
        #expect(arrived3)
    }

    @Test("the window runs from the first arrival; after it the same link runs again")
    func windowFromFirstArrival() {
        var recent = RecentLinks()
        let start = ContinuousClock.now
        let key = RecentLinks.Key(url: "shop://order/1", source: .remote)
        let arrived4 = recent.arrive(key, at: start, window: .seconds(2))
        #expect(arrived4)
        let arrived5 = recent.arrive(key, at: start + .seconds(1), window: .seconds(2))
        #expect(!arrived5)
        let arrived6 = recent.arrive(key, at: start + .seconds(2), window: .seconds(2))
        #expect(!arrived6)
        let arrived7 = recent.arrive(key, at: start + .milliseconds(2_001), window: .seconds(2))
        #expect(arrived7)
    }
}

/// Holds every call to `order` until gate `orders` opens.
private struct HoldOrders: MediatorInterceptor {
    func intercept(_ call: MediatorCall) throws -> MediatorCall.Decision {
        call.action == "order" ? .hold(until: "orders") : .proceed
    }
}

/// The id an order link carries.
private struct ItemID: MediatorInput {
    @Parameter var id: Int
}
