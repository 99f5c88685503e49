#!/usr/bin/env bash
# Proves the package's command plugins from a package that depends on this one, as a team would
# use them (CI runs it):
#   - a scratch consumer package depends on this working tree by path;
#   - `new-module --dry-run` prints the plan and changes nothing; bad and taken names are refused
#     with one error line, changing nothing;
#   - `new-module Wishlist` adds the module; the consumer builds with no warnings in the module,
#     its tests pass, and its app registers the module;
#   - `check-module-graph` passes, then flags, with file:line, a contract left out of a facade's
#     `all` list, a planted undeclared import and an
#     implementation importing another implementation.
#
#   scripts/check-plugins.sh
#
# The consumer and its build live in .build-plugins/ (git-ignored; PLUGIN_CHECK_DIR moves them); the
# build is kept between runs.
set -euo pipefail
cd "$(dirname "$0")/.."
root=$(pwd)
work=${PLUGIN_CHECK_DIR:-$root/.build-plugins}
consumer="$work/Consumer"
scratch="$work/scratch"
# SwiftPM names a path dependency by its directory's last component, lowercased.
identity=$(basename "$root" | tr '[:upper:]' '[:lower:]')

started=$SECONDS
say() { printf -- '-- plugins (%3d s): %s\n' $((SECONDS - started)) "$*"; }
fail() { echo "check-plugins: $*" >&2; exit 1; }
package() { swift package --package-path "$consumer" --scratch-path "$scratch" "$@"; }
digest() {
    (cd "$consumer" && { find . \( -name .build -o -name .swiftpm \) -prune -o -print | LC_ALL=C sort
        find . \( -name .build -o -name .swiftpm \) -prune -o -type f -exec cksum {} + | LC_ALL=C sort; } | cksum)
}

rm -rf "$consumer"
mkdir -p "$consumer/Sources/ConsumerApp" "$scratch"
cat > "$consumer/Package.swift" <<MANIFEST
// swift-tools-version: 6.1
import PackageDescription

let package = Package(
    name: "Consumer",
    platforms: [.macOS(.v13), .iOS(.v16)],
    dependencies: [.package(path: "$root")],
    targets: [
        .executableTarget(
            name: "ConsumerApp",
            dependencies: [
                .product(name: "Mediator", package: "$identity"),
                // swift package new-module adds each new module to the App's dependencies above this line.
            ]),
    ]
)
MANIFEST
cat > "$consumer/Sources/ConsumerApp/main.swift" <<'MAIN'
import Mediator

let mediator = Mediator()
// swift package new-module registers each new module above this line.
print("registered: \(mediator.registeredTargetNames.joined(separator: ", "))")
MAIN
say "a consumer package depending on $root"

refused() {
    local before output errors
    before=$(digest)
    if output=$(package --allow-writing-to-package-directory new-module "$@" 2>&1); then
        printf '%s\n' "$output"
        fail "new-module accepted '$*' in the consumer; it should have refused it"
    fi
    [ "$(digest)" = "$before" ] || fail "new-module changed the consumer while refusing '$*'"
    errors=$(printf '%s\n' "$output" | grep -c "^error: " || true)
    [ "$errors" = 1 ] || { printf '%s\n' "$output"; fail "refusing '$*' printed $errors error lines, not one"; }
    printf '   refused %-18s %s\n' "$(printf '%q ' "$@")" "$(printf '%s\n' "$output" | grep "^error: ")"
}

say "new-module --dry-run prints the plan and changes nothing"
before=$(digest)
package --allow-writing-to-package-directory new-module --dry-run Wishlist | tee "$work/dry-run.log"
[ "$(digest)" = "$before" ] || fail "new-module --dry-run changed the consumer"
grep -q "Modules/Wishlist/Sources/WishlistFacade/Wishlist.swift" "$work/dry-run.log" || fail "--dry-run did not list the files"
grep -q "\.product(name: \"MediatorTesting\", package: \"$identity\")" "$work/dry-run.log" ||
    fail "--dry-run did not show the test target depending on the MediatorTesting product"

say "bad and taken names are refused and change nothing"
refused wishlist
refused "$(printf 'Wish\nlist\033[2J')"
refused ConsumerApp
refused Wishlist Extra

say "new-module Wishlist"
package --allow-writing-to-package-directory new-module Wishlist
refused Wishlist

say "the consumer builds (no warnings in the generated module) and its tests pass"
swift build --package-path "$consumer" --scratch-path "$scratch" --build-tests 2>&1 | tee "$work/build.log"
if grep "warning:" "$work/build.log" | grep -q "Wishlist"; then fail "the generated module builds with warnings"; fi
swift test --package-path "$consumer" --scratch-path "$scratch" --skip-build 2>&1 | tee "$work/test.log"
grep -qE "Test run with [1-9][0-9]* tests? .*passed" "$work/test.log" || fail "the generated tests did not pass"
swift run --package-path "$consumer" --scratch-path "$scratch" --skip-build ConsumerApp | tee "$work/run.log"
grep -q "registered: Wishlist" "$work/run.log" || fail "the consumer's app does not register Wishlist"

say "check-module-graph passes on the consumer"
package check-module-graph | tee "$work/graph.log"
grep -q "module graph: ok (1 modules: Wishlist;" "$work/graph.log" || fail "check-module-graph did not pass with Wishlist"

say "check-module-graph flags a planted undeclared import and an implementation-to-implementation import"
package --allow-writing-to-package-directory new-module Orders > /dev/null
planted="$consumer/Modules/Wishlist/Sources/Wishlist/WishlistTarget.swift"
{ printf 'import MediatorTesting\nimport Orders\n'; cat "$planted"; } > "$planted.new" && mv "$planted.new" "$planted"
if package check-module-graph > "$work/graph.log" 2>&1; then cat "$work/graph.log"; fail "check-module-graph passed a planted import"; fi
cat "$work/graph.log"
grep -q "WishlistTarget.swift:1: Wishlist imports MediatorTesting, which it does not declare" "$work/graph.log" ||
    fail "check-module-graph did not flag the undeclared import with file:line"
grep -q "WishlistTarget.swift:2: Wishlist imports Orders's implementation" "$work/graph.log" ||
    fail "check-module-graph did not flag the implementation import with file:line"

say "check-module-graph flags a contract the facade declares but leaves out of its all list"
contracts="$consumer/Modules/Wishlist/Sources/WishlistFacade/Wishlist.swift"
sed -i.orig 's|^\(    public static let greeting = .*\)$|\1\
    public static let forgotten = ActionContract<NoInput, Int>("forgotten", on: target)|' "$contracts"
rm -f "$contracts.orig"
grep -q "static let forgotten" "$contracts" || fail "could not plant a contract in $contracts"
if package check-module-graph > "$work/graph.log" 2>&1; then cat "$work/graph.log"; fail "check-module-graph passed a contract missing from all"; fi
grep -q "Wishlist.swift:[0-9]*: WishlistFacade declares the contract forgotten but its \`all\` list leaves it out" "$work/graph.log" ||
    { cat "$work/graph.log"; fail "check-module-graph did not flag the contract missing from all with file:line"; }

say "passed"
