#!/usr/bin/env bash
# CI's documentation check: builds every module's documentation as `scripts/build-docs.sh` does, into
# a temporary folder; any docc warning fails it.
set -euo pipefail
cd "$(dirname "$0")/.."
output=$(mktemp -d)
trap 'rm -rf "$output"' EXIT
scripts/build-docs.sh "$output"

# The README stays a short path: at most 1,500 words, and its first screen (24 lines) gives the two
# commands (run the App, run the tests) before anything else needs reading.
words=$(wc -w < README.md)
[ "$words" -le 1500 ] || { echo "README.md has $words words; keep it at most 1,500 and move the rest to an article"; exit 1; }
head -24 README.md | grep -q '^swift run App ' || { echo "README.md's first screen lacks 'swift run App'"; exit 1; }
head -24 README.md | grep -q '^swift test ' || { echo "README.md's first screen lacks 'swift test'"; exit 1; }
echo "docs: README.md is $words words, its first screen gives the two commands"

# The pages as a reader sees them: DocC draws them with JavaScript, so each module's landing page (and
# Getting Started) is opened in headless Chromium and must show its summary and its topics.
scripts/check-docs-pages.py \
    "$output/Mediator:/documentation/mediator:Let the modules of an app call each other|Getting Started" \
    "$output/Mediator:/documentation/mediator/gettingstarted:From an empty package|Test a module alone" \
    "$output/MediatorTesting:/documentation/mediatortesting:Test one module alone|MediatorStub|FacadeContract" \
    "$output/MediatorPublishing:/documentation/mediatorpublishing:MediatorLinks"
