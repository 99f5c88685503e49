import Foundation
import Mediator
import MediatorTesting
import Testing

/// Remembers the parameters of the last call, as the fuzz target reads them from the router.
private final class LastCall: MediatorInterceptor {
    private let last = Locked<MediatorCall?>(nil)
    var call: MediatorCall? { last.withLock { $0 } }
    func intercept(_ call: MediatorCall) throws -> MediatorCall.Decision {
        last.withLock { $0 = call }
        return .proceed
    }
}

/// Every input the fuzz target (Fuzz/MediatorFuzz.swift) found that broke an invariant, replayed
/// through the same steps: canOpen, open, and generate -> open for the action the URL reached.
@Suite("Inputs the fuzzer found keep working")
struct FuzzRegressionTests {
    /// Runs the fuzz target's steps on one input and returns the URL generated from what it opened.
    private static func replay(_ bytes: [UInt8], on mediator: Mediator) throws -> String? {
        let url = String(decoding: bytes, as: UTF8.self)
        let recorder = LastCall()
        mediator.configure { $0.interceptors.append(recorder) }
        defer { mediator.configure { $0.interceptors.removeAll() } }
        _ = mediator.canOpen(url)
        do {
            try mediator.open(url)
        } catch {
            return nil
        }
        guard let call = recorder.call else { return nil }
        return try mediator.url(for: call.action, on: call.target, with: call.parameters)
    }

    @Test("crash-d9edb079: a URL generated for an action whose pattern degrades, with the optional placeholder left out, opens")
    func degradedURLWithoutOptionalPlaceholderOpens() throws {
        // The convention route reached Shop.search; its generated URL, shop://search?..., matches the
        // degrading rule for /search(/:query) without a query, whose {query} used to fail to fill.
        let input =
            Data(
                base64Encoded: """
                    c2hvcDovL1Nob3Avc2VhcmNoP3ByaSZmZz10cnUvZSZjb3VudD0zJnV1aWQ9RTljdGVyP3ByaSZmZz10cnUvZSZjb3VudD0zJnV1aWQ9RTljZT1l\
                    JmNvOS41JmZndW50PTMmdXVpZD1FOS41OS41JmZnPXRydWUmY285LjUmZmd1bnQ9MyZ1dWlkPUU5sy41JmZsYWc9dHJ1JmVjb3VudD0zZT05LjUm\
                    Zmc9dHJ1ZSZjbzkuNSZmZ3VudD0zJnV1aWQ9RTkuNSZmbGFnPXRydSZlY291bnQ9MyZ1dUMyNDdBM0U2RTVG
                    """) ?? Data()
        #expect(!input.isEmpty)
        let mediator = try makeConfiguredMediator()
        try mediator.applyRouteConfiguration(Mediator.RouteConfiguration(json: Data(URLConfigurationTests.valid.utf8)))
        let generated = try #require(try Self.replay(Array(input), on: mediator))
        #expect(generated.hasPrefix("shop://search?"))
        #expect(mediator.canOpen(generated))
        #expect(try mediator.open(generated, as: String.self) == "web https://m.shop.example.com/search?q=")
    }

    @Test("a degrading pattern with an optional placeholder degrades with or without it")
    func optionalPlaceholderDegradesWithOrWithoutIt() throws {
        let mediator = try makeConfiguredMediator()
        try mediator.applyRouteConfiguration(Mediator.RouteConfiguration(json: Data(URLConfigurationTests.valid.utf8)))
        #expect(mediator.canOpen("shop://search"))
        #expect(try mediator.open("shop://search", as: String.self) == "web https://m.shop.example.com/search?q=")
        #expect(try mediator.open("shop://search/tea", as: String.self) == "web https://m.shop.example.com/search?q=tea")
    }
}

/// The fuzzer's typed target, reduced to the wildcard and optional-placeholder actions whose
/// generated URLs used to open to other values.
private enum WildcardTrip {
    struct Files: MediatorInput, Equatable {
        @Parameter var kind: String
        @Parameter var path: [String]
        init() {}
        init(kind: String, path: [String]) { (self.kind, self.path) = (kind, path) }
    }
    struct Document: MediatorInput, Equatable {
        @Parameter var path: String
        init() {}
        init(path: String) { self.path = path }
    }
    struct Item: MediatorInput, Equatable {
        @Parameter var id: Int
        @Parameter var name: String?
        init() {}
        init(id: Int, name: String? = nil) { (self.id, self.name) = (id, name) }
    }
    static let files = ActionContract<Files, Files>("files", on: "Typed")
    static let document = ActionContract<Document, Document>("doc", on: "Typed")
    static let item = ActionContract<Item, Item>("item", on: "Typed")

    static func mediator() throws -> Mediator {
        let mediator = Mediator()
        try mediator.register(
            targetNamed: "Typed",
            actions: [
                MediatorAction<Void>(files, exposure: .remote, urlPatterns: ["/files/:kind/*path"]) { _, input in input },
                MediatorAction<Void>(document, exposure: .remote, urlPatterns: ["/doc/*path"]) { _, input in input },
                MediatorAction<Void>(item, exposure: .remote, urlPatterns: ["/item/:id(/:name)"]) { _, input in input },
            ])
        mediator.registerScheme("shop")
        return mediator
    }
}

extension FuzzRegressionTests {
    @Test(
        "crash-b0f32f9a: a list captured by a wildcard comes back with the same elements, a slash inside one kept inside it",
        arguments: [["a/b"], ["a", "b"], ["a/", "/b", "c"], ["."], []])
    func wildcardListsRoundTrip(path: [String]) throws {
        let mediator = try WildcardTrip.mediator()
        let input = WildcardTrip.Files(kind: "1", path: path)
        let url = try mediator.url(for: WildcardTrip.files, with: input)
        #expect(try mediator.open(url, as: WildcardTrip.Files.self) == input, "\(url)")
    }

    @Test("a list with an empty element has no path form, and says so")
    func wildcardListWithEmptyElementIsRefused() throws {
        let mediator = try WildcardTrip.mediator()
        let error = expectMediatorError(.urlGenerationFailed) {
            try mediator.url(for: WildcardTrip.files, with: .init(kind: "1", path: ["a", ""]))
        }
        #expect(error?.description.contains("empty segment") == true)
    }

    @Test(
        "crash-a9e4e8f8: text captured by a wildcard comes back whole, with doubled, leading and trailing slashes",
        arguments: ["a//b", "a/", "/a", "/", "//", "a/b/c", "", "a%2Fb"])
    func wildcardTextRoundTrips(path: String) throws {
        let mediator = try WildcardTrip.mediator()
        let input = WildcardTrip.Document(path: path)
        let url = try mediator.url(for: WildcardTrip.document, with: input)
        #expect(try mediator.open(url, as: WildcardTrip.Document.self) == input, "\(url)")
    }

    @Test("an empty optional placeholder value travels in the query instead of failing generation")
    func emptyOptionalPlaceholderTravelsInTheQuery() throws {
        let mediator = try WildcardTrip.mediator()
        let input = WildcardTrip.Item(id: 5, name: "")
        let url = try mediator.url(for: WildcardTrip.item, with: input)
        #expect(url == "shop://item/5?name=")
        #expect(try mediator.open(url, as: WildcardTrip.Item.self) == input)
    }
}
