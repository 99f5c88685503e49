import Benchmark

/// Every benchmark in one run, so ratios compare figures measured side by side.
let benchmarks: @Sendable () -> Void = {
    callBenchmarks()
    registrationBenchmarks()
    concurrencyBenchmarks()
    urlBenchmarks()
    errorBenchmarks()
    eventBenchmarks()
    interceptorBenchmarks()
}
