#!/usr/bin/env bash
# Builds the Mediator DocC catalog against the library's symbol graph with the toolchain's `docc`;
# any warning (a broken symbol link, an ambiguous overload, a missing article) fails the check.
set -euo pipefail
cd "$(dirname "$0")/.."
graphs=$(mktemp -d)
output=$(mktemp -d)
trap 'rm -rf "$graphs" "$output"' EXIT
swift build --target Mediator --scratch-path .build-docs \
    -Xswiftc -emit-symbol-graph -Xswiftc -emit-symbol-graph-dir -Xswiftc "$graphs" > /dev/null
docc convert Sources/Mediator/Mediator.docc --additional-symbol-graph-dir "$graphs" \
    --fallback-display-name Mediator --fallback-bundle-identifier Mediator \
    --output-path "$output" --analyze --warnings-as-errors
echo "docs: the catalog builds with no warnings"
