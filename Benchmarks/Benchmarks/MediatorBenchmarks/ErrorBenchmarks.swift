import Benchmark
import Mediator

/// Registered targets in the failure-path benchmarks: an error should cost a small multiple of a
/// success whatever the registry's size, so the registry is large.
let errorRegistrySize = 10_000

/// A mediator with `count` targets `Module<i>` registered by name, each with one action `ping`,
/// and the successful call resolved once on this thread.
func makeLargeRegistryMediator(targets count: Int) -> Mediator {
    let mediator = Mediator()
    let actions: [MediatorAction<Void>] = [MediatorAction("ping") { _, _ in 1 }]
    for name in generatedTargetNames(count) { try? mediator.register(targetNamed: name, actions: actions) }
    _ = try? mediator.perform("ping", on: "Module4242", as: Int.self)
    return mediator
}

/// Calls per measured iteration in the failure-path benchmarks (run.sh divides by it): fewer than
/// the per-call benchmarks' 1,000, so that a slow failure still gives several samples in the time.
let errorCallsPerIteration = 100

/// Calls by name that fail, each against a successful call on the same mediator: a missing target
/// whose name is one edit from a registered one (suggestions are looked for), a missing 251-character
/// name, and a missing action on a registered target.
func errorBenchmarks() {
    let configuration = Benchmark.Configuration(metrics: metrics, maxDuration: .seconds(2))
    let suffix = "\(errorRegistrySize) targets"
    let cases: [(label: String, action: String, target: String)] = [
        ("success", "ping", "Module4242"),
        ("missing target close to a registered name", "ping", "Module4242x"),
        ("missing target with a 251-character name", "ping", "Module4242" + String(repeating: "x", count: 241)),
        ("missing action on an existing target", "pong", "Module4242"),
    ]
    for (label, action, target) in cases {
        Benchmark("Errors: perform by names, \(label), \(suffix)", configuration: configuration) { benchmark in
            let mediator = makeLargeRegistryMediator(targets: errorRegistrySize)
            let action = identity(action), target = identity(target)
            var sum = 0
            // The first miss after the registry changes builds the suggestion index (a one-off, counted
            // by MediatorProfile's `firstMiss`); each iteration has a fresh mediator, so make it here.
            _ = try? mediator.perform(action, on: target, as: Int.self)
            benchmark.startMeasurement()
            for _ in 0..<errorCallsPerIteration {
                do { sum &+= try mediator.perform(action, on: target, as: Int.self) } catch { sum &+= 2 }
            }
            benchmark.stopMeasurement()
            blackHole(sum)
        }
    }
}
