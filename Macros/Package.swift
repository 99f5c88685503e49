// swift-tools-version: 6.1
import CompilerPluginSupport
import Foundation
import PackageDescription

/// The root package's settings: Swift 6 mode (strict concurrency is complete there) plus the
/// upcoming features that keep existential and import use explicit.
let sharedSettings: [SwiftSetting] = [
    .swiftLanguageMode(.v6),
    .enableUpcomingFeature("ExistentialAny"),
    .enableUpcomingFeature("InternalImportsByDefault"),
    .enableUpcomingFeature("MemberImportVisibility"),
]

/// Whether this manifest sits in the Mediator repository's `Macros/` folder, beside the root
/// package it extends (developing both together), rather than in a checkout of its own.
let insideRepository = FileManager.default.fileExists(
    atPath: URL(fileURLWithPath: Context.packageDirectory).deletingLastPathComponent()
        .appendingPathComponent("Sources/MediatorCore").path)

/// The root package: by path inside the repository; published, by the URL and version an app
/// already takes it by (the root README's Install), so the app's graph holds one `mediator` and
/// SwiftPM reports no conflicting identity.
let root: Package.Dependency =
    insideRepository
    ? .package(name: "mediator", path: "..")
    : .package(url: "https://github.com/your-org/mediator.git", .upToNextMinor(from: "0.5.0"))

/// Optional macros for Mediator: `@MediatorInput` makes an input's plain stored properties
/// `@Parameter`s and writes its initializers and conformance, `@MediatorFacade` a facade's lists of
/// contracts and events. A package of its own, so the root package keeps no external dependency; it
/// is published as its own repository (`scripts/publish-macros.sh`), because SwiftPM takes a package
/// by URL only at a repository's root.
let package = Package(
    name: "MediatorMacros",
    // The root's platforms; the macro plugin runs on the build machine (macOS 10.15+ for swift-syntax,
    // which these floors cover).
    platforms: [.macOS(.v13), .iOS(.v16), .tvOS(.v16), .watchOS(.v9), .visionOS(.v1)],
    products: [
        .library(name: "MediatorMacros", targets: ["MediatorMacros"])
    ],
    dependencies: [
        root,
        // 602 and later have prebuilt binaries that SwiftPM 6.2 and Xcode 26 use for macros.
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
            dependencies: ["MediatorMacrosPlugin", .product(name: "Mediator", package: "mediator")]),
        // Expansions and diagnostics, checked on source text (XCTest: `assertMacroExpansion`).
        .testTarget(
            name: "MediatorMacrosPluginTests",
            dependencies: [
                "MediatorMacrosPlugin",
                .product(name: "SwiftDiagnostics", package: "swift-syntax"),
                .product(name: "SwiftSyntaxBuilder", package: "swift-syntax"),
                .product(name: "SwiftSyntaxMacroExpansion", package: "swift-syntax"),
                .product(name: "SwiftSyntaxMacrosGenericTestSupport", package: "swift-syntax"),
                .product(name: "SwiftSyntaxMacrosTestSupport", package: "swift-syntax"),
            ]),
        // The macros on real inputs and a facade, registered with a mediator.
        .testTarget(
            name: "MediatorMacrosTests",
            dependencies: [
                "MediatorMacros", .product(name: "Mediator", package: "mediator"),
                .product(name: "MediatorPublishing", package: "mediator"),
                .product(name: "MediatorTesting", package: "mediator"),
            ]),
    ]
)

for target in package.targets {
    target.swiftSettings = (target.swiftSettings ?? []) + sharedSettings
}
