import Foundation
import Mediator
import MediatorTesting
import Testing

/// A remote target whose action returns its parameters as typed values, for round trips.
struct URLRoundTripTarget: MediatorTarget {
    static let targetName = "Trip"
    enum Tab: String, MediatorParameterValue { case home, cart }

    struct Values: Equatable, Sendable {
        var id: Int
        var name: String?
        var flag: Bool?
        var price: Double?
        var tags: [String]?
        var tab: Tab?
        var uuid: UUID?
        var path: String?

        /// The values as call parameters, leaving out the ones that are nil.
        var parameters: MediatorParameters {
            var parameters: MediatorParameters = ["id": id]
            if let name { parameters["name"] = name }
            if let flag { parameters["flag"] = flag }
            if let price { parameters["price"] = price }
            if let tags { parameters["tags"] = tags }
            if let tab { parameters["tab"] = tab }
            if let uuid { parameters["uuid"] = uuid }
            if let path { parameters["path"] = path }
            return parameters
        }
    }

    static func read(_ p: MediatorParameters) throws -> Values {
        Values(
            id: try p.value("id"), name: try p.optionalValue("name"), flag: try p.optionalValue("flag"),
            price: try p.optionalValue("price"), tags: try p.optionalValue("tags"), tab: try p.optionalValue("tab"),
            uuid: try p.optionalValue("uuid"), path: try p.optionalValue("path"))
    }

    static let actions: [MediatorAction<Self>] = [
        MediatorAction("item", parameters: TripParameters.self, exposure: .remote, urlPatterns: ["/item/:id(/:name)"]) { _, p in
            try read(p)
        },
        MediatorAction("files", parameters: TripParameters.self, exposure: .remote, urlPatterns: ["/files/:id/*path"]) { _, p in
            try read(p)
        },
        MediatorAction("plain", parameters: TripParameters.self, exposure: .remote) { _, p in try read(p) },
        MediatorAction("web", parameters: TripParameters.self, exposure: .remote, urlPatterns: ["/w/:id"]) { _, p in
            try read(p)
        },
        MediatorAction("secret", parameters: TripParameters.self) { _, p in try read(p) },
        MediatorAction("special", parameters: TripParameters.self, exposure: .remote, urlPatterns: ["/item/special"]) { _, p in
            try read(p)
        },
    ]
}

@Suite("URL generation")
struct URLGenerationTests {
    static func mediator() throws -> Mediator {
        let mediator = Mediator()
        try mediator.register(URLRoundTripTarget())
        mediator.registerScheme("trip")
        mediator.registerWebHost("trip.example.com")
        return mediator
    }

    typealias Values = URLRoundTripTarget.Values

    @Test(
        "generate → open gives back the same values",
        arguments: [
            ("item", Values(id: 1)),
            ("item", Values(id: 2, name: "Blue/Green shoes & more")),
            ("item", Values(id: -3, name: "été ✓ 🛒", flag: true, price: 9.99, tags: ["a b", "c+d", "e&f=g", "%"], tab: .cart)),
            ("item", Values(id: 4, name: "..", tags: ["x"], uuid: UUID(uuidString: "E621E1F8-C36C-495A-93FC-0C247A3E6E5F"))),
            ("files", Values(id: 5, path: "docs/guide/intro.md")),
            ("plain", Values(id: 6, name: "#?/\\", flag: false)),
            ("web", Values(id: 7, name: "via web")),
        ])
    func generatedURLOpensToTheSameValues(action: String, values: Values) throws {
        let mediator = try Self.mediator()
        let parameters = values.parameters
        let scheme = action == "web" ? "https" : nil
        let url = try mediator.url(for: action, on: "Trip", with: parameters, scheme: scheme)
        #expect(mediator.canOpen(url), "\(url)")
        let opened = try mediator.open(url, as: Values.self)
        #expect(opened == values, "\(url)")
        // Every plus-sign reading gives the same answer: generated URLs never contain a raw "+".
        mediator.configure { $0.urlOptions = Mediator.URLOptions(decodesPlusAsSpace: true, mergesFragmentParameters: true) }
        #expect(try mediator.open(url, as: Values.self) == values)
    }

    @Test("generated URLs use the pattern, the convention route or the web host, as expected")
    func generatedURLsLookAsExpected() throws {
        let mediator = try Self.mediator()
        #expect(try mediator.url(for: "item", on: "Trip", with: ["id": 42]) == "trip://item/42")
        #expect(try mediator.url(for: "item", on: "Trip", with: ["id": 42, "name": "a b"]) == "trip://item/42/a%20b")
        #expect(
            try mediator.url(for: "plain", on: "Trip", with: ["id": 1, "tags": ["x", "y"]])
                == "trip://Trip/plain?id=1&tags=x&tags=y")
        #expect(try mediator.url(for: "web", on: "Trip", with: ["id": 1], scheme: "https") == "https://trip.example.com/w/1")
    }

    @Test("generation refuses URLs that could not open: local actions, missing or native values, shadowed routes, no scheme")
    func generationRefusesWhatCouldNotOpen() throws {
        let mediator = try Self.mediator()
        let local = expectMediatorError(.remoteCallNotAllowed) { try mediator.url(for: "secret", on: "Trip", with: ["id": 1]) }
        #expect(local?.target == "Trip")
        #expect(local?.action == "secret")
        let missing = expectMediatorError(.urlGenerationFailed) { try mediator.url(for: "item", on: "Trip") }
        #expect(missing?.problems.first?.contains("\"id\"") == true)
        let closure = expectMediatorError(.urlGenerationFailed) {
            try mediator.url(for: "plain", on: "Trip", with: ["id": 1, "done": { @Sendable () in }])
        }
        #expect(closure?.problems.first?.contains("\"done\"") == true)
        let shadowed = expectMediatorError(.urlGenerationFailed) {
            try mediator.url(for: "item", on: "Trip", with: ["id": "special"])
        }
        #expect(shadowed?.problems.first?.contains("Trip.special") == true)
        expectMediatorError(.actionNotFound) { try mediator.url(for: "nope", on: "Trip") }
        let bare = Mediator()
        try bare.register(URLRoundTripTarget())
        let noScheme = expectMediatorError(.urlGenerationFailed) { try bare.url(for: "plain", on: "Trip", with: ["id": 1]) }
        #expect(noScheme?.problems.first?.contains("registerScheme") == true)
    }

    @Test("seeded random names and tags round-trip through a generated URL")
    func seededRandomValuesRoundTrip() throws {
        var generator = SeededGenerator(seed: 0x5EED)
        let alphabet = Array("aZ09 -._~!$&'()*+,;=:@/?#[]%\"<>\\^`{|}éü中🛒\u{7}\t")
        let mediator = try Self.mediator()
        for _ in 0..<300 {
            let name = String(
                (0..<Int.random(in: 1...12, using: &generator)).map { _ in alphabet.randomElement(using: &generator) ?? "a" })
            let tags = (0..<Int.random(in: 1...3, using: &generator)).map { _ in
                String(
                    (0..<Int.random(in: 0...6, using: &generator)).map { _ in alphabet.randomElement(using: &generator) ?? "a" })
            }
            let id = Int.random(in: -1_000_000...1_000_000, using: &generator)
            let url = try mediator.url(for: "item", on: "Trip", with: ["id": id, "name": name, "tags": tags])
            let opened = try mediator.open(url, as: Values.self)
            #expect(opened == Values(id: id, name: name, tags: tags), "\(url)")
        }
    }
}

/// A small deterministic generator (SplitMix64) for property tests.
struct SeededGenerator: RandomNumberGenerator {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

/// What every action of the round-trip target declares: one parameter of each kind a URL carries.
private struct TripParameters: MediatorInput {
    @Parameter var id: Int
    @Parameter var name: String?
    @Parameter var flag: Bool?
    @Parameter var price: Double?
    @Parameter var tags: [String]?
    @Parameter var tab: URLRoundTripTarget.Tab?
    @Parameter var uuid: UUID?
    @Parameter var path: String?
}
