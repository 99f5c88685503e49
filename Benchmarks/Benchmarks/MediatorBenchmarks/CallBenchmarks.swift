import Benchmark
import Mediator
import Swinject

/// Inner-loop size of every per-call benchmark: each measured iteration makes this many calls.
let callsPerIteration = 1_000

/// The metrics every benchmark records; the JMH export needs throughput present.
let metrics: [BenchmarkMetric] = [.wallClock, .throughput, .mallocCountTotal, .memoryLeakedBytes]

func callBenchmarks() {
    let configuration = Benchmark.Configuration(metrics: metrics, scalingFactor: .kilo, maxDuration: .seconds(2))

    Benchmark("Call: direct closure, no parameters", configuration: configuration) { benchmark in
        let work = CatalogWork(base: identity(7))
        let literal: @Sendable () -> Int = { work.featuredCount() }
        let closure = identity(literal)
        var sum = 0
        benchmark.startMeasurement()
        for _ in benchmark.scaledIterations { sum &+= closure() }
        benchmark.stopMeasurement()
        blackHole(sum)
    }

    Benchmark("Call: direct closure, two parameters", configuration: configuration) { benchmark in
        let work = CatalogWork(base: identity(7))
        let literal: @Sendable (Int, Int) -> Int = { work.price(id: $0, quantity: $1) }
        let closure = identity(literal)
        let id = identity(42)
        var sum = 0
        benchmark.startMeasurement()
        for _ in benchmark.scaledIterations { sum &+= closure(id, 3) }
        benchmark.stopMeasurement()
        blackHole(sum)
    }

    Benchmark("Call: dictionary lookup + call, no parameters", configuration: configuration) { benchmark in
        let work = CatalogWork(base: identity(7))
        let literal: [String: @Sendable () -> Int] = [
            "Catalog.featuredCount": { work.featuredCount() },
            "Catalog.price": { work.price(id: 1, quantity: 1) },
        ]
        let table = identity(literal)
        let key = identity("Catalog.featuredCount")
        var sum = 0
        benchmark.startMeasurement()
        for _ in benchmark.scaledIterations { sum &+= table[key]?() ?? 0 }
        benchmark.stopMeasurement()
        blackHole(sum)
    }

    Benchmark("Call: dictionary lookup + call, two parameters", configuration: configuration) { benchmark in
        let work = CatalogWork(base: identity(7))
        let literal: [String: @Sendable ([String: any Sendable]) -> Int] = [
            "Catalog.featuredCount": { _ in work.featuredCount() },
            "Catalog.price": { parameters in
                work.price(id: parameters["id"] as? Int ?? 0, quantity: parameters["quantity"] as? Int ?? 0)
            },
        ]
        let table = identity(literal)
        let key = identity("Catalog.price")
        let id = identity(42)
        var sum = 0
        benchmark.startMeasurement()
        for _ in benchmark.scaledIterations { sum &+= table[key]?(["id": id, "quantity": 3]) ?? 0 }
        benchmark.stopMeasurement()
        blackHole(sum)
    }

    // The string door: the same contract-bound actions, reached by target and action name.
    Benchmark("Call: mediator perform by names, no parameters", configuration: configuration) { benchmark in
        let mediator = makeCatalogMediator()
        let target = identity("Catalog"), action = identity("featuredCount")
        var sum = 0
        benchmark.startMeasurement()
        for _ in benchmark.scaledIterations {
            sum &+= (try? mediator.perform(action, on: target, as: Int.self)) ?? 0
        }
        benchmark.stopMeasurement()
        blackHole(sum)
    }

    Benchmark("Call: mediator perform by names, two parameters", configuration: configuration) { benchmark in
        let mediator = makeCatalogMediator()
        let target = identity("Catalog"), action = identity("price")
        let id = identity(42)
        var sum = 0
        benchmark.startMeasurement()
        for _ in benchmark.scaledIterations {
            sum &+= (try? mediator.perform(action, on: target, with: ["id": id, "quantity": 3], as: Int.self)) ?? 0
        }
        benchmark.stopMeasurement()
        blackHole(sum)
    }

    Benchmark("Call: typed call through a contract, no parameters", configuration: configuration) { benchmark in
        let mediator = makeCatalogMediator()
        var sum = 0
        benchmark.startMeasurement()
        for _ in benchmark.scaledIterations { sum &+= (try? mediator.call(CatalogContracts.featuredCount)) ?? 0 }
        benchmark.stopMeasurement()
        blackHole(sum)
    }

    Benchmark("Call: typed call through a contract, two parameters", configuration: configuration) { benchmark in
        let mediator = makeCatalogMediator()
        let id = identity(42)
        var sum = 0
        benchmark.startMeasurement()
        for _ in benchmark.scaledIterations {
            sum &+= (try? mediator.call(CatalogContracts.price, with: PriceInput(id: id, quantity: 3))) ?? 0
        }
        benchmark.stopMeasurement()
        blackHole(sum)
    }

    Benchmark("Call: facade over contracts, no parameters", configuration: configuration) { benchmark in
        let mediator = makeCatalogMediator()
        var sum = 0
        benchmark.startMeasurement()
        for _ in benchmark.scaledIterations { sum &+= (try? mediator.catalog.featuredCount()) ?? 0 }
        benchmark.stopMeasurement()
        blackHole(sum)
    }

    Benchmark("Call: facade over contracts, two parameters", configuration: configuration) { benchmark in
        let mediator = makeCatalogMediator()
        let id = identity(42)
        var sum = 0
        benchmark.startMeasurement()
        for _ in benchmark.scaledIterations { sum &+= (try? mediator.catalog.price(id: id, quantity: 3)) ?? 0 }
        benchmark.stopMeasurement()
        blackHole(sum)
    }

    Benchmark("Call: Swinject resolve + call, no parameters", configuration: configuration) { benchmark in
        let container = makeCatalogContainer()
        var sum = 0
        benchmark.startMeasurement()
        for _ in benchmark.scaledIterations { sum &+= container.resolve(CatalogService.self)?.featuredCount() ?? 0 }
        benchmark.stopMeasurement()
        blackHole(sum)
    }

    Benchmark("Call: Swinject resolve + call, two parameters", configuration: configuration) { benchmark in
        let container = makeCatalogContainer()
        let id = identity(42)
        var sum = 0
        benchmark.startMeasurement()
        for _ in benchmark.scaledIterations {
            sum &+= container.resolve(CatalogService.self)?.price(id: id, quantity: 3) ?? 0
        }
        benchmark.stopMeasurement()
        blackHole(sum)
    }
}
