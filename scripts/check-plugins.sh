#!/usr/bin/env bash
# Proves the package's command plugins from a package that depends on this one, as a team would
# use them (CI runs it):
#   - a scratch consumer package vendors this working tree at Vendor/Mediator (the layout the Macros
#     README recommends) and depends on it by path;
#   - `new-module --dry-run` prints the plan and changes nothing; bad and taken names are refused
#     with one error line, changing nothing;
#   - `new-module Wishlist` adds the module, editing the consumer's own files only (never the
#     vendored copy, whose App holds the same anchors); the consumer builds with no warnings in the
#     module, its tests pass, and its app registers the module;
#   - `check-module-graph` passes (exit status 0), then fails (exit status 1) and reports each problem
#     as `path:line:column: error:`: a planted undeclared import, an implementation importing another
#     (in spellings a line scanner missed: CRLF, `import A; import B`, the module on the next line),
#     a contract declared over two lines and left out of a facade's `all` list; a file whose name
#     holds a newline and a forged verdict is printed escaped, on its own line.
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
vendored="$consumer/Vendor/Mediator"
# SwiftPM names a path dependency by its directory's last component, lowercased.
identity=mediator

started=$SECONDS
say() { printf -- '-- plugins (%3d s): %s\n' $((SECONDS - started)) "$*"; }
fail() { echo "check-plugins: $*" >&2; exit 1; }
package() { swift package --package-path "$consumer" --scratch-path "$scratch" "$@"; }
digest() {
    (cd "$consumer" && { find . \( -name .build -o -name .swiftpm \) -prune -o -print | LC_ALL=C sort
        find . \( -name .build -o -name .swiftpm \) -prune -o -type f -exec cksum {} + | LC_ALL=C sort; } | cksum)
}

rm -rf "$consumer"
mkdir -p "$consumer/Sources/ConsumerApp" "$scratch" "$vendored"
# The working tree as git sees it (tracked and untracked files, ignored ones left out), file times
# kept so the kept build stays valid for unchanged files.
(cd "$root" && git ls-files -z --cached --others --exclude-standard |
    while IFS= read -r -d '' file; do if [ -e "$file" ]; then printf '%s\0' "$file"; fi; done |
    tar --null -T - -cf -) | tar -xf - -C "$vendored"
vendored_digest() { (cd "$vendored" && find . -type f -exec cksum {} + | LC_ALL=C sort | cksum); }
vendored_before=$(vendored_digest)
cat > "$consumer/Package.swift" <<MANIFEST
// swift-tools-version: 6.1
import PackageDescription

let package = Package(
    name: "Consumer",
    platforms: [.macOS(.v13), .iOS(.v16)],
    dependencies: [.package(path: "Vendor/Mediator")],
    targets: [
        .executableTarget(
            name: "ConsumerApp",
            dependencies: [
                .product(name: "Mediator", package: "$identity"),
                .product(name: "MediatorPublishing", package: "$identity"),
                // swift package new-module adds each new module to the App's dependencies above this line.
            ]),
    ]
)
MANIFEST
cat > "$consumer/Sources/ConsumerApp/main.swift" <<'MAIN'
import Mediator
import MediatorPublishing

let mediator = Mediator()
// swift package new-module registers each new module above this line.
print("registered: \(mediator.catalog().targets.map(\.name).joined(separator: ", "))")
MAIN
say "a consumer package vendoring $root at Vendor/Mediator"

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

say "new-module Wishlist edits the consumer's files, never the vendored copy (whose App has the same anchors)"
package --allow-writing-to-package-directory new-module Wishlist | tee "$work/new-module.log"
refused Wishlist
[ "$(vendored_digest)" = "$vendored_before" ] || fail "new-module edited the vendored copy in Vendor/Mediator"
grep -q "It is registered in Sources/ConsumerApp/main.swift." "$work/new-module.log" ||
    fail "new-module did not register Wishlist in the consumer's own main.swift"
grep -q "^import Wishlist" "$consumer/Sources/ConsumerApp/main.swift" || fail "new-module did not import Wishlist in main.swift"

say "the consumer builds (no warnings in the generated module) and its tests pass"
swift build --package-path "$consumer" --scratch-path "$scratch" --build-tests 2>&1 | tee "$work/build.log"
if grep "warning:" "$work/build.log" | grep -q "Wishlist"; then fail "the generated module builds with warnings"; fi
swift test --package-path "$consumer" --scratch-path "$scratch" --skip-build 2>&1 | tee "$work/test.log"
grep -qE "Test run with [1-9][0-9]* tests? .*passed" "$work/test.log" || fail "the generated tests did not pass"
swift run --package-path "$consumer" --scratch-path "$scratch" --skip-build ConsumerApp | tee "$work/run.log"
grep -q "registered: Wishlist" "$work/run.log" || fail "the consumer's app does not register Wishlist"

say "check-module-graph passes on the consumer (exit status 0)"
package check-module-graph > "$work/graph.log" 2>&1 || { cat "$work/graph.log"; fail "check-module-graph failed on the consumer"; }
cat "$work/graph.log"
grep -q "^module graph: ok (1 modules: Wishlist;" "$work/graph.log" || fail "check-module-graph did not pass with Wishlist"

# Runs check-module-graph expecting it to fail: exit status 1, each problem a `path:line:column: error:` line.
graph_fails() {
    local status=0
    package check-module-graph > "$work/graph.log" 2>&1 || status=$?
    cat "$work/graph.log"
    [ "$status" = 1 ] || fail "check-module-graph exited with $status, not 1, $*"
}
requires() {
    grep -qF -- "$1" "$work/graph.log" || fail "check-module-graph did not report: $1"
}

say "check-module-graph reports undeclared and implementation imports, in spellings a line scanner missed"
package --allow-writing-to-package-directory new-module Orders > /dev/null
implementation="$consumer/Modules/Wishlist/Sources/Wishlist"
planted="$implementation/WishlistTarget.swift"
{ printf 'import MediatorTesting\nimport Orders\n'; cat "$planted"; } > "$planted.new" && mv "$planted.new" "$planted"
# CRLF line endings, two imports on a line, the module on the next line; and imports the compiler
# does not see, in nested block comments and after a string holding `/*`.
printf 'let glob = "Sources/*.swift"\r\nimport Foundation; import Orders\r\n/* outer /* nested */ import Orders */\r\nimport\r\n    Orders\r\n' \
    > "$implementation/Planted.swift"
graph_fails "with planted imports"
requires "/Modules/Wishlist/Sources/Wishlist/WishlistTarget.swift:1:1: error: Wishlist imports MediatorTesting, which it does not declare"
requires "/Modules/Wishlist/Sources/Wishlist/WishlistTarget.swift:2:1: error: Wishlist imports Orders's implementation"
requires "/Modules/Wishlist/Sources/Wishlist/Planted.swift:2:20: error: Wishlist imports Orders's implementation"
requires "/Modules/Wishlist/Sources/Wishlist/Planted.swift:4:1: error: Wishlist imports Orders's implementation"
[ "$(grep -c "Planted.swift" "$work/graph.log")" = 2 ] || fail "check-module-graph reported an import in a comment"
[ "$(tail -n 1 "$work/graph.log")" = "module graph: 4 problem(s)" ] || fail "the count is not the last line"

say "a file name cannot forge the verdict: it is printed escaped, on the problem's own line"
rm "$implementation/Planted.swift"
forged="$implementation/$(printf 'Forged\nmodule graph: ok (1 modules: Wishlist; 9 targets\e[2K).swift')"
printf 'import Orders\n' > "$forged"
graph_fails "with a forged file name"
requires 'Forged\u{A}module graph: ok (1 modules: Wishlist; 9 targets\u{1B}[2K).swift:1:1: error: Wishlist imports Orders'
if grep -q "^module graph: ok" "$work/graph.log"; then fail "a file name forged the verdict line"; fi
if grep -q $'\e' "$work/graph.log"; then fail "an escape character reached the output raw"; fi
rm "$forged"

say "check-module-graph reports a contract declared over two lines and left out of the facade's all list"
contracts="$consumer/Modules/Wishlist/Sources/WishlistFacade/Wishlist.swift"
sed -i.orig 's|^\(    public static let greeting = .*\)$|\1\
    public static let forgotten =\
        ActionContract<NoInput, Int>("forgotten", on: target)|' "$contracts"
rm -f "$contracts.orig"
grep -q "static let forgotten" "$contracts" || fail "could not plant a contract in $contracts"
line=$(grep -n "static let forgotten" "$contracts" | cut -d: -f1)
graph_fails "with a contract missing from all"
requires "/Modules/Wishlist/Sources/WishlistFacade/Wishlist.swift:$line:23: error: WishlistFacade declares the contract forgotten but its \`all\` list leaves it out"

say "passed"
