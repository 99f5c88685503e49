#!/usr/bin/env bash
# Builds the DocC documentation with the toolchain's `docc`; any warning (a broken symbol link, an
# ambiguous overload, a missing article) fails the check.
# - The catalog (Sources/Mediator/Mediator.docc) documents what apps import: the `Mediator` module,
#   whose symbol graph holds the re-exported runtime core (`MediatorCore`) and the Foundation bridge,
#   so its articles link to both. It lives with the umbrella, not the core, because a catalog built
#   over the core's graph alone could not link the `Foundation.URL` / `Data` doors.
# - `MediatorPublishing` is checked on its own graph (its doc comments' links), with no catalog; the
#   catalog's PublishedLinks article names its symbols in code voice. `MediatorNavigation` likewise (the
#   LandingLinks article).
set -euo pipefail
cd "$(dirname "$0")/.."
graphs=$(mktemp -d)
output=$(mktemp -d)
trap 'rm -rf "$graphs" "$output"' EXIT
flags=(--scratch-path .build-docs -Xswiftc -emit-symbol-graph -Xswiftc -emit-symbol-graph-dir -Xswiftc "$graphs/all"
    -Xswiftc -emit-extension-block-symbols)
swift build --target Mediator "${flags[@]}" > /dev/null
swift build --target MediatorPublishing "${flags[@]}" > /dev/null
swift build --target MediatorNavigation "${flags[@]}" > /dev/null

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
    docc convert "$@" --additional-symbol-graph-dir "$graphs/$module" \
        --fallback-display-name "$module" --fallback-bundle-identifier "$module" \
        --output-path "$output/$module" --analyze --warnings-as-errors
}
convert Mediator Sources/Mediator/Mediator.docc
convert MediatorPublishing
convert MediatorNavigation
echo "docs: the catalog's, MediatorPublishing's and MediatorNavigation's documentation build with no warnings"
