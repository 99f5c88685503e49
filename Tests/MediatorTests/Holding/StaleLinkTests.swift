import Mediator
import MediatorTesting
import Testing

@Suite("Links that are not stale")
struct StaleLinkTests {
    @Test("a held link is dropped after 2 minutes by default, not 10")
    func defaultMaximumAge() {
        #expect(Mediator.HoldPolicy().maximumAge == .seconds(120))
        #expect(Mediator().settings.holdPolicy.maximumAge == .seconds(120))
    }

    @Test("the user navigated elsewhere: one call withdraws every held link, and none runs later")
    func userNavigatedElsewhere() async throws {
        let mediator = Mediator()
        mediator.registerScheme("shop")
        let runs = Locked(0)
        try mediator.register(
            targetNamed: "Shop",
            actions: [
                MediatorAction("order", parameters: ItemID.self, exposure: .remote, urlPatterns: ["/order/:id"]) {
                    _, _ in runs.withLock { $0 += 1 }
                }
            ])
        mediator.gates.close(.ready)
        var holds: [MediatorHold] = []
        for id in 1...3 {
            let error = await #expect(throws: MediatorError.self) { try await mediator.openAsync("shop://order/\(id)") }
            holds.append(try #require(error?.hold))
        }
        // The user opened another screen before the app was ready: what they asked for earlier no longer applies.
        #expect(mediator.gates.cancelHeldCalls() == 3)
        mediator.gates.open(.ready)
        for hold in holds {
            let error = await #expect(throws: MediatorError.self) { try await hold.value() }
            #expect(error?.code == .holdCancelled)
        }
        #expect(runs.withLock { $0 } == 0)
    }
}

/// The id an order link carries.
private struct ItemID: MediatorInput {
    @Parameter var id: Int
}
