#!/usr/bin/env bash
# Proves that MediatorTesting fails XCTest cases: builds a scratch consumer package (an XCTest-only
# test target depending on this package by path) around Tests/XCTestReporting/ExpectedFailures.swift,
# runs it, and checks that exactly the cases meant to fail failed, each at its `FAILS HERE` line with
# its message, and that the passing case passed. CI runs it; it takes a build of the package.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
fixture="$root/Tests/XCTestReporting/ExpectedFailures.swift"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

# A path dependency's identity is its directory's name, whatever the clone is called.
identity="$(basename "$root" | tr '[:upper:]' '[:lower:]')"
mkdir -p "$work/consumer/Tests/ConsumerTests"
cp "$fixture" "$work/consumer/Tests/ConsumerTests/"
cat > "$work/consumer/Package.swift" <<MANIFEST
// swift-tools-version: 6.1
import PackageDescription

let package = Package(
    name: "Consumer",
    platforms: [.macOS(.v13), .iOS(.v16), .tvOS(.v16), .watchOS(.v9), .visionOS(.v1)],
    dependencies: [.package(path: "$root")],
    targets: [
        .testTarget(
            name: "ConsumerTests",
            dependencies: [
                .product(name: "Mediator", package: "$identity"),
                .product(name: "MediatorTesting", package: "$identity"),
            ])
    ]
)
MANIFEST

set +e
swift test --package-path "$work/consumer" --disable-swift-testing > "$work/log" 2>&1
status=$?
set -e
if [ "$status" -eq 0 ]; then
    cat "$work/log"
    echo "the cases meant to fail passed: MediatorTesting did not report to XCTest"; exit 1
fi
failures=0
while IFS=: read -r line text; do
    message="${text#*FAILS HERE: }"
    # XCTest prints: <path>/ExpectedFailures.swift:<line>: error: <case> : failed - <message>
    if ! grep -F "ExpectedFailures.swift:$line: error:" "$work/log" | grep -qF "$message"; then
        grep -E "error:|Executed" "$work/log" || true
        echo "no XCTest failure at ExpectedFailures.swift:$line saying: $message"; exit 1
    fi
    failures=$((failures + 1))
done < <(grep -n "FAILS HERE: " "$fixture")
reported=$(grep -c "ExpectedFailures.swift:[0-9]*: error:" "$work/log" || true)
if [ "$reported" -ne "$failures" ]; then
    grep -E "error:" "$work/log" || true
    echo "expected $failures XCTest failures, got $reported"; exit 1
fi
grep -q "Test Case 'ExpectedFailures.testAMatchingExpectationPasses' passed" "$work/log" \
    || { grep -E "error:|Executed" "$work/log"; echo "the passing case did not pass"; exit 1; }
grep -E "Executed [0-9]+ tests" "$work/log" | tail -n 1
echo "XCTest reporting: $failures cases failed as meant, each at its line with its message; the passing case passed"
