import Benchmark
import Mediator
import RoutingKit

/// Route counts the URL benchmarks compare: cost should not grow with the number of routes.
let routeCounts = [10, 100, 1_000, 10_000]

/// The input of every routed action: the path's `id`, and an optional `ref` from the query.
struct ShowInput: MediatorInput {
    @Parameter("Product id") var id: Int
    @Parameter("Where the link came from") var ref: String?

    init() {}
    init(id: Int, ref: String? = nil) { (self.id, self.ref) = (id, ref) }
}

/// The declarations of `count` targets `T<i>`, each with one remote action taking a ``ShowInput``,
/// at `/c<i>/:id` (or with no pattern), made before measuring as an app declares them.
func routedTargets(_ count: Int, withPatterns: Bool = true) -> [(name: String, actions: [MediatorAction<Void>])] {
    (0..<count).map { index in
        let name = "T\(index)"
        let contract = ActionContract<ShowInput, Int>("show", on: name)
        let action = MediatorAction<Void>(contract, exposure: .remote, urlPatterns: withPatterns ? ["/c\(index)/:id"] : []) {
            _, input in input.id
        }
        return (name, [action])
    }
}

/// A mediator under `shop://` with the given targets registered by name.
func makeRoutedMediator(_ targets: [(name: String, actions: [MediatorAction<Void>])]) -> Mediator {
    let mediator = Mediator()
    mediator.registerScheme("shop")
    for target in targets { try? mediator.register(targetNamed: target.name, actions: target.actions) }
    return mediator
}

/// The URL every open benchmark uses: a route in the middle of the table, one placeholder, a query.
func sampleURL(routes count: Int) -> String { "shop://c\(count / 2)/42?ref=push" }

func urlBenchmarks() {
    let configuration = Benchmark.Configuration(metrics: metrics, scalingFactor: .kilo, maxDuration: .seconds(2))
    for count in routeCounts {
        Benchmark("URL: mediator open, \(count) routes", configuration: configuration) { benchmark in
            let mediator = makeRoutedMediator(routedTargets(count))
            let url = identity(sampleURL(routes: count))
            _ = try? mediator.open(url, as: Int.self)
            var sum = 0
            benchmark.startMeasurement()
            for _ in benchmark.scaledIterations { sum &+= (try? mediator.open(url, as: Int.self)) ?? 0 }
            benchmark.stopMeasurement()
            blackHole(sum)
        }

        Benchmark("URL: RoutingKit TrieRouter split + route, \(count) routes", configuration: configuration) { benchmark in
            let router = TrieRouter(Int.self)
            for index in 0..<count { router.register(index, at: [.constant("c\(index)"), .parameter("id")]) }
            let url = identity(sampleURL(routes: count))
            var sum = 0
            benchmark.startMeasurement()
            for _ in benchmark.scaledIterations {
                // What a RoutingKit user does with the same string: drop scheme and query, split the path.
                let withoutQuery = url.split(separator: "?", maxSplits: 1)[0]
                let path = withoutQuery.dropFirst("shop://".count).split(separator: "/").map(String.init)
                var parameters = Parameters()
                sum &+= router.route(path: path, parameters: &parameters) ?? 0
                sum &+= Int(parameters.get("id") ?? "") ?? 0
            }
            benchmark.stopMeasurement()
            blackHole(sum)
        }
    }

    // Route building: registering N targets with one URL pattern each and the first open (which
    // builds the route table), per route, against RoutingKit registering N routes from the same
    // pattern strings. The same targets without patterns give what the routes themselves cost and
    // keep (bytes).
    let building = Benchmark.Configuration(metrics: metrics, maxDuration: .seconds(2), maxIterations: 50)
    for count in [1_000, 10_000] {
        for withPatterns in [false, true] {
            let label = withPatterns ? "with routes" : "without routes"
            let targets = routedTargets(count, withPatterns: withPatterns)
            Benchmark("Routes: register \(count) targets \(label) + first open", configuration: building) { benchmark in
                let url = sampleURL(routes: count)
                benchmark.startMeasurement()
                let mediator = makeRoutedMediator(targets)
                _ = try? mediator.open(url)
                benchmark.stopMeasurement()
                blackHole(mediator)
            }
        }

        let patterns = (0..<count).map { "c\($0)/:id" }
        Benchmark("Routes: RoutingKit TrieRouter register \(count) routes", configuration: building) { benchmark in
            benchmark.startMeasurement()
            let router = TrieRouter(Int.self)
            for (index, pattern) in patterns.enumerated() { router.register(index, at: pattern.pathComponents) }
            benchmark.stopMeasurement()
            blackHole(router)
        }
    }
}
