import Benchmark
import Mediator

/// Registration of many targets against a plain dictionary insert of the same names.
func registrationBenchmarks() {
    let actions: [MediatorAction<Void>] = [MediatorAction("ping") { _, _ in 1 }]
    for count in [1_000, 10_000] {
        let names = generatedTargetNames(count)
        let configuration = Benchmark.Configuration(metrics: metrics, maxDuration: .seconds(2))

        Benchmark("Register: dictionary insert x\(count)", configuration: configuration) { benchmark in
            let literal: @Sendable () -> Int = { 1 }
            let factory = identity(literal)
            benchmark.startMeasurement()
            var table: [String: @Sendable () -> Int] = [:]
            for name in names { table[name] = factory }
            benchmark.stopMeasurement()
            blackHole(table)
        }

        Benchmark("Register: mediator register(targetNamed:) x\(count)", configuration: configuration) { benchmark in
            benchmark.startMeasurement()
            let mediator = Mediator()
            for name in names { try? mediator.register(targetNamed: name, actions: actions) }
            benchmark.stopMeasurement()
            blackHole(mediator)
        }
    }
}
