// A plain loop over one call shape, for instruction counts under callgrind:
//   valgrind --tool=callgrind .build/release/MediatorProfile call0 20000
//   valgrind --tool=callgrind .build/release/MediatorProfile call0 0
// Per call: (total of the first run - total of the second) / 20000. Scenarios: closure0 closure2
// dict0 dict2 call0 call2 facadeContract0 facadeContract2 facadeMethod0 facadeMethod2 perform0
// perform2 open routingKitOpen found notFound register insert closures1 closures10 closures100
// broadcast1 broadcast10 broadcast100 (per broadcast to that many subscribers), openEnum (open with
// the query value an app's enum: generic code in the library), and openBackStack (open, then the navigation plan of a link
// whose action declares two screens beneath it, from one routing: three destinations). The facade scenarios call contracts
// (and facade methods) declared in another module, `ProfileFacade`, as one module calls another.
// Setup runs in both runs, so the difference is the loop alone.
// Once per count (run with 1 and 0): `routes` (10,000 targets with a pattern each, then the first
// open), `routesUnrouted` (the same targets without patterns, then the first open) and
// `routingKitRegister` (10,000 routes into a TrieRouter): divide the difference by 10,000 for a
// route; `routes100` and `routingKitRegister100` the same at 100 routes (100 registries of 100); `firstMiss` (the first missing name after 10,000 registrations builds the suggestion index).
// Held links (`hold1`, `hold1000`, `holdBatch1000`) are in HoldScenarios.swift; heap kept per target,
// route or held link (`heapRoutes100`, ..., run without valgrind) in HeapScenarios.swift.
// An app's interceptor: `call0Observed`, `facadeContract2Observed`, `perform2Observed` and
// `openObserved` are `call0`, `facadeContract2`, `perform2` and `open` with one observing
// interceptor installed (it proceeds and observes the outcome, as analytics does); `call0Gated`,
// `perform2Gated` and `openGated` the same with a gate interceptor holding every call on a gate
// that is open (the login gate once logged in). First use after a change, over 10,000 routed
// targets (run with 1 and 0, not divided): `firstOpenAfterChange` (one target registered, then the
// first open: the routes are built again), `firstMissLocal` (the same change, then a local call to
// a missing target whose suggestions are read, as a developer reads the error) and
// `firstMissRemote` (the same change and first open, then an unmatched URL and a remote call to a
// missing target).
import Mediator
import MediatorNavigation
import ProfileFacade
import RoutingKit

struct Work: Sendable {
    let base: Int
    func featuredCount() -> Int { base }
    func price(id: Int, quantity: Int) -> Int { (id &* 3 &+ base) &* quantity }
}

struct PriceInput: MediatorInput {
    @Parameter var id: Int
    @Parameter var quantity: Int
    init() {}
    init(id: Int, quantity: Int) { (self.id, self.quantity) = (id, quantity) }
}

struct ShowInput: MediatorInput, Hashable {
    @Parameter var id: Int
    @Parameter var ref: String?
    init() {}
    init(id: Int, ref: String? = nil) { (self.id, self.ref) = (id, ref) }
}

/// Where a link came from: an app's own enum, which the library has no code compiled for.
enum LinkSource: String, MediatorParameterValue { case push, mail }

/// `ShowInput` with its `ref` an app's enum, for `openEnum`.
struct EnumShowInput: MediatorInput {
    @Parameter var id: Int
    @Parameter var ref: LinkSource?
    init() {}
    init(id: Int, ref: LinkSource? = nil) { (self.id, self.ref) = (id, ref) }
}

enum CatalogContracts {
    static let featuredCount = ActionContract<NoInput, Int>("featuredCount", on: "Catalog")
    static let price = ActionContract<PriceInput, Int>("price", on: "Catalog")
}

struct Catalog: MediatorTarget {
    static let targetName = "Catalog"
    static let cachesInstance = true
    static let actions: [MediatorAction<Self>] = [
        MediatorAction(CatalogContracts.featuredCount) { target, _ in target.work.featuredCount() },
        MediatorAction(CatalogContracts.price) { target, input in target.work.price(id: input.id, quantity: input.quantity) },
    ]
    let work = Work(base: CommandLine.arguments.count)
}

/// The implementation of `ProfileFacade`'s `Stock` contracts, bound in this module.
struct StockTarget: MediatorTarget {
    static let targetName = Stock.target
    static let cachesInstance = true
    static let actions: [MediatorAction<Self>] = [
        MediatorAction(Stock.count) { target, _ in target.work.featuredCount() },
        MediatorAction(Stock.price) { target, input in target.work.price(id: input.id, quantity: input.quantity) },
    ]
    let work = Work(base: CommandLine.arguments.count)
}

@inline(never) func opaque<T>(_ value: T) -> T { value }

/// `count` targets `T<i>`, each with one remote action taking a `ShowInput` at `/c<i>/:id` (or with
/// no pattern), as the URL benchmarks declare them.
func routedTargets(_ count: Int, withPatterns: Bool = true) -> [(name: String, actions: [MediatorAction<Void>])] {
    (0..<count).map { index in
        let contract = ActionContract<ShowInput, Int>("show", on: "T\(index)")
        let patterns = withPatterns ? ["/c\(index)/:id"] : []
        let action = MediatorAction<Void>(contract, exposure: .remote, urlPatterns: patterns) { _, input in input.id }
        return ("T\(index)", [action])
    }
}

/// The same targets as `routedTargets`, taking `Input` (whose `id` is read by `id`).
func routedTargets<Input: MediatorInput>(
    taking type: Input.Type, id: @escaping @Sendable (Input) -> Int
) -> [(name: String, actions: [MediatorAction<Void>])] {
    (0..<100).map { index in
        let contract = ActionContract<Input, Int>("show", on: "T\(index)")
        let action = MediatorAction<Void>(contract, exposure: .remote, urlPatterns: ["/c\(index)/:id"]) { _, input in
            id(input)
        }
        return ("T\(index)", [action])
    }
}

/// A mediator with 10,000 targets `Module<i>` registered by name, each with one action `ping`, and
/// one successful call made (as the failure-path benchmarks set it up).
func largeRegistryMediator() -> Mediator {
    let large = Mediator()
    let actions: [MediatorAction<Void>] = [MediatorAction("ping") { _, _ in 1 }]
    for index in 0..<10_000 { try? large.register(targetNamed: "Module\(index)", actions: actions) }
    _ = try? large.perform("ping", on: "Module4242", as: Int.self)
    return large
}

/// A mediator under `shop://` with the targets registered by name.
func routedMediator(_ targets: [(name: String, actions: [MediatorAction<Void>])]) -> Mediator {
    let routed = Mediator()
    routed.registerScheme("shop")
    for target in targets { try? routed.register(targetNamed: target.name, actions: target.actions) }
    return routed
}

/// An analytics interceptor: lets every call proceed and counts the finished ones.
struct Observer: MediatorInterceptor {
    func callDidFinish(_ call: MediatorCall, outcome: MediatorCall.Outcome, duration: Duration) {
        if case .succeeded = outcome { consume(1) }
    }
}

/// The login gate of a logged-in app: holds every call on `login`, which is open.
struct LoginGate: MediatorInterceptor {
    func intercept(_ call: MediatorCall) throws -> MediatorCall.Decision { .hold(until: "login") }
}

/// Installs one interceptor (and opens the login gate the gate interceptor holds on).
func intercepted(_ mediator: Mediator, by interceptor: any MediatorInterceptor) -> Mediator {
    mediator.gates.open("login")
    mediator.configure { settings in settings.interceptors = [interceptor] }
    return mediator
}

/// `mediator`'s targets in a mediator of their own, with one interceptor installed and each call
/// shape made once.
func interceptedCatalog(by interceptor: any MediatorInterceptor) -> Mediator {
    let intercepted = intercepted(Mediator(), by: interceptor)
    try? intercepted.register(Catalog())
    try? intercepted.register(StockTarget())
    _ = try? intercepted.call(Stock.price, with: StockQuery(id: 1, quantity: 1))
    _ = try? intercepted.call(CatalogContracts.featuredCount)
    _ = try? intercepted.perform("price", on: "Catalog", with: ["id": 1, "quantity": 1], as: Int.self)
    return intercepted
}

/// A mediator with 10,000 routed targets, a first open made, then one target more registered: the
/// change after which the first-use scenarios measure.
func changedRoutedMediator() -> Mediator {
    let routed = routedMediator(routedTargets(10_000))
    _ = try? routed.open(opaque("shop://c5000/42?ref=push"), as: Int.self)
    try? routed.register(targetNamed: "Added", actions: [MediatorAction("ping") { _, _ in 1 }])
    return routed
}

/// The event the broadcast scenarios send.
let profileEvent = MediatorEvent<Int>("profileEvent")

@inline(never) func consume(_ value: Int) { _ = opaque(value) }

/// A mediator with `count` value targets subscribing to `profileEvent`, each doing `work`, bound by
/// one first broadcast.
func subscribedMediator(_ count: Int, work: Work) -> Mediator {
    let subscribed = Mediator()
    for index in 0..<count {
        try? subscribed.register(
            targetNamed: "Subscriber\(index)", actions: [],
            subscriptions: [MediatorSubscription(profileEvent) { _, value in consume(work.price(id: value, quantity: 3)) }])
    }
    _ = try? subscribed.broadcast(profileEvent, 1)
    return subscribed
}

let arguments = CommandLine.arguments
let scenario = arguments.count > 1 ? arguments[1] : "call0"
let count = arguments.count > 2 ? Int(arguments[2]) ?? 100_000 : 100_000

let mediator = Mediator()
do {
    try mediator.register(Catalog())
    try mediator.register(StockTarget())
    _ = try mediator.call(Stock.count)
    _ = try mediator.call(Stock.price, with: StockQuery(id: 1, quantity: 1))
    _ = try mediator.call(CatalogContracts.featuredCount)
    _ = try mediator.call(CatalogContracts.price, with: PriceInput(id: 1, quantity: 1))
    _ = try mediator.perform("featuredCount", on: "Catalog", as: Int.self)
    _ = try mediator.perform("price", on: "Catalog", with: ["id": 1, "quantity": 1], as: Int.self)
} catch {
    print("setup failed: \(error)")
}
let target = opaque("Catalog"), noParameters = opaque("featuredCount"), twoParameters = opaque("price")
let id = opaque(42)
let work = Work(base: arguments.count)
let literal: @Sendable () -> Int = { work.featuredCount() }
let closure = opaque(literal)
let literal2: @Sendable (Int, Int) -> Int = { work.price(id: $0, quantity: $1) }
let closure2 = opaque(literal2)
let tableLiteral: [String: @Sendable () -> Int] = ["Catalog.featuredCount": closure]
let table = opaque(tableLiteral)
let key = opaque("Catalog.featuredCount")
let table2Literal: [String: @Sendable ([String: any Sendable]) -> Int] = [
    "Catalog.price": { parameters in
        work.price(id: parameters["id"] as? Int ?? 0, quantity: parameters["quantity"] as? Int ?? 0)
    }
]
let table2 = opaque(table2Literal)
let key2 = opaque("Catalog.price")

var sum = 0
/// What a scenario builds and must not tear down inside the measured run: a top-level global of
/// main.swift lives until the process exits, so nothing kept here is deinitialized and counted.
var keptUntilExit: [AnyObject] = []
switch scenario {
case "closure0":
    for _ in 0..<count { sum &+= closure() }
case "closure2":
    for _ in 0..<count { sum &+= closure2(id, 3) }
case "dict0":
    for _ in 0..<count { sum &+= table[key]?() ?? 0 }
case "dict2":
    for _ in 0..<count { sum &+= table2[key2]?(["id": id, "quantity": 3]) ?? 0 }
case "call0":
    for _ in 0..<count { sum &+= (try? mediator.call(CatalogContracts.featuredCount)) ?? 0 }
case "call2":
    for _ in 0..<count { sum &+= (try? mediator.call(CatalogContracts.price, with: PriceInput(id: id, quantity: 3))) ?? 0 }
case "facadeContract0":
    for _ in 0..<count { sum &+= (try? mediator.call(Stock.count)) ?? 0 }
case "facadeContract2":
    for _ in 0..<count { sum &+= (try? mediator.call(Stock.price, with: StockQuery(id: id, quantity: 3))) ?? 0 }
case "call0Observed", "call0Gated":
    let intercepted = interceptedCatalog(by: scenario == "call0Gated" ? LoginGate() : Observer())
    for _ in 0..<count { sum &+= (try? intercepted.call(CatalogContracts.featuredCount)) ?? 0 }
case "facadeContract2Observed":
    let intercepted = interceptedCatalog(by: Observer())
    for _ in 0..<count { sum &+= (try? intercepted.call(Stock.price, with: StockQuery(id: id, quantity: 3))) ?? 0 }
case "perform2Observed", "perform2Gated":
    let intercepted = interceptedCatalog(by: scenario == "perform2Gated" ? LoginGate() : Observer())
    for _ in 0..<count {
        sum &+= (try? intercepted.perform(twoParameters, on: target, with: ["id": id, "quantity": 3], as: Int.self)) ?? 0
    }
case "openObserved", "openGated":
    let routed = intercepted(
        routedMediator(routedTargets(100)), by: scenario == "openGated" ? LoginGate() : Observer())
    let url = opaque("shop://c50/42?ref=push")
    _ = try? routed.open(url, as: Int.self)
    for _ in 0..<count { sum &+= (try? routed.open(url, as: Int.self)) ?? 0 }
case "firstOpenAfterChange":
    let changed = changedRoutedMediator()
    for _ in 0..<min(count, 1) { sum &+= (try? changed.open(opaque("shop://c5000/42?ref=push"), as: Int.self)) ?? 0 }
    keptUntilExit.append(changed)
case "firstMissLocal":
    let changed = changedRoutedMediator()
    for _ in 0..<min(count, 1) {
        do { sum &+= try changed.perform(opaque("show"), on: opaque("T4242x"), as: Int.self) } catch let error as MediatorError {
            sum &+= error.suggestions.count
        } catch { sum &+= 2 }
    }
    keptUntilExit.append(changed)
case "firstMissRemote":
    let changed = changedRoutedMediator()
    _ = try? changed.open(opaque("shop://c5000/42?ref=push"), as: Int.self)
    for _ in 0..<min(count, 1) {
        do { sum &+= try changed.open(opaque("shop://c4242x/42"), as: Int.self) } catch { sum &+= 2 }
        do { sum &+= try changed.perform(opaque("show"), on: opaque("T4242x"), source: .remote, as: Int.self) } catch {
            sum &+= 2
        }
    }
    keptUntilExit.append(changed)
case "facadeMethod0":
    for _ in 0..<count { sum &+= (try? mediator.stockCount()) ?? 0 }
case "facadeMethod2":
    for _ in 0..<count { sum &+= (try? mediator.stockPrice(id: id, quantity: 3)) ?? 0 }
case "perform0":
    for _ in 0..<count { sum &+= (try? mediator.perform(noParameters, on: target, as: Int.self)) ?? 0 }
case "perform2":
    for _ in 0..<count {
        sum &+= (try? mediator.perform(twoParameters, on: target, with: ["id": id, "quantity": 3], as: Int.self)) ?? 0
    }
case "openEnum":
    // As `open`, the query value an app's enum: generic code in the library.
    let routed = routedMediator(routedTargets(taking: EnumShowInput.self) { $0.id })
    let url = opaque("shop://c50/42?ref=push")
    _ = try? routed.open(url, as: Int.self)
    for _ in 0..<count { sum &+= (try? routed.open(url, as: Int.self)) ?? 0 }
case "open":
    // URL open of one placeholder and a query, with 100 routes registered (as the URL benchmark).
    let routed = routedMediator(routedTargets(100))
    let url = opaque("shop://c50/42?ref=push")
    _ = try? routed.open(url, as: Int.self)
    for _ in 0..<count { sum &+= (try? routed.open(url, as: Int.self)) ?? 0 }
case "openBackStack":
    // As `open`, and the link's plan: T50's screen over T0's and T1's (`LinkNavigation.open(_:context:)`:
    // the link routed once and its values decoded once, for the action and the plan).
    let routed = routedMediator(routedTargets(100))
    let (show0, show1) = (ActionContract<ShowInput, Int>("show", on: "T0"), ActionContract<ShowInput, Int>("show", on: "T1"))
    let navigation = LinkNavigation(
        routed,
        backStacks: [
            BackStack(ActionContract<ShowInput, Int>("show", on: "T50")) { input in
                [NavigationDestination(show0, ShowInput(id: 1)), NavigationDestination(show1, ShowInput(id: input.id))]
            }
        ])
    let url = opaque("shop://c50/42?ref=push")
    _ = try? navigation.open(url)
    for _ in 0..<count {
        guard let landing = try? navigation.open(url) else { continue }
        sum &+= landing.plan?.destinations.count ?? 0
        if let value = landing.value as? Int { sum &+= value }
    }
case "routingKitOpen":
    // RoutingKit's TrieRouter with the same 100 routes, given the same string as a server would split it.
    let router = TrieRouter(Int.self)
    for index in 0..<100 { router.register(index, at: [.constant("c\(index)"), .parameter("id")]) }
    let url = opaque("shop://c50/42?ref=push")
    for _ in 0..<count {
        let withoutQuery = url.split(separator: "?", maxSplits: 1)[0]
        let path = withoutQuery.dropFirst("shop://".count).split(separator: "/").map(String.init)
        var parameters = Parameters()
        sum &+= router.route(path: path, parameters: &parameters) ?? 0
        sum &+= Int(parameters.get("id") ?? "") ?? 0
    }
case "found":
    // A successful call by names among 10,000 targets: the baseline of the failure paths.
    let large = largeRegistryMediator()
    let target = opaque("Module4242"), ping = opaque("ping")
    for _ in 0..<count { sum &+= (try? large.perform(ping, on: target, as: Int.self)) ?? 0 }
case "notFound":
    // A missing target one edit from a registered name, among 10,000 targets, once the suggestion
    // index exists (it is built by the first miss after the registry changes; see `firstMiss`).
    let large = largeRegistryMediator()
    let missing = opaque("Module4242x"), ping = opaque("ping")
    _ = try? large.perform(ping, on: missing, as: Int.self)
    for _ in 0..<count {
        do { sum &+= try large.perform(ping, on: missing, as: Int.self) } catch { sum &+= 2 }
    }
case "firstMiss":
    // The first missing name after 10,000 registrations (it builds the suggestion index); run with
    // 1 and 0: the mediator is set up in both runs, the miss made only in the first.
    let large = largeRegistryMediator()
    for _ in 0..<min(count, 1) {
        do { sum &+= try large.perform(opaque("ping"), on: opaque("Module4242x"), as: Int.self) } catch { sum &+= 2 }
    }
case "register":
    // Registration by name into a fresh mediator (what the registration benchmark measures).
    let names = (0..<count).map { "Target\($0)" }
    let fresh = Mediator()
    for name in names {
        do { try fresh.register(targetNamed: name, actions: []) } catch { sum &+= 1 }
    }
    keptUntilExit.append(fresh)  // its teardown is not counted
case "insert":
    // The baseline: one dictionary insert per name.
    let names = (0..<count).map { "Target\($0)" }
    var inserted: [String: @Sendable () -> Int] = [:]
    for name in names { inserted[name] = closure }
    sum &+= inserted.count
    withExtendedLifetime(inserted) {}
case "routes", "routesUnrouted":
    // Route building: 10,000 targets with one pattern each (or none), then the first open (which
    // builds the routes), `count` times; run with 1 and 0. The declarations are made in both runs,
    // and the mediators are kept until the process exits, so their teardown is not counted. The
    // difference between the two scenarios is what the routes themselves cost; the rest is the
    // per-target preparation that registration defers to first use.
    let routed = scenario == "routes"
    let targets = routedTargets(10_000, withPatterns: routed)
    let url = routed ? "shop://c5000/42?ref=push" : "shop://T5000/show?id=42&ref=push"
    for _ in 0..<count {
        let mediator = routedMediator(targets)
        sum &+= (try? mediator.open(opaque(url), as: Int.self)) ?? 0
        keptUntilExit.append(mediator)
    }
case "routes100":
    // `routes` at 100 targets: 100 mediators of 100 routed targets each, and the first open of
    // each, `count` times (10,000 routes per count, as `routes`); kept until the process exits.
    let targets = routedTargets(100)
    for _ in 0..<count * 100 {
        let mediator = routedMediator(targets)
        sum &+= (try? mediator.open(opaque("shop://c50/42?ref=push"), as: Int.self)) ?? 0
        keptUntilExit.append(mediator)
    }
case "routingKitRegister100":
    // `routingKitRegister` at 100 routes: 100 routers of the same 100 patterns, `count` times.
    let paths = (0..<100).map { index -> [PathComponent] in [.constant("c\(index)"), .parameter("id")] }
    for _ in 0..<count * 100 {
        let router = TrieRouter(Int.self)
        for (index, path) in paths.enumerated() { router.register(index, at: path) }
        keptUntilExit.append(router)
    }
case "routingKitRegister":
    // RoutingKit registering the same 10,000 patterns, `count` times; the routers are kept until
    // the process exits, so their teardown is not counted.
    let paths = (0..<10_000).map { index -> [PathComponent] in [.constant("c\(index)"), .parameter("id")] }
    for _ in 0..<count {
        let router = TrieRouter(Int.self)
        for (index, path) in paths.enumerated() { router.register(index, at: path) }
        keptUntilExit.append(router)
    }
case "closures1", "closures10", "closures100":
    // The baseline of a broadcast: a loop over as many closures, each doing the same work.
    let subscribers = Int(scenario.dropFirst("closures".count)) ?? 1
    let literal: [@Sendable (Int) -> Void] = (0..<subscribers).map { _ in { value in consume(work.price(id: value, quantity: 3)) }
    }
    let closures = opaque(literal)
    for _ in 0..<count {
        for closure in closures { closure(id) }
    }
case "broadcast1", "broadcast10", "broadcast100":
    let subscribed = subscribedMediator(Int(scenario.dropFirst("broadcast".count)) ?? 1, work: work)
    for _ in 0..<count { sum &+= (try? subscribed.broadcast(profileEvent, id).failures.count) ?? 1 }
case "hold1", "hold1000", "holdBatch1000":
    // Held links, continued when `ready` opens: one at a time with 0 or 999 others held, or 1,000 at once.
    let (held, holding) =
        scenario == "holdBatch1000"
        ? holdScenario(batch: 1_000, others: 0, intercepting: false, count: count)
        : holdScenario(batch: 1, others: scenario == "hold1000" ? 999 : 0, intercepting: true, count: count)
    sum &+= held
    keptUntilExit.append(holding)
default:
    if let bytes = heapScenario(scenario) {
        print("heap bytes kept: \(Int(bytes.rounded()))")
    } else {
        print("unknown scenario \(scenario)")
    }
}
print(sum)
