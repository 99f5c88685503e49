import Benchmark
import Mediator

/// An analytics interceptor: lets every call go on and counts the finished ones.
struct AnalyticsInterceptor: MediatorInterceptor {
    func callDidFinish(_ call: MediatorCall, outcome: MediatorCall.Outcome, duration: Duration) {
        if case .succeeded = outcome { blackHole(1) }
    }
}

/// The login gate of a logged-in app: holds every call on `login`, which is open.
struct OpenLoginGate: MediatorInterceptor {
    func intercept(_ call: MediatorCall) throws -> MediatorCall.Decision { .hold(until: "login") }
}

/// Installs one interceptor, and opens the gate `OpenLoginGate` holds on.
func installing(_ interceptor: any MediatorInterceptor, in mediator: Mediator) -> Mediator {
    mediator.gates.open("login")
    mediator.configure { $0.interceptors = [interceptor] }
    return mediator
}

/// The doors as an app pays them, with one interceptor installed (issue 29, item 1): each against
/// the same door without one in this run ("Call: typed call through a contract, two parameters",
/// "Call: mediator perform by names, two parameters", "URL: mediator open, 100 routes").
func interceptorBenchmarks() {
    let configuration = Benchmark.Configuration(metrics: metrics, scalingFactor: .kilo, maxDuration: .seconds(2))
    let interceptors: [(label: String, make: @Sendable () -> any MediatorInterceptor)] = [
        ("an observing interceptor", { AnalyticsInterceptor() }), ("a gate interceptor on an open gate", { OpenLoginGate() }),
    ]
    for (label, make) in interceptors {
        Benchmark("Intercepted: typed call through a contract, two parameters, \(label)", configuration: configuration) {
            benchmark in
            let mediator = installing(make(), in: makeCatalogMediator())
            let id = identity(42)
            _ = try? mediator.call(CatalogContracts.price, with: PriceInput(id: id, quantity: 3))
            var sum = 0
            benchmark.startMeasurement()
            for _ in benchmark.scaledIterations {
                sum &+= (try? mediator.call(CatalogContracts.price, with: PriceInput(id: id, quantity: 3))) ?? 0
            }
            benchmark.stopMeasurement()
            blackHole(sum)
        }

        Benchmark("Intercepted: perform by names, two parameters, \(label)", configuration: configuration) { benchmark in
            let mediator = installing(make(), in: makeCatalogMediator())
            let target = identity("Catalog"), action = identity("price")
            let id = identity(42)
            _ = try? mediator.perform(action, on: target, with: ["id": id, "quantity": 3], as: Int.self)
            var sum = 0
            benchmark.startMeasurement()
            for _ in benchmark.scaledIterations {
                sum &+= (try? mediator.perform(action, on: target, with: ["id": id, "quantity": 3], as: Int.self)) ?? 0
            }
            benchmark.stopMeasurement()
            blackHole(sum)
        }

        Benchmark("Intercepted: URL open, 100 routes, \(label)", configuration: configuration) { benchmark in
            let mediator = installing(make(), in: makeRoutedMediator(routedTargets(100)))
            let url = identity(sampleURL(routes: 100))
            _ = try? mediator.open(url, as: Int.self)
            var sum = 0
            benchmark.startMeasurement()
            for _ in benchmark.scaledIterations { sum &+= (try? mediator.open(url, as: Int.self)) ?? 0 }
            benchmark.stopMeasurement()
            blackHole(sum)
        }
    }
}
