import Foundation
import Mediator
import MediatorTesting
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
    func hostileURLLeavesTheMediatorWorking(url: String) async throws {
        let mediator = try makeURLMediator()
        try Self.openSynchronously(url, on: mediator)
        _ = try? await mediator.openAsync(url)
        let after = try await mediator.openAsync("shop://product/42", as: String.self)
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

    @Test(
        "each hostile input gets its specific error",
        arguments: [
            ("", .malformedURL), ("shop://product/%zz", .malformedURL), ("shop://product/\u{0}", .malformedURL),
            ("shop://product/%FF", .malformedURL), ("ftp://x", .unknownURLScheme),
            ("https://evil.example/product/1", .unknownURLHost),
            ("shop://a/" + String(repeating: "x", count: 100_000), .urlTooLong), ("shop://Nobody/nothing", .noRouteMatched),
            ("shop://Shop/wipe", .remoteCallNotAllowed), ("shop://Shop/pay?amount=1&done=1", .reservedParameter),
            ("shop://product/abc", .invalidParameter), ("shop://Shop/price", .missingParameter),
        ] as [(String, MediatorError.Code)])
    func eachHostileInputGetsItsSpecificError(url: String, code: MediatorError.Code) throws {
        let mediator = try makeURLMediator()
        let error = expectMediatorError(code) { try mediator.open(url) }
        #expect(error?.description.isEmpty == false)
        // canOpen checks everything but parameter values, which the action validates when it runs.
        #expect(mediator.canOpen(url) == (code == .invalidParameter || code == .missingParameter))
    }

    @Test("random pieces of URLs never crash canOpen or open")
    func randomURLPiecesNeverCrash() throws {
        let mediator = try makeURLMediator()
        mediator.configure { $0.unmatchedURLHandler = { _ in .notHandled } }
        var generator = SeededGenerator(seed: 42)
        let pieces = [
            "shop://", "https://shop.example.com/", "/", "%", "%2F", "%F0%9F", "?", "&", "=", "#", ":", "@", "[", "]",
            "product", "42", "Shop", "echo", "search", "+", " ", "\u{0}", "é", "..", ".", "*", "(", ")",
        ]
        for _ in 0..<3_000 {
            let url = (0..<Int.random(in: 0...12, using: &generator)).map { _ in pieces.randomElement(using: &generator) ?? "" }
                .joined()
            _ = mediator.canOpen(url)
            _ = try? mediator.open(url)
        }
        #expect(try mediator.open("shop://product/1", as: String.self) == "product 1 ref=-")
    }

    @Test("concurrent opens keep answering while targets, schemes and configurations change")
    func concurrentOpensDuringRegistryChanges() async throws {
        let mediator = try makeConfiguredMediator()
        await withTaskGroup(of: Void.self) { group in
            for task in 0..<8 {
                group.addTask {
                    for index in 0..<300 {
                        let value = try? await mediator.openAsync("shop://product/\(index)", as: String.self)
                        #expect(value == "product \(index) ref=-")
                        if task == 0, index % 50 == 0 {
                            try? registerRoutes(mediator, target: "Churn\(index)", [("show", ["/churn\(index)"])])
                            mediator.registerScheme("extra\(index)")
                            _ = try? mediator.applyRouteConfiguration(
                                Mediator.RouteConfiguration(json: Data(URLConfigurationTests.valid.utf8)))
                        }
                        if task == 1, index % 60 == 0 { try? mediator.applyRouteConfiguration(nil) }
                    }
                }
            }
        }
        #expect(mediator.canOpen("shop://churn250"))
    }
}

/// One row of the hostile-input table: what an attacker (or a broken caller) does, and the error it must get.
struct HostileCase: Sendable, CustomTestStringConvertible {
    let name: String
    /// The ``MediatorError`` code the attack must end in.
    let expected: MediatorError.Code
    let attack: @Sendable (Mediator) throws -> Void
    var testDescription: String { name }

    init(_ name: String, _ expected: MediatorError.Code, _ attack: @escaping @Sendable (Mediator) throws -> Void) {
        self.name = name
        self.expected = expected
        self.attack = attack
    }

    /// Opening the URL, synchronously, is the attack.
    init(_ name: String, _ expected: MediatorError.Code, url: String) {
        self.init(name, expected) { mediator in _ = try mediator.open(url) }
    }
}

/// The page the cleanup target shows.
private struct PageURL: MediatorInput {
    @Parameter var url: String
}

/// A target whose actions change exposure between two registrations, to show a configuration that
/// was valid when applied cannot reach an action that has since become local-only.
private func registerCleanup(on mediator: Mediator, remote: Bool) throws {
    try mediator.register(
        targetNamed: "Cleanup",
        actions: [
            MediatorAction("tidy", exposure: remote ? .remote : .local, urlPatterns: ["/tidy"]) { _, _ in "tidied" },
            MediatorAction("page", parameters: PageURL.self, exposure: remote ? .remote : .local) { _, p in
                "page \(try p.value("url", as: String.self))"
            },
        ],
        replacingExisting: true)
}

/// A target with a local-only action that still declares a URL pattern, and a not-found handler
/// that redirects unknown actions to it.
private func registerVault(on mediator: Mediator) throws {
    try mediator.register(
        targetNamed: "Vault",
        actions: [MediatorAction("open", urlPatterns: ["/vault"]) { _, _ in "vault opened" }],
        unknownAction: { _, _ in .redirect(target: "Vault", action: "open", parameters: [:]) })
}

/// Redirects every remote call to Shop.product to the local Shop.wipe.
private struct HijackToLocal: MediatorInterceptor {
    func intercept(_ call: MediatorCall) throws -> MediatorCall.Decision {
        call.source == .remote && call.action == "product" ? .redirect(target: "Shop", action: "wipe") : .proceed
    }
}

/// Redirects every remote call to Shop.product to Shop.pay, passing the URL's `ref` as the native-only `done`.
private struct HijackToPay: MediatorInterceptor {
    func intercept(_ call: MediatorCall) throws -> MediatorCall.Decision {
        guard call.source == .remote, call.action == "product" else { return .proceed }
        return .redirect(target: "Shop", action: "pay", parameters: ["amount": 1, "done": call.parameters["ref"] ?? ""])
    }
}

extension URLHostileInputTests {
    static let longQuery = (0..<10_000).map { "k\($0)=\($0)" }.joined(separator: "&")
    static let repeatedIDs = (0..<10_000).map { "id=\($0)" }.joined(separator: "&")
    static let deepPath = (0..<1_000).map { "s\($0)" }.joined(separator: "/")
    static let roomy = Mediator.URLOptions(maximumLength: 1_000_000)
    typealias Completion = URLShopTarget.Completion

    static let table: [HostileCase] = [
        // Syntax.
        HostileCase("empty string", .malformedURL, url: ""),
        HostileCase("no scheme", .malformedURL, url: "product/42"),
        HostileCase("no scheme, authority only", .malformedURL, url: "//product/42"),
        HostileCase("unknown scheme", .unknownURLScheme, url: "ftp://product/42"),
        HostileCase("web URL on an unregistered host", .unknownURLHost, url: "https://evil.example/product/42"),
        HostileCase("user information in the authority", .malformedURL, url: "https://shop.example.com@evil.example/product/1"),
        HostileCase("raw NUL", .malformedURL, url: "shop://product/4\u{0}2"),
        HostileCase("escaped NUL", .malformedURL, url: "shop://product/42?ref=%00"),
        HostileCase("raw control character", .malformedURL, url: "shop://product/4\u{7}2"),
        HostileCase("CR LF header injection", .malformedURL, url: "shop://product/42\r\nSet-Cookie: x"),
        HostileCase("escape decoding to invalid UTF-8 in a path", .malformedURL, url: "shop://product/%FF"),
        HostileCase("overlong UTF-8 after decoding", .malformedURL, url: "shop://product/%C0%AF"),
        HostileCase("truncated UTF-8 after decoding in a query value", .malformedURL, url: "shop://product/42?ref=%E2%82"),
        HostileCase("lone percent sign", .malformedURL, url: "shop://product/%"),
        HostileCase("one hex digit", .malformedURL, url: "shop://product/%2"),
        HostileCase("non-hex escape", .malformedURL, url: "shop://product/%zz"),
        HostileCase("malformed escape in a query key", .malformedURL, url: "shop://product/42?%G1=x"),
        // Size.
        HostileCase("a 100 KB URL", .urlTooLong, url: "shop://product/" + String(repeating: "9", count: 100_000)),
        HostileCase("10,000 query items under the default limit", .urlTooLong, url: "shop://Shop/echo?" + longQuery),
        HostileCase("10,000 query items under a raised limit, required id missing", .missingParameter) { mediator in
            mediator.configure { $0.urlOptions = roomy }
            _ = try mediator.open("shop://Shop/price?" + longQuery)
        },
        HostileCase("10,000 values for one Int parameter", .invalidParameter) { mediator in
            mediator.configure { $0.urlOptions = roomy }
            _ = try mediator.open("shop://Shop/price?" + repeatedIDs)
        },
        HostileCase("1,000 path segments", .noRouteMatched, url: "shop://a/" + deepPath),
        HostileCase("a 1,000-segment path as the value of an Int parameter", .invalidParameter) { mediator in
            _ = try mediator.open("shop://Shop/price?id=" + deepPath.replacingOccurrences(of: "/", with: "%2F"))
        },
        // Names.
        HostileCase("unknown target by URL", .noRouteMatched, url: "shop://Nobody/nothing"),
        HostileCase("unknown action by URL", .noRouteMatched, url: "shop://Shop/nothing"),
        HostileCase("unknown target natively", .targetNotFound) { mediator in _ = try mediator.perform("nothing", on: "Nobody")
        },
        HostileCase("unknown action natively", .actionNotFound) { mediator in _ = try mediator.perform("nothing", on: "Shop") },
        // Local-only actions.
        HostileCase("local action by the convention route", .remoteCallNotAllowed, url: "shop://Shop/wipe"),
        HostileCase("local action by its own URL pattern", .remoteCallNotAllowed) { mediator in
            try registerVault(on: mediator)
            _ = try mediator.open("shop://vault")
        },
        HostileCase("local action by a remote native call", .remoteCallNotAllowed) { mediator in
            _ = try mediator.perform("wipe", on: "Shop", source: .remote)
        },
        HostileCase("configuration redirect to a local action is refused when applied", .invalidRouteConfiguration) { mediator in
            try mediator.applyRouteConfiguration(
                Mediator.RouteConfiguration(rules: [
                    .init(match: .pattern("/clean"), effect: .redirectToAction(.init(target: "Shop", action: "wipe")))
                ]))
        },
        HostileCase("configuration path redirect to an action that became local after it was applied", .remoteCallNotAllowed) {
            mediator in
            try registerCleanup(on: mediator, remote: true)
            try mediator.applyRouteConfiguration(
                Mediator.RouteConfiguration(rules: [
                    .init(match: .pattern("/clean"), effect: .redirectToPath("/tidy"))
                ]))
            try registerCleanup(on: mediator, remote: false)
            _ = try mediator.open("shop://clean")
        },
        HostileCase("degradation to a local web fallback is refused when applied", .invalidRouteConfiguration) { mediator in
            try mediator.applyRouteConfiguration(
                Mediator.RouteConfiguration(
                    webFallback: .init(target: "Web", action: "internal"),
                    rules: [.init(match: .pattern("/product/:id"), effect: .degrade(webURL: "https://m.example.com/{id}"))]))
        },
        // The degrading rule no longer has a remote web fallback to go to, so the URL matches nothing.
        HostileCase("degradation to a web fallback that became local after it was applied", .noRouteMatched) { mediator in
            try registerCleanup(on: mediator, remote: true)
            try mediator.applyRouteConfiguration(
                Mediator.RouteConfiguration(
                    webFallback: .init(target: "Cleanup", action: "page"),
                    rules: [.init(match: .pattern("/search(/:query)"), effect: .degrade(webURL: "https://m.example.com/{query}"))]
                ))
            #expect(try mediator.open("shop://search/x", as: String.self) == "page https://m.example.com/x")
            try registerCleanup(on: mediator, remote: false)
            _ = try mediator.open("shop://search/x")
        },
        HostileCase("unmatched-URL handler redirecting to a local action", .remoteCallNotAllowed) { mediator in
            mediator.configure { $0.unmatchedURLHandler = { _ in .redirect(target: "Shop", action: "wipe", parameters: [:]) } }
            _ = try mediator.open("shop://anything/at/all")
        },
        HostileCase("mediator fallback handler redirecting a URL call to a local action", .remoteCallNotAllowed) { mediator in
            mediator.configure { $0.unmatchedURLHandler = { _ in .redirect(target: "Ghost", action: "haunt", parameters: [:]) } }
            mediator.configure { $0.fallback = { _, _ in .redirect(target: "Shop", action: "wipe", parameters: [:]) } }
            _ = try mediator.open("shop://anything")
        },
        HostileCase("target's own not-found handler redirecting a URL call to a local action", .remoteCallNotAllowed) {
            mediator in
            try registerVault(on: mediator)
            mediator.configure {
                $0.unmatchedURLHandler = { _ in .redirect(target: "Vault", action: "missing", parameters: [:]) }
            }
            _ = try mediator.open("shop://anything")
        },
        HostileCase("interceptor redirecting a URL call to a local action", .remoteCallNotAllowed) { mediator in
            mediator.configure { $0.interceptors.append(HijackToLocal()) }
            defer { mediator.configure { $0.interceptors.removeAll() } }
            _ = try mediator.open("shop://product/42")
        },
        // Parameter values.
        HostileCase("wrong type in a path value", .invalidParameter, url: "shop://product/abc"),
        HostileCase("wrong type in a query value", .invalidParameter, url: "shop://Shop/price?id=4.5"),
        HostileCase("integer overflow", .invalidParameter, url: "shop://product/99999999999999999999999"),
        HostileCase("wrong type from a native caller", .invalidParameter) { mediator in
            _ = try mediator.perform("product", on: "Shop", with: ["id": [1, 2]])
        },
        HostileCase("missing required parameter by URL", .missingParameter, url: "shop://Shop/price"),
        HostileCase("missing required parameter natively", .missingParameter) { mediator in
            _ = try mediator.perform("price", on: "Shop")
        },
        // Reserved and native-supplied values.
        HostileCase("URL setting a native-only parameter", .reservedParameter, url: "shop://pay/5?done=x"),
        HostileCase("URL overriding a native-only value its caller supplies", .reservedParameter) { mediator in
            _ = try mediator.open("shop://pay/5?done=x", with: ["done": { @Sendable (_: String) in } as Completion])
        },
        HostileCase("URL setting a native-only parameter through a configuration redirect", .reservedParameter) { mediator in
            try mediator.applyRouteConfiguration(
                Mediator.RouteConfiguration(rules: [
                    .init(match: .pattern("/checkout/:amount"), effect: .redirectToPath("/pay/:amount"))
                ]))
            _ = try mediator.open("shop://checkout/5?done=x")
        },
        // Whoever forwards a remote value to a native-only parameter, the call is refused before the
        // handler, not left to fail on the value's type.
        HostileCase("URL setting a native-only parameter through the unmatched-URL handler", .reservedParameter) { mediator in
            mediator.configure {
                $0.unmatchedURLHandler = { request in
                    .redirect(
                        target: "Shop", action: "pay", parameters: ["amount": 5, "done": request.queryParameters["done"] ?? ""])
                }
            }
            _ = try mediator.open("shop://checkout?done=x")
        },
        HostileCase("URL setting a native-only parameter through the mediator fallback handler", .reservedParameter) { mediator in
            mediator.configure {
                $0.unmatchedURLHandler = { request in
                    .redirect(target: "Ghost", action: "haunt", parameters: request.queryParameters)
                }
            }
            mediator.configure {
                $0.fallback = { call, _ in
                    .redirect(target: "Shop", action: "pay", parameters: ["amount": 5, "done": call.parameters["done"] ?? ""])
                }
            }
            _ = try mediator.open("shop://anything?done=x")
        },
        HostileCase("URL setting a native-only parameter through an interceptor redirect", .reservedParameter) { mediator in
            mediator.configure { $0.interceptors.append(HijackToPay()) }
            defer { mediator.configure { $0.interceptors.removeAll() } }
            _ = try mediator.open("shop://product/42?ref=x")
        },
        HostileCase("remote native call setting a native-only parameter", .reservedParameter) { mediator in
            let done: Completion = { _ in }
            _ = try mediator.perform("pay", on: "Shop", with: ["amount": 5, "done": done], source: .remote)
        },
    ]

    @Test("hostile input gets its specific error, never a crash, and the next call works", arguments: table)
    func hostileInputGetsItsSpecificError(row: HostileCase) async throws {
        let mediator = try makeConfiguredMediator()
        if let error = expectMediatorError(row.expected, { try row.attack(mediator) }) {
            #expect(!error.description.contains("\n"), "\(row.name): \(error)")
            #expect(error.description.count < 1_000, "\(row.name): the description is \(error.description.count) characters")
        }
        // The mediator works normally for the next call, by URL and natively, sync and awaited.
        #expect(try mediator.open("shop://product/42", as: String.self) == "product 42 ref=-")
        #expect(try await mediator.openAsync("shop://product/7?ref=next", as: String.self) == "product 7 ref=next")
        #expect(try mediator.perform("price", on: "Shop", with: ["id": 1], as: Double.self) == 1.5)
    }

    @Test("values a URL cannot override: path over query, the degraded URL, the caller's values")
    func urlCannotOverrideProtectedValues() throws {
        let mediator = try makeConfiguredMediator()
        #expect(try mediator.open("shop://product/42?id=99", as: String.self) == "product 42 ref=-")
        #expect(
            try mediator.open("shop://product/42?ref=url", with: ["ref": "native"], as: String.self) == "product 42 ref=native")
        try mediator.applyRouteConfiguration(Mediator.RouteConfiguration(json: Data(URLConfigurationTests.valid.utf8)))
        #expect(
            try mediator.open("shop://search/shoes?url=https://evil.example", as: String.self)
                == "web https://m.shop.example.com/search?q=shoes")
    }

    @Test("an action redirect whose destination became local is dropped: the URL reaches its own action, never the local one")
    func redirectToAnActionThatBecameLocalIsDropped() throws {
        let mediator = try makeConfiguredMediator()
        try registerCleanup(on: mediator, remote: true)
        try mediator.applyRouteConfiguration(
            Mediator.RouteConfiguration(rules: [
                .init(
                    match: .action(.init(target: "Shop", action: "echo")),
                    effect: .redirectToAction(.init(target: "Cleanup", action: "tidy")))
            ]))
        #expect(try mediator.open("shop://Shop/echo", as: String.self) == "tidied")
        try registerCleanup(on: mediator, remote: false)
        #expect(try mediator.open("shop://Shop/echo?a=1", as: String.self) == "[a: 1]")
        let error = expectMediatorError(.invalidRegistrations) { try mediator.checkRegistrations() }
        #expect(error?.problems.contains { $0.contains("Cleanup.tidy") } == true)
    }
}
