#!/usr/bin/env bash
# Exact instruction counts per call, from callgrind on MediatorProfile's plain loops, with Swift's
# hashing seeded the same in every process (SWIFT_DETERMINISTIC_HASHING=1: without it the counts
# move by about 4% between runs). Each scenario runs twice, with N iterations and with 0, and the
# difference divided by N is one call; setup runs in both and cancels out.
#   Benchmarks/profile.sh                      # every per-call scenario
#   Benchmarks/profile.sh call0 open           # some of them
#   Benchmarks/profile.sh routes               # once-per-count scenarios: printed per route/target
#   Benchmarks/profile.sh heapRoutes100        # heap kept (bytes, glibc mallinfo2), run without valgrind
#   Benchmarks/profile.sh --list               # the scenario names, one a line (Benchmarks/regenerate.sh reads them)
# Needs valgrind (apt-get install valgrind). Builds MediatorProfile in release first.
set -euo pipefail
cd "$(dirname "$0")"
per_call=(closure0 closure2 dict0 dict2 call0 call2 facadeContract0 facadeContract2 facadeMethod0 facadeMethod2
    perform0 perform2 open openEnum openBackStack routingKitOpen found
    notFound register insert
    closures1 closures10 closures100 broadcast1 broadcast10 broadcast100
    call0Observed call0Gated facadeContract2Observed perform2Observed perform2Gated openObserved openGated)
# Held links (one per opening of `ready`, with 0 or 999 others held; or 1,000 per opening): a task
# switch per opening, so fewer iterations.
per_link=(hold1 hold1000 holdBatch1000)
# Scenarios that do their work once per count over 10,000 targets or routes (run with 1 and 0).
per_route=(routes routesUnrouted routingKitRegister routes100 routingKitRegister100 firstMiss firstOpenAfterChange firstMissLocal firstMissRemote)
# Heap kept per target, route or held link: bytes in use after less before (glibc mallinfo2).
heap=(heapRoutes100 heapRoutes10000 heapRoutingKit100 heapRoutingKit10000 heapHeld1000)
if [ "${1:-}" = --list ]; then
    printf '%s\n' "${per_call[@]}" "${per_link[@]}" "${per_route[@]}" "${heap[@]}"
    exit 0
fi
out="$(mktemp -d)"
trap 'rm -rf "$out"' EXIT
swift build -c release --product MediatorProfile >"$out/build" 2>&1 || { cat "$out/build"; exit 1; }
binary=.build/release/MediatorProfile
scenarios=("$@")
if [ ${#scenarios[@]} -eq 0 ]; then scenarios=("${per_call[@]}" "${per_link[@]}" "${per_route[@]}" "${heap[@]}"); fi

instructions() { # scenario count -> total instructions of that run
    SWIFT_DETERMINISTIC_HASHING=1 valgrind --tool=callgrind --callgrind-out-file="$out/cg" "$binary" "$1" "$2" \
        >/dev/null 2>"$out/err"
    sed -n 's/.*Collected : *\([0-9]*\).*/\1/p' "$out/err"
}

for scenario in "${scenarios[@]}"; do
    if [[ " ${heap[*]} " == *" $scenario "* ]]; then
        bytes=$(SWIFT_DETERMINISTIC_HASHING=1 "$binary" "$scenario" 0 | sed -n 's/^heap bytes kept: //p')
        python3 -c "print(f'{\"$scenario\":<20} {$bytes:>14,}')"
        continue
    elif [[ " ${per_link[*]} " == *" $scenario "* ]]; then
        count=2000
        divisor=2000
    elif [[ " ${per_route[*]} " == *" $scenario "* ]]; then
        count=1
        divisor=10000
        case "$scenario" in firstMiss | firstOpenAfterChange | firstMissLocal | firstMissRemote) divisor=1 ;; esac
    else
        count=20000
        divisor=20000
    fi
    with=$(instructions "$scenario" "$count")
    without=$(instructions "$scenario" 0)
    python3 -c "print(f'{\"$scenario\":<20} {($with - $without) / $divisor:>14,.0f}')"
done
