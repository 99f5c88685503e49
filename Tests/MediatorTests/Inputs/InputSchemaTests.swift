import Mediator
import MediatorPublishing
import MediatorTesting
import Testing

// A "Finder" module whose inputs use every kind of field a schema has: required, optional,
// optional with a default, native required and native optional.

private enum Sort: String, CaseIterable, MediatorParameterValue {
    case name, price, rating
}

private struct Search: MediatorInput, Equatable {
    @Parameter("What to look for") var q: String
    @Parameter("Result page") var page: Int
    @Parameter("Match the whole text") var exact = false
    @Parameter("Lowest price") var min: Double?
    @Parameter("Order of results") var sort: Sort = .name
    @Parameter("Tags, repeated") var tag: [String] = []
    @Parameter("Only these ids") var ids: [Int]?

    init() {}
    init(
        query: String, page: Int, exact: Bool = false, minPrice: Double? = nil, sort: Sort = .name, tags: [String] = [],
        ids: [Int]? = nil
    ) {
        (self.q, self.page, self.exact, self.min, self.sort, self.tag, self.ids) =
            (query, page, exact, minPrice, sort, tags, ids)
    }

    var query: String { q }
    var minPrice: Double? { min }
    var tags: [String] { tag }
}

/// A native-only value: a model object no URL can carry.
private final class Parcel: Sendable {
    let label: String
    init(_ label: String) { self.label = label }
}

/// Another native-only value.
private struct Note: Sendable {
    var text: String
}

private struct Delivery: MediatorInput {
    @Parameter(native: "What to deliver") var parcel: Parcel
    @Parameter("Who gets it") var to: String
    @Parameter(native: "A note for the courier") var note: Note?

    init() {}
    init(parcel: Parcel, recipient: String, note: Note? = nil) { (self.parcel, self.to, self.note) = (parcel, recipient, note) }

    var recipient: String { to }
}

private enum Finder {
    static let target = "Finder"
    /// Reached by the convention route `finder://Finder/search`.
    static let search = ActionContract<Search, Search>("search", on: target)
    /// Reached by its own pattern, `finder://find/:q`.
    static let find = ActionContract<Search, Search>("find", on: target)
    static let deliver = ActionContract<Delivery, String>("deliver", on: target)
    static let audit = ActionContract<Search, Search>("audit", on: target)
}

private struct FinderTarget: MediatorTarget {
    static let targetName = Finder.target
    static let actions: [MediatorAction<FinderTarget>] = [
        MediatorAction(Finder.search, summary: "Search", exposure: .remote) { _, input in input },
        MediatorAction(Finder.find, summary: "Search by path", exposure: .remote, urlPatterns: ["/find/:q"]) { _, input in input
        },
        MediatorAction(Finder.deliver, summary: "Deliver a parcel", exposure: .remote) { _, input in
            "\(input.parcel.label) to \(input.recipient)" + (input.note.map { " (\($0.text))" } ?? "")
        },
        MediatorAction(Finder.audit, summary: "Local only") { _, input in input },
    ]
}

private func finder() throws -> Mediator {
    let mediator = Mediator()
    try mediator.register(FinderTarget())
    mediator.registerScheme("finder")
    return mediator
}

/// Values a call by name passes, and the input they make.
private struct Converts: Sendable, CustomTestStringConvertible {
    let given: MediatorParameters
    let expected: Search
    var testDescription: String { given.description }
}

/// Values with one problem, and what the error must say about it.
private struct Problem: Sendable, CustomTestStringConvertible {
    let given: MediatorParameters
    let code: MediatorError.Code
    let key: String
    let expectedType: String
    var testDescription: String { "\(given) → \(code) \(key)" }
}

@Suite("Typed inputs: one schema for validation, conversion, URLs and the catalog")
struct InputSchemaTests {
    // MARK: Calls by name

    @Test(
        "a call by name converts what it is given to the input's field types, and absent optionals take nil or their default",
        arguments: [
            Converts(given: ["q": "tea", "page": "42"], expected: Search(query: "tea", page: 42)),
            Converts(given: ["q": "tea", "page": 42.0], expected: Search(query: "tea", page: 42)),
            Converts(given: ["q": "tea", "page": 1, "exact": "yes"], expected: Search(query: "tea", page: 1, exact: true)),
            Converts(given: ["q": "tea", "page": 1, "exact": "No"], expected: Search(query: "tea", page: 1, exact: false)),
            Converts(given: ["q": "tea", "page": 1, "exact": 1], expected: Search(query: "tea", page: 1, exact: true)),
            Converts(given: ["q": "tea", "page": 1, "min": "9.5"], expected: Search(query: "tea", page: 1, minPrice: 9.5)),
            Converts(given: ["q": "tea", "page": 1, "min": 4], expected: Search(query: "tea", page: 1, minPrice: 4)),
            Converts(given: ["q": "tea", "page": 1, "sort": "price"], expected: Search(query: "tea", page: 1, sort: .price)),
            Converts(
                given: ["q": "tea", "page": 1, "sort": Sort.rating], expected: Search(query: "tea", page: 1, sort: .rating)),
            Converts(
                given: ["q": "tea", "page": 1, "tag": ["green", "black"]],
                expected: Search(query: "tea", page: 1, tags: ["green", "black"])),
            Converts(given: ["q": "tea", "page": 1, "tag": "green"], expected: Search(query: "tea", page: 1, tags: ["green"])),
            Converts(
                given: ["q": "tea", "page": 1, "ids": ["1", "2"]], expected: Search(query: "tea", page: 1, ids: [1, 2])),
            Converts(given: ["q": "tea", "page": 1, "ids": [3, 4]], expected: Search(query: "tea", page: 1, ids: [3, 4])),
        ])
    fileprivate func callByNameConvertsValues(conversion: Converts) throws {
        let mediator = try finder()

        #expect(try mediator.perform("search", on: "Finder", with: conversion.given, as: Search.self) == conversion.expected)
        #expect(try Search.schema.input(from: conversion.given) == conversion.expected)
    }

    @Test(
        "a value that does not convert fails naming the key, the action and the expected type (an enum's allowed values too)",
        arguments: [
            Problem(given: ["q": "tea", "page": "forty"], code: .invalidParameter, key: "page", expectedType: "Int"),
            Problem(given: ["q": "tea", "page": 4.5], code: .invalidParameter, key: "page", expectedType: "Int"),
            Problem(given: ["q": 42, "page": 1], code: .invalidParameter, key: "q", expectedType: "String"),
            Problem(
                given: ["q": "tea", "page": 1, "exact": "maybe"], code: .invalidParameter, key: "exact", expectedType: "Bool"),
            Problem(given: ["q": "tea", "page": 1, "min": "cheap"], code: .invalidParameter, key: "min", expectedType: "Double"),
            Problem(given: ["q": "tea", "page": 1, "min": "inf"], code: .invalidParameter, key: "min", expectedType: "Double"),
            Problem(
                given: ["q": "tea", "page": 1, "sort": "random"], code: .invalidParameter, key: "sort",
                expectedType: "Sort (one of name, price, rating)"),
            Problem(
                given: ["q": "tea", "page": 1, "ids": ["1", "two"]], code: .invalidParameter, key: "ids", expectedType: "[Int]"),
            Problem(given: [:], code: .missingParameter, key: "q", expectedType: "String"),
            Problem(given: ["q": "tea"], code: .missingParameter, key: "page", expectedType: "Int"),
        ])
    fileprivate func problemNamesKeyActionAndType(problem: Problem) throws {
        let mediator = try finder()

        let error = expectMediatorError(problem.code) { try mediator.perform("search", on: "Finder", with: problem.given) }

        #expect(error?.parameter == problem.key)
        #expect(error?.expectedType == problem.expectedType)
        #expect(error?.target == "Finder")
        #expect(error?.action == "search")
        let description = error?.description ?? ""
        #expect(description.contains("Finder.search"))
        #expect(description.contains("\"\(problem.key)\""))
        #expect(description.contains(problem.expectedType))
    }

    @Test(
        "with several problems, the error names the first field in declaration order, by name, by URL and from the schema",
        arguments: [
            (["page": ["x"]], MediatorError.Code.missingParameter, "q"),
            (["q": ["t"], "page": ["x"], "sort": ["bad"]], .invalidParameter, "page"),
            (["q": ["t"], "page": ["1"], "ids": ["x"], "exact": ["maybe"]], .invalidParameter, "exact"),
            (["q": ["t"], "page": ["1"], "sort": ["bad"], "min": ["cheap"]], .invalidParameter, "min"),
            (["q": ["t"], "page": ["1"], "ids": ["1", "x"], "sort": ["bad"]], .invalidParameter, "sort"),
        ])
    func firstProblemInDeclarationOrder(given: [String: [String]], code: MediatorError.Code, key: String) async throws {
        let mediator = try finder()
        var byName = MediatorParameters()
        for (name, values) in given { byName[name] = values.count == 1 ? values[0] : values }
        let query = given.keys.sorted().flatMap { name in given[name, default: []].map { "\(name)=\($0)" } }
        let url = "finder://Finder/search?" + query.joined(separator: "&")

        let errors = [
            expectMediatorError(code) { try mediator.perform("search", on: "Finder", with: byName) },
            await expectMediatorError(code) { try await mediator.performAsync("search", on: "Finder", with: byName) },
            expectMediatorError(code) { try mediator.open(url) },
            expectMediatorError(code) { try Search.schema.input(from: byName) },
        ]

        #expect(errors.map { $0?.parameter } == [key, key, key, key])
        #expect(errors.prefix(3).allSatisfy { $0?.target == "Finder" && $0?.action == "search" })
    }

    // MARK: URLs

    @Test(
        "URL values are decoded by the schema: strings to numbers, Bool, enums, and repeated keys to arrays",
        arguments: [
            (
                "finder://Finder/search?q=green%20tea&page=2&exact=YES&min=1.5&sort=price&tag=a&tag=b&ids=3&ids=4",
                Search(query: "green tea", page: 2, exact: true, minPrice: 1.5, sort: .price, tags: ["a", "b"], ids: [3, 4])
            ),
            ("finder://Finder/search?q=x&page=-1&tag=solo&ids=9", Search(query: "x", page: -1, tags: ["solo"], ids: [9])),
            ("finder://find/oolong?page=3&exact=0", Search(query: "oolong", page: 3, exact: false)),
        ])
    fileprivate func urlValuesAreDecoded(url: String, expected: Search) async throws {
        let mediator = try finder()

        #expect(try mediator.open(url, as: Search.self) == expected)
        #expect(try await mediator.openAsync(url, as: Search.self) == expected)
    }

    @Test("a URL value that does not convert fails naming the key, the action and the type, with an enum's values")
    func invalidURLValueNamesKeyActionAndType() throws {
        let mediator = try finder()

        let page = expectMediatorError(.invalidParameter) { try mediator.open("finder://Finder/search?q=t&page=two") }
        #expect(page?.parameter == "page")
        #expect(page?.expectedType == "Int")
        #expect(page?.action == "search")
        #expect(page?.received?.contains("two") == true)

        let sort = expectMediatorError(.invalidParameter) { try mediator.open("finder://find/t?page=1&sort=cheapest") }
        #expect(sort?.parameter == "sort")
        #expect(sort?.action == "find")
        #expect(sort?.description.contains("one of name, price, rating") == true)
    }

    @Test(
        "url(for:with:) makes a URL that opens the same action with an equal input",
        arguments: [Finder.search, Finder.find],
        [
            Search(query: "tea", page: 1),
            Search(
                query: "green tea & co/?#=%20", page: -3, exact: true, minPrice: 2.5, sort: .rating, tags: ["a b", "ü", "x=y"],
                ids: [1, 2, 3]),
            Search(query: "+plus+", page: 0, minPrice: 0.1, tags: ["one"]),
            Search(query: "日本茶", page: 12, sort: .price, ids: [-7]),
        ])
    fileprivate func generatedURLRoundTrips(contract: ActionContract<Search, Search>, input: Search) async throws {
        let mediator = try finder()
        let recorder = CallRecorder()
        mediator.configure { $0.interceptors.append(recorder) }

        let url = try mediator.url(for: contract, with: input)

        #expect(url.hasPrefix("finder://"))
        #expect(try mediator.open(url, as: Search.self) == input)
        #expect(try await mediator.openAsync(url, as: Search.self) == input)
        #expect(recorder.calls.map(\.action) == [contract.action, contract.action])
    }

    @Test("url(for:with:) refuses a native-only value and a local action")
    func urlGenerationRefusesNativeValuesAndLocalActions() throws {
        let mediator = try finder()

        let native = expectMediatorError(.urlGenerationFailed) {
            try mediator.url(for: Finder.deliver, with: Delivery(parcel: Parcel("box"), recipient: "Bo"))
        }
        #expect(native?.problems.first?.contains("\"parcel\"") == true)
        let local = expectMediatorError(.remoteCallNotAllowed) {
            try mediator.url(for: Finder.audit, with: Search(query: "t", page: 1))
        }
        #expect(local?.action == "audit")
    }

    // MARK: The catalog

    @Test("the catalog lists the schema's parameters in order, with the input and result type names")
    func catalogListsTheSchema() throws {
        let mediator = try finder()
        let actions = mediator.catalog().target(named: "Finder")?.actions ?? []
        let search = try #require(actions.first { $0.name == "search" })
        let deliver = try #require(actions.first { $0.name == "deliver" })

        #expect(search.input == "Search")
        #expect(search.result == "Search")
        #expect(search.parameters.map(\.name) == ["q", "page", "exact", "min", "sort", "tag", "ids"])
        #expect(search.parameters.map(\.type) == ["String", "Int", "Bool", "Double", "Sort", "[String]", "[Int]"])
        #expect(search.parameters.map(\.required) == [true, true, false, false, false, false, false])
        #expect(search.parameters.map(\.defaultValue) == [nil, nil, "false", nil, "name", "[]", nil])
        #expect(search.parameters.map(\.allowedValues) == [nil, nil, nil, nil, ["name", "price", "rating"], nil, nil])
        #expect(search.parameters.map(\.acceptsURLValues) == Array(repeating: true, count: 7))
        #expect(search.parameters.first?.summary == "What to look for")
        #expect(search.parameters.map(\.name) == Search.schema.parameters.map(\.name))

        #expect(deliver.input == "Delivery")
        #expect(deliver.result == "String")
        #expect(deliver.parameters.map(\.name) == ["parcel", "to", "note"])
        #expect(deliver.parameters.map(\.type) == ["Parcel", "String", "Note"])
        #expect(deliver.parameters.map(\.required) == [true, true, false])
        #expect(deliver.parameters.map(\.acceptsURLValues) == [false, true, false])
    }

    // MARK: The schema's own round trip

    @Test(
        "schema.parameters(of:) and schema.input(from:) round-trip, leaving absent optionals out",
        arguments: [
            (Search(query: "tea", page: 1), ["q", "page", "exact", "sort", "tag"]),
            (
                Search(query: "tea", page: 2, exact: true, minPrice: 3.5, sort: .rating, tags: ["a"], ids: [1]),
                ["q", "page", "exact", "min", "sort", "tag", "ids"]
            ),
        ])
    fileprivate func schemaRoundTrips(input: Search, keys: [String]) throws {
        let parameters = Search.schema.parameters(of: input)

        #expect(Set(parameters.keys) == Set(keys))
        #expect(parameters["page"] as? Int == input.page)
        #expect(try Search.schema.input(from: parameters) == input)
    }

    @Test("native fields round-trip through the schema as the same values, and an absent one is left out")
    func nativeFieldsRoundTripThroughTheSchema() throws {
        let parcel = Parcel("box")
        let parameters = Delivery.schema.parameters(of: Delivery(parcel: parcel, recipient: "Bo"))

        #expect(Set(parameters.keys) == ["parcel", "to"])
        #expect(parameters["parcel"] as? Parcel === parcel)
        let rebuilt = try Delivery.schema.input(from: parameters)
        #expect(rebuilt.parcel === parcel)
        #expect(rebuilt.recipient == "Bo")
        #expect(rebuilt.note == nil)
    }

    // MARK: Native fields

    @Test("native fields take values of exactly their type from native callers, and name the type when missing or wrong")
    func nativeFieldsTakeValuesOfTheirType() throws {
        let mediator = try finder()

        let delivered = try mediator.perform(
            "deliver", on: "Finder", with: ["parcel": Parcel("box"), "to": "Bo", "note": Note(text: "fragile")], as: String.self)
        #expect(delivered == "box to Bo (fragile)")
        #expect(try mediator.call(Finder.deliver, with: Delivery(parcel: Parcel("bag"), recipient: "Cy")) == "bag to Cy")

        let missing = expectMediatorError(.missingParameter) { try mediator.perform("deliver", on: "Finder", with: ["to": "Bo"]) }
        #expect(missing?.parameter == "parcel")
        #expect(missing?.expectedType == "Parcel")
        #expect(missing?.action == "deliver")
        let wrong = expectMediatorError(.invalidParameter) {
            try mediator.perform("deliver", on: "Finder", with: ["parcel": "box", "to": "Bo"])
        }
        #expect(wrong?.parameter == "parcel")
        #expect(wrong?.expectedType == "Parcel")
        let note = expectMediatorError(.invalidParameter) {
            try mediator.perform("deliver", on: "Finder", with: ["parcel": Parcel("box"), "to": "Bo", "note": "fragile"])
        }
        #expect(note?.parameter == "note")
        #expect(note?.expectedType == "Note")
    }

    @Test("a URL can never set a native field; the native caller of open(_:with:) can")
    func urlCannotSetNativeFields() throws {
        let mediator = try finder()

        let reserved = expectMediatorError(.reservedParameter) { try mediator.open("finder://Finder/deliver?to=Bo&parcel=box") }
        #expect(reserved?.parameter == "parcel")
        let missing = expectMediatorError(.missingParameter) { try mediator.open("finder://Finder/deliver?to=Bo") }
        #expect(missing?.parameter == "parcel")
        #expect(
            try mediator.open("finder://Finder/deliver?to=Bo", with: ["parcel": Parcel("box")], as: String.self) == "box to Bo")
    }
}
