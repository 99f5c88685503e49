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
    // The floor real modular apps support. The hot path's one lock-free word uses C11 atomics from
    // the package's own C target (`CMediatorAtomics`), not `Synchronization`, which would need
    // iOS 18 / macOS 15; the Requirements article (Mediator.docc) lists the audit behind this floor.
    platforms: [.macOS(.v13), .iOS(.v16), .tvOS(.v16), .watchOS(.v9), .visionOS(.v1)],
    products: [
        .library(name: "Mediator", targets: ["Mediator"]),
        // The publishing side, for tools and CI rather than a running app: catalog export, link
        // reference, association files, compatibility check.
        .library(name: "MediatorPublishing", targets: ["MediatorPublishing"]),
        .library(name: "MediatorTesting", targets: ["MediatorTesting"]),
        // For apps that navigate: a link's back stack as a plan, applied by the app's navigator as a difference.
        .library(name: "MediatorNavigation", targets: ["MediatorNavigation"]),
        // Command plugins a consumer runs in its own package: `swift package new-module <Name>` and
        // `swift package check-module-graph`.
        .plugin(name: "NewModule", targets: ["NewModule"]),
        .plugin(name: "CheckModuleGraph", targets: ["CheckModuleGraph"]),
    ],
    targets: [
        // The library, layered by dependency and audience; what may import what is in the Package
        // Layout article (Mediator.docc) and in module-rules.txt, which `swift package check-module-graph` enforces.
        // The runtime core (no Foundation) and its C target (C11 atomics, pthread mutex and condition).
        .target(name: "CMediatorAtomics"),
        // The one rule for echoing outside text on one line (errors, the App's console, the tool):
        // apart, so the tool the plugins build needs it and not the core.
        .target(name: "MediatorText"),
        .target(name: "MediatorCore", dependencies: ["CMediatorAtomics", "MediatorText"]),
        // What apps import: the core re-exported, and the Foundation bridge (URL/Data doors, UUID/URL values).
        .target(name: "Mediator", dependencies: ["MediatorCore", "MediatorText"]),
        // Navigation plans from links: back-stack declarations, the plan, its difference from a stack,
        // the navigator protocol. Apart from the core, so only apps that navigate import it.
        .target(name: "MediatorNavigation", dependencies: ["MediatorCore"]),
        // Catalog export, link reference, association files, compatibility check: for tools and CI.
        .target(name: "MediatorPublishing", dependencies: ["MediatorCore"]),
        // The every-link and hostile-link checks read the review and examples the publishing side builds.
        .target(name: "MediatorTesting", dependencies: ["Mediator", "MediatorPublishing"]),
        // What several test targets share (argument-parser's `ArgumentParserTestHelpers`): thread
        // helpers, the deadlock guard, the package's committed files. Not a product: tests only.
        .target(name: "MediatorTestSupport", dependencies: ["Mediator"], path: "Tests/MediatorTestSupport"),
        // Publishing/Golden/ holds the expected association files and link reference, read by path.
        .testTarget(
            name: "MediatorTests",
            dependencies: [
                "MediatorCore", "Mediator", "MediatorNavigation", "MediatorPublishing", "MediatorTesting", "MediatorTestSupport",
            ],
            exclude: ["Publishing/Golden"]),

        // The tooling: one executable both plugins run (Foundation, and `MediatorText` to escape what it
        // prints as every error and the App's console do), and the module template it copies, a real
        // module that CI builds and tests.
        .executableTarget(name: "MediatorTool", dependencies: ["MediatorText"]),
        .testTarget(name: "MediatorToolTests", dependencies: ["MediatorTool", "MediatorText", "MediatorTestSupport"]),
        .plugin(
            name: "NewModule",
            capability: .command(
                intent: .custom(
                    verb: "new-module",
                    description: "Adds a module (facade, implementation, tests, manifest stanzas) to this package"),
                permissions: [
                    .writeToPackageDirectory(reason: "new-module writes the module's files and edits Package.swift")
                ]),
            dependencies: ["MediatorTool"]),
        .plugin(
            name: "CheckModuleGraph",
            capability: .command(
                intent: .custom(
                    verb: "check-module-graph",
                    description: "Checks that implementations depend on, and import, facades only")),
            dependencies: ["MediatorTool"]),
        .target(
            name: "ModuleTemplateFacade", dependencies: ["Mediator"],
            path: "Templates/ModuleTemplate/Sources/ModuleTemplateFacade"),
        .target(
            name: "ModuleTemplate", dependencies: ["Mediator", "ModuleTemplateFacade"],
            path: "Templates/ModuleTemplate/Sources/ModuleTemplate"),
        .testTarget(
            name: "ModuleTemplateTests",
            dependencies: ["ModuleTemplate", "ModuleTemplateFacade", "Mediator", "MediatorTesting"],
            path: "Templates/ModuleTemplate/Tests/ModuleTemplateTests"),

        // The example modular app. A module is an implementation plus a facade; implementations
        // depend on facades only (`swift package check-module-graph` enforces it in CI).
        .target(name: "Presentation", path: "Modules/Shared/Sources/Presentation"),
        // The app's lifecycle events, which every module may subscribe to and the App broadcasts.
        .target(name: "AppEvents", dependencies: ["Mediator"], path: "Modules/Shared/Sources/AppEvents"),
        .target(
            name: "ModuleAFacade", dependencies: ["Mediator", "Presentation"],
            path: "Modules/ModuleA/Sources/ModuleAFacade"),
        .target(
            name: "ModuleA", dependencies: ["Mediator", "MediatorNavigation", "ModuleAFacade", "Presentation", "AppEvents"],
            path: "Modules/ModuleA/Sources/ModuleA"),
        .target(
            name: "ModuleBFacade", dependencies: ["Mediator", "Presentation"],
            path: "Modules/ModuleB/Sources/ModuleBFacade"),
        .target(
            name: "ModuleB", dependencies: ["Mediator", "ModuleBFacade", "ModuleAFacade", "Presentation", "AppEvents"],
            path: "Modules/ModuleB/Sources/ModuleB"),
        .testTarget(
            name: "ModuleATests",
            dependencies: [
                "ModuleA", "ModuleAFacade", "Mediator", "MediatorPublishing", "MediatorTesting", "Presentation", "AppEvents",
            ]),
        .testTarget(
            name: "ModuleBTests",
            dependencies: [
                "ModuleB", "ModuleBFacade", "ModuleAFacade", "Mediator", "MediatorTesting", "Presentation", "AppEvents",
            ]),
        // swift package new-module adds each new module's targets above this line.

        // The composition root and command-line app.
        .executableTarget(
            name: "App",
            dependencies: [
                "Mediator", "MediatorNavigation", "MediatorPublishing", "MediatorText", "Presentation", "AppEvents", "ModuleA",
                "ModuleAFacade",
                "ModuleB", "ModuleBFacade",
                // swift package new-module adds each new module to the App's dependencies above this line.
            ],
            path: "App/Sources/App"),
        .testTarget(name: "AppTests", dependencies: ["App", "MediatorTestSupport"]),
    ]
)

for target in package.targets where target.name != "CMediatorAtomics" && target.type != .plugin {
    target.swiftSettings = (target.swiftSettings ?? []) + sharedSettings
}
