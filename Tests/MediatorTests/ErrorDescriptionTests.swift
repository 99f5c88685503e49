import Mediator
import Testing

/// One error and the facts its description must state.
struct DescribedError: Sendable, CustomTestStringConvertible {
    let error: MediatorError
    let facts: [String]
    var testDescription: String { error.caseName }
}

/// Several targets with similar names, for suggestion tests.
private struct CatalogTarget: MediatorTarget {
    static let targetName = "Catalog"
    static let actions: [MediatorAction<Self>] = [
        MediatorAction("price") { _, _ in 1.0 },
        MediatorAction("detail") { _, _ in "detail" },
        MediatorAction("list") { _, _ in [1] },
    ]
}

private struct CartTarget: MediatorTarget {
    static let targetName = "Cart"
    static let actions: [MediatorAction<Self>] = []
}

private struct CatalogsTarget: MediatorTarget {
    static let targetName = "Catalogs"
    static let actions: [MediatorAction<Self>] = []
}

@Suite("Error descriptions")
struct ErrorDescriptionTests {
    @Test(
        "every error is one line that names what was asked for and says what to do",
        arguments: [
            DescribedError(
                error: .targetNotFound(target: "Catalgo", suggestions: ["Catalog", "Cart"]),
                facts: ["\"Catalgo\"", "did you mean \"Catalog\"", "register(_:)"]),
            DescribedError(
                error: .targetNotFound(target: "Zebra", suggestions: []),
                facts: ["\"Zebra\"", "register(_:)"]),
            DescribedError(
                error: .actionNotFound(target: "Catalog", action: "prise", available: ["detail", "price"]),
                facts: ["\"Catalog\"", "\"prise\"", "detail, price"]),
            DescribedError(
                error: .actionNotFound(target: "Empty", action: "go", available: []),
                facts: ["\"Empty\"", "\"go\"", "declares none"]),
            DescribedError(
                error: .duplicateTarget(target: "Cart"),
                facts: ["\"Cart\"", "already registered", "replacingExisting: true"]),
            DescribedError(
                error: .invalidDeclaration(target: "Cart", problem: "it declares the action \"add\" twice"),
                facts: ["\"Cart\"", "\"add\" twice"]),
            DescribedError(
                error: .missingParameter(key: "id", expected: "Int", action: "Catalog.price"),
                facts: ["Catalog.price", "\"id\"", "Int", "not supplied"]),
            DescribedError(
                error: .missingParameter(key: "id", expected: "Int", action: nil),
                facts: ["\"id\"", "Int"]),
            DescribedError(
                error: .invalidParameter(key: "id", expected: "Int", received: "\"4x\" (String)", action: "Catalog.price"),
                facts: ["Catalog.price", "\"id\"", "Int", "\"4x\" (String)"]),
            DescribedError(
                error: .remoteCallNotAllowed(target: "Profile", action: "deleteAccount"),
                facts: ["Profile.deleteAccount", "local-only", "exposure: .remote"]),
            DescribedError(
                error: .rejected(target: "Cart", action: "checkout", interceptor: "LoginGate", reason: "login required"),
                facts: ["Cart.checkout", "LoginGate", "login required"]),
            DescribedError(
                error: .interceptorTimedOut(
                    interceptor: "TokenRefresher", target: "Cart", action: "checkout", after: .seconds(10)),
                facts: ["TokenRefresher", "Cart.checkout", "within 10 s", "setInterceptorTimeout(_:)"]),
            DescribedError(
                error: .interceptorTimedOut(
                    interceptor: "TokenRefresher", target: "Cart", action: "checkout", after: .milliseconds(250)),
                facts: ["within 0.25 s"]),
            DescribedError(
                error: .resultTypeMismatch(target: "Catalog", action: "price", expected: "String", actual: "Double"),
                facts: ["Catalog.price", "returned Double", "asked for String"]),
            DescribedError(
                error: .handlerFailed(target: "Catalog", action: "price", underlying: FixtureError.other("offline")),
                facts: ["Catalog.price", "failed", "offline"]),
            DescribedError(
                error: .mainActorRequired(target: "Screens", action: "show"),
                facts: ["Screens.show", "main actor", "await"]),
            DescribedError(
                error: .asyncActionCalledSynchronously(target: "Catalog", action: "load"),
                facts: ["Catalog.load", "asynchronous", "try await"]),
        ]
    )
    func description(_ described: DescribedError) {
        let text = described.error.description
        #expect(!text.isEmpty)
        #expect(!text.contains("\n"))
        #expect(text.last == "." || text.last == "?")
        for fact in described.facts {
            #expect(text.contains(fact), "missing \(fact)")
        }
        // String interpolation of the error gives the same line.
        #expect("\(described.error)" == text)
    }

    @Test("a misspelled target name is answered with the closest registered names, closest first")
    func targetSuggestions() throws {
        let mediator = try makeMediator(CatalogTarget.self, CartTarget.self, CatalogsTarget.self, FreshTarget.self)
        let error = try #require(throws: MediatorError.self) {
            try mediator.perform("price", on: "catalgo")
        }
        guard case let .targetNotFound(target, suggestions) = error else {
            Issue.record("expected targetNotFound, got \(error)")
            return
        }
        #expect(target == "catalgo")
        #expect(suggestions == ["Catalog", "Catalogs"])
        #expect(error.description.contains("did you mean \"Catalog\" or \"Catalogs\"?"))

        let near = try #require(throws: MediatorError.self) { try mediator.perform("price", on: "Catalogz") }
        guard case let .targetNotFound(_, both) = near else {
            Issue.record("expected targetNotFound, got \(near)")
            return
        }
        #expect(both == ["Catalog", "Catalogs"])

        let far = try #require(throws: MediatorError.self) { try mediator.perform("price", on: "Warehouse") }
        guard case let .targetNotFound(_, none) = far else {
            Issue.record("expected targetNotFound, got \(far)")
            return
        }
        #expect(none.isEmpty)
        #expect(!far.description.contains("did you mean"))
    }

    @Test("an unknown action is answered with the target's actions, sorted")
    func actionList() throws {
        let mediator = try makeMediator(CatalogTarget.self, CartTarget.self)
        let error = try #require(throws: MediatorError.self) { try mediator.perform("prise", on: "Catalog") }
        guard case let .actionNotFound(target, action, available) = error else {
            Issue.record("expected actionNotFound, got \(error)")
            return
        }
        #expect(target == "Catalog")
        #expect(action == "prise")
        #expect(available == ["detail", "list", "price"])
        #expect(error.description.contains("detail, list, price"))

        let empty = try #require(throws: MediatorError.self) { try mediator.perform("add", on: "Cart") }
        #expect(empty.description.contains("declares none"))
    }
}
