// swift-tools-version: 6.1
import PackageDescription

/// Benchmarks for the mediator against its baselines and peers, kept out of the root package so the
/// library itself stays dependency-free. Run them with `./run.sh` (see BENCHMARKS.md at the root).
let package = Package(
    name: "MediatorBenchmarks",
    platforms: [.macOS(.v13), .iOS(.v16)],
    dependencies: [
        // Named so the product reference holds whatever the clone's folder is called.
        .package(name: "Mediator", path: ".."),
        // The default traits also pull in a runtime interposer that is not available offline; the
        // malloc interposer is what the allocation counters need.
        .package(url: "https://github.com/ordo-one/benchmark", from: "1.38.1", traits: ["MallocInterposer"]),
        .package(url: "https://github.com/vapor/routing-kit", from: "4.9.3"),
        .package(url: "https://github.com/Swinject/Swinject", from: "2.10.0"),
    ],
    targets: [
        .executableTarget(
            name: "MediatorBenchmarks",
            dependencies: [
                .product(name: "Mediator", package: "Mediator"),
                .product(name: "Benchmark", package: "benchmark"),
                .product(name: "RoutingKit", package: "routing-kit"),
                .product(name: "Swinject", package: "Swinject"),
            ],
            path: "Benchmarks/MediatorBenchmarks",
            swiftSettings: [.swiftLanguageMode(.v6)],
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ),
        // One call shape in a plain loop, for `valgrind --tool=callgrind` instruction counts.
        .executableTarget(
            name: "MediatorProfile",
            dependencies: [
                "CHeapInUse",
                "ProfileFacade",
                .product(name: "Mediator", package: "Mediator"),
                .product(name: "MediatorNavigation", package: "Mediator"),
                .product(name: "RoutingKit", package: "routing-kit"),
            ],
            swiftSettings: [.swiftLanguageMode(.v6)]
        ),
        // glibc's heap in use (mallinfo2), for the heap scenarios: a C function, as Swift's Glibc lacks it.
        .target(name: "CHeapInUse"),
        // Contracts and a facade method in a module of their own, for the cross-module scenarios.
        .target(
            name: "ProfileFacade",
            dependencies: [.product(name: "Mediator", package: "Mediator")],
            swiftSettings: [.swiftLanguageMode(.v6), .enableUpcomingFeature("InternalImportsByDefault")]
        ),
    ]
)
