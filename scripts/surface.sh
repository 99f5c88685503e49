#!/usr/bin/env bash
# Prints the public surface of the runtime product (what `import Mediator` gives an app) as three
# numbers, and fails when one is above its ceiling in scripts/surface-limits (which also holds the
# goal each number should reach). Runs from a fresh clone: it builds what it needs, in the normal
# `.build`, so after `swift build` it only extracts the symbol graphs (a few seconds).
#
#   scripts/surface.sh                  # the three numbers, against their ceilings and goals
#   scripts/surface.sh --list members   # also list what one number counts: symbols, types or members
#
# How it counts. `swift package dump-symbol-graph --skip-synthesized-members` writes, for each module
# M, `M.symbols.json` (what M declares) and `M@X.symbols.json` (what M adds to module X's types),
# with public and open symbols only (its default minimum access level); extension members are
# attached to the type they extend (its default, --omit-extension-block-symbols). Read from the
# graphs of the modules in RUNTIME_MODULES:
#   symbols  every public or open symbol those modules declare: types, typealiases, associated types,
#            enum cases, initializers, methods, properties, subscripts and operators, static or not,
#            protocol requirements included, and members those modules add in extensions, to their own
#            types or to other modules' (`String.mediatorValue(from:)` counts). Not counted: extension
#            blocks themselves, synthesized members (a protocol's default implementations copied onto
#            each conforming type, inherited members), SPI, anything below public. Each symbol once,
#            by its precise identifier, even if a module that re-exports another lists it too.
#   types    top-level public types: structs, classes, actors, enums, protocols and typealiases
#            declared at module scope (nested types count among the symbols only).
#   members  members on the type MAIN_TYPE: methods, properties, subscripts and initializers, static
#            or not, wherever the product declares them (extensions in any of its modules included),
#            each overload counted on its own (`open(_:)` taking a String and one taking a URL are two).
# The publishing and testing products (catalog export, link reference, MediatorTesting) are not
# counted: an app does not link them.
set -euo pipefail
cd "$(dirname "$0")/.."

# The runtime product's modules, space-separated; the core first. After the split into a core and a
# Foundation bridge this becomes "MediatorCore Mediator".
RUNTIME_MODULES="MediatorCore Mediator"
# The type whose members the third number counts.
MAIN_TYPE="Mediator"
LIMITS=scripts/surface-limits

list=""
case "${1:-}" in
    "") ;;
    --list)
        list="${2:-}"
        case "$list" in symbols | types | members) ;; *) echo "usage: $0 [--list symbols|types|members]" >&2; exit 2 ;; esac
        ;;
    *) echo "usage: $0 [--list symbols|types|members]" >&2; exit 2 ;;
esac

log=$(mktemp)
trap 'rm -f "$log"' EXIT
# No graph from an earlier run may stand in for one this run failed to write.
rm -rf "$(dirname "$(swift build --show-bin-path)")/symbolgraph"
# dump-symbol-graph builds what it needs in .build, then extracts every module's graph. Its one
# expected failure: the test-discovery modules (MediatorPackageTests, MediatorPackageDiscoveredTests)
# have no graph until the tests are built (`swift build` does not build them). Any other error fails.
if ! swift package dump-symbol-graph --skip-synthesized-members > "$log" 2>&1; then
    if grep "error:" "$log" | grep -qv "^error: Failed to emit symbol graph for '[A-Za-z]*PackageTests'\|^error: Failed to emit symbol graph for '[A-Za-z]*PackageDiscoveredTests'"; then
        grep -B 2 -A 10 "error:" "$log" | head -n 60
        echo "surface: swift package dump-symbol-graph failed" >&2
        exit 1
    fi
fi
graphs=$(sed -n 's/^Files written to //p' "$log" | tail -n 1)
if [ -z "$graphs" ] || [ ! -d "$graphs" ]; then
    tail -n 20 "$log"
    echo "surface: dump-symbol-graph did not say where it wrote the symbol graphs" >&2
    exit 1
fi

python3 - "$graphs" "$RUNTIME_MODULES" "$MAIN_TYPE" "$LIMITS" "$list" <<'PYTHON'
import glob
import json
import os
import sys

graphs, modules, main_type, limits_path, listing = sys.argv[1:6]
modules = modules.split()

TYPE_KINDS = {"swift.struct", "swift.class", "swift.actor", "swift.enum", "swift.protocol", "swift.typealias"}
MEMBER_KINDS = {
    "swift.init", "swift.method", "swift.type.method", "swift.property", "swift.type.property",
    "swift.subscript", "swift.type.subscript",
}

symbols = {}  # precise identifier -> (module, extended module or None, symbol)
member_of = {}  # precise identifier -> the precise identifiers it is a member of
for module in modules:
    own = os.path.join(graphs, f"{module}.symbols.json")
    if not os.path.exists(own):
        sys.exit(f"surface: no symbol graph for module {module} (RUNTIME_MODULES in scripts/surface.sh names it)")
    for path in [own] + sorted(glob.glob(os.path.join(graphs, f"{module}@*.symbols.json"))):
        name = os.path.basename(path)[: -len(".symbols.json")]
        extended = name.split("@", 1)[1] if "@" in name else None
        with open(path) as file:
            graph = json.load(file)
        for symbol in graph["symbols"]:
            identifier = symbol["identifier"]["precise"]
            if symbol["accessLevel"] not in ("public", "open"):
                continue
            if symbol["kind"]["identifier"] == "swift.extension" or "::SYNTHESIZED::" in identifier:
                continue
            if symbol.get("spi"):
                continue
            symbols.setdefault(identifier, (module, extended, symbol))
        for relation in graph["relationships"]:
            if relation["kind"] == "memberOf":
                member_of.setdefault(relation["source"], set()).add(relation["target"])


def title(symbol):
    return ".".join(symbol["pathComponents"])


def own_graph(entry):
    return entry[1] is None


types = {i: e for i, e in symbols.items() if own_graph(e) and e[2]["kind"]["identifier"] in TYPE_KINDS
         and len(e[2]["pathComponents"]) == 1}
main = [i for i, e in types.items() if e[2]["pathComponents"] == [main_type]]
if len(main) != 1:
    sys.exit(f"surface: expected one top-level public type {main_type} in {' '.join(modules)}, found {len(main)}")
members = {i: e for i, e in symbols.items() if main[0] in member_of.get(i, ()) and e[2]["kind"]["identifier"] in MEMBER_KINDS}
foreign = sum(1 for e in symbols.values() if e[1] is not None and e[1] not in modules)

limits = {}
with open(limits_path) as file:
    for line in file:
        fields = line.split("#", 1)[0].split()
        if not fields:
            continue
        if len(fields) != 3 or not fields[1].isdigit() or not fields[2].isdigit():
            sys.exit(f"surface: {limits_path}: expected 'name goal ceiling', got: {line.strip()}")
        limits[fields[0]] = (int(fields[1]), int(fields[2]))

counts = [
    ("symbols", "public symbols", len(symbols),
     f"{len(symbols) - foreign} on its own types, {foreign} added to other modules' types"),
    ("types", "top-level public types", len(types), None),
    ("members", f"members on {main_type}", len(members), None),
]
print(f"public surface of the runtime product (modules: {' '.join(modules)})")
failures = []
for key, label, count, detail in counts:
    if key not in limits:
        sys.exit(f"surface: {limits_path} has no line for {key}")
    goal, ceiling = limits[key]
    if count > ceiling:
        verdict = f"ABOVE the ceiling {ceiling}"
        failures.append(f"{label}: {count} > ceiling {ceiling}")
    else:
        verdict = f"ceiling {ceiling}"
    progress = f"{count - goal} above the goal {goal}" if count > goal else f"within the goal {goal}"
    print(f"  {label + ':':<26}{count:>5}   {verdict}; {progress}")
    if detail:
        print(f"  {'':<26}       ({detail})")
    if count < ceiling:
        print(f"  {'':<26}       below its ceiling: lower '{key}' to {count} in {limits_path}")

if listing:
    chosen = {"symbols": symbols, "types": types, "members": members}[listing]
    print(f"\n{listing} ({len(chosen)}):")
    for line in sorted(f"{title(e[2])}  [{e[2]['kind']['identifier'].removeprefix('swift.')}]" for e in chosen.values()):
        print(f"  {line}")

if failures:
    print("\nsurface: the public surface grew past its ceiling (scripts/surface-limits):", file=sys.stderr)
    for failure in failures:
        print(f"  {failure}", file=sys.stderr)
    print("Make it internal or package, fold it into an existing declaration, or, if it must be public,\n"
          "raise the ceiling in the same commit and say why.", file=sys.stderr)
    sys.exit(1)
PYTHON
