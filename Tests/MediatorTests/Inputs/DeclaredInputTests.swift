import Mediator
import MediatorCore
import MediatorTesting
import Testing

/// A two-parameter input with a default, declared once.
private struct UserQuery: MediatorInput, Equatable {
    @Parameter("User id") var id: Int
    @Parameter("Tab to open") var tab = "posts"
}

extension UserQuery {
    init(id: Int, tab: String = "posts") { (self.id, self.tab) = (id, tab) }
}

/// Every kind of declared parameter.
private struct Everything: MediatorInput {
    @Parameter("Required") var count: Int
    @Parameter("Defaulted") var flag = true
    @Parameter("Optional") var tag: String?
    @Parameter("Optional with a default") var level: Level? = .high
    @Parameter("A list") var ids: [Int] = []
    @Parameter(native: "Called when done") var done: (@Sendable (Int) -> Void)?
    @Parameter(native: "A model") var model: Model

    enum Level: String, MediatorParameterValue { case low, high }
    struct Model: Sendable { let name: String }
}

/// An input declared through the protocol, whose typed initializer reads the declared default.
private struct Order: MediatorInput, Equatable {
    @Parameter("Item") var item: String
    @Parameter("How many") var quantity = 2
    init() {}
    init(item: String, quantity: Int = Order().quantity) { (self.item, self.quantity) = (item, quantity) }
}

/// A declaration with a property that is not a parameter.
private struct Mixed: MediatorInput {
    @Parameter("Fine") var fine: Int
    var stray = 0
}

/// First and last names of the same type, declared apart: a URL cannot swap them.
private struct FullName: MediatorInput, Equatable {
    @Parameter("Given name") var first: String
    @Parameter("Family name") var last: String
}

extension FullName {
    init(first: String, last: String) { (self.first, self.last) = (first, last) }
}

/// Parameters declared with and without a description in the attribute.
private struct Described: MediatorInput {
    @Parameter var id: Int
    @Parameter("Written in the attribute") var tab = "posts"
    @Parameter var page: Int?
}

/// A shelf's view, its parameters an app's own enums (the library has no code compiled for them).
private struct Shelf: MediatorInput {
    @Parameter("Which shelf") var kind: Kind
    @Parameter("Sort order") var sort: Sort?
    @Parameter("Layout") var layout = Layout.grid

    enum Kind: Int, MediatorParameterValue { case books = 1, games = 2 }
    enum Sort: String, MediatorParameterValue { case price, name }
    enum Layout: String, MediatorParameterValue { case grid, list }
}

private struct ShelfTarget: MediatorTarget {
    static let targetName = "Shelf"
    static let actions: [MediatorAction<ShelfTarget>] = [
        MediatorAction(
            ActionContract<Shelf, String>("show", on: "Shelf"), exposure: .remote, urlPatterns: ["/shelf/:kind"]
        ) { _, input in "\(input.kind) \(input.sort.map { "\($0)" } ?? "-") \(input.layout)" }
    ]
}

private enum People {
    static let user = ActionContract<UserQuery, String>("user", on: "People")
    static let name = ActionContract<FullName, String>("name", on: "People")
    static let everything = ActionContract<Everything, String>("everything", on: "People")
    static let mixed = ActionContract<Mixed, Int>("mixed", on: "People")
}

private struct PeopleTarget: MediatorTarget {
    static let targetName = "People"
    static let actions: [MediatorAction<PeopleTarget>] = [
        MediatorAction(People.user, exposure: .remote, urlPatterns: ["/user/:id"]) { _, input in "\(input.id)/\(input.tab)" },
        MediatorAction(People.name, exposure: .remote, urlPatterns: ["/name"]) { _, input in "\(input.first) \(input.last)" },
        MediatorAction(People.everything) { _, input in
            input.done?(input.count)
            return
                "\(input.count) \(input.flag) \(input.tag ?? "-") \(input.level?.rawValue ?? "-") \(input.ids) \(input.model.name)"
        },
    ]
}

/// Sends calls of `user` to `name`, as an interceptor's redirect does.
private struct UserToName: MediatorInterceptor {
    func intercept(_ call: MediatorCall) throws -> MediatorCall.Decision {
        call.action == "user"
            ? .redirect(
                target: "People", action: "name", parameters: ["first": "Ada", "last": "\(call.parameters.values["id"] ?? "")"])
            : .proceed
    }
}

private struct MixedTarget: MediatorTarget {
    static let targetName = "People"
    static let actions: [MediatorAction<MixedTarget>] = [MediatorAction(People.mixed) { _, input in input.fine }]
}

@Suite("Inputs declared with @Parameter: each name, type, default and description written once")
struct DeclaredInputTests {
    private func mediator() throws -> Mediator {
        let mediator = Mediator()
        mediator.registerScheme("app")
        try mediator.register(PeopleTarget())
        return mediator
    }

    @Test("the schema reads names, types, defaults and descriptions from the properties, in declaration order")
    func schemaFromDeclarations() {
        let parameters = UserQuery.schema.parameters
        #expect(parameters.map(\.name) == ["id", "tab"])
        #expect(parameters.map(\.typeName) == ["Int", "String"])
        #expect(parameters.map(\.isRequired) == [true, false])
        #expect(parameters[1].defaultValue as? String == "posts")
        #expect(parameters.map(\.summary) == ["User id", "Tab to open"])
    }

    @Test("a parameter declared without a description has none; one written in the attribute is kept")
    func descriptionsFromAttributes() throws {
        let parameters = Described.schema.parameters
        #expect(parameters.map(\.summary) == ["", "Written in the attribute", ""])
        #expect(parameters.map(\.name) == ["id", "tab", "page"])
        #expect(parameters.map(\.isRequired) == [true, false, false])
        #expect(parameters[1].defaultValue as? String == "posts")
        let input = try Described.schema.input(from: ["id": "4", "page": "2"])
        #expect(input.id == 4 && input.tab == "posts" && input.page == 2)
        let missing = expectMediatorError(.missingParameter) { try Described.schema.input(from: ["page": 2]) }
        #expect(missing?.parameter == "id")
    }

    @Test("a typed call, a call by name and a URL get the same default")
    func oneDefault() throws {
        let mediator = try mediator()
        #expect(try mediator.call(People.user, with: UserQuery(id: 7)) == "7/posts")
        #expect(try mediator.perform("user", on: "People", with: ["id": 7]) as? String == "7/posts")
        #expect(try mediator.open("app://user/7") as? String == "7/posts")
        #expect(try mediator.open("app://user/7?tab=likes") as? String == "7/likes")
    }

    @Test("each call starts from the declaration: a value one call supplied is not the next call's default")
    func valuesDoNotCarryOver() throws {
        let mediator = try mediator()
        #expect(try mediator.open("app://user/7?tab=likes") as? String == "7/likes")
        #expect(try mediator.open("app://user/8") as? String == "8/posts")
        let model = Everything.Model(name: "m")
        let first = try mediator.perform(
            "everything", on: "People", with: ["count": 1, "flag": "no", "tag": "x", "level": "low", "model": model])
        #expect(first as? String == "1 false x low [] m")
        let second = try mediator.perform("everything", on: "People", with: ["count": 2, "model": model])
        #expect(second as? String == "2 true - high [] m")
        let missing = expectMediatorError(.missingParameter) { try mediator.perform("user", on: "People", with: [:]) }
        #expect(missing?.parameter == "id")
    }

    @Test("an input decoded from values is complete: a typed call takes it as it takes one made by hand")
    func decodedInputIsComplete() throws {
        let mediator = try mediator()
        let decoded = try UserQuery.schema.input(from: ["id": "5"])
        #expect(decoded == UserQuery(id: 5))
        #expect(try mediator.call(People.user, with: decoded) == "5/posts")
    }

    @Test("an app's enums decode from a URL: required, optional and defaulted, and a bad value names its parameter")
    func enumsFromURL() throws {
        let mediator = Mediator()
        mediator.registerScheme("app")
        try mediator.register(ShelfTarget())
        #expect(try mediator.open("app://shelf/2?sort=price&layout=list") as? String == "games price list")
        #expect(try mediator.open("app://shelf/1") as? String == "books - grid")
        let invalid = expectMediatorError(.invalidParameter) { try mediator.open("app://shelf/1?sort=size") }
        #expect(invalid?.parameter == "sort")
        let unknownKind = expectMediatorError(.invalidParameter) { try mediator.open("app://shelf/3") }
        #expect(unknownKind?.parameter == "kind")
        #expect(try mediator.perform("show", on: "Shelf", with: ["kind": 1, "sort": "name"]) as? String == "books name grid")
        let missing = expectMediatorError(.missingParameter) { try mediator.perform("show", on: "Shelf", with: [:]) }
        #expect(missing?.parameter == "kind")
    }

    @Test("two fields of the same type keep their names: a URL's first name is the first name")
    func noSwap() throws {
        let mediator = try mediator()
        #expect(try mediator.open("app://name?first=Ada&last=Lovelace") as? String == "Ada Lovelace")
        #expect(
            try FullName.schema.input(from: ["first": "Ada", "last": "Lovelace"]) == FullName(first: "Ada", last: "Lovelace"))
    }

    @Test("missing and invalid values name the parameter and its type")
    func errors() throws {
        let mediator = try mediator()
        let missing = expectMediatorError(.missingParameter) { try mediator.open("app://name?first=Ada") }
        #expect(missing?.parameter == "last")
        let invalid = expectMediatorError(.invalidParameter) { try mediator.open("app://user/seven") }
        #expect(invalid?.parameter == "id")
        #expect(invalid?.expectedType == "Int")
    }

    @Test("optional, defaulted, list and native parameters decode by name")
    func everyKind() throws {
        let mediator = try mediator()
        let seen = Locked<Int?>(nil)
        let done: @Sendable (Int) -> Void = { value in seen.withLock { $0 = value } }
        let result = try mediator.perform(
            "everything", on: "People",
            with: ["count": "3", "ids": ["1", "2"], "model": Everything.Model(name: "m"), "done": done])
        #expect(result as? String == "3 true - high [1, 2] m")
        #expect(seen.withLock { $0 } == 3)
        let named = try mediator.perform(
            "everything", on: "People",
            with: ["count": 1, "flag": "no", "tag": "x", "level": "low", "model": Everything.Model(name: "n")])
        #expect(named as? String == "1 false x low [] n")
        let native = expectMediatorError(.missingParameter) {
            try mediator.perform("everything", on: "People", with: ["count": 1])
        }
        #expect(native?.parameter == "model")
        let wrongModel = expectMediatorError(.invalidParameter) {
            try mediator.perform("everything", on: "People", with: ["count": 1, "model": "text"])
        }
        #expect(wrongModel?.parameter == "model")
    }

    @Test("a typed input reads back as named values, absent optionals left out, for interceptors and URLs")
    func namedValues() throws {
        let values = UserQuery.schema.parameters(of: UserQuery(id: 3, tab: "likes"))
        #expect(values["id"] as? Int == 3 && values["tab"] as? String == "likes")
        let everything = Everything.schema.parameters(
            of: try Everything.schema.input(from: ["count": 1, "model": Everything.Model(name: "m")]))
        #expect(everything["tag"] == nil && everything["done"] == nil)
        #expect(everything["level"] as? Everything.Level == .high)
        let mediator = try mediator()
        #expect(try mediator.url(for: People.user, with: UserQuery(id: 9, tab: "posts")) == "app://user/9?tab=posts")
    }

    @Test("every door reaches a declared input the same way: interceptors see it by name, a redirect decodes it")
    func everyDoor() throws {
        let mediator = try mediator()
        let recorder = CallRecorder()
        mediator.configure { $0.interceptors.append(recorder) }
        _ = try mediator.call(People.user, with: UserQuery(id: 5, tab: "likes"))
        let seen = try #require(recorder.calls.first)
        #expect(seen.parameters.values["id"] as? Int == 5 && seen.parameters.values["tab"] as? String == "likes")
        #expect(recorder.inputs(to: People.user) == [UserQuery(id: 5, tab: "likes")])

        let redirecting = try self.mediator()
        redirecting.configure { $0.interceptors.append(UserToName()) }
        #expect(try redirecting.perform("user", on: "People", with: ["id": 9]) as? String == "Ada 9")
        #expect(try redirecting.open("app://user/8") as? String == "Ada 8")
    }

    @Test("a URL can never set a native-only @Parameter, even one the native caller also passes")
    func nativeNeverFromURL() throws {
        let mediator = Mediator()
        mediator.registerScheme("app")
        let all = MediatorAction<Void>(People.everything, exposure: .remote, urlPatterns: ["/all/:count"]) { _, input in
            "\(input.count)"
        }
        try mediator.register(targetNamed: "People", actions: [all])
        expectMediatorError(.reservedParameter) { try mediator.open("app://all/1?model=x") }
        let model = Everything.Model(name: "m")
        expectMediatorError(.reservedParameter) { try mediator.open("app://all/1?model=x", with: ["model": model]) }
        #expect(try mediator.open("app://all/2", with: ["model": model]) as? String == "2")
    }

    @Test("a MediatorInput's schema is read once per type, and its typed default is the declared one")
    func declaredInputProtocol() throws {
        #expect(Order.schema.parameters.map(\.name) == ["item", "quantity"])
        #expect(Order.schema.parameters[1].defaultValue as? Int == 2)
        #expect(Order(item: "tea").quantity == 2)
        #expect(try Order.schema.input(from: ["item": "tea"]) == Order(item: "tea"))
        // The same schema value both times: read once, then kept.
        let first = Order.schema.parameters.map(\.summary)
        #expect(first == ["Item", "How many"] && Order.schema.parameters.map(\.summary) == first)
    }

    @Test("an input with a stored property that is not a @Parameter is refused when its target is registered")
    func strayProperty() throws {
        let mediator = Mediator()
        try mediator.register(MixedTarget())
        let error = expectMediatorError(.invalidDeclaration) { try mediator.perform("mixed", on: "People", with: ["fine": 1]) }
        #expect(error?.description.contains("\"stray\"") == true)
        // The same declaration naming an untyped action's parameters is refused the same way.
        try mediator.register(
            targetNamed: "Named",
            actions: [MediatorAction("mixed", parameters: Mixed.self) { _, p in try p.value("fine", as: Int.self) }])
        let named = expectMediatorError(.invalidDeclaration) { try mediator.perform("mixed", on: "Named", with: ["fine": 1]) }
        #expect(named?.description.contains("\"stray\"") == true)
    }
}

/// The qualified spelling declares the same parameter, for files where another module's `@Parameter`
/// (App Intents has one) is in scope.
private struct Qualified: MediatorInput {
    @MediatorCore.Parameter("Product id") var id: Int
    @MediatorCore.Parameter("Tab") var tab = "info"
}

@Suite("@MediatorCore.Parameter: the qualified spelling of @Parameter")
struct QualifiedParameterTests {
    @Test("an input declared with @MediatorCore.Parameter reads the same schema")
    func aliasReadsTheSame() {
        #expect(Qualified.schema.parameters.map(\.name) == ["id", "tab"])
        #expect(Qualified.schema.parameters.map(\.isRequired) == [true, false])
    }
}
