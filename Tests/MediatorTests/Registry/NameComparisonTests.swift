import Mediator
import MediatorPublishing
import MediatorTesting
import Testing

/// Target names, action names and route literals are identifiers compared by their exact UTF-8
/// bytes: two spellings that Swift's `String ==` calls equal (precomposed and decomposed "é") are
/// two different names, each reaching only what was registered under it.
@Suite("Names compare by exact bytes")
struct NameComparisonTests {
    @Test("the two spellings used here are canonically equivalent but differ in their bytes")
    func spellingsAreEquivalentButNotIdentical() {
        #expect(precomposed == decomposed)
        #expect(!sameBytes(precomposed, decomposed))
    }

    // MARK: Target names

    @Test(
        "calling a target by the other spelling fails with .targetNotFound suggesting the registered spelling",
        arguments: spellingPairs)
    func otherSpellingOfTargetIsNotFound(registered: String, called: String) throws {
        let mediator = Mediator()
        try mediator.register(targetNamed: registered, actions: [MediatorAction("ping") { _, _ in "pong" }])
        #expect(try mediator.perform("ping", on: registered, as: String.self) == "pong")

        let error = expectMediatorError(.targetNotFound) { try mediator.perform("ping", on: called) }
        #expect(sameBytes(error?.target ?? "", called))
        #expect(error?.suggestions.contains { sameBytes($0, registered) } == true, "suggestions: \(error?.suggestions ?? [])")
        #expect(!mediator.canPerform("ping", on: called))
    }

    @Test("both spellings can be registered side by side, and each reaches its own target by name, contract and URL")
    func bothSpellingsOfTargetCoexist() async throws {
        let mediator = Mediator()
        mediator.registerScheme("shop")
        for (name, answer) in [(precomposed, "precomposed"), (decomposed, "decomposed")] {
            try mediator.register(
                targetNamed: name, actions: [MediatorAction("ping", exposure: .remote) { _, _ in answer }])
        }

        #expect(mediator.registeredTargetNames.count == 2)
        // Alternate, so each call follows a cached resolution of the other spelling on this thread.
        for _ in 0..<3 {
            #expect(try mediator.perform("ping", on: precomposed, as: String.self) == "precomposed")
            #expect(try mediator.perform("ping", on: decomposed, as: String.self) == "decomposed")
            #expect(try mediator.call(pingPrecomposed) == "precomposed")
            #expect(try mediator.call(pingDecomposed) == "decomposed")
            #expect(try await mediator.performAsync("ping", on: decomposed, as: String.self) == "decomposed")
            #expect(try mediator.open("shop://\(percentEncoded(precomposed))/ping", as: String.self) == "precomposed")
            #expect(try mediator.open("shop://\(percentEncoded(decomposed))/ping", as: String.self) == "decomposed")
        }
    }

    @Test("a resolution cached for one spelling never answers a call by the other")
    func cachedResolutionDoesNotAnswerTheOtherSpelling() throws {
        let mediator = Mediator()
        try mediator.register(targetNamed: precomposed, actions: [MediatorAction("ping") { _, _ in "pong" }])
        #expect(try mediator.perform("ping", on: precomposed, as: String.self) == "pong")
        #expect(try mediator.call(pingPrecomposed) == "pong")

        expectMediatorError(.targetNotFound) { try mediator.perform("ping", on: decomposed) }
        expectMediatorError(.targetNotFound) { try mediator.call(pingDecomposed) }
    }

    @Test("registering the other spelling is not a duplicate, and unregistering one spelling leaves the other")
    func registrationTreatsSpellingsAsDifferentNames() throws {
        let mediator = Mediator()
        try mediator.register(targetNamed: precomposed, actions: [MediatorAction("ping") { _, _ in "precomposed" }])
        try mediator.register(targetNamed: decomposed, actions: [MediatorAction("ping") { _, _ in "decomposed" }])

        #expect(mediator.unregister(decomposed))
        #expect(!mediator.unregister(decomposed))
        #expect(try mediator.perform("ping", on: precomposed, as: String.self) == "precomposed")
        expectMediatorError(.targetNotFound) { try mediator.perform("ping", on: decomposed) }
    }

    // MARK: Action names

    @Test(
        "calling an action by the other spelling fails with .actionNotFound listing the registered spelling",
        arguments: spellingPairs)
    func otherSpellingOfActionIsNotFound(registered: String, called: String) throws {
        let mediator = Mediator()
        try mediator.register(targetNamed: "Menu", actions: [MediatorAction(registered) { _, _ in "served" }])
        #expect(try mediator.perform(registered, on: "Menu", as: String.self) == "served")

        let error = expectMediatorError(.actionNotFound) { try mediator.perform(called, on: "Menu") }
        #expect(sameBytes(error?.action ?? "", called))
        #expect(error?.available.count == 1)
        #expect(error?.available.contains { sameBytes($0, registered) } == true)
        #expect(!mediator.canPerform(called, on: "Menu"))
    }

    @Test("one target may declare both spellings of an action, and each reaches its own handler")
    func bothSpellingsOfActionCoexist() throws {
        let mediator = Mediator()
        try mediator.register(
            targetNamed: "Menu",
            actions: [
                MediatorAction(precomposed) { _, _ in "precomposed" },
                MediatorAction(decomposed) { _, _ in "decomposed" },
            ])

        for _ in 0..<3 {
            #expect(try mediator.perform(precomposed, on: "Menu", as: String.self) == "precomposed")
            #expect(try mediator.perform(decomposed, on: "Menu", as: String.self) == "decomposed")
        }
        #expect(mediator.catalog().target(named: "Menu")?.actions.count == 2)
    }

    // MARK: Route literals

    @Test(
        "a route literal matches only a URL with its own spelling, percent-encoded",
        arguments: spellingPairs)
    func routeLiteralMatchesOnlyItsOwnSpelling(registered: String, called: String) throws {
        let mediator = Mediator()
        mediator.registerScheme("shop")
        try mediator.register(
            targetNamed: "Menu",
            actions: [
                MediatorAction("dish", exposure: .remote, urlPatterns: ["/menu/\(registered)/:id"]) { _, parameters in
                    "dish \(try parameters.value("id", as: Int.self))"
                }
            ])
        try mediator.validateRoutes()

        #expect(try mediator.open("shop://menu/\(percentEncoded(registered))/7", as: String.self) == "dish 7")
        let url = "shop://menu/\(percentEncoded(called))/7"
        #expect(!mediator.canOpen(url))
        expectMediatorError(.noRouteMatched) { try mediator.open(url) }
    }

    @Test("route literals with the two spellings do not conflict, and each URL reaches its own action")
    func routeLiteralsWithBothSpellingsCoexist() throws {
        let mediator = Mediator()
        mediator.registerScheme("shop")
        try mediator.register(
            targetNamed: "Menu",
            actions: [
                MediatorAction("precomposed", exposure: .remote, urlPatterns: ["/menu/\(precomposed)"]) { _, _ in "precomposed" },
                MediatorAction("decomposed", exposure: .remote, urlPatterns: ["/menu/\(decomposed)"]) { _, _ in "decomposed" },
            ])
        try mediator.validateRoutes()

        #expect(try mediator.open("shop://menu/\(percentEncoded(precomposed))", as: String.self) == "precomposed")
        #expect(try mediator.open("shop://menu/\(percentEncoded(decomposed))", as: String.self) == "decomposed")
        // A generated URL leads back to the action it was generated for.
        for action in ["precomposed", "decomposed"] {
            let url = try mediator.url(for: action, on: "Menu")
            #expect(try mediator.open(url, as: String.self) == action, "\(url)")
        }
    }

    private static let spellingPairs = [(precomposed, decomposed), (decomposed, precomposed)]
}

// MARK: - Fixtures

/// "Café" with a precomposed é (U+00E9).
private let precomposed = "Caf\u{E9}"
/// "Café" with e followed by a combining acute accent (U+0301).
private let decomposed = "Cafe\u{301}"

private let pingPrecomposed = ActionContract<NoInput, String>("ping", on: precomposed)
private let pingDecomposed = ActionContract<NoInput, String>("ping", on: decomposed)

/// Whether two strings have the same UTF-8 bytes (`==` compares canonical equivalence).
private func sameBytes(_ lhs: String, _ rhs: String) -> Bool {
    Array(lhs.utf8) == Array(rhs.utf8)
}

/// Every byte of the text percent-encoded, as a URL carries a non-ASCII name.
private func percentEncoded(_ text: String) -> String {
    text.utf8.map { byte in
        if (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte) { return String(UnicodeScalar(byte)) }
        let hex = String(byte, radix: 16, uppercase: true)
        return "%" + (hex.count == 1 ? "0" : "") + hex
    }.joined()
}
