import Mediator
import MediatorTesting
import ModuleB
import Testing

/// The Cart module's links, with Products stubbed: every route has an example that opens its own
/// action, and no hostile variant crashes, reaches a local action or sets a native value.
@Suite("Cart module: every link, hostile links")
struct CartLinkTests {
    @Test("every remote route has an example that opens its own action with its values")
    func everyLinkOpens() async throws {
        let (mediator, _) = try cartWithStubbedProducts()
        mediator.registerScheme("shop")
        mediator.registerWebHost("shop.example.com")
        await EveryLink.check(on: mediator)
    }

    @Test("every hostile variant of every link is refused or handled, and reaches nothing local")
    func hostileLinks() async throws {
        let (mediator, _) = try cartWithStubbedProducts()
        mediator.registerScheme("shop")
        mediator.registerWebHost("shop.example.com")
        #expect(try HostileLinks.pack(for: mediator).contains { $0.kind == .localAction && $0.url == "shop://Cart/clear" })
        await HostileLinks.check(on: mediator)
    }
}
