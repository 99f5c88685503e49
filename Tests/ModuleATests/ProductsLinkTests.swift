import Mediator
import MediatorTesting
import ModuleA
import Testing

/// The Products module's links as testers and attackers reach them: every route has an example that
/// opens its own action with its values, and no hostile variant crashes, reaches a local action or
/// sets a native value.
@Suite("Products module: every link, hostile links")
struct ProductsLinkTests {
    let mediator = Mediator()

    init() throws {
        mediator.registerScheme("shop")
        mediator.registerWebHost("shop.example.com")
        try mediator.register(ProductsTarget())
    }

    @Test("every remote route has an example that opens its own action with its values")
    func everyLinkOpens() async {
        await EveryLink.check(on: mediator)
    }

    @Test("every hostile variant of every link is refused or handled, and reaches nothing local")
    func hostileLinks() async throws {
        #expect(try HostileLinks.pack(for: mediator).count > 100)
        await HostileLinks.check(on: mediator)
    }
}
