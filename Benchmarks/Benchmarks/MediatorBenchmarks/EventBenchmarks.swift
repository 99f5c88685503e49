import Benchmark
import Mediator

/// The event every broadcast benchmark sends: an `Int` payload.
let benchmarkEvent = MediatorEvent<Int>("benchmarkEvent")

/// Subscriber counts the broadcast benchmarks compare.
let subscriberCounts = [1, 10, 100]

func eventBenchmarks() {
    let configuration = Benchmark.Configuration(metrics: metrics, scalingFactor: .kilo, maxDuration: .seconds(2))

    for count in subscriberCounts {
        // The baseline an app writes by hand: a loop over closures it keeps, one per module.
        Benchmark("Events: loop over \(count) closures", configuration: configuration) { benchmark in
            let work = CatalogWork(base: identity(7))
            let literal: [@Sendable (Int) -> Void] = (0..<count).map { _ in
                { value in blackHole(work.price(id: value, quantity: 3)) }
            }
            let closures = identity(literal)
            let payload = identity(42)
            benchmark.startMeasurement()
            for _ in benchmark.scaledIterations {
                for closure in closures { closure(payload) }
            }
            benchmark.stopMeasurement()
        }

        // The same work, subscribed by `count` targets and broadcast through the mediator.
        Benchmark("Events: broadcast to \(count) subscribers", configuration: configuration) { benchmark in
            let work = CatalogWork(base: identity(7))
            let mediator = Mediator()
            for index in 0..<count {
                try mediator.register(
                    targetNamed: "Subscriber\(index)", actions: [],
                    subscriptions: [
                        MediatorSubscription(benchmarkEvent) { _, value in blackHole(work.price(id: value, quantity: 3)) }
                    ])
            }
            let payload = identity(42)
            try mediator.broadcast(benchmarkEvent, payload)  // binds the subscribers once, as the first broadcast does
            var failures = 0
            benchmark.startMeasurement()
            for _ in benchmark.scaledIterations {
                failures &+= try mediator.broadcast(benchmarkEvent, payload).failures.count
            }
            benchmark.stopMeasurement()
            blackHole(failures)
        }
    }
}
