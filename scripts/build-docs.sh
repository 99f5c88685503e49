#!/usr/bin/env bash
# Builds the documentation into a folder and keeps it, with the toolchain's `docc`; any warning (a
# broken symbol link, an ambiguous overload, a missing article) fails the build.
#   scripts/build-docs.sh              # into .build/docs/<Module> (one static site per module)
#   scripts/build-docs.sh DIR          # into DIR/<Module>
# Open DIR/<Module>/index.html through any static file server (`python3 -m http.server -d DIR/Mediator`,
# then /documentation/mediator); `scripts/check-docs.sh` (CI) builds into a temporary folder.
# - The catalog Sources/Mediator/Mediator.docc documents what apps import: the `Mediator` module,
#   whose symbol graph holds the re-exported runtime core (`MediatorCore`) and the Foundation bridge,
#   so its articles link to both. It lives with the umbrella, not the core, because a catalog built
#   over the core's graph alone could not link the `Foundation.URL` / `Data` doors.
# - `MediatorTesting` has its own catalog (Sources/MediatorTesting/MediatorTesting.docc), for test
#   targets; `MediatorPublishing` and `MediatorNavigation` are built from their own graphs (their doc
#   comments), with no catalog; the catalog's articles name their symbols in code voice.
set -euo pipefail
cd "$(dirname "$0")/.."
output=${1:-.build/docs}
mkdir -p "$output"
output=$(cd "$output" && pwd)
graphs=$(mktemp -d)
trap 'rm -rf "$graphs"' EXIT
flags=(--scratch-path .build-docs -Xswiftc -emit-symbol-graph -Xswiftc -emit-symbol-graph-dir -Xswiftc "$graphs/all"
    -Xswiftc -emit-extension-block-symbols)
for target in Mediator MediatorPublishing MediatorNavigation MediatorTesting; do
    swift build --target "$target" "${flags[@]}" > /dev/null
done

# One module's graphs per run: docc documents one module at a time.
convert() {
    local module=$1
    shift
    mkdir -p "$graphs/$module"
    cp "$graphs/all/$module.symbols.json" "$graphs/$module/"
    # The module's extensions of other modules' types, when it has any.
    for extension in "$graphs/all/$module"@*.symbols.json; do
        if [ -e "$extension" ]; then cp "$extension" "$graphs/$module/"; fi
    done
    rm -rf "${output:?}/$module"
    docc convert "$@" --additional-symbol-graph-dir "$graphs/$module" \
        --fallback-display-name "$module" --fallback-bundle-identifier "$module" \
        --output-path "$output/$module" --transform-for-static-hosting --analyze --warnings-as-errors
}
convert Mediator Sources/Mediator/Mediator.docc
convert MediatorPublishing
convert MediatorNavigation
convert MediatorTesting Sources/MediatorTesting/MediatorTesting.docc
echo "docs: Mediator (catalog), MediatorPublishing, MediatorNavigation and MediatorTesting (catalog) built with no warnings into $output"
