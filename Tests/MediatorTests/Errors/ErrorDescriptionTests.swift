import MediatorTesting
import Testing

@testable import MediatorCore

/// One error and the facts its description must state.
struct DescribedError: Sendable, CustomTestStringConvertible {
    let error: MediatorError
    let facts: [String]
    var testDescription: String { error.code.description }
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
                facts: ["\"Catalog\"", "\"prise\"", "did you mean \"price\"? Its actions: detail, price"]),
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
                error: .missingParameter(key: "id", expected: "Int", target: "Catalog", action: "price"),
                facts: ["Catalog.price", "\"id\"", "Int", "not supplied"]),
            DescribedError(
                error: .missingParameter(key: "id", expected: "Int", target: nil, action: nil),
                facts: ["\"id\"", "Int"]),
            DescribedError(
                error: .invalidParameter(
                    key: "id", expected: "Int", received: "\"4x\" (String)", target: "Catalog", action: "price"),
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
                facts: ["TokenRefresher", "Cart.checkout", "within 10 s", "Settings.interceptorTimeout"]),
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
            DescribedError(
                error: .reservedParameter(key: "done", target: "Shop", action: "pay"),
                facts: ["\"done\"", "Shop.pay", "native-only", "open(_:with:)"]),
            DescribedError(
                error: .factoryCycle(["Cart", "Products", "Cart"]),
                facts: ["\"Cart\"", "Cart → Products → Cart", "must not call"]),
        ]
    )
    func everyErrorIsOneActionableLine(_ described: DescribedError) {
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
    func misspelledTargetSuggestsClosestNames() throws {
        let mediator = Mediator()
        try mediator.register(CatalogTarget())
        try mediator.register(CartTarget())
        try mediator.register(CatalogsTarget())
        try mediator.register(FreshTarget())
        let error = expectMediatorError(.targetNotFound) { try mediator.perform("price", on: "catalgo") }
        #expect(error?.target == "catalgo")
        #expect(error?.suggestions == ["Catalog", "Catalogs"])
        #expect(error?.description.contains("did you mean \"Catalog\" or \"Catalogs\"?") == true)

        let near = expectMediatorError(.targetNotFound) { try mediator.perform("price", on: "Catalogz") }
        #expect(near?.suggestions == ["Catalog", "Catalogs"])

        let far = try #require(expectMediatorError(.targetNotFound) { try mediator.perform("price", on: "Warehouse") })
        #expect(far.suggestions.isEmpty)
        #expect(!far.description.contains("did you mean"))
    }

    @Test("an unknown action is answered with the target's actions, sorted")
    func unknownActionListsTheTargetsActions() throws {
        let mediator = Mediator()
        try mediator.register(CatalogTarget())
        try mediator.register(CartTarget())
        let error = expectMediatorError(.actionNotFound) { try mediator.perform("prise", on: "Catalog") }
        #expect(error?.target == "Catalog")
        #expect(error?.action == "prise")
        #expect(error?.available == ["detail", "list", "price"])
        #expect(error?.description.contains("detail, list, price") == true)
        #expect(error?.suggestions == ["price"])
        #expect(error?.description.contains("did you mean \"price\"?") == true)
        let far = expectMediatorError(.actionNotFound) { try mediator.perform("checkout", on: "Catalog") }
        #expect(far?.suggestions == [])
        #expect(far?.description.contains("did you mean") == false)

        let empty = expectMediatorError(.actionNotFound) { try mediator.perform("add", on: "Cart") }
        #expect(empty?.description.contains("declares none") == true)
    }

    @Test("a wrapped multi-line error stays one line and ends with one period")
    func wrappedMultiLineErrorIsOneLine() throws {
        let mediator = Mediator()
        try mediator.register(
            targetNamed: "T",
            actions: [
                MediatorAction("fails") { _, _ -> Int in throw MultiLine() }
            ])
        let error = expectMediatorError(.handlerFailed) { try mediator.perform("fails", on: "T", as: Int.self) }
        #expect(error?.description == "T.fails failed: first line second line.")
    }

    @Test("echoed input is escaped and capped, so a description is always one short line")
    func echoedInputIsEscapedAndCapped() {
        let hostile = "Cart\n\u{202E}evil\u{2028}" + String(repeating: "x", count: 500)
        let error = MediatorError.targetNotFound(target: hostile, suggestions: [])
        let text = error.description
        #expect(!text.contains("\n"))
        #expect(!text.contains("\u{202E}"))
        #expect(!text.contains("\u{2028}"))
        #expect(text.contains(#"Cart\u{A}\u{202E}evil\u{2028}"#))
        #expect(text.contains("…(\(hostile.utf8.count) bytes)"))
        #expect(!text.contains(String(repeating: "x", count: 121)))
        // The property keeps the name as it was asked for.
        #expect(error.target == hostile)
    }

    @Test("a URL whose result is not the type asked for is named by its URL, not as a target")
    func urlResultMismatchIsNamedByItsURL() throws {
        let mediator = Mediator()
        mediator.registerScheme("shop")
        try mediator.register(
            targetNamed: "Catalog", actions: [MediatorAction("count", exposure: .remote, urlPatterns: ["/count"]) { _, _ in 3 }])
        let error = expectMediatorError(.resultTypeMismatch) { try mediator.open("shop://count", as: String.self) }
        #expect(error?.url == "shop://count" && error?.target == nil)
        #expect(error?.description == #""shop://count" returned Int, but the caller asked for String."#)
    }
}

private struct MultiLine: Error, CustomStringConvertible {
    var description: String { "first line\nsecond line." }
}
