// A libFuzzer target over URL parsing, routing and opening. Built by Fuzz/run.sh together with the
// Mediator sources (not through SwiftPM, which has no fuzzer support), so it sees the same code the
// package ships. Every input is treated as a URL and goes through canOpen, open (sync and awaited
// paths share the router, so the sync one is used), and, when it opens, generate -> open again.

import Foundation

/// Every shape of route and parameter the router knows: patterns with placeholders, optional groups,
/// wildcards, literals, a scoped scheme, priorities, native-only parameters, local actions.
struct FuzzShopTarget: MediatorTarget {
    static let targetName = "Shop"
    typealias Completion = @Sendable (String) -> Void
    static let actions: [MediatorAction<Self>] = [
        MediatorAction(
            "product", parameters: [.required("id", Int.self), .optional("ref", String.self)],
            exposure: .remote, urlPatterns: ["/product/:id", "shop://p/:id priority=2"]
        ) { _, p in "product \(try p.value("id", as: Int.self))" },
        MediatorAction("newProduct", exposure: .remote, urlPatterns: ["/product/new"]) { _, _ in "new" },
        MediatorAction("page", exposure: .remote, urlPatterns: ["/product/*page"]) { _, p in
            try p.value("page", as: String.self)
        },
        MediatorAction(
            "search", parameters: [.optional("query", String.self), .optional("tags", [String].self)],
            exposure: .remote, urlPatterns: ["/search(/:query)"]
        ) { _, p in try p.optionalValue("query", as: String.self) ?? "" },
        MediatorAction(
            "filter",
            parameters: [
                .optional("price", Double.self), .optional("flag", Bool.self), .optional("uuid", UUID.self),
                .optional("count", Int.self),
            ],
            exposure: .remote
        ) { _, p in p.description },
        MediatorAction("echo", exposure: .remote) { _, p in p.description },
        MediatorAction(
            "pay", parameters: [.required("amount", Int.self), .optional("done", native: Completion.self)],
            exposure: .remote, urlPatterns: ["/pay/:amount"]
        ) { _, p in "paid \(try p.value("amount", as: Int.self))" },
        MediatorAction("wipe") { _, _ in "wiped" },
        MediatorAction("vault", urlPatterns: ["/vault/:code"]) { _, _ in "vault" },
    ]
}

struct FuzzWebTarget: MediatorTarget {
    static let targetName = "Web"
    static let actions: [MediatorAction<Self>] = [
        MediatorAction("open", parameters: [.required("url", String.self)], exposure: .remote) { _, p in
            try p.value("url", as: String.self)
        }
    ]
}

/// Counts interceptor decisions so interceptors are part of every fuzzed call.
struct FuzzObserver: MediatorInterceptor {
    func intercept(_ call: MediatorCall) throws -> MediatorDecision {
        call.source == .remote && call.action == "wipe" ? .reject(reason: "remote wipe") : .proceed
    }
}

/// The mediator every input runs against, built once.
let fuzzMediator: Mediator = {
    let mediator = Mediator()
    do {
        try mediator.register(FuzzShopTarget.self)
        try mediator.register(FuzzWebTarget.self)
        try mediator.register(
            targetNamed: "Values",
            actions: [
                MediatorAction(
                    "trip", parameters: [.required("id", Int.self), .optional("name", String.self)], exposure: .remote,
                    urlPatterns: ["/trip/:id(/:name)"]
                ) { _, p in p.description }
            ],
            unknownAction: { action, _ in
                action == "legacy" ? .redirect(target: "Shop", action: "echo", parameters: [:]) : .notHandled
            })
        mediator.registerScheme("shop")
        mediator.registerScheme("alt", fallsBackToGlobalRoutes: false)
        mediator.registerWebHost("shop.example.com")
        mediator.addInterceptor(FuzzObserver())
        mediator.setUnmatchedURLHandler { request in
            switch request.pathSegments.first {
            case "legacy": .redirect(target: "Values", action: "legacy", parameters: request.queryParameters)
            case "local": .redirect(target: "Shop", action: "wipe", parameters: [:])
            case "value": .value(request.pathSegments.count)
            default: .notHandled
            }
        }
        mediator.setFallbackHandler { call in
            call.target == "Ghost" ? .redirect(target: "Shop", action: "echo", parameters: call.parameters) : .notHandled
        }
        try mediator.applyRouteConfiguration(
            Data(
                """
                {
                  "version": 1,
                  "webFallback": { "target": "Web", "action": "open" },
                  "rules": [
                    { "pattern": "/old/product/:id", "redirectTo": "/product/:id" },
                    { "pattern": "/older/:id", "redirectTo": "/old/product/:id" },
                    { "pattern": "/checkout/:amount", "redirectTo": "/pay/:amount" },
                    { "target": "Shop", "action": "filter", "redirectTo": { "target": "Shop", "action": "echo" } },
                    { "pattern": "/search(/:query)", "degradeTo": "https://m.shop.example.com/search?q={query}" },
                    { "target": "Shop", "action": "newProduct", "disabled": true, "reason": "postponed" }
                  ]
                }
                """.utf8))
        // The one expected problem: Shop.vault keeps a pattern although local-only, to fuzz that refusal too.
        if case .invalidRoutes(let problems)? = mediatorError({ try mediator.validateRoutes() }),
            problems.count != 1 || !problems[0].hasPrefix("Shop.vault")
        {
            throw MediatorError.invalidRoutes(problems: problems)
        }
    } catch {
        // A broken fixture is a bug in this file, not a finding: stop at once with the reason.
        FileHandle.standardError.write(Data("MediatorFuzz setup failed: \(error)\n".utf8))
        exit(2)
    }
    return mediator
}()

/// The actions generate -> open round-trips are tried on, with the parameters an opened URL produced.
let roundTripActions: [(target: String, action: String)] = [
    ("Shop", "product"), ("Shop", "page"), ("Shop", "echo"), ("Values", "trip"), ("Shop", "search"),
]

/// libFuzzer's entry point: runs one input through parse, canOpen, open and generate -> open.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = UnsafeBufferPointer(start: data, count: size)
    // Invalid UTF-8 is repaired the way String(decoding:) does it; the parser sees those bytes as U+FFFD.
    let url = String(decoding: bytes, as: UTF8.self)
    let mediator = fuzzMediator

    let openable = mediator.canOpen(url)
    let result: (any Sendable)?
    do {
        result = try mediator.open(url)
    } catch let error as MediatorError {
        // Every refusal must describe itself on one bounded line.
        let description = error.description
        if description.contains("\n") || description.utf8.count > 20_000 {
            fail("bad description for \(url.debugDescription): \(description.prefix(200))")
        }
        // canOpen checks everything but parameter values (and what interceptors decide).
        if openable {
            switch error {
            case .invalidParameter, .missingParameter, .handlerFailed, .rejected: break
            default: fail("canOpen said yes but open failed for \(url.debugDescription): \(description)")
            }
        }
        result = nil
    } catch {
        fail("open threw a non-MediatorError for \(url.debugDescription): \(error)")
    }

    // Round trip: when the URL opened an action, generate its URL from the same text values and open it again.
    if result != nil, let request = try? URLRouterProbe.parameters(of: url, on: mediator) {
        for (target, action) in roundTripActions where request.target == target && request.action == action {
            guard let generated = try? mediator.url(for: action, on: target, with: request.parameters) else { continue }
            guard mediator.canOpen(generated) else {
                fail("generated URL cannot open: \(generated.debugDescription) from \(url.debugDescription)")
            }
            do {
                _ = try mediator.open(generated)
            } catch {
                fail("generated URL failed: \(generated.debugDescription) from \(url.debugDescription): \(error)")
            }
        }
    }
    return 0
}

/// The error a throwing call produced, as a `MediatorError`.
func mediatorError(_ body: () throws -> Void) -> MediatorError? {
    do {
        try body()
        return nil
    } catch {
        return error as? MediatorError
    }
}

/// Reports a broken invariant and stops, so libFuzzer saves the input as a crash artifact.
func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data("MediatorFuzz invariant broken: \(message)\n".utf8))
    abort()
}

/// Resolves a URL to its call without performing it, through the router the mediator uses.
enum URLRouterProbe {
    static func parameters(
        of url: String, on mediator: Mediator
    ) throws -> (target: String, action: String, parameters: MediatorParameters)? {
        guard
            case let .call(target, action, parameters, _) = try mediator.currentRouter().resolve(
                url, with: [:], runsUnmatchedHandler: false)
        else { return nil }
        return (target, action, parameters)
    }
}
