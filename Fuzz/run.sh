#!/usr/bin/env bash
# Builds the libFuzzer target (Fuzz/*.swift over the library's three modules: the core, the Foundation
# bridge and publishing + the tests' ports of the platforms' link matching, with AddressSanitizer)
# and runs it for a bounded number of inputs, starting from the committed seed corpus.
#
#   Fuzz/run.sh                    # 100,000 runs, random seed (printed as "Seed:")
#   Fuzz/run.sh 2000000            # more
#   FUZZ_SEED=1 Fuzz/run.sh 1000   # a fixed seed, as CI uses, so a CI failure replays exactly
#   MEDIATOR_FUZZ_STATS=1 Fuzz/run.sh 1000   # also print which steps and error codes the inputs reached
#
# A crash or broken invariant exits non-zero and leaves the input in Fuzz/artifacts/ (gitignored);
# turn each one into a regression test in Tests/MediatorTests/FuzzRegressions/FuzzRegressionTests.swift.
# Replay one input: .build-fuzz/mediator-fuzz Fuzz/artifacts/crash-...
set -euo pipefail
cd "$(dirname "$0")/.."

runs="${1:-100000}"
out=.build-fuzz
mkdir -p "$out/corpus" "$out/modules" Fuzz/artifacts

harness=$(find Fuzz -maxdepth 1 -name '*.swift' | sort)
# The ports of Android's and Apple's link matching, which check the association export, live in
# MediatorPublishing (Association/), read through `@testable import` like the other internals.
# The core's C target: its headers through the module map next to them, its one global compiled here.
clang -c -O2 -g -fsanitize=fuzzer-no-link,address -I Sources/CMediatorAtomics/include \
    Sources/CMediatorAtomics/CMediatorAtomics.c -o "$out/CMediatorAtomics.o"
# The package's settings (Package.swift's sharedSettings), so the fuzzed code compiles as shipped.
settings=(-swift-version 6
    -enable-upcoming-feature ExistentialAny
    -enable-upcoming-feature InternalImportsByDefault
    -enable-upcoming-feature MemberImportVisibility
    -package-name Mediator -parse-as-library -sanitize=fuzzer,address -O -g
    -I Sources/CMediatorAtomics/include -I "$out/modules")
# The library targets as the package builds them, one module each, with testing enabled so the
# harness reads internals (`@testable import`): the escaping rule (MediatorText), the core (MediatorCore), the Foundation bridge
# (Mediator: the Data route configuration documents) and publishing (MediatorPublishing: the
# association export).
library() {
    local name=$1
    swiftc "${settings[@]}" -enable-testing -module-name "$name" -wmo -c \
        -emit-module -emit-module-path "$out/modules/$name.swiftmodule" \
        $(find "Sources/$name" -name '*.swift' | sort) -o "$out/$name.o"
}
library MediatorText
library MediatorCore
library Mediator
library MediatorPublishing
swiftc "${settings[@]}" -module-name MediatorFuzz $harness \
    "$out/CMediatorAtomics.o" "$out/MediatorText.o" "$out/MediatorCore.o" "$out/Mediator.o" "$out/MediatorPublishing.o" \
    -o "$out/mediator-fuzz"

# Swift's own crash backtracer would race AddressSanitizer and libFuzzer for the crash report; leave it to them.
export SWIFT_BACKTRACE=enable=no
# No allocation stacks kept for reports (a sixth of the run time): ASan still stops at the bad access
# and prints its stack; replay the artifact with ASAN_OPTIONS=malloc_context_size=30 for the rest.
export ASAN_OPTIONS="${ASAN_OPTIONS:-malloc_context_size=0}"
# The long inputs (10,000-byte scheme, query key, path; a URL over the 16,384-byte limit) run first,
# once each and whole, so every run checks that error text stays short however long the input. They
# are not mutated: libFuzzer mutates an input at its own length, which would make every run slow.
"$out/mediator-fuzz" Fuzz/corpus-long -runs=0 -max_len=16500 -timeout=10 -rss_limit_mb=2048 \
    -artifact_prefix=Fuzz/artifacts/
# New inputs go to the scratch corpus (first directory); the committed seeds are read only.
seed=()
if [ -n "${FUZZ_SEED:-}" ]; then seed=(-seed="$FUZZ_SEED"); fi
"$out/mediator-fuzz" "$out/corpus" Fuzz/corpus "${seed[@]}" \
    -dict=Fuzz/url.dict -runs="$runs" -max_len=4096 -timeout=10 -rss_limit_mb=2048 \
    -artifact_prefix=Fuzz/artifacts/ -print_final_stats=1
