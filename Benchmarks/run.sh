#!/usr/bin/env bash
# Builds and runs every benchmark in release mode, then prints the medians and the ratios that
# issues 5, 9, 10 and 19 set targets for, all from this one run. Usage, from a fresh clone:
#   Benchmarks/run.sh                 # everything (about 3 minutes on 2 cores, after the build)
#   Benchmarks/run.sh --filter 'Call.*'            # a subset; ratios whose inputs did not run are left out
#   Benchmarks/run.sh --filter 'Call.*' --filter 'Errors.*'
# A filter is a regular expression that must match a benchmark's whole name.
set -euo pipefail
cd "$(dirname "$0")"
out="$(mktemp -d)"
trap 'rm -rf "$out"' EXIT
# --disable-sandbox: the plugin writes its export to $out, outside the package directory.
swift package --disable-sandbox benchmark --no-progress --format jmh --path "$out" "$@" >"$out/log" 2>&1 || {
    cat "$out/log"
    exit 1
}
python3 - "$out"/*.jmh.json <<'PY'
import json, re, sys

def operations(name):
    """How many operations one measured iteration of a benchmark performs."""
    if m := re.search(r"(\d+) thread\(s\) x (\d+) calls", name): return int(m[1]) * int(m[2])
    if m := re.search(r" x(\d+)$", name): return int(m[1])
    if m := re.search(r"register (\d+) (targets|routes)", name): return int(m[1])
    if name.startswith("Errors: "): return 100  # errorCallsPerIteration in ErrorBenchmarks.swift
    return 1000  # per-call benchmarks run 1,000 calls per iteration (scalingFactor .kilo)

rows = {}
for element in json.load(open(sys.argv[1])):
    name = element["benchmark"].split(".", 3)[3].replace("_", " ")
    ops = operations(name)
    metrics = element["secondaryMetrics"]
    median = lambda key: metrics[key]["scorePercentiles"]["50.0"]
    rows[name] = {
        "ns": median("Time (wall clock)") * 1000 / ops,       # JMH export is in μs per iteration
        "mallocs": median("Malloc (total)") / ops,
        "bytes": median("Malloc / free Δ (bytes)"),           # net bytes kept, per iteration
        "ops": ops,
    }

print("| Benchmark | median ns/op | mallocs/op |")
print("|---|---:|---:|")
for name in sorted(rows):
    r = rows[name]
    print(f"| {name} | {r['ns']:.1f} | {r['mallocs']:.2f} |")

def ns(name): return rows[name]["ns"] if name in rows else None
def ratio(a, b):
    x, y = ns(a), ns(b)
    return None if x is None or y is None else x / y

checks = []
def check(label, value, goal, ok, unit="x"):
    if value is None: return
    verdict = "for comparison" if ok is None else "met" if ok(value) else "missed"
    checks.append((label, f"{value:.2f}{unit}", goal, verdict))

def mallocs(name): return rows[name]["mallocs"] if name in rows else None

# Issue 9: a typed call through a contract costs at most 5x a direct closure call, and the
# two-parameter call allocates nothing.
for params in ["no parameters", "two parameters"]:
    r = ratio(f"Call: typed call through a contract, {params}", f"Call: direct closure, {params}")
    check(f"typed call / direct closure, {params}", r, "≤ 5x", lambda v: v <= 5)
check("heap allocations per call: typed call, no parameters",
      mallocs("Call: typed call through a contract, no parameters"), "0", lambda v: v == 0, unit="")
check("heap allocations per call: typed call, two parameters",
      mallocs("Call: typed call through a contract, two parameters"), "0", lambda v: v == 0, unit="")
# The string door against the baseline a by-name caller would write itself.
for params in ["no parameters", "two parameters"]:
    r = ratio(f"Call: mediator perform by names, {params}", f"Call: dictionary lookup + call, {params}")
    check(f"perform by names / dictionary lookup, {params}", r, "≤ 1.2x", lambda v: v <= 1.2)
for params in ["no parameters", "two parameters"]:
    r = ratio(f"Call: facade over contracts, {params}", f"Call: direct closure, {params}")
    check(f"facade over contracts / direct closure, {params}", r, "(none)", None)
    r = ratio(f"Call: Swinject resolve + call, {params}", f"Call: typed call through a contract, {params}")
    check(f"Swinject resolve / typed call, {params}", r, "(none)", None)
for count in [10, 100, 1000, 10000]:
    r = ratio(f"URL: RoutingKit TrieRouter split + route, {count} routes", f"URL: mediator open, {count} routes")
    check(f"URL open speed-up over TrieRouter, {count} routes", r, "≥ 3x", lambda v: v >= 3)
r = ratio("URL: mediator open, 10000 routes", "URL: mediator open, 10 routes")
check("URL open at 10,000 routes / at 10 routes", r, "≤ 1.2x", lambda v: v <= 1.2)
for shape in ["perform by names", "typed call"]:
    one, two = f"Threads: {shape}, 1 thread(s) x 100000 calls", f"Threads: {shape}, 2 thread(s) x 100000 calls"
    if one in rows and two in rows:
        # Per-op time already divides by total calls: throughput ratio = 1-thread ns/op over 2-thread ns/op.
        check(f"two-thread throughput / one thread, {shape}", ns(one) / ns(two), "≥ 1.8x", lambda v: v >= 1.8)
# Issue 10: an error costs at most a small multiple of a success, whatever the registry's size.
success = "Errors: perform by names, success, 10000 targets"
for failure in [
    "missing target close to a registered name",
    "missing target with a 251-character name",
    "missing action on an existing target",
]:
    r = ratio(f"Errors: perform by names, {failure}, 10000 targets", success)
    check(f"error / success at 10,000 targets: {failure}", r, "a small multiple", None)
# Issue 10: route building proportional to routes, at most RoutingKit's registration per route.
for count in [1000, 10000]:
    with_routes, without = f"Routes: register {count} targets with routes + first open", f"Routes: register {count} targets without routes + first open"
    trie = f"Routes: RoutingKit TrieRouter register {count} routes"
    r = ratio(with_routes, trie)
    check(f"route building per route / RoutingKit register per route, {count} routes", r, "≤ 1x", lambda v: v <= 1)
    if with_routes in rows and without in rows and trie in rows:
        # The routes alone: the same targets without patterns subtracted.
        check(f"route building without target registration / RoutingKit register, {count} routes",
              (ns(with_routes) - ns(without)) / ns(trie), "(none)", None)
    if with_routes in rows and without in rows:
        per_route = (rows[with_routes]["bytes"] - rows[without]["bytes"]) / count
        check(f"bytes kept per route, {count} routes", per_route, "≤ 250 B", lambda v: v <= 250, unit=" B")
for count in [1000, 10000]:
    r = ratio(f"Register: mediator register(targetNamed:) x{count}", f"Register: dictionary insert x{count}")
    check(f"register a target / dictionary insert, {count} targets", r, "≤ 1.5x", lambda v: v <= 1.5)
# Issue 19: a broadcast costs at most 2x a plain loop over the same number of closures.
for count in [1, 10, 100]:
    r = ratio(f"Events: broadcast to {count} subscribers", f"Events: loop over {count} closures")
    check(f"broadcast / loop over closures, {count} subscriber(s)", r, "≤ 2x", lambda v: v <= 2)
# Issue 29, item 1: one interceptor installed costs a typed call at most 2x, perform and URL open 1.3x.
for label in ["an observing interceptor", "a gate interceptor on an open gate"]:
    for door, plain, goal, limit in [
        ("typed call through a contract, two parameters", "Call: typed call through a contract, two parameters", "≤ 2x", 2),
        ("perform by names, two parameters", "Call: mediator perform by names, two parameters", "≤ 1.3x", 1.3),
        ("URL open, 100 routes", "URL: mediator open, 100 routes", "≤ 1.3x", 1.3),
    ]:
        r = ratio(f"Intercepted: {door}, {label}", plain)
        check(f"{door} with {label} / without", r, goal, lambda v, l=limit: v <= l)
for name, goal, limit in [
    ("Call: mediator perform by names, no parameters", "0", 0),
    ("Call: mediator perform by names, two parameters", "≤ 1", 1),
]:
    if name in rows:
        check(f"heap allocations per call: {name[6:]}", rows[name]["mallocs"], goal, lambda v, l=limit: v <= l, unit="")

print()
print("| Target | measured | goal | |")
print("|---|---:|---|---|")
for label, value, goal, verdict in checks:
    print(f"| {label} | {value} | {goal} | {verdict} |")
PY
