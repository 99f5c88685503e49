// swift-tools-version: 6.1
import CompilerPluginSupport
import PackageDescription

/// The root package's settings: Swift 6 mode (strict concurrency is complete there) plus the
/// upcoming features that keep existential and import use explicit.
let sharedSettings: [SwiftSetting] = [
    .swiftLanguageMode(.v6),
    .enableUpcomingFeature("ExistentialAny"),
    .enableUpcomingFeature("InternalImportsByDefault"),
    .enableUpcomingFeature("MemberImportVisibility"),
]

/// Optional macros for Mediator: `@MediatorInput` writes an input's initializers, schema and
/// conformances, `@MediatorFacade` a facade's lists of contracts and events. A package of its
/// own, so the root package keeps no external dependency; it depends on the root by path.
let package = Package(
    name: "MediatorMacros",
    // The root's platforms; the macro plugin runs on the build machine (macOS 10.15+ for swift-syntax,
    // which these floors cover).
    platforms: [.macOS(.v13), .iOS(.v16), .tvOS(.v16), .watchOS(.v9), .visionOS(.v1)],
    products: [
        .library(name: "MediatorMacros", targets: ["MediatorMacros"])
    ],
    dependencies: [
        .package(name: "Mediator", path: ".."),
        .package(url: "https://github.com/swiftlang/swift-syntax", "600.0.0"..<"604.0.0"),
    ],
    targets: [
        // The implementations, run by the compiler.
        .macro(
            name: "MediatorMacrosPlugin",
            dependencies: [
                .product(name: "SwiftSyntax", package: "swift-syntax"),
                .product(name: "SwiftSyntaxBuilder", package: "swift-syntax"),
                .product(name: "SwiftDiagnostics", package: "swift-syntax"),
                .product(name: "SwiftSyntaxMacros", package: "swift-syntax"),
                .product(name: "SwiftCompilerPlugin", package: "swift-syntax"),
            ]),
        // The declarations users import next to Mediator.
        .target(
            name: "MediatorMacros",
            dependencies: ["MediatorMacrosPlugin", .product(name: "Mediator", package: "Mediator")]),
        // Expansions and diagnostics, checked on source text (XCTest: `assertMacroExpansion`).
        .testTarget(
            name: "MediatorMacrosPluginTests",
            dependencies: [
                "MediatorMacrosPlugin",
                .product(name: "SwiftSyntaxBuilder", package: "swift-syntax"),
                .product(name: "SwiftSyntaxMacroExpansion", package: "swift-syntax"),
                .product(name: "SwiftSyntaxMacrosGenericTestSupport", package: "swift-syntax"),
                .product(name: "SwiftSyntaxMacrosTestSupport", package: "swift-syntax"),
            ]),
        // The macros on real inputs and a facade, registered with a mediator.
        .testTarget(
            name: "MediatorMacrosTests",
            dependencies: ["MediatorMacros", .product(name: "Mediator", package: "Mediator")]),
    ]
)

for target in package.targets {
    target.swiftSettings = (target.swiftSettings ?? []) + sharedSettings
}
