import Benchmark
import Mediator
import RoutingKit

/// Route counts the URL benchmarks compare: cost should not grow with the number of routes.
let routeCounts = [10, 100, 1_000, 10_000]

/// A mediator with `count` remote actions, one per target, each at `/c<i>/:id`, under `shop://`.
func makeRoutedMediator(routes count: Int, withPatterns: Bool = true) -> Mediator {
    let mediator = Mediator()
    mediator.registerScheme("shop")
    for index in 0..<count {
        let action = MediatorAction<Void>(
            "show", parameters: [.required("id", Int.self), .optional("ref", String.self)], exposure: .remote,
            urlPatterns: withPatterns ? ["/c\(index)/:id"] : []
        ) { _, parameters in try parameters.value("id", as: Int.self) }
        try? mediator.register(targetNamed: "T\(index)", actions: [action])
    }
    return mediator
}

/// The URL every open benchmark uses: a route in the middle of the table, one placeholder, a query.
func sampleURL(routes count: Int) -> String { "shop://c\(count / 2)/42?ref=push" }

func urlBenchmarks() {
    let configuration = Benchmark.Configuration(metrics: metrics, scalingFactor: .kilo, maxDuration: .seconds(2))
    for count in routeCounts {
        Benchmark("URL: mediator open, \(count) routes", configuration: configuration) { benchmark in
            let mediator = makeRoutedMediator(routes: count)
            let url = identity(sampleURL(routes: count))
            _ = try? mediator.open(url)
            var sum = 0
            benchmark.startMeasurement()
            for _ in benchmark.scaledIterations { sum &+= (try? mediator.open(url) as? Int) ?? 0 }
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

    // Registration and memory of routes: the same targets with and without URL patterns, first open
    // included (it builds the route table), so the difference is what the routes themselves keep.
    let memory = Benchmark.Configuration(metrics: metrics, maxDuration: .seconds(2), maxIterations: 50)
    for count in [1_000, 10_000] {
        for withPatterns in [false, true] {
            let label = withPatterns ? "with routes" : "without routes"
            Benchmark("Routes: register \(count) targets \(label) + first open", configuration: memory) { benchmark in
                let url = sampleURL(routes: count)
                benchmark.startMeasurement()
                let mediator = makeRoutedMediator(routes: count, withPatterns: withPatterns)
                _ = try? mediator.open(url)
                benchmark.stopMeasurement()
                blackHole(mediator)
            }
        }
    }
}
