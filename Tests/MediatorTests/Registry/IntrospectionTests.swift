import Foundation
import Mediator
import MediatorPublishing
import Testing

/// A target that counts its instances and answers unknown actions, to prove introspection touches neither.
private struct WatchedTarget: MediatorTarget {
    static let targetName = "Watched"
    static let actions: [MediatorAction<Self>] = [
        MediatorAction("visible") { _, _ in 1 }
    ]
    /// Counts itself with the running test's probe.
    init() { _ = Probe.current?.makeInstance() }
    func answerUnknownAction(_ action: String, parameters: MediatorParameters) throws -> Mediator.Fallback {
        .value("answered")
    }
}

/// Counts interceptor decisions.
private final class DecisionCounter: MediatorInterceptor {
    private let count = Locked(0)
    var decisions: Int { count.withLock { $0 } }
    func intercept(_ call: MediatorCall) throws -> MediatorCall.Decision {
        count.withLock { $0 += 1 }
        return .proceed
    }
}

/// The product screen's parameters: one of each kind the catalog shows.
private struct ProductScreen: MediatorInput {
    @Parameter("Product id") var id: Int
    @Parameter("Initial tab") var tab = Tab.home
    @Parameter("Filter tags") var tags: [String]?
    @Parameter(native: "Called when closed") var done: @Sendable (Bool) -> Void
}

/// A target whose catalog entry exercises every field.
private struct StoreTarget: MediatorTarget {
    static let targetName = "Store"
    static let summary = "Products and prices"
    static let actions: [MediatorAction<Self>] = [
        MediatorAction(
            "product", summary: "Product detail",
            parameters: ProductScreen.self, exposure: .remote, urlPatterns: ["/product/:id", "/p/:id"]
        ) { _, _ in "screen" },
        MediatorAction("load", summary: "Loads the list") { _, _ async in [1, 2] },
        .onMainActor("banner") { _, _ in },
    ]
}

/// A second target, registered first, to prove the catalog sorts.
private struct AccountTarget: MediatorTarget {
    static let targetName = "Account"
    static let actions: [MediatorAction<Self>] = [
        MediatorAction("logout") { _, _ in }
    ]
}

@Suite("Introspection")
struct IntrospectionTests {
    @Test("canPerform answers without creating an instance or running interceptors or fallbacks")
    func canPerformHasNoSideEffects() throws {
        let probe = Probe()
        try probe.run {
            let mediator = Mediator()
            try mediator.register(WatchedTarget())
            try mediator.register(CachedTarget())
            let interceptor = DecisionCounter()
            mediator.configure { $0.interceptors.append(interceptor) }
            let fallbackRuns = Locked(0)
            mediator.configure {
                $0.fallback = { _, _ in
                    fallbackRuns.withLock { $0 += 1 }
                    return .value("fallback")
                }
            }

            #expect(mediator.canPerform("visible", on: "Watched"))
            #expect(mediator.canPerform("ping", on: "Cached"))
            #expect(!mediator.canPerform("hidden", on: "Watched"))
            #expect(!mediator.canPerform("visible", on: "Nowhere"))
            #expect(!mediator.canPerform("Visible", on: "watched"))

            #expect(probe.instancesCreated == 0)
            #expect(interceptor.decisions == 0)
            #expect(fallbackRuns.withLock { $0 } == 0)

            // The same unknown action, performed, does reach the target's handler: canPerform only asks.
            let answered = try mediator.perform("hidden", on: "Watched", as: String.self)
            #expect(answered == "answered")
            #expect(interceptor.decisions == 1)
        }
    }

    @Test("the catalog lists every target and action, sorted, with every declared field")
    func catalogListsEveryDeclaredField() throws {
        let probe = Probe()
        let catalog = try probe.run {
            let mediator = Mediator()
            try mediator.register(StoreTarget())
            try mediator.register(AccountTarget())
            try mediator.register(CachedTarget())
            return mediator.catalog()
        }
        #expect(probe.instancesCreated == 0)
        #expect(catalog.targets.map(\.name) == ["Account", "Cached", "Store"])

        let store = try #require(catalog.target(named: "Store"))
        #expect(store.summary == "Products and prices")
        #expect(store.actions.map(\.name) == ["banner", "load", "product"])

        let product = try #require(store.actions.last)
        #expect(product.summary == "Product detail")
        #expect(product.exposure == .remote)
        #expect(product.execution == .synchronous)
        #expect(product.result == "String")
        #expect(product.input == "MediatorParameters")
        #expect(product.urlPatterns == ["/product/:id", "/p/:id"])
        // Parameters keep declaration order.
        #expect(product.parameters.map(\.name) == ["id", "tab", "tags", "done"])
        #expect(product.parameters.map(\.type) == ["Int", "Tab", "[String]", "@Sendable (Bool) -> ()"])
        #expect(product.parameters.map(\.required) == [true, false, false, true])
        #expect(product.parameters.map(\.defaultValue) == [nil, "home", nil, nil])
        #expect(product.parameters.map(\.summary) == ["Product id", "Initial tab", "Filter tags", "Called when closed"])

        let load = try #require(store.actions.first { $0.name == "load" })
        #expect(load.execution == .asynchronous)
        #expect(load.exposure == .local)
        #expect(load.result == "Array<Int>")
        let banner = try #require(store.actions.first { $0.name == "banner" })
        #expect(banner.execution == .mainActor)
        #expect(banner.result == "Void")
        #expect(catalog.target(named: "Nowhere") == nil)
    }

    @Test("the catalog as JSON is stable: sorted keys and names, same text whatever the registration order")
    func catalogJSONIsStable() throws {
        let forward = Mediator()
        try forward.register(AccountTarget())
        try forward.register(StoreTarget())
        let backward = Mediator()
        try backward.register(StoreTarget())
        try backward.register(AccountTarget())
        let json = forward.catalog().jsonString()
        #expect(json == backward.catalog().jsonString())
        #expect(json == forward.catalog().jsonString())

        let account = Mediator()
        try account.register(AccountTarget())
        let compact = account.catalog().jsonString(prettyPrinted: false)
        #expect(
            compact == """
                {"events":[],"targets":[{"actions":[{"execution":"synchronous","exposure":"local","input":"MediatorParameters",\
                "name":"logout","parameters":[],"result":"Void","summary":"","urlPatterns":[]}],"name":"Account",\
                "subscriptions":[],"summary":""}]}
                """)

        // Slashes in URL patterns stay readable, and the JSON decodes back to the same catalog.
        #expect(json.contains("\"/product/:id\""))
        let decoded = try JSONDecoder().decode(MediatorCatalog.self, from: Data(json.utf8))
        #expect(decoded == forward.catalog())
        #expect(json.contains("\"defaultValue\" : \"home\""))
    }

    @Test("the catalog follows registration changes")
    func catalogFollowsRegistrationChanges() throws {
        let mediator = Mediator()
        try mediator.register(AccountTarget())
        #expect(mediator.catalog().targets.map(\.name) == ["Account"])
        try mediator.register(StoreTarget())
        #expect(mediator.catalog().targets.map(\.name) == ["Account", "Store"])
        mediator.unregister("Account")
        #expect(mediator.catalog().targets.map(\.name) == ["Store"])
        #expect(Mediator().catalog().targets.isEmpty)
        #expect(Mediator().catalog().jsonString(prettyPrinted: false) == #"{"events":[],"targets":[]}"#)
    }
}
