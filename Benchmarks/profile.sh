#!/usr/bin/env bash
# Exact instruction counts per call, from callgrind on MediatorProfile's plain loops, with Swift's
# hashing seeded the same in every process (SWIFT_DETERMINISTIC_HASHING=1: without it the counts
# move by about 4% between runs). Each scenario runs twice, with N iterations and with 0, and the
# difference divided by N is one call; setup runs in both and cancels out.
#   Benchmarks/profile.sh                      # every per-call scenario
#   Benchmarks/profile.sh call0 open           # some of them
#   Benchmarks/profile.sh routes               # once-per-count scenarios: printed per route/target
# Needs valgrind (apt-get install valgrind). Builds MediatorProfile in release first.
set -euo pipefail
cd "$(dirname "$0")"
out="$(mktemp -d)"
trap 'rm -rf "$out"' EXIT
swift build -c release --product MediatorProfile >"$out/build" 2>&1 || { cat "$out/build"; exit 1; }
binary=.build/release/MediatorProfile
per_call=(closure0 closure2 dict0 dict2 call0 call2 facadeContract0 facadeContract2 facadeMethod0 facadeMethod2
    perform0 perform2 perform2Declared open openDeclared routingKitOpen found notFound register insert
    closures1 closures10 closures100 broadcast1 broadcast10 broadcast100
    call0Observed call0Gated facadeContract2Observed perform2Observed openObserved openGated)
# Scenarios that do their work once per count over 10,000 targets or routes (run with 1 and 0).
per_route=(routes routesUnrouted routingKitRegister firstMiss firstOpenAfterChange firstMissLocal firstMissRemote)
scenarios=("$@")
if [ ${#scenarios[@]} -eq 0 ]; then scenarios=("${per_call[@]}" "${per_route[@]}"); fi

instructions() { # scenario count -> total instructions of that run
    SWIFT_DETERMINISTIC_HASHING=1 valgrind --tool=callgrind --callgrind-out-file="$out/cg" "$binary" "$1" "$2" \
        >/dev/null 2>"$out/err"
    sed -n 's/.*Collected : *\([0-9]*\).*/\1/p' "$out/err"
}

for scenario in "${scenarios[@]}"; do
    if [[ " ${per_route[*]} " == *" $scenario "* ]]; then
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
