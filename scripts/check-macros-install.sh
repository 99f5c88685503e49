#!/usr/bin/env bash
# Proves an app takes the macros beside the root with no vendoring and no identity warning (CI runs it):
#   - a clone of this repository's committed HEAD stands for the root's published repository, tagged
#     with the README's version; `scripts/publish-macros.sh` makes the macros' repository from
#     `Macros/`, tagged the same;
#   - a scratch consumer takes both by URL, as the README and Macros/README.md say (their URLs mirrored
#     to the local repositories with `swift package config set-mirror`, which the macros' own
#     dependency on the root goes through too), builds with no warning (SwiftPM's "Conflicting
#     identity" among them), and runs an input written with `@MediatorInput` (plain properties the macro
#     makes `@Parameter`s) through a call by name and a typed call;
#   - it prints the clean build's time (swift-syntax built from source: prebuilt swift-syntax needs
#     the network, which CI has not).
#
#   scripts/check-macros-install.sh
set -euo pipefail
cd "$(dirname "$0")/.."
root=$(pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
fail() { echo "check-macros-install: $*" >&2; exit 1; }

version=$(sed -n 's/.*upToNextMinor(from: "\([0-9]*\.[0-9]*\.[0-9]*\)").*/\1/p' README.md | head -1)
[ -n "$version" ] || fail "the README's Install snippet names no version"
git clone --quiet "$root" "$work/mediator"
git -C "$work/mediator" tag "$version"
scripts/publish-macros.sh "$work/mediator-macros" "$version"

mkdir -p "$work/Shop/Sources/Shop"
cat > "$work/Shop/Package.swift" <<MANIFEST
// swift-tools-version: 6.1
import PackageDescription

let package = Package(
    name: "Shop",
    platforms: [.macOS(.v13), .iOS(.v16)],
    dependencies: [
        .package(url: "https://github.com/your-org/mediator.git", .upToNextMinor(from: "$version")),
        .package(url: "https://github.com/your-org/mediator-macros.git", .upToNextMinor(from: "$version")),
    ],
    targets: [
        .executableTarget(
            name: "Shop",
            dependencies: [
                .product(name: "Mediator", package: "mediator"),
                .product(name: "MediatorMacros", package: "mediator-macros"),
            ])
    ]
)
MANIFEST
cat > "$work/Shop/Sources/Shop/main.swift" <<'SOURCE'
import Mediator
import MediatorMacros

@MediatorInput
struct UserQuery {
    /// User id
    var id: Int
    /// Tab to open
    var tab = "posts"
}

nonisolated enum Profile {
    static let user = ActionContract<UserQuery, String>("user", on: "Profile")
}

struct ProfileTarget: MediatorTarget {
    static let targetName = "Profile"
    static let actions: [MediatorAction<Self>] = [
        MediatorAction(Profile.user) { _, query in "\(query.id) \(query.tab)" }
    ]
}

let mediator = Mediator()
try mediator.register(ProfileTarget())
print(try mediator.perform("user", on: "Profile", with: ["id": "42"], as: String.self))
print(try mediator.call(Profile.user, with: UserQuery(id: 7, tab: "likes")))
SOURCE
swift package --package-path "$work/Shop" config set-mirror \
    --original https://github.com/your-org/mediator.git --mirror "file://$work/mediator"
swift package --package-path "$work/Shop" config set-mirror \
    --original https://github.com/your-org/mediator-macros.git --mirror "file://$work/mediator-macros"

start=$SECONDS
swift build --package-path "$work/Shop" --scratch-path "$work/scratch" > "$work/build.log" 2>&1 ||
    { cat "$work/build.log"; fail "a consumer taking the root and the macros by URL does not build"; }
seconds=$((SECONDS - start))
if grep -E "warning:|Conflicting identity" "$work/build.log" | grep -v "/checkouts/swift-syntax/"; then
    fail "the consumer's build printed the warnings above"
fi
output=$("$work/scratch/debug/Shop" | tr '\n' ' ')
[ "$output" = "42 posts 7 likes " ] || fail "the consumer printed '$output', not '42 posts 7 likes '"
echo "-- macros install: a consumer took the root and the macros by URL ($version), built with no warning in ${seconds} s (clean, swift-syntax from source), and ran an @MediatorInput input by name and typed"
