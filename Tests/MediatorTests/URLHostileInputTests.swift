import Foundation
import Mediator
import Testing

@Suite("URL hostile input")
struct URLHostileInputTests {
    static let hostile: [String] = [
        "", " ", ":", "://", "shop:", "shop://", "shop:///", "shop://?", "shop://#", "shop://%", "shop://%%",
        "shop://product/%", "shop://product/%2", "shop://product/%zz", "shop://product/%00", "shop://product/%C0%AF",
        "shop://product/\u{0}", "shop://product/\u{1B}[31m", "shop://product/42\r\nSet-Cookie: x",
        "shop://product/42?id=%FF", "shop://product/42?ref=%E2%82", "javascript:alert(1)", "shop:/\\evil",
        "https://shop.example.com@evil.example/product/1", "https://evil.example\\@shop.example.com/product/1",
        "https://shop.example.com:99999999999999999999/product/1", "https://[", "https://]", "https://shop.example.com:/",
        "shop://product/" + String(repeating: "9", count: 400), "shop://Shop/pay?done=1", "shop://Shop/wipe",
        "shop://Nobody/nothing", "shop://Shop/nothing", "shop://product/42?id=1&id=2",
        "shop://search/" + String(repeating: "../", count: 200), "shop://" + String(repeating: "/", count: 5_000),
        "shop://a/" + Array(repeating: "s", count: 1_000).joined(separator: "/"),
        "shop://a?" + (0..<10_000).map { "k=\($0)" }.joined(separator: "&"),
        "shop://a/" + String(repeating: "x", count: 100_000), "shop://Shop/echo?" + String(repeating: "&", count: 3_000),
        "\u{FEFF}shop://product/1", "shop://product/1\u{202E}", "ｓhop://product/1", "shop://product/１",
    ]

    @Test("canOpen and open never crash and leave the mediator working", arguments: hostile)
    func survives(url: String) async throws {
        let mediator = try makeURLMediator()
        try Self.openSynchronously(url, on: mediator)
        _ = try? await mediator.open(url)
        let after: String = try await mediator.open("shop://product/42")
        #expect(after == "product 42 ref=-")
    }

    static func openSynchronously(_ url: String, on mediator: Mediator) throws {
        _ = mediator.canOpen(url)
        do {
            _ = try mediator.open(url)
        } catch let error as MediatorError {
            #expect(!error.description.isEmpty)
            #expect(error.description.count < 1_000)
        }
        #expect(try mediator.open("shop://product/42", as: String.self) == "product 42 ref=-")
    }

    @Test("each hostile input gets its specific error", arguments: [
        ("", "malformedURL"), ("shop://product/%zz", "malformedURL"), ("shop://product/\u{0}", "malformedURL"),
        ("shop://product/%FF", "malformedURL"), ("ftp://x", "unknownURLScheme"), ("https://evil.example/product/1", "unknownURLHost"),
        ("shop://a/" + String(repeating: "x", count: 100_000), "urlTooLong"), ("shop://Nobody/nothing", "noRouteMatched"),
        ("shop://Shop/wipe", "remoteCallNotAllowed"), ("shop://Shop/pay?amount=1&done=1", "reservedURLParameter"),
        ("shop://product/abc", "invalidParameter"), ("shop://Shop/price", "missingParameter"),
    ])
    func specificErrors(url: String, kind: String) throws {
        let mediator = try makeURLMediator()
        guard let error = mediatorError({ try mediator.open(url) }) else {
            Issue.record("\(url.prefix(40)) opened")
            return
        }
        #expect("\(error)".isEmpty == false)
        #expect(String(describing: Mirror(reflecting: error).children.first?.label ?? "") == kind, "\(error)")
        // canOpen checks everything but parameter values, which the action validates when it runs.
        #expect(mediator.canOpen(url) == (kind == "invalidParameter" || kind == "missingParameter"))
    }

    @Test func random_bytes_never_crash() throws {
        let mediator = try makeURLMediator()
        mediator.setUnmatchedURLHandler { _ in .notHandled }
        var generator = SeededGenerator(seed: 42)
        let pieces = ["shop://", "https://shop.example.com/", "/", "%", "%2F", "%F0%9F", "?", "&", "=", "#", ":", "@", "[", "]",
            "product", "42", "Shop", "echo", "search", "+", " ", "\u{0}", "é", "..", ".", "*", "(", ")"]
        for _ in 0..<3_000 {
            let url = (0..<Int.random(in: 0...12, using: &generator)).map { _ in pieces.randomElement(using: &generator)! }.joined()
            _ = mediator.canOpen(url)
            _ = try? mediator.open(url)
        }
        #expect(try mediator.open("shop://product/1", as: String.self) == "product 1 ref=-")
    }

    @Test func concurrent_opens_and_registry_changes() async throws {
        let mediator = try makeConfiguredMediator()
        await withTaskGroup(of: Void.self) { group in
            for task in 0..<8 {
                group.addTask {
                    for index in 0..<300 {
                        let value: String? = try? await mediator.open("shop://product/\(index)")
                        #expect(value == "product \(index) ref=-")
                        if task == 0, index % 50 == 0 {
                            try? registerRoutes(mediator, target: "Churn\(index)", [("show", ["/churn\(index)"])])
                            mediator.registerScheme("extra\(index)")
                            try? mediator.applyRouteConfiguration(Data(URLConfigurationTests.valid.utf8))
                        }
                        if task == 1, index % 60 == 0 { mediator.clearRouteConfiguration() }
                    }
                }
            }
        }
        #expect(mediator.canOpen("shop://churn250"))
    }
}
