import Foundation
import Mediator
import MediatorTesting
import Testing

// One test per rule the "URL routing" article states, in the article's order, so each statement of
// the reference fails a test when the behaviour changes. Fixtures are private to this file.

/// One route of the echo target: an action name and its URL patterns.
private typealias EchoRoute = (action: String, patterns: [String])

/// Registers a target whose actions answer `"<Target>.<action> <parameters>"`.
private func registerEcho(
    _ mediator: Mediator, target: String = "T", _ routes: [EchoRoute], exposure: MediatorExposure = .remote
) throws {
    try mediator.register(
        targetNamed: target,
        actions: routes.map { route in
            MediatorAction<Void>(route.action, exposure: exposure, urlPatterns: route.patterns) { _, p in
                "\(target).\(route.action) \(p.description)"
            }
        })
}

/// A list of numbers a query may repeat.
private struct Numbers: MediatorInput {
    @Parameter var t: [Int]?
}

/// One optional query value.
private struct Query: MediatorInput {
    @Parameter var q: String?
}

/// A native-only value, which no URL pattern may capture.
private struct NativeDone: MediatorInput {
    @Parameter(native: "") var done: String?
}

/// A mediator with the echo target `T`, the app scheme `app` and the web host `example.com`.
private func echoMediator(_ routes: [EchoRoute]) throws -> Mediator {
    let mediator = Mediator()
    try registerEcho(mediator, routes)
    mediator.registerScheme("app")
    mediator.registerWebHost("example.com")
    return mediator
}

/// What the echo target answers for a URL.
private func echo(_ mediator: Mediator, _ url: String, with parameters: MediatorParameters = [:]) throws -> String {
    try mediator.open(url, with: parameters, as: String.self)
}

/// A product reference as URLs carry it.
private struct ReferenceItem: MediatorInput, Equatable {
    enum Tab: String, MediatorParameterValue, CaseIterable { case info, reviews }

    @Parameter var id: Int
    @Parameter var tab: Tab?
    @Parameter var quantity: Int = 1

    init() {}
    init(id: Int, tab: Tab? = nil, quantity: Int = 1) { (self.id, self.tab, self.quantity) = (id, tab, quantity) }
}

/// A payment: an amount a URL may set and a completion only a native caller can pass.
private struct ReferencePayment: MediatorInput {
    @Parameter var amount: Int
    @Parameter(native: "") var onDone: (@Sendable (String) -> Void)?

    init() {}
    init(amount: Int, onDone: (@Sendable (String) -> Void)? = nil) { (self.amount, self.onDone) = (amount, onDone) }
}

/// A wildcard's segments as a list.
private struct ReferenceSegments: MediatorInput, Equatable {
    @Parameter var path: [String] = []
    init() {}
    init(path: [String] = []) { self.path = path }
}

/// A wildcard's segments as one string.
private struct ReferenceJoinedPath: MediatorInput, Equatable {
    @Parameter var path: String
    init() {}
    init(path: String) { self.path = path }
}

/// The facade of the typed target.
private enum ReferenceShop {
    static let item = ActionContract<ReferenceItem, String>("item", on: "Shop")
    static let later = AsyncActionContract<ReferenceItem, String>("later", on: "Shop")
    static let pay = ActionContract<ReferencePayment, String>("pay", on: "Shop")
    static let segments = ActionContract<ReferenceSegments, [String]>("segments", on: "Shop")
    static let joined = ActionContract<ReferenceJoinedPath, String>("joined", on: "Shop")
    static let local = ActionContract<ReferenceItem, String>("local", on: "Shop")
}

/// The typed target: each action describes the input it received.
private struct ReferenceShopTarget: MediatorTarget {
    static let targetName = "Shop"

    static func describe(_ item: ReferenceItem) -> String {
        "item \(item.id) tab=\(item.tab?.rawValue ?? "-") quantity=\(item.quantity)"
    }

    static let actions: [MediatorAction<Self>] = [
        MediatorAction(ReferenceShop.item, exposure: .remote, urlPatterns: ["/item/:id"]) { _, input in describe(input) },
        MediatorAction(ReferenceShop.later, exposure: .remote, urlPatterns: ["/later/:id"]) { _, input in
            await Task.yield()
            return "later " + describe(input)
        },
        MediatorAction(ReferenceShop.pay, exposure: .remote, urlPatterns: ["/pay/:amount"]) { _, input in
            input.onDone?("paid \(input.amount)")
            return "pay \(input.amount)"
        },
        MediatorAction(ReferenceShop.segments, exposure: .remote, urlPatterns: ["/files/*path"]) { _, input in input.path },
        MediatorAction(ReferenceShop.joined, exposure: .remote, urlPatterns: ["/joined/*path"]) { _, input in input.path },
        MediatorAction(ReferenceShop.local, urlPatterns: []) { _, input in describe(input) },
    ]
}

/// A target that counts the instances the mediator makes of it.
private struct CountedTarget: MediatorTarget {
    static let targetName = "Counted"
    static let actions: [MediatorAction<Self>] = [
        MediatorAction("go", exposure: .remote, urlPatterns: ["/go"]) { _, _ in "went" }
    ]
    init(_ made: Locked<Int>) { made.withLock { $0 += 1 } }
}

/// A mediator with the typed target and the app scheme `app`.
private func shopMediator() throws -> Mediator {
    let mediator = Mediator()
    try mediator.register(ReferenceShopTarget())
    mediator.registerScheme("app")
    return mediator
}

@Suite("The URL routing reference")
struct URLRoutingReferenceTests {
    // MARK: Entry points

    @Test(
        "open reaches synchronous actions; openAsync reaches asynchronous ones too; a synchronous open of an asynchronous action fails"
    )
    func openAndOpenAsyncReachWhatTheyMay() async throws {
        let mediator = try shopMediator()
        #expect(try mediator.open("app://item/1", as: String.self) == "item 1 tab=- quantity=1")
        #expect(try await mediator.openAsync("app://later/2", as: String.self) == "later item 2 tab=- quantity=1")
        #expect(try await mediator.openAsync("app://item/3") as? String == "item 3 tab=- quantity=1")
        let error = expectMediatorError(.asyncActionCalledSynchronously) { try mediator.open("app://later/2") }
        #expect(error?.target == "Shop")
        #expect(error?.action == "later")
    }

    @Test("open(as:) returns the result as the type asked for, and another type fails with .resultTypeMismatch")
    func openAsReturnsTheResultAsTheTypeAskedFor() throws {
        let mediator = try shopMediator()
        #expect(try mediator.open("app://item/4", as: String.self) == "item 4 tab=- quantity=1")
        let error = expectMediatorError(.resultTypeMismatch) { try mediator.open("app://item/4", as: Int.self) }
        #expect(error?.expectedType == "Int")
    }

    @Test("canOpen runs no target, no interceptor and no unmatched-URL handler")
    func canOpenRunsNothing() throws {
        final class Counter: MediatorInterceptor {
            let calls = Locked(0)
            func intercept(_ call: MediatorCall) throws -> MediatorCall.Decision {
                calls.withLock { $0 += 1 }
                return .proceed
            }
        }
        let mediator = Mediator()
        let made = Locked(0)
        let unmatched = Locked(0)
        try mediator.register(CountedTarget(made))
        mediator.registerScheme("app")
        let interceptor = Counter()
        mediator.configure { $0.interceptors.append(interceptor) }
        mediator.configure {
            $0.unmatchedURLHandler = { _ in
                unmatched.withLock { $0 += 1 }
                return .value("handled")
            }
        }
        #expect(mediator.canOpen("app://go"))
        #expect(!mediator.canOpen("app://elsewhere"))
        #expect(made.withLock { $0 } == 0)
        #expect(interceptor.calls.withLock { $0 } == 0)
        #expect(unmatched.withLock { $0 } == 0)
        // open runs all three.
        #expect(try mediator.open("app://go", as: String.self) == "went")
        #expect(try mediator.open("app://elsewhere", as: String.self) == "handled")
        #expect(made.withLock { $0 } == 1)
        #expect(interceptor.calls.withLock { $0 } == 1)
        #expect(unmatched.withLock { $0 } == 1)
    }

    @Test("canOpen says whether open would reach an action the remote policy allows, without checking the values")
    func canOpenAnswersForTheRemotePolicyNotForValues() throws {
        let mediator = try shopMediator()
        #expect(mediator.canOpen("app://item/1"))
        // The value does not convert, which only the action's input finds out.
        #expect(mediator.canOpen("app://item/abc"))
        expectMediatorError(.invalidParameter) { try mediator.open("app://item/abc") }
        // Refused by the remote policy: a local action, a native-only parameter set by the URL.
        #expect(!mediator.canOpen("app://Shop/local?id=1"))
        #expect(!mediator.canOpen("app://pay/5?onDone=x"))
        // Refused before routing, or not routed.
        #expect(!mediator.canOpen("app://item/%zz"))
        #expect(!mediator.canOpen("other://item/1"))
        #expect(!mediator.canOpen("app://nowhere"))
        mediator.configure { $0.urlOptions = Mediator.URLOptions(maximumLength: 10) }
        #expect(!mediator.canOpen("app://item/1"))
    }

    // MARK: Schemes and hosts

    @Test("an app scheme is compared case-insensitively, and its host is the first path segment")
    func appSchemeIsCaseInsensitiveAndItsHostIsTheFirstSegment() throws {
        let mediator = Mediator()
        try registerEcho(mediator, [("show", ["/item/:id"])])
        mediator.registerScheme("App")
        #expect(mediator.settings.schemes == ["app"])
        #expect(try echo(mediator, "APP://item/7") == "T.show [id: 7]")
        #expect(try echo(mediator, "app://item/7") == "T.show [id: 7]")
        // The host is a path segment like the others: compared case-sensitively.
        expectMediatorError(.noRouteMatched) { try mediator.open("app://ITEM/7") }
    }

    @Test("a scheme that does not fall back to global routes matches only its own patterns and the convention route")
    func scopedSchemeMatchesOnlyItsOwnPatterns() throws {
        let mediator = Mediator()
        try registerEcho(mediator, [("global", ["/home"]), ("admin", ["admin://home"]), ("only", ["/only"])])
        mediator.registerScheme("app")
        mediator.registerScheme("admin", fallsBackToGlobalRoutes: false)
        #expect(try echo(mediator, "app://home") == "T.global []")
        #expect(try echo(mediator, "admin://home") == "T.admin []")
        #expect(try echo(mediator, "app://only") == "T.only []")
        expectMediatorError(.noRouteMatched) { try mediator.open("admin://only") }
        #expect(try echo(mediator, "admin://T/only") == "T.only []")
    }

    @Test("web links are https only unless acceptsHTTPWebLinks is set")
    func webLinksAreHTTPSOnlyUnlessTheAppOptsIn() throws {
        let mediator = try echoMediator([("show", ["/item/:id"])])
        #expect(try echo(mediator, "https://example.com/item/1") == "T.show [id: 1]")
        let refused = expectMediatorError(.unknownURLScheme) { try mediator.open("http://example.com/item/1") }
        #expect(refused?.description.contains("acceptsHTTPWebLinks") == true)
        mediator.configure { $0.urlOptions = Mediator.URLOptions(acceptsHTTPWebLinks: true) }
        #expect(try echo(mediator, "http://example.com/item/1") == "T.show [id: 1]")
    }

    @Test("a web host matches exactly and case-insensitively, and its port is ignored")
    func webHostMatchesExactlyAndCaseInsensitively() throws {
        let mediator = Mediator()
        try registerEcho(mediator, [("show", ["/item/:id"])])
        mediator.registerWebHost("Shop.Example.com")
        #expect(mediator.settings.webHosts == ["shop.example.com"])
        #expect(try echo(mediator, "https://SHOP.example.COM/item/1") == "T.show [id: 1]")
        #expect(try echo(mediator, "https://shop.example.com:8443/item/2") == "T.show [id: 2]")
        expectMediatorError(.unknownURLHost) { try mediator.open("https://www.shop.example.com/item/1") }
        expectMediatorError(.unknownURLHost) { try mediator.open("https://shop.example.com.evil.example/item/1") }
        expectMediatorError(.malformedURL) { try mediator.open("https://user@shop.example.com/item/1") }
    }

    @Test("web links match global patterns only, never scoped patterns or the convention route")
    func webLinksMatchGlobalPatternsOnly() throws {
        let mediator = try echoMediator([("global", ["/home"]), ("scoped", ["app://scoped"]), ("plain", [])])
        #expect(try echo(mediator, "https://example.com/home") == "T.global []")
        #expect(try echo(mediator, "app://scoped") == "T.scoped []")
        expectMediatorError(.noRouteMatched) { try mediator.open("https://example.com/scoped") }
        #expect(try echo(mediator, "app://T/plain") == "T.plain []")
        expectMediatorError(.noRouteMatched) { try mediator.open("https://example.com/T/plain") }
    }

    @Test("an unknown scheme or web host is refused before routing, naming the registered ones")
    func unknownSchemesAndHostsAreRefusedNamingTheRegisteredOnes() throws {
        let mediator = try echoMediator([("show", ["/item/:id"])])
        let scheme = expectMediatorError(.unknownURLScheme) { try mediator.open("ftp://item/1") }
        #expect(scheme?.available == ["app"])
        let host = expectMediatorError(.unknownURLHost) { try mediator.open("https://evil.example/item/1") }
        #expect(host?.available == ["example.com"])
    }

    // MARK: Pattern syntax

    @Test("a literal segment matches its decoded text exactly, case-sensitively and byte for byte")
    func literalSegmentMatchesExactly() throws {
        let mediator = try echoMediator([("cafe", ["/shop/Caf%C3%A9"])])
        #expect(try echo(mediator, "app://shop/Caf%C3%A9") == "T.cafe []")
        #expect(try echo(mediator, "app://shop/Café") == "T.cafe []")
        expectMediatorError(.noRouteMatched) { try mediator.open("app://shop/caf%C3%A9") }
        // "e" followed by a combining acute accent is another byte sequence.
        expectMediatorError(.noRouteMatched) { try mediator.open("app://shop/Cafe%CC%81") }
    }

    @Test("a placeholder captures exactly one whole segment, decoded")
    func placeholderCapturesOneDecodedSegment() throws {
        let mediator = try echoMediator([("show", ["/item/:id"])])
        #expect(try echo(mediator, "app://item/a%20b") == "T.show [id: a b]")
        expectMediatorError(.noRouteMatched) { try mediator.open("app://item") }
        expectMediatorError(.noRouteMatched) { try mediator.open("app://item/a/b") }
    }

    @Test("optional groups nest, and a URL matches any of the shapes they spell")
    func optionalGroupsNest() throws {
        let mediator = try echoMediator([("search", ["/search(/:category(/:page))"])])
        #expect(try echo(mediator, "app://search") == "T.search []")
        #expect(try echo(mediator, "app://search/shoes") == "T.search [category: shoes]")
        #expect(try echo(mediator, "app://search/shoes/2") == "T.search [category: shoes, page: 2]")
        expectMediatorError(.noRouteMatched) { try mediator.open("app://search/shoes/2/3") }
    }

    @Test("a pattern may expand to at most 16 shapes")
    func patternMayExpandToAtMostSixteenShapes() throws {
        let mediator = try echoMediator([("sixteen", ["/a(/b)(/c)(/d)(/e)"]), ("more", ["/z(/b)(/c)(/d)(/e)(/f)"])])
        let problems = expectMediatorError(.invalidRegistrations) { try mediator.checkRegistrations() }?.problems ?? []
        #expect(problems.count == 1, "\(problems)")
        #expect(problems.first?.contains("/z(/b)(/c)(/d)(/e)(/f)") == true)
        #expect(problems.first?.contains("more than 16 shapes") == true)
        #expect(try echo(mediator, "app://a/c/e") == "T.sixteen []")
        expectMediatorError(.noRouteMatched) { try mediator.open("app://z") }
    }

    @Test("a trailing wildcard matches zero or more segments, captured under its name or as \"*\"")
    func trailingWildcardMatchesZeroOrMoreSegments() throws {
        let mediator = try echoMediator([("help", ["/help/*"]), ("files", ["/files/*path"])])
        #expect(try echo(mediator, "app://help") == "T.help [*: ]")
        #expect(try echo(mediator, "app://help/a") == "T.help [*: a]")
        #expect(try echo(mediator, "app://files/a/b/c") == "T.files [path: a/b/c]")
    }

    @Test("a pattern written with a scheme applies to URLs of that scheme only")
    func scopedPatternAppliesToItsSchemeOnly() throws {
        let mediator = try echoMediator([("scoped", ["app://home"])])
        mediator.registerScheme("other")
        #expect(try echo(mediator, "app://home") == "T.scoped []")
        expectMediatorError(.noRouteMatched) { try mediator.open("other://home") }
        expectMediatorError(.noRouteMatched) { try mediator.open("https://example.com/home") }
    }

    @Test("a percent escape in a literal segment stands for the character itself")
    func percentEscapeInALiteralStandsForTheCharacter() throws {
        let mediator = try echoMediator([("odd", ["/tag/%3Aname/%2A/%28x%29/a%20b"]), ("slash", ["/slash/a%2Fb"])])
        try mediator.checkRegistrations()
        #expect(try echo(mediator, "app://tag/:name/*/(x)/a%20b") == "T.odd []")
        // An escaped slash is part of its segment, in the pattern and in the URL.
        #expect(try echo(mediator, "app://slash/a%2Fb") == "T.slash []")
        expectMediatorError(.noRouteMatched) { try mediator.open("app://slash/a/b") }
    }

    // MARK: Precedence

    @Test("a literal segment beats a placeholder, which beats a wildcard, level by level")
    func literalBeatsPlaceholderBeatsWildcard() throws {
        // Declared wildcard first and literal last, so declaration order cannot explain the result.
        let mediator = try echoMediator([("wild", ["/a/*rest"]), ("any", ["/a/:x"]), ("exact", ["/a/b"])])
        #expect(try echo(mediator, "app://a/b") == "T.exact []")
        #expect(try echo(mediator, "app://a/z") == "T.any [x: z]")
        #expect(try echo(mediator, "app://a/z/y") == "T.wild [rest: z/y]")
    }

    @Test("when a deeper level fails, matching backtracks to the next choice at the level above")
    func matchingBacktracks() throws {
        let mediator = try echoMediator([("abc", ["/a/b/c"]), ("anyD", ["/a/:x/d"]), ("wild", ["/a/*rest"])])
        #expect(try echo(mediator, "app://a/b/c") == "T.abc []")
        #expect(try echo(mediator, "app://a/b/d") == "T.anyD [x: b]")
        #expect(try echo(mediator, "app://a/b/e") == "T.wild [rest: b/e]")
    }

    @Test("between routes of the same shape the higher priority wins, then the one declared first")
    func priorityThenDeclarationOrderBreakTies() throws {
        let mediator = try echoMediator([
            ("low", ["/x/:a"]), ("high", ["/x/:b priority=1"]), ("first", ["/y/:a"]), ("second", ["/y/:b"]),
        ])
        #expect(try echo(mediator, "app://x/1") == "T.high [b: 1]")
        #expect(try echo(mediator, "app://y/1") == "T.first [a: 1]")
        // Equal shape and priority is a conflict validation reports; the priorities above are not.
        let problems = expectMediatorError(.invalidRegistrations) { try mediator.checkRegistrations() }?.problems ?? []
        #expect(problems.count == 1, "\(problems)")
        #expect(problems.first?.contains("T.second") == true)
    }

    @Test("priority never lets a less literal route beat a more literal one")
    func priorityOnlyBreaksTiesBetweenShapes() throws {
        let mediator = try echoMediator([
            ("literal", ["/p/new"]), ("placeholder", ["/p/:x priority=9"]), ("wild", ["/q/* priority=9"]), ("any", ["/q/:x"]),
        ])
        #expect(try echo(mediator, "app://p/new") == "T.literal []")
        #expect(try echo(mediator, "app://q/new") == "T.any [x: new]")
    }

    @Test("a route ending exactly where the path ends beats a wildcard matching nothing")
    func exactEndBeatsEmptyWildcard() throws {
        let mediator = try echoMediator([("wild", ["/a/*rest"]), ("exact", ["/a"])])
        #expect(try echo(mediator, "app://a") == "T.exact []")
        #expect(try echo(mediator, "app://a/b") == "T.wild [rest: b]")
    }

    @Test("a scheme's own patterns are tried before the global ones, however specific those are")
    func scopedPatternsBeforeGlobalOnes() throws {
        let mediator = try echoMediator([("global", ["/product/new"]), ("scoped", ["app://product/:id"])])
        #expect(try echo(mediator, "app://product/new") == "T.scoped [id: new]")
        #expect(try echo(mediator, "https://example.com/product/new") == "T.global []")
    }

    @Test("patterns are tried before the convention route")
    func patternsBeforeTheConventionRoute() throws {
        let mediator = try echoMediator([("shadow", ["/T/:x"]), ("plain", [])])
        #expect(try echo(mediator, "app://T/plain") == "T.shadow [x: plain]")
    }

    // MARK: The convention route

    @Test("the convention route reaches a remote action by its exact names, in exactly two segments")
    func conventionRouteReachesRemoteActionsByExactNames() throws {
        let mediator = try echoMediator([("plain", []), ("patterned", ["/p"])])
        try registerEcho(mediator, target: "L", [("hidden", [])], exposure: .local)
        #expect(try echo(mediator, "app://T/plain?a=1") == "T.plain [a: 1]")
        #expect(try echo(mediator, "app://T/patterned") == "T.patterned []")
        expectMediatorError(.noRouteMatched) { try mediator.open("app://t/plain") }
        expectMediatorError(.noRouteMatched) { try mediator.open("app://T/plain/x") }
        let local = expectMediatorError(.remoteCallNotAllowed) { try mediator.open("app://L/hidden") }
        #expect(local?.target == "L")
        #expect(local?.action == "hidden")
    }

    // MARK: Values and decoding

    @Test("in a path segment + stays +, and each escape decodes inside its segment")
    func pathSegmentDecoding() throws {
        let mediator = try echoMediator([("show", ["/s/:v"])])
        #expect(try echo(mediator, "app://s/a+b") == "T.show [v: a+b]")
        #expect(try echo(mediator, "app://s/a%2Bb") == "T.show [v: a+b]")
        #expect(try echo(mediator, "app://s/a%20b") == "T.show [v: a b]")
        #expect(try echo(mediator, "app://s/a%2Fb") == "T.show [v: a/b]")
        mediator.configure { $0.urlOptions = Mediator.URLOptions(decodesPlusAsSpace: true) }
        #expect(try echo(mediator, "app://s/a+b") == "T.show [v: a+b]")
    }

    @Test("in a query value + stays + unless decodesPlusAsSpace is set; keys never convert it, and %2B is always +")
    func queryDecoding() throws {
        let mediator = try echoMediator([("q", [])])
        #expect(
            try echo(mediator, "app://T/q?v=a+b&w=a%2Bb&x=a%20b&y=a%2Fb&z=a/b") == "T.q [v: a+b, w: a+b, x: a b, y: a/b, z: a/b]")
        mediator.configure { $0.urlOptions = Mediator.URLOptions(decodesPlusAsSpace: true) }
        #expect(
            try echo(mediator, "app://T/q?v=a+b&w=a%2Bb&k+ey=1&s%20p=2&s%2Fl=3")
                == "T.q [k+ey: 1, s p: 2, s/l: 3, v: a b, w: a+b]")
    }

    @Test("a query key without = has the empty string as its value, and items with an empty key are ignored")
    func queryKeysWithoutValuesAndEmptyKeys() throws {
        let mediator = try echoMediator([("q", [])])
        #expect(try echo(mediator, "app://T/q?flag&=x&y=&&") == "T.q [flag: , y: ]")
    }

    @Test("a repeated query key gives the list of its values in order; a field of one value refuses it")
    func repeatedQueryKeysGiveAList() throws {
        let mediator = Mediator()
        try mediator.register(
            targetNamed: "T",
            actions: [
                MediatorAction<Void>("list", parameters: Numbers.self, exposure: .remote) { _, p in
                    try p.optionalValue("t", as: [Int].self) ?? []
                },
                MediatorAction<Void>("one", parameters: Query.self, exposure: .remote) { _, p in
                    try p.optionalValue("q", as: String.self) ?? "-"
                },
            ])
        try registerEcho(mediator, target: "E", [("raw", [])])
        mediator.registerScheme("app")
        #expect(try mediator.open("app://T/list?t=3&t=1&t=2", as: [Int].self) == [3, 1, 2])
        #expect(try mediator.open("app://T/list?t=5", as: [Int].self) == [5])
        #expect(try echo(mediator, "app://E/raw?t=b&t=a") == #"E.raw [t: ["b", "a"]]"#)
        let refused = expectMediatorError(.invalidParameter) { try mediator.open("app://T/one?q=a&q=b") }
        #expect(refused?.parameter == "q")
    }

    @Test("path values win over query values, and values passed to open(_:with:) win over both")
    func pathValuesWinOverQueryAndNativeOverBoth() throws {
        let mediator = try echoMediator([("show", ["/item/:id"])])
        #expect(try echo(mediator, "app://item/42?id=99") == "T.show [id: 42]")
        #expect(try echo(mediator, "app://item/42?id=99", with: ["id": "7"]) == "T.show [id: 7]")
    }

    @Test("a wildcard decodes each segment on its own: a [String] field gets the list, a String field gets them joined by /")
    func wildcardSegmentsStayApart() throws {
        let mediator = try shopMediator()
        #expect(try mediator.open("app://files/a/b%2Fc/d%20e", as: [String].self) == ["a", "b/c", "d e"])
        #expect(try mediator.open("app://files", as: [String].self) == [])
        #expect(try mediator.open("app://joined/a/b%2Fc", as: String.self) == "a/b/c")
        #expect(try mediator.open("app://joined", as: String.self) == "")
    }

    @Test(
        "empty segments are dropped and dot segments resolved before routing, never removing an app URL's host; escaped dots are text"
    )
    func emptyAndDotSegments() throws {
        let mediator = try echoMediator([("show", ["/a/:v"]), ("three", ["/x/T/echo"])])
        #expect(try echo(mediator, "app:///a//c/") == "T.show [v: c]")
        #expect(try echo(mediator, "app://a/./b/../c") == "T.show [v: c]")
        #expect(try echo(mediator, "app://x/../T/echo") == "T.three []")
        #expect(try echo(mediator, "app://a/%2E%2E") == "T.show [v: ..]")
    }

    // MARK: Fragments

    @Test("fragment items are ignored unless mergesFragmentParameters is set, and then the query wins over them")
    func fragmentParameters() throws {
        let mediator = try echoMediator([("q", [])])
        #expect(try echo(mediator, "app://T/q?a=1#a=2&b=x+y") == "T.q [a: 1]")
        mediator.configure { $0.urlOptions = Mediator.URLOptions(mergesFragmentParameters: true) }
        #expect(try echo(mediator, "app://T/q?a=1#a=2&b=x+y") == "T.q [a: 1, b: x+y]")
        mediator.configure { $0.urlOptions = Mediator.URLOptions(decodesPlusAsSpace: true, mergesFragmentParameters: true) }
        #expect(try echo(mediator, "app://T/q?a=1#a=2&b=x+y") == "T.q [a: 1, b: x y]")
    }

    // MARK: Length

    @Test("a URL longer than maximumLength UTF-8 bytes fails with .urlTooLong before parsing; one of exactly that length is read")
    func lengthLimitCountsUTF8Bytes() throws {
        let mediator = try echoMediator([("echo", [])])
        #expect(mediator.settings.urlOptions.maximumLength == 16_384)
        mediator.configure { $0.urlOptions = Mediator.URLOptions(maximumLength: 12) }
        #expect(try echo(mediator, "app://T/echo") == "T.echo []")
        // 11 characters but 12 bytes: read (and not routed); 12 characters but 13 bytes: too long.
        expectMediatorError(.noRouteMatched) { try mediator.open("app://T/ecé") }
        expectMediatorError(.urlTooLong) { try mediator.open("app://T/eché") }
        expectMediatorError(.urlTooLong) { try mediator.open("app://T/%zz%zz") }
    }

    @Test("a negative maximumLength set field by field counts as 0 where it is applied: every URL door refuses, none crashes")
    func negativeLengthLimitSetFieldByField() async throws {
        let mediator = try echoMediator([("echo", [])])
        var options = Mediator.URLOptions()
        options.maximumLength = -1
        mediator.configure { $0.urlOptions = options }
        #expect(mediator.settings.urlOptions.maximumLength == 0)
        let refused = expectMediatorError(.urlTooLong) { try mediator.open("app://T/echo") }
        #expect(refused?.description.contains("-1") == false)
        #expect(!mediator.canOpen("app://T/echo"))
        await expectMediatorError(.urlTooLong) { try await mediator.openAsync("app://T/echo") }
    }

    // MARK: Typed inputs

    @Test("a typed input's fields convert from the URL's text, and absent optional fields take their defaults")
    func typedInputFieldsConvertFromText() throws {
        let mediator = try shopMediator()
        #expect(try mediator.open("app://item/42?tab=reviews", as: String.self) == "item 42 tab=reviews quantity=1")
        #expect(try mediator.open("app://item/42?quantity=3&unknown=x", as: String.self) == "item 42 tab=- quantity=3")
    }

    @Test("a URL value that does not convert fails with .invalidParameter, a missing required one with .missingParameter")
    func unconvertibleAndMissingValues() throws {
        let mediator = try shopMediator()
        let invalid = expectMediatorError(.invalidParameter) { try mediator.open("app://item/abc") }
        #expect(invalid?.parameter == "id")
        #expect(invalid?.expectedType == "Int")
        let notACase = expectMediatorError(.invalidParameter) { try mediator.open("app://item/1?tab=photos") }
        #expect(notACase?.parameter == "tab")
        #expect(notACase?.expectedType == "Tab (one of info, reviews)")
        let missing = expectMediatorError(.missingParameter) { try mediator.open("app://Shop/item") }
        #expect(missing?.parameter == "id")
    }

    @Test("a URL can never set a native-only field; only values passed to open(_:with:) can")
    func urlCannotSetNativeOnlyFields() throws {
        let mediator = try shopMediator()
        let done = Locked<String?>(nil)
        let completion: @Sendable (String) -> Void = { text in done.withLock { $0 = text } }
        let refused = expectMediatorError(.reservedParameter) { try mediator.open("app://pay/5?onDone=x") }
        #expect(refused?.parameter == "onDone")
        #expect(try mediator.open("app://pay/5", with: ["onDone": completion], as: String.self) == "pay 5")
        #expect(done.withLock { $0 } == "paid 5")
        // A URL that tries is refused even when the native caller passes the value too.
        expectMediatorError(.reservedParameter) { try mediator.open("app://pay/6?onDone=x", with: ["onDone": completion]) }
        #expect(done.withLock { $0 } == "paid 5")
    }

    // MARK: The remote policy

    @Test("a URL reaches remote actions only, whichever route leads there")
    func urlReachesRemoteActionsOnly() throws {
        let mediator = try echoMediator([])
        try registerEcho(mediator, target: "L", [("hidden", ["/hidden"])], exposure: .local)
        expectMediatorError(.remoteCallNotAllowed) { try mediator.open("app://hidden") }
        expectMediatorError(.remoteCallNotAllowed) { try mediator.open("app://L/hidden") }
    }

    // MARK: The unmatched-URL handler

    @Test("the unmatched-URL handler receives the URL decoded, and the native caller's values")
    func unmatchedHandlerReceivesTheDecodedRequest() throws {
        let mediator = try echoMediator([])
        let seen = Locked<[String]>([])
        mediator.configure {
            $0.unmatchedURLHandler = { request in
                seen.withLock {
                    $0.append(
                        "\(request.url) | \(request.scheme) | \(request.host ?? "nil") | \(request.pathSegments) | "
                            + "\(request.queryParameters) | \(request.fragment ?? "nil") | \(request.parameters)")
                }
                return .value("seen")
            }
        }
        try mediator.open("app://missing/a%20b?x=1&x=2#frag%20ment", with: ["n": 1])
        try mediator.open("https://EXAMPLE.com/none")
        #expect(
            seen.withLock { $0 } == [
                #"app://missing/a%20b?x=1&x=2#frag%20ment | app | nil | ["missing", "a b"] | [x: ["1", "2"]] | frag%20ment | [n: 1]"#,
                #"https://EXAMPLE.com/none | https | example.com | ["none"] | [] | nil | []"#,
            ])
    }

    @Test("the unmatched-URL handler answers with a value, a redirect performed as a remote call, or notHandled")
    func unmatchedHandlerAnswers() throws {
        let mediator = try shopMediator()
        mediator.configure {
            $0.unmatchedURLHandler = { request in
                switch request.pathSegments.first {
                case "value": .value("a value")
                case "legacy": .redirect(target: "Shop", action: "item", parameters: ["id": request.queryParameters["p"] ?? ""])
                case "local": .redirect(target: "Shop", action: "local", parameters: ["id": 1])
                case "native": .redirect(target: "Shop", action: "pay", parameters: ["amount": 1, "onDone": "x"])
                default: .notHandled
                }
            }
        }
        #expect(try mediator.open("app://value", as: String.self) == "a value")
        #expect(try mediator.open("app://legacy?p=8", as: String.self) == "item 8 tab=- quantity=1")
        expectMediatorError(.remoteCallNotAllowed) { try mediator.open("app://local") }
        expectMediatorError(.reservedParameter) { try mediator.open("app://native") }
        expectMediatorError(.noRouteMatched) { try mediator.open("app://other") }
    }

    @Test(
        "the unmatched-URL handler runs only for a known scheme or host that no route matches, never for a URL refused before routing"
    )
    func unmatchedHandlerRunsOnlyForKnownSchemesWithoutRoute() throws {
        let mediator = try echoMediator([("show", ["/item/:id"])])
        let runs = Locked(0)
        mediator.configure {
            $0.unmatchedURLHandler = { _ in
                runs.withLock { $0 += 1 }
                return .value("handled")
            }
        }
        expectMediatorError(.unknownURLScheme) { try mediator.open("zzz://item/1") }
        expectMediatorError(.unknownURLHost) { try mediator.open("https://evil.example/item/1") }
        expectMediatorError(.malformedURL) { try mediator.open("app://item/%") }
        #expect(try echo(mediator, "app://item/1") == "T.show [id: 1]")
        #expect(runs.withLock { $0 } == 0)
        #expect(try echo(mediator, "app://item") == "handled")
        #expect(runs.withLock { $0 } == 1)
        mediator.configure { $0.urlOptions = Mediator.URLOptions(maximumLength: 8) }
        expectMediatorError(.urlTooLong) { try mediator.open("app://nothing") }
        #expect(runs.withLock { $0 } == 1)
    }

    // MARK: URL generation

    @Test("a URL is generated from the action's first pattern, in its longest shape whose placeholders all have a value")
    func generationUsesTheFirstPatternsLongestFilledShape() throws {
        let mediator = try echoMediator([("show", ["/item/:id(/:slug)", "/other/:id"])])
        #expect(try mediator.url(for: "show", on: "T", with: ["id": 1]) == "app://item/1")
        #expect(try mediator.url(for: "show", on: "T", with: ["id": 1, "slug": "blue"]) == "app://item/1/blue")
        let emptySlug = try mediator.url(for: "show", on: "T", with: ["id": 1, "slug": ""])
        #expect(emptySlug == "app://item/1?slug=")
        #expect(try echo(mediator, emptySlug) == "T.show [id: 1, slug: ]")
    }

    @Test("an action without patterns gets the convention route")
    func generationUsesTheConventionRouteWithoutPatterns() throws {
        let mediator = try echoMediator([("plain", [])])
        #expect(try mediator.url(for: "plain", on: "T", with: ["a": 1]) == "app://T/plain?a=1")
    }

    @Test("generated values are percent-encoded but for unreserved characters, and the rest become query items sorted by key")
    func generationEncodesAndSortsQueryItems() throws {
        let mediator = try echoMediator([("show", ["/item/:id"])])
        let url = try mediator.url(for: "show", on: "T", with: ["id": "a b+c/é", "b": ["2", "1"], "a": "+", "c": "x-y._~"])
        #expect(url == "app://item/a%20b%2Bc%2F%C3%A9?a=%2B&b=2&b=1&c=x-y._~")
        #expect(try echo(mediator, url) == #"T.show [a: +, b: ["2", "1"], c: x-y._~, id: a b+c/é]"#)
        #expect(try mediator.url(for: "show", on: "T", with: ["id": ".."]) == "app://item/%2E%2E")
    }

    @Test("a wildcard is generated from one value split at / or from several values, one segment each")
    func generationOfWildcards() throws {
        let mediator = try shopMediator()
        let split = try mediator.url(for: ReferenceShop.segments, with: ReferenceSegments(path: ["docs", "guide"]))
        #expect(split == "app://files/docs/guide")
        #expect(try mediator.url(for: "segments", on: "Shop", with: ["path": "docs/guide"]) == "app://files/docs/guide")
        let apart = try mediator.url(for: ReferenceShop.segments, with: ReferenceSegments(path: ["a/b", "c"]))
        #expect(apart == "app://files/a%2Fb/c")
        #expect(try mediator.open(apart, as: [String].self) == ["a/b", "c"])
        expectMediatorError(.urlGenerationFailed) {
            try mediator.url(for: ReferenceShop.segments, with: ReferenceSegments(path: ["a", ""]))
        }
        #expect(try mediator.url(for: ReferenceShop.segments, with: ReferenceSegments(path: [])) == "app://files")

        // A String is split only where the URL can carry the slash as a separator.
        for (text, url) in [
            ("a//b", "app://joined/a%2F/b"), ("a/", "app://joined/a%2F"), ("docs/guide", "app://joined/docs/guide"),
        ] {
            let generated = try mediator.url(for: ReferenceShop.joined, with: ReferenceJoinedPath(path: text))
            #expect(generated == url)
            #expect(try mediator.open(generated, as: String.self) == text)
        }
    }

    @Test("the scheme is the one asked for, else the pattern's own, else the first app scheme, else https on the first web host")
    func generationChoosesTheScheme() throws {
        let mediator = try echoMediator([("show", ["/item/:id"]), ("admin", ["admin://panel"])])
        mediator.registerScheme("admin")
        #expect(try mediator.url(for: "show", on: "T", with: ["id": 1]) == "app://item/1")
        #expect(try mediator.url(for: "show", on: "T", with: ["id": 1], scheme: "admin") == "admin://item/1")
        #expect(try mediator.url(for: "show", on: "T", with: ["id": 1], scheme: "https") == "https://example.com/item/1")
        #expect(try mediator.url(for: "admin", on: "T") == "admin://panel")
        expectMediatorError(.urlGenerationFailed) { try mediator.url(for: "admin", on: "T", scheme: "app") }
        expectMediatorError(.urlGenerationFailed) { try mediator.url(for: "show", on: "T", with: ["id": 1], scheme: "http") }

        let webOnly = Mediator()
        try registerEcho(webOnly, [("show", ["/item/:id"]), ("plain", [])])
        webOnly.registerWebHost("example.com")
        #expect(try webOnly.url(for: "show", on: "T", with: ["id": 1]) == "https://example.com/item/1")
        // The convention route is for app schemes only.
        expectMediatorError(.urlGenerationFailed) { try webOnly.url(for: "plain", on: "T") }
    }

    @Test("generation refuses a URL that could not open back to the same action")
    func generationRefusesWhatCouldNotOpen() throws {
        let mediator = try echoMediator([("show", ["/item/:id"]), ("new", ["/item/new"])])
        try registerEcho(mediator, target: "L", [("hidden", [])], exposure: .local)
        expectMediatorError(.remoteCallNotAllowed) { try mediator.url(for: "hidden", on: "L") }
        expectMediatorError(.actionNotFound) { try mediator.url(for: "nope", on: "T") }
        expectMediatorError(.targetNotFound) { try mediator.url(for: "show", on: "Nobody") }
        expectMediatorError(.urlGenerationFailed) { try mediator.url(for: "show", on: "T") }
        expectMediatorError(.urlGenerationFailed) { try mediator.url(for: "show", on: "T", with: ["id": ""]) }
        expectMediatorError(.urlGenerationFailed) {
            try mediator.url(for: "show", on: "T", with: ["id": 1, "f": { @Sendable () in }])
        }
        let shadowed = expectMediatorError(.urlGenerationFailed) { try mediator.url(for: "show", on: "T", with: ["id": "new"]) }
        #expect(shadowed?.problems.first?.contains("T.new") == true)
        let shop = try shopMediator()
        let native = expectMediatorError(.urlGenerationFailed) {
            try shop.url(for: ReferenceShop.pay, with: ReferencePayment(amount: 1, onDone: { _ in }))
        }
        #expect(native?.problems.first?.contains("native-only") == true)
    }

    @Test("a URL generated from a contract and an input opens to the same input")
    func generatedURLOpensToTheSameInput() throws {
        let mediator = try shopMediator()
        let url = try mediator.url(for: ReferenceShop.item, with: ReferenceItem(id: 42, tab: .reviews, quantity: 2))
        #expect(url == "app://item/42?quantity=2&tab=reviews")
        #expect(try mediator.open(url, as: String.self) == "item 42 tab=reviews quantity=2")
    }

    // MARK: Validation

    @Test("checkRegistrations lists every problem of the declared routes at once")
    func checkRegistrationsListsEveryRouteProblem() throws {
        let mediator = Mediator()
        try registerEcho(
            mediator,
            [
                ("first", ["/same/:a"]), ("second", ["/same/:b"]), ("wild", ["/a/*x/b"]), ("group", ["/c(d)"]),
                ("option", ["/e priority=high"]), ("scoped", ["zed://home"]), ("noSlash", ["no-slash"]), ("open", ["/o(/p"]),
                ("twice", ["/d/:x/:x"]), ("name", ["/n/:bad-name"]), ("control", ["/c/a\u{1}b"]), ("escape", ["/m/%zz"]),
            ])
        try registerEcho(mediator, target: "L", [("hidden", ["/hidden"])], exposure: .local)
        try mediator.register(
            targetNamed: "N",
            actions: [
                MediatorAction<Void>(
                    "pay", parameters: NativeDone.self, exposure: .remote, urlPatterns: ["/npay/:done"]
                ) { _, _ in 0 }
            ])
        mediator.registerScheme("app")
        mediator.registerScheme("https")
        let problems = expectMediatorError(.invalidRegistrations) { try mediator.checkRegistrations() }?.problems ?? []
        let expected = [
            "conflicts with", "must be the last segment", "optional group \"(d)\" must start with", "unknown option", "\"zed\"",
            "L.hidden",
            "native-only", "\"https\" cannot be an app scheme", "must start with \"/\" (or scheme://)", "without a matching",
            "captures \"x\" twice", "not a valid placeholder", "control character", "malformed percent escape",
        ]
        #expect(problems.count == expected.count, "\(problems)")
        for fragment in expected {
            #expect(problems.contains { $0.contains(fragment) }, "\(fragment) not in \(problems)")
        }
        // The valid routes still work.
        #expect(try echo(mediator, "app://same/1") == "T.first [a: 1]")
    }

    // MARK: Route configuration

    @Test("a route configuration document reads into one rule per entry, each with its match and effect")
    func configurationDocumentReadsIntoRules() throws {
        let json = """
            {
              "version": 1,
              "webFallback": { "target": "Web", "action": "open" },
              "rules": [
                { "pattern": "/old/product/:id", "redirectTo": "/product/:id" },
                { "target": "Cart", "action": "legacy", "redirectTo": { "target": "Cart", "action": "show" } },
                { "pattern": "/product/:id", "degradeTo": "https://m.example.com/product/{id}" },
                { "target": "Cart", "action": "checkout", "disabled": true, "reason": "Down for maintenance" }
              ]
            }
            """
        let configuration = try Mediator.RouteConfiguration(json: Data(json.utf8))
        typealias Reference = Mediator.RouteConfiguration.ActionReference
        #expect(
            configuration
                == Mediator.RouteConfiguration(
                    webFallback: Reference(target: "Web", action: "open"),
                    rules: [
                        .init(match: .pattern("/old/product/:id"), effect: .redirectToPath("/product/:id")),
                        .init(
                            match: .action(Reference(target: "Cart", action: "legacy")),
                            effect: .redirectToAction(Reference(target: "Cart", action: "show"))),
                        .init(match: .pattern("/product/:id"), effect: .degrade(webURL: "https://m.example.com/product/{id}")),
                        .init(
                            match: .action(Reference(target: "Cart", action: "checkout")),
                            effect: .disable(reason: "Down for maintenance")),
                    ]))
    }

    @Test(
        "a pattern rule redirects to a path filled from its placeholders, keeping the query, even from a pattern no action declares"
    )
    func patternRuleRedirectsToAPath() throws {
        let mediator = try echoMediator([("show", ["/product/:id"]), ("legacy", ["/legacy/:id"])])
        let json = """
            {
              "version": 1,
              "rules": [
                { "pattern": "/old/product/:id", "redirectTo": "/product/:id" },
                { "pattern": "/legacy/:id", "redirectTo": "/product/:id" }
              ]
            }
            """
        try mediator.applyRouteConfiguration(Mediator.RouteConfiguration(json: Data(json.utf8)))
        #expect(try echo(mediator, "app://old/product/5?ref=mail") == "T.show [id: 5, ref: mail]")
        #expect(try echo(mediator, "app://legacy/6") == "T.show [id: 6]")
        #expect(mediator.canOpen("app://old/product/5"))
        try mediator.applyRouteConfiguration(nil)
        #expect(mediator.settings.routeConfiguration == nil)
        expectMediatorError(.noRouteMatched) { try mediator.open("app://old/product/5") }
        #expect(try echo(mediator, "app://legacy/6") == "T.legacy [id: 6]")
    }

    @Test("an action rule redirects every URL that reaches the action to another action, with the same parameters")
    func actionRuleRedirectsToAnAction() throws {
        let mediator = try echoMediator([("old", ["/old/:id"]), ("new", [])])
        let json = """
            {
              "version": 1,
              "rules": [{ "target": "T", "action": "old", "redirectTo": { "target": "T", "action": "new" } }]
            }
            """
        try mediator.applyRouteConfiguration(Mediator.RouteConfiguration(json: Data(json.utf8)))
        #expect(try echo(mediator, "app://old/5?x=1") == "T.new [id: 5, x: 1]")
        #expect(try echo(mediator, "app://T/old?id=3") == "T.new [id: 3]")
    }

    @Test("a degradation calls the web fallback with only the filled web URL, its values percent-encoded")
    func degradationCallsTheWebFallback() throws {
        let mediator = try echoMediator([("show", ["/item/:id"]), ("search", ["/search(/:q)"]), ("open", [])])
        let json = """
            {
              "version": 1,
              "webFallback": { "target": "T", "action": "open" },
              "rules": [
                { "pattern": "/item/:id", "degradeTo": "https://m.example.com/item/{id}?from=app" },
                { "pattern": "/search(/:q)", "degradeTo": "https://m.example.com/search?q={q}" }
              ]
            }
            """
        try mediator.applyRouteConfiguration(Mediator.RouteConfiguration(json: Data(json.utf8)))
        #expect(try echo(mediator, "app://item/a%20b?ref=x") == "T.open [url: https://m.example.com/item/a%20b?from=app]")
        #expect(try echo(mediator, "app://search/red+shoes") == "T.open [url: https://m.example.com/search?q=red%2Bshoes]")
        #expect(try echo(mediator, "app://search") == "T.open [url: https://m.example.com/search?q=]")
    }

    @Test("a disabled route fails with .routeDisabled and its reason, and canOpen says false")
    func disabledRouteFailsWithItsReason() throws {
        let mediator = try echoMediator([("checkout", ["/checkout"])])
        let json = """
            {
              "version": 1,
              "rules": [{ "target": "T", "action": "checkout", "disabled": true, "reason": "Down for maintenance" }]
            }
            """
        try mediator.applyRouteConfiguration(Mediator.RouteConfiguration(json: Data(json.utf8)))
        let error = expectMediatorError(.routeDisabled) { try mediator.open("app://checkout") }
        #expect(error?.reason == "Down for maintenance")
        expectMediatorError(.routeDisabled) { try mediator.open("app://T/checkout") }
        #expect(!mediator.canOpen("app://checkout"))
        #expect(!mediator.canOpen("app://T/checkout"))
    }

    @Test("a pattern rule covers that pattern's routes only; the action stays reachable by its other routes")
    func patternRuleCoversThatPatternOnly() throws {
        let mediator = try echoMediator([("show", ["/a/:id", "/b/:id"])])
        try mediator.applyRouteConfiguration(
            Mediator.RouteConfiguration(rules: [.init(match: .pattern("/a/:id"), effect: .disable(reason: nil))]))
        expectMediatorError(.routeDisabled) { try mediator.open("app://a/1") }
        #expect(try echo(mediator, "app://b/1") == "T.show [id: 1]")
        #expect(try echo(mediator, "app://T/show?id=1") == "T.show [id: 1]")
    }

    @Test("an invalid configuration changes nothing and lists every problem")
    func invalidConfigurationChangesNothing() throws {
        let mediator = try echoMediator([("show", ["/item/:id"]), ("checkout", ["/checkout"])])
        let inForce = Mediator.RouteConfiguration(rules: [.init(match: .pattern("/checkout"), effect: .disable(reason: "off"))])
        try mediator.applyRouteConfiguration(inForce)

        let shape = #"{ "version": 2, "rules": [{ "pattern": "/item/:id", "disabled": true, "typo": 1 }] }"#
        let shapeProblems =
            expectMediatorError(.invalidRouteConfiguration) {
                try mediator.applyRouteConfiguration(Mediator.RouteConfiguration(json: Data(shape.utf8)))
            }?.problems
            ?? []
        #expect(shapeProblems.count == 2, "\(shapeProblems)")
        #expect(shapeProblems.contains { $0.contains("version 2") })
        #expect(shapeProblems.contains { $0.contains("\"typo\"") })

        let catalog = Mediator.RouteConfiguration(rules: [
            .init(match: .action(.init(target: "T", action: "nope")), effect: .disable(reason: nil)),
            .init(match: .pattern("/undeclared"), effect: .disable(reason: nil)),
            .init(match: .pattern("/item/:id"), effect: .disable(reason: "a")),
            .init(match: .pattern("/item/:id"), effect: .disable(reason: "b")),
        ])
        let catalogProblems =
            expectMediatorError(.invalidRouteConfiguration) { try mediator.applyRouteConfiguration(catalog) }?.problems ?? []
        #expect(catalogProblems.count == 3, "\(catalogProblems)")
        for fragment in ["T.nope", "/undeclared", "rules[3] matches the same route as"] {
            #expect(catalogProblems.contains { $0.contains(fragment) }, "\(fragment) not in \(catalogProblems)")
        }

        #expect(mediator.settings.routeConfiguration == inForce)
        #expect(try echo(mediator, "app://item/1") == "T.show [id: 1]")
        expectMediatorError(.routeDisabled) { try mediator.open("app://checkout") }
    }
}
