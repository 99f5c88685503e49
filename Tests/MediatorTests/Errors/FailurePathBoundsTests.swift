import Mediator
import MediatorPublishing
import MediatorTesting
import Testing

/// A caller can ask for names that do not exist as often as it likes, so the failure path does
/// bounded work: suggestions skip over-long names, and still find the close name in a large
/// registry; routes still build for many targets. Nothing here is timed: the tests assert what
/// the bounded code answers.
@Suite("Failure paths do bounded work")
struct FailurePathBoundsTests {
    @Test("with 10,000 registered targets, a misspelled name is still answered with the close name")
    func closeNameIsSuggestedAmongTenThousandTargets() throws {
        let mediator = Mediator()
        for index in 0..<10_000 { try registerProbe(named: "Module\(index)", on: mediator) }
        try registerProbe(named: "Catalog", on: mediator)

        let error = expectMediatorError(.targetNotFound) { try mediator.perform("ping", on: "Catalgo") }
        #expect(error?.suggestions.first == "Catalog", "suggestions: \(error?.suggestions ?? [])")
    }

    @Test("with 10,000 targets of one naming scheme, each misspelled name is answered with its own target")
    func closeNameIsSuggestedAmongTenThousandSimilarTargets() throws {
        let mediator = Mediator()
        for index in 0..<10_000 { try registerProbe(named: "Screen\(10_000 + index)", on: mediator) }

        // Twenty typos, so a suggestion found only by luck (in the part of the registry that was
        // looked at) cannot pass them all.
        var missed: [String] = []
        for index in stride(from: 137, to: 10_000, by: 500) {
            let name = "Screen\(10_000 + index)"
            let typo = "Scren\(10_000 + index)"
            let error = expectMediatorError(.targetNotFound) { try mediator.perform("ping", on: typo) }
            if error?.suggestions.first != name { missed.append("\(typo) → \(error?.suggestions ?? [])") }
        }
        #expect(missed == [])
    }

    @Test(
        "a missing name longer than suggestions consider gets none, even one edit away from a registered name",
        arguments: [251, 10_000])
    func overlongMissingNameGetsNoSuggestions(length: Int) throws {
        let mediator = Mediator()
        let registered = String(repeating: "x", count: length - 1)
        try registerProbe(named: registered, on: mediator)
        try registerProbe(named: "Catalog", on: mediator)

        let missing = String(repeating: "x", count: length)
        let error = expectMediatorError(.targetNotFound) { try mediator.perform("ping", on: missing) }
        #expect(error?.suggestions == [])
        #expect(error?.target == missing)
        #expect((error?.description.utf8.count ?? .max) < 2_000)
        #expect(try mediator.perform("ping", on: registered, as: String.self) == "pong")
    }

    @Test("a long but ordinary misspelled name still gets the close name")
    func longOrdinaryNameStillGetsSuggestions() throws {
        let mediator = Mediator()
        try registerProbe(named: "CheckoutPaymentMethodsSettings", on: mediator)
        try registerProbe(named: "Catalog", on: mediator)

        let error = expectMediatorError(.targetNotFound) { try mediator.perform("ping", on: "CheckoutPaymentMethodSettings") }
        #expect(error?.suggestions == ["CheckoutPaymentMethodsSettings"])
    }

    @Test("routes build for 10,000 targets: they validate, open, report what they can open, and generate URLs")
    func routesBuildForManyTargets() throws {
        let mediator = Mediator()
        mediator.registerScheme("shop")
        for index in 0..<10_000 {
            let name = "Item\(index)"
            try mediator.register(
                targetNamed: name,
                actions: [
                    MediatorAction(
                        "show", parameters: ItemID.self, exposure: .remote, urlPatterns: ["/item\(index)/:id"]
                    ) { _, parameters in "\(name) \(try parameters.value("id", as: Int.self))" }
                ])
        }

        try mediator.checkRegistrations()
        for index in [0, 4_321, 9_999] {
            #expect(try mediator.open("shop://item\(index)/7", as: String.self) == "Item\(index) 7")
            #expect(try mediator.open("shop://Item\(index)/show?id=8", as: String.self) == "Item\(index) 8")
            #expect(mediator.canOpen("shop://item\(index)/7"))
            #expect(try mediator.url(for: "show", on: "Item\(index)", with: ["id": 9]) == "shop://item\(index)/9")
        }
        #expect(!mediator.canOpen("shop://item10000/7"))
        expectMediatorError(.noRouteMatched) { try mediator.open("shop://item10000/7") }
        #expect(mediator.catalog().targets.count == 10_000)
    }
}

// MARK: - Fixtures

/// Registers a target that answers `ping` with "pong".
private func registerProbe(named name: String, on mediator: Mediator) throws {
    try mediator.register(targetNamed: name, actions: [MediatorAction("ping") { _, _ in "pong" }])
}

/// The id an item link carries.
private struct ItemID: MediatorInput {
    @Parameter var id: Int
}
