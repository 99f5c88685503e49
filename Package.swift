// swift-tools-version: 6.1
import PackageDescription

/// Settings every target shares: Swift 6 mode (strict concurrency is complete there) plus the
/// upcoming features that keep existential and import use explicit.
let sharedSettings: [SwiftSetting] = [
    .swiftLanguageMode(.v6),
    .enableUpcomingFeature("ExistentialAny"),
    .enableUpcomingFeature("InternalImportsByDefault"),
    .enableUpcomingFeature("MemberImportVisibility"),
]

let package = Package(
    name: "Mediator",
    // `Synchronization` (Mutex, Atomic) sets the Apple floor: it is what keeps the hot path free of
    // contended locks without a C shim or an external atomics package.
    platforms: [.macOS(.v15), .iOS(.v18), .tvOS(.v18), .watchOS(.v11), .visionOS(.v2)],
    products: [
        .library(name: "Mediator", targets: ["Mediator"]),
        .library(name: "MediatorTesting", targets: ["MediatorTesting"]),
    ],
    targets: [
        .target(name: "Mediator", swiftSettings: sharedSettings),
        .target(name: "MediatorTesting", dependencies: ["Mediator"], swiftSettings: sharedSettings),
        .testTarget(
            name: "MediatorTests",
            dependencies: ["Mediator", "MediatorTesting"],
            swiftSettings: sharedSettings
        ),
    ]
)
