import Benchmark
import Dispatch
import Mediator

/// Calls per thread in the concurrency benchmarks.
let callsPerThread = 100_000

/// One thread against two threads making the same number of calls each; throughput ratio is
/// 2 x (one-thread time) / (two-thread time). Both the call by names and the typed call are
/// measured: the typed call's hit path makes no retain, release or lock at all (see BENCHMARKS.md).
func concurrencyBenchmarks() {
    let configuration = Benchmark.Configuration(metrics: metrics, maxDuration: .seconds(3))
    for threads in [1, 2] {
        Benchmark("Threads: perform by names, \(threads) thread(s) x \(callsPerThread) calls", configuration: configuration) {
            benchmark in
            let mediator = makeCatalogMediator()
            let target = identity("Catalog"), action = identity("featuredCount")
            benchmark.startMeasurement()
            DispatchQueue.concurrentPerform(iterations: threads) { _ in
                var sum = 0
                for _ in 0..<callsPerThread {
                    sum &+= (try? mediator.perform(action, on: target, as: Int.self)) ?? 0
                }
                blackHole(sum)
            }
            benchmark.stopMeasurement()
        }

        Benchmark("Threads: typed call, \(threads) thread(s) x \(callsPerThread) calls", configuration: configuration) {
            benchmark in
            let mediator = makeCatalogMediator()
            benchmark.startMeasurement()
            DispatchQueue.concurrentPerform(iterations: threads) { _ in
                var sum = 0
                for _ in 0..<callsPerThread { sum &+= (try? mediator.call(CatalogContracts.featuredCount)) ?? 0 }
                blackHole(sum)
            }
            benchmark.stopMeasurement()
        }
    }
}
