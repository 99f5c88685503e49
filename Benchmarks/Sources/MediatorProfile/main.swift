// A plain loop over one call shape, for instruction counts under callgrind:
//   valgrind --tool=callgrind .build/release/MediatorProfile perform0 100000
// Every scenario runs the same number of calls, so totals divided by the count compare directly.
import Mediator

struct Work: Sendable {
    let base: Int
    func featuredCount() -> Int { base }
    func price(id: Int, quantity: Int) -> Int { (id &* 3 &+ base) &* quantity }
}

struct Catalog: MediatorTarget {
    static let targetName = "Catalog"
    static let cachesInstance = true
    static let actions: [MediatorAction<Self>] = [
        MediatorAction("featuredCount") { target, _ in target.work.featuredCount() },
        MediatorAction("price", parameters: [.required("id", Int.self), .required("quantity", Int.self)]) {
            target, parameters in
            try target.work.price(id: parameters.value("id"), quantity: parameters.value("quantity"))
        },
    ]
    let work = Work(base: CommandLine.arguments.count)
}

@inline(never) func opaque<T>(_ value: T) -> T { value }

let arguments = CommandLine.arguments
let scenario = arguments.count > 1 ? arguments[1] : "perform0"
let count = arguments.count > 2 ? Int(arguments[2]) ?? 100_000 : 100_000

let mediator = Mediator()
do {
    try mediator.register(Catalog.self)
    let _: Int = try mediator.perform("featuredCount", on: "Catalog")
    let _: Int = try mediator.perform("price", on: "Catalog", with: ["id": 1, "quantity": 1])
} catch {
    print("setup failed: \(error)")
}
let target = opaque("Catalog"), noParameters = opaque("featuredCount"), twoParameters = opaque("price")
let work = Work(base: arguments.count)
let literal: @Sendable () -> Int = { work.featuredCount() }
let closure = opaque(literal)
let tableLiteral: [String: @Sendable () -> Int] = ["Catalog.featuredCount": closure]
let table = opaque(tableLiteral)
let key = opaque("Catalog.featuredCount")
let id = opaque(42)
let reference = mediator.action(noParameters, on: target, as: Int.self)

var sum = 0
switch scenario {
case "closure0":
    for _ in 0..<count { sum &+= closure() }
case "dict0":
    for _ in 0..<count { sum &+= table[key]?() ?? 0 }
case "perform0":
    for _ in 0..<count { sum &+= (try? mediator.perform(noParameters, on: target, as: Int.self)) ?? 0 }
case "perform2":
    for _ in 0..<count {
        sum &+= (try? mediator.perform(twoParameters, on: target, with: ["id": id, "quantity": 3], as: Int.self)) ?? 0
    }
case "register":
    // Registration by name into a fresh mediator (what the registration benchmark measures).
    let names = (0..<count).map { "Target\($0)" }
    let fresh = Mediator()
    for name in names { try? fresh.register(targetNamed: name, actions: []) }
    sum &+= fresh.registeredTargetNames.count
case "insert":
    // The baseline: one dictionary insert per name.
    let names = (0..<count).map { "Target\($0)" }
    var table: [String: @Sendable () -> Int] = [:]
    for name in names { table[name] = closure }
    sum &+= table.count
case "open":
    // URL open of one placeholder and a query, with 100 routes registered (as the URL benchmark).
    let routed = Mediator()
    routed.registerScheme("shop")
    for index in 0..<100 {
        let action = MediatorAction<Void>(
            "show", parameters: [.required("id", Int.self), .optional("ref", String.self)], exposure: .remote,
            urlPatterns: ["/c\(index)/:id"]
        ) { _, parameters in try parameters.value("id", as: Int.self) }
        try? routed.register(targetNamed: "T\(index)", actions: [action])
    }
    let url = opaque("shop://c50/42?ref=push")
    _ = try? routed.open(url)
    for _ in 0..<count { sum &+= (try? routed.open(url, as: Int.self)) ?? 0 }
case "reference0":
    for _ in 0..<count { sum &+= (try? reference.perform()) ?? 0 }
default:
    print("unknown scenario \(scenario)")
}
print(sum)
