#!/usr/bin/env bash
# Proves the README's Install snippet resolves as written (CI runs it):
#   - this repository's committed HEAD is cloned to a temporary directory named `mediator` (the
#     identity the snippet's `package: "mediator"` uses) and tagged with the snippet's version;
#     two later commits are tagged with the next patch and the next minor version;
#   - a scratch consumer whose Package.swift is the README's snippet, its URL swapped for the
#     clone's, resolves, and pins the next patch, not the next minor (`.upToNextMinor` on 0.x,
#     where a minor version may break the API);
#   - every product the snippet names is one the tagged package declares.
#
#   scripts/check-install.sh
set -euo pipefail
cd "$(dirname "$0")/.."
root=$(pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
fail() { echo "check-install: $*" >&2; exit 1; }

# The first Swift block after "## Install" is the snippet.
snippet=$(awk '/^## Install/ { inside = 1 } inside && /^```swift/ { block = 1; next } block && /^```/ { exit } block { print }' README.md)
[ -n "$snippet" ] || fail "the README has no Swift block under ## Install"
url=$(printf '%s\n' "$snippet" | sed -n 's/.*\.package(url: "\([^"]*\)".*/\1/p')
version=$(printf '%s\n' "$snippet" | sed -n 's/.*upToNextMinor(from: "\([0-9]*\.[0-9]*\.[0-9]*\)").*/\1/p')
[ -n "$url" ] || fail "the Install snippet has no .package(url:)"
[ -n "$version" ] || fail "the Install snippet does not use .upToNextMinor(from: \"x.y.z\")"
IFS=. read -r major minor patch <<< "$version"
next_patch="$major.$minor.$((patch + 1))"
next_minor="$major.$((minor + 1)).0"

git clone --quiet "$root" "$work/mediator"
git -C "$work/mediator" tag "$version"
for tag in "$next_patch" "$next_minor"; do
    git -C "$work/mediator" -c user.name=check -c user.email=check@example.invalid \
        commit --quiet --allow-empty -m "release $tag"
    git -C "$work/mediator" tag "$tag"
done
echo "-- install: tagged a clone $version, $next_patch, $next_minor"

mkdir -p "$work/Shop/Sources/Checkout" "$work/Shop/Tests/CheckoutTests"
printf '%s\n' "$snippet" | sed "s|$url|file://$work/mediator|" > "$work/Shop/Package.swift"
printf 'import Mediator\n' > "$work/Shop/Sources/Checkout/Checkout.swift"
printf 'import MediatorTesting\n' > "$work/Shop/Tests/CheckoutTests/CheckoutTests.swift"
swift package --package-path "$work/Shop" --scratch-path "$work/scratch" resolve ||
    fail "the README's Install snippet does not resolve against a tagged clone"
resolved=$(sed -n 's/.*"version" *: *"\([^"]*\)".*/\1/p' "$work/Shop/Package.resolved")
[ "$resolved" = "$next_patch" ] ||
    fail "the snippet resolved $resolved; .upToNextMinor(from: \"$version\") should take $next_patch and never $next_minor"
# Each product the snippet names is one the tagged package declares.
products=$(swift package --package-path "$work/mediator" describe --type json |
    python3 -c 'import json, sys; print("\n".join(p["name"] for p in json.load(sys.stdin)["products"]))')
for product in $(printf '%s\n' "$snippet" | sed -n 's/.*\.product(name: "\([^"]*\)", package: "mediator").*/\1/p'); do
    printf '%s\n' "$products" | grep -qx "$product" ||
        fail "the Install snippet names the product $product; the package declares: $(echo $products)"
done
echo "-- install: the README's snippet resolves $resolved (not $next_minor); the products it names exist"
