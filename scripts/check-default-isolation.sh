#!/usr/bin/env bash
# Proves that modules built with default main-actor isolation (SE-0466, what new Xcode 26 targets
# use) declare and call the library the way the docs show (CI runs it):
#   - a scratch consumer package vendors this working tree at Vendor/Mediator;
#   - Wishlist is the module template as new-module writes it (the template renamed), built with
#     `.defaultIsolation(MainActor.self)`; its own tests pass;
#   - Catalog is a module written as the articles show (sync, async and main-actor contracts, a
#     remote URL pattern, an event heard synchronously and on the main actor, a facade), built with
#     `.defaultIsolation(MainActor.self)` plus the approachable-concurrency upcoming features
#     (NonisolatedNonsendingByDefault, InferIsolatedConformances); its main-actor handlers touch
#     main-actor state with no annotation;
#   - a test target, also on default main-actor isolation, calls every door (typed call, facade,
#     by name, by URL, broadcast, gates; sync and awaited) from a detached background task and from
#     the main actor, and the build prints no warning from the consumer's code.
#
#   scripts/check-default-isolation.sh
#
# The consumer and its build live in .build-isolation/ (git-ignored; ISOLATION_CHECK_DIR moves them);
# the build is kept between runs.
set -euo pipefail
cd "$(dirname "$0")/.."
root=$(pwd)
work=${ISOLATION_CHECK_DIR:-$root/.build-isolation}
consumer="$work/Consumer"
scratch="$work/scratch"
vendored="$consumer/Vendor/Mediator"

started=$SECONDS
say() { printf -- '-- default isolation (%3d s): %s\n' $((SECONDS - started)) "$*"; }
fail() { echo "check-default-isolation: $*" >&2; exit 1; }

rm -rf "$consumer"
mkdir -p "$consumer" "$scratch" "$vendored"
# The working tree as git sees it, file times kept so the kept build stays valid.
(cd "$root" && git ls-files -z --cached --others --exclude-standard |
    while IFS= read -r -d '' file; do if [ -e "$file" ]; then printf '%s\0' "$file"; fi; done |
    tar --null -T - -cf -) | tar -xf - -C "$vendored"

cat > "$consumer/Package.swift" <<'MANIFEST'
// swift-tools-version: 6.2
import PackageDescription

/// What a new Xcode 26 app target sets: every declaration without other isolation is on the main actor.
let mainActorByDefault: [SwiftSetting] = [.swiftLanguageMode(.v6), .defaultIsolation(MainActor.self)]
/// The same, with Xcode 26's "approachable concurrency" upcoming features.
let approachable: [SwiftSetting] =
    mainActorByDefault + [
        .enableUpcomingFeature("NonisolatedNonsendingByDefault"), .enableUpcomingFeature("InferIsolatedConformances"),
    ]
let mediator: Target.Dependency = .product(name: "Mediator", package: "mediator")
let testing: Target.Dependency = .product(name: "MediatorTesting", package: "mediator")

let package = Package(
    name: "Consumer",
    platforms: [.macOS(.v13), .iOS(.v16)],
    dependencies: [.package(path: "Vendor/Mediator")],
    targets: [
        .target(name: "WishlistFacade", dependencies: [mediator], path: "Modules/Wishlist/Sources/WishlistFacade",
                swiftSettings: mainActorByDefault),
        .target(name: "Wishlist", dependencies: [mediator, "WishlistFacade"], path: "Modules/Wishlist/Sources/Wishlist",
                swiftSettings: mainActorByDefault),
        .testTarget(name: "WishlistTests", dependencies: ["Wishlist", "WishlistFacade", mediator, testing],
                    swiftSettings: mainActorByDefault),
        .target(name: "CatalogFacade", dependencies: [mediator], swiftSettings: approachable),
        .target(name: "Catalog", dependencies: [mediator, "CatalogFacade"], swiftSettings: approachable),
        .testTarget(name: "DoorTests", dependencies: ["Catalog", "CatalogFacade", "Wishlist", "WishlistFacade", mediator],
                    swiftSettings: mainActorByDefault),
    ]
)
MANIFEST

# Wishlist: the template as the generator writes it (it copies the template, renaming ModuleTemplate).
template="$root/Templates/ModuleTemplate"
for pair in "Sources/ModuleTemplateFacade:Modules/Wishlist/Sources/WishlistFacade" \
    "Sources/ModuleTemplate:Modules/Wishlist/Sources/Wishlist" "Tests/ModuleTemplateTests:Tests/WishlistTests"; do
    from="$template/${pair%%:*}" to="$consumer/${pair#*:}"
    mkdir -p "$to"
    for file in "$from"/*.swift; do
        name=$(basename "$file")
        sed -e 's/ModuleTemplate/Wishlist/g' -e 's/moduleTemplate/wishlist/g' "$file" > "$to/${name//ModuleTemplate/Wishlist}"
    done
done

# Catalog: a module declared the way the articles show, with no annotation beyond the template's.
mkdir -p "$consumer/Sources/CatalogFacade" "$consumer/Sources/Catalog" "$consumer/Tests/DoorTests"
cat > "$consumer/Sources/CatalogFacade/Catalog.swift" <<'SWIFT'
public import Mediator

public struct ProductID: MediatorInput, Equatable {
    @Parameter("Product id") public var id: Int
    public init() {}
    public init(id: Int) { self.id = id }
}

nonisolated public enum Catalog {
    public static let target = "Catalog"
    public static let price = ActionContract<ProductID, Int>("price", on: target)
    public static let stock = AsyncActionContract<ProductID, Int>("stock", on: target)
    public static let detail = MainActorActionContract<ProductID, String>("detail", on: target)
    public static let all: [any MediatorContract] = [price, stock, detail]
    public static let priceChanged = MediatorEvent<Int>("priceChanged")
    public static let events: [any MediatorEventContract] = [priceChanged]
}

extension Mediator {
    public var catalog: CatalogFacade { CatalogFacade(mediator: self) }
}

nonisolated public struct CatalogFacade: Sendable {
    public let mediator: Mediator
    public func price(id: Int) throws -> Int { try mediator.call(Catalog.price, with: ProductID(id: id)) }
    public func stock(id: Int) async throws -> Int { try await mediator.call(Catalog.stock, with: ProductID(id: id)) }
    @MainActor public func detail(id: Int) throws -> String { try mediator.call(Catalog.detail, with: ProductID(id: id)) }
}
SWIFT
cat > "$consumer/Sources/Catalog/CatalogTarget.swift" <<'SWIFT'
public import Mediator
import CatalogFacade

/// Screen state: on the main actor by the module's default isolation, with no annotation.
public final class Shelf {
    public static let shared = Shelf()
    public var shown: [Int] = []
    public var heardPrices: [Int] = []
}

public struct CatalogTarget: MediatorTarget {
    public static let targetName = Catalog.target
    public init() {}
    public static let actions: [MediatorAction<CatalogTarget>] = [
        MediatorAction(Catalog.price, exposure: .remote, urlPatterns: ["/price/:id"]) { _, input in input.id * 150 },
        MediatorAction(Catalog.stock) { _, input in input.id + 1 },
        MediatorAction(Catalog.detail, exposure: .remote, urlPatterns: ["/product/:id"]) { _, input in
            Shelf.shared.shown.append(input.id)  // main-actor state, reached without ceremony
            return "Product \(input.id)"
        },
    ]
    public static let subscriptions: [MediatorSubscription<CatalogTarget>] = [
        MediatorSubscription(Catalog.priceChanged) { _, cents in _ = cents },
        .onMainActor(Catalog.priceChanged) { _, cents in Shelf.shared.heardPrices.append(cents) },
    ]
}
SWIFT
cat > "$consumer/Tests/DoorTests/DoorTests.swift" <<'SWIFT'
import Catalog
import CatalogFacade
import Foundation
import Mediator
import Testing
import Wishlist
import WishlistFacade

/// Every door, called from wherever the caller runs; the results it saw, in order.
let everyDoor: @Sendable (Mediator) async throws -> [String] = { mediator in
    var seen: [String] = []
    seen.append("\(try mediator.call(Catalog.price, with: ProductID(id: 2)))")
    seen.append("\(try mediator.catalog.price(id: 2))")
    seen.append("\(try await mediator.call(Catalog.stock, with: ProductID(id: 2)))")
    seen.append("\(try await mediator.catalog.stock(id: 2))")
    seen.append(try await mediator.call(Catalog.detail, with: ProductID(id: 2)))
    seen.append(try await mediator.catalog.detail(id: 2))
    seen.append(try mediator.wishlist.greeting(name: "Ada"))
    seen.append("\(try mediator.perform("price", on: Catalog.target, with: ["id": 2], as: Int.self))")
    seen.append("\(try await mediator.performAsync("stock", on: Catalog.target, with: ["id": 2], as: Int.self))")
    seen.append("\(try mediator.open("shop://price/2", as: Int.self))")
    seen.append(try await mediator.openAsync("shop://product/2", as: String.self))
    seen.append("\(try await mediator.broadcastAsync(Catalog.priceChanged, 300).reached)")
    mediator.gates.open(.ready)
    seen.append("\(mediator.gates.isOpen(.ready)) \(mediator.canOpen("shop://price/2")) \(mediator.canCall(Catalog.price))")
    return seen
}

let expected = [
    "300", "300", "3", "3", "Product 2", "Product 2", "Hello, Ada, from Wishlist.", "300", "3", "300", "Product 2",
    "[\"Catalog\", \"Catalog\"]", "true true true",
]

func registered() throws -> Mediator {
    let mediator = Mediator()
    mediator.registerScheme("shop")
    try mediator.register(CatalogTarget())
    try mediator.register(WishlistTarget())
    return mediator
}

@Suite("every door, under default main-actor isolation")
struct DoorTests {
    @Test("from a background task")
    func fromABackgroundTask() async throws {
        let mediator = try registered()
        let seen = try await Task.detached {
            #expect(!Thread.isMainThread)
            return try await everyDoor(mediator)
        }.value
        #expect(seen == expected)
        #expect(Shelf.shared.heardPrices.contains(300))
    }

    @Test("from the main actor, where a synchronous broadcast reaches main-actor subscribers")
    func fromTheMainActor() async throws {
        let mediator = try registered()
        #expect(try await everyDoor(mediator) == expected)
        #expect(try mediator.call(Catalog.detail, with: ProductID(id: 5)) == "Product 5")
        #expect(try mediator.broadcast(Catalog.priceChanged, 450).succeeded)
        #expect(Shelf.shared.heardPrices.contains(450) && Shelf.shared.shown.contains(5))
    }
}
SWIFT
say "a consumer package on default main-actor isolation, vendoring $root"

swift build --package-path "$consumer" --scratch-path "$scratch" --build-tests 2>&1 | tee "$work/build.log" ||
    fail "the consumer on default main-actor isolation does not build"
if grep "warning:" "$work/build.log" | grep -q "$consumer/\(Modules\|Sources\|Tests\)"; then
    fail "the consumer's modules build with warnings"
fi
swift test --package-path "$consumer" --scratch-path "$scratch" --skip-build 2>&1 | tee "$work/test.log"
grep -qE "Test run with [1-9][0-9]* tests? .*passed" "$work/test.log" || fail "the consumer's tests did not pass"
grep -q "from a background task" "$work/test.log" || fail "the background-task test did not run"
say "passed"
