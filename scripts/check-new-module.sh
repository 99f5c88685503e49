#!/usr/bin/env bash
# Proves scripts/new-module.swift (the package's `new-module` plugin) on a throwaway copy of the
# working tree, as CI runs it:
#   - bad names are refused with a non-zero exit and exactly one line of output (the error), and change nothing;
#   - --dry-run prints the plan and changes nothing;
#   - a generated module builds with no warnings, passes its tests and the lint, keeps the module
#     graph clean, and is registered in the App (it shows in `App routes --json`);
#   - a second run with the same name is refused, and changes nothing;
#   - `--uses <Name>` makes a second module wired to the first's facade (both dependency lists, an
#     init(mediator:), a factory registration) that builds and passes; using itself, a facade
#     target or an unknown module is refused with one error line.
# The App's end-to-end tests run too, with the new module registered.
#
#   scripts/check-new-module.sh [Name]      (default: Wishlist)
#
# The copy and its build live in .build-new-module/ (git-ignored; NEW_MODULE_CHECK_DIR moves them),
# kept between runs so that a second run rebuilds only what the generator wrote.
set -euo pipefail
cd "$(dirname "$0")/.."
root=$(pwd)
name=${1:-Wishlist}
work=${NEW_MODULE_CHECK_DIR:-$root/.build-new-module}
copy="$work/package"
scratch="$work/scratch"

started=$SECONDS
say() { printf -- '-- new module (%3d s): %s\n' $((SECONDS - started)) "$*"; }
fail() { echo "check-new-module: $*" >&2; exit 1; }

# The working tree as git sees it (tracked and untracked files, ignored ones left out), so local
# changes are checked too; file times are kept, so the kept build stays valid for unchanged files.
rm -rf "$copy"
mkdir -p "$copy" "$scratch"
git ls-files -z --cached --others --exclude-standard |
    while IFS= read -r -d '' file; do if [ -e "$file" ]; then printf '%s\0' "$file"; fi; done |
    tar --null -T - -cf - | tar -xf - -C "$copy"
cd "$copy"
say "copied the working tree to $copy"
# The plugin builds its tool in the kept scratch directory, outside the copy.
export NEW_MODULE_SCRATCH_PATH="$scratch"

# Every file's checksum and every path, to show that a refused run changed nothing.
digest() {
    { find . \( -name .build -o -name .swiftpm \) -prune -o -print | LC_ALL=C sort
      find . \( -name .build -o -name .swiftpm \) -prune -o -type f -exec cksum {} + | LC_ALL=C sort; } | cksum
}

refused() {
    local before output
    before=$(digest)
    if output=$(swift scripts/new-module.swift "$@" 2>&1); then
        printf '%s\n' "$output"
        fail "new-module accepted '$*'; it should have refused it"
    fi
    [ "$(digest)" = "$before" ] || fail "new-module changed files while refusing '$*'"
    # Exactly one line in all, the error: not one error among SwiftPM's build lines.
    local lines
    lines=$(printf '%s\n' "$output" | wc -l)
    { [ "$lines" -eq 1 ] && printf '%s\n' "$output" | grep -q "^error: "; } ||
        { printf '%s\n' "$output"; fail "refusing '$*' printed $lines lines, not one error line"; }
    printf '   refused %-18s %s\n' "$(printf '%q ' "$@")" "$(printf '%s\n' "$output" | grep "^error: ")"
}

say "bad names are refused and change nothing"
refused ""
refused lowercase
refused 9Lives
refused Wish-list
refused ModuleA           # an existing target
refused Shared            # an existing directory under Modules/
refused Products          # an existing mediator target
refused "${name}Facade"   # a suffix the generator adds itself
refused "$name" Extra     # more than one name
refused "$(printf 'Bad\nName\033[1m')"   # control characters are echoed escaped, on one line
refused --dry-run         # no name

say "--dry-run prints the plan and changes nothing"
before=$(digest)
swift scripts/new-module.swift --dry-run "$name" | tee "$work/dry-run.log"
[ "$(digest)" = "$before" ] || fail "new-module --dry-run changed files"
grep -q "Modules/$name/Sources/$name/${name}Target.swift" "$work/dry-run.log" || fail "--dry-run did not list the files"

# A refused name is echoed on one line, its controls escaped: a newline, a CR, an ESC sequence and a
# bidirectional override cannot forge a line or drive the terminal.
for hostile in $'Wish\nforged' $'Wish\rforged' $'Wish\e[2Kforged' $'Wish\u202Eforged' $'-\nforged'; do
    before=$(digest)
    if output=$(swift scripts/new-module.swift "$hostile" 2>&1); then fail "new-module accepted a name with a control character"; fi
    [ "$(digest)" = "$before" ] || fail "new-module changed files while refusing a name with a control character"
    # The plugin's build prints progress lines first; the refusal is one `error:` line, and no line
    # is the name's forged second half.
    errors=$(printf '%s\n' "$output" | grep -c "^error: " || true)
    [ "$errors" = 1 ] || fail "a refused name printed $errors error lines, not one: $output"
    if printf '%s\n' "$output" | grep -q "^forged"; then fail "a refused name forged a line: $output"; fi
    case "$output" in *$'\r'* | *$'\e'* | *$'\u202E'*) fail "a refused name was echoed raw: $output" ;; esac
    printf '   refused %-16s %s\n' "(control)" "$(printf '%s\n' "$output" | grep "^error: ")"
done

say "generating $name"
swift scripts/new-module.swift "$name"
for file in "Modules/$name/Sources/${name}Facade/$name.swift" "Modules/$name/Sources/${name}Facade/Mediator+$name.swift" \
    "Modules/$name/Sources/$name/${name}Target.swift" "Tests/${name}Tests/${name}ContractTests.swift"; do
    [ -f "$file" ] || fail "the generator did not create $file"
done

say "a second run with the same name is refused and changes nothing"
refused "$name"

say "--uses: a module that calls $name's facade; itself, a facade target or an unknown module is refused"
user="${name}Shelf"
refused "$user" --uses "$user"          # the module itself
refused "$user" --uses "${name}Facade"  # a facade target, not a module name
refused "$user" --uses Nowhere          # no such module
swift scripts/new-module.swift --uses "$name" "$user"
grep -q "public init(mediator: Mediator)" "Modules/$user/Sources/$user/${user}Target.swift" ||
    fail "--uses did not give ${user}Target an init(mediator:)"
grep -q "^import ${name}Facade" "Modules/$user/Sources/$user/${user}Target.swift" || fail "--uses did not import ${name}Facade"
grep -q "try mediator.register { ${user}Target(mediator: \$0) }" App/Sources/App/ShopApp.swift ||
    fail "--uses did not register ${user}Target with a factory"
[ "$(grep -c "\"${name}Facade\"" Package.swift)" -ge 6 ] ||
    fail "--uses did not add ${name}Facade to ${user}'s and ${user}Tests' dependencies"

say "lint: the generated files and the edited ones"
swift format lint --strict --configuration .swift-format -r \
    "Modules/$name" "Tests/${name}Tests" "Modules/$user" "Tests/${user}Tests" App/Sources/App/ShopApp.swift Package.swift

say "module graph"
swift package --scratch-path "$scratch" check-module-graph | tee "$work/graph.log"
grep -q "$name" "$work/graph.log" || fail "the module graph does not list $name"

say "swift build --build-tests: must print no warnings"
swift build --build-tests --scratch-path "$scratch" 2>&1 | tee "$work/build.log"
if grep -q "warning:" "$work/build.log"; then fail "the build printed warnings"; fi

say "the module's tests"
swift test --skip-build --scratch-path "$scratch" --filter "(${name}|${user})Tests\." 2>&1 | tee "$work/test.log"
grep -qE "Test run with [1-9][0-9]* tests? .*passed" "$work/test.log" || fail "no test of ${name}Tests ran"
grep -q "Suite \"${user} module\" passed" "$work/test.log" || fail "the tests of ${user} (using ${name}) did not pass"

say "the App's end-to-end tests, with the module registered"
# The module's example route is a new link, so the committed conformance vectors are refreshed
# first, as a developer does after adding a route (`swift run App links vectors`); every other App
# test must pass unchanged with the new module registered.
swift run --skip-build --scratch-path "$scratch" App links vectors > App/link-vectors.json
swift test --skip-build --scratch-path "$scratch" --filter "AppTests\." 2>&1 | tee "$work/app-test.log"
grep -qE "Test run with [1-9][0-9]* tests? .*passed" "$work/app-test.log" || fail "no App test ran"

say "the App registers it"
swift run --skip-build --scratch-path "$scratch" App routes --json > "$work/routes.json"
grep -q "\"$name\"" "$work/routes.json" || fail "App routes --json does not list $name"
swift run --skip-build --scratch-path "$scratch" App > /dev/null || fail "the App's tour failed with $name registered"

say "passed"
