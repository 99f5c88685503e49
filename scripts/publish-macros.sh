#!/usr/bin/env bash
# Makes the macros' own repository from the committed `Macros/` folder, with its history
# (`git subtree split`), so an app takes them by URL as it takes the root: SwiftPM takes a package by
# URL only at a repository's root. Push the result to the macros' URL and tag it with the root's version.
#   scripts/publish-macros.sh DIR [TAG]     # DIR: a new folder for the repository; TAG: e.g. 0.5.0
set -euo pipefail
cd "$(dirname "$0")/.."
[ $# -ge 1 ] || { echo "usage: scripts/publish-macros.sh DIR [TAG]" >&2; exit 64; }
destination=$1
tag=${2:-}
[ ! -e "$destination" ] || { echo "publish-macros: $destination exists; give a new folder" >&2; exit 1; }
split=$(git subtree split -q --prefix=Macros HEAD)
git init --quiet "$destination"
git -C "$destination" fetch --quiet "$(pwd)" "$split"
git -C "$destination" checkout --quiet -b main FETCH_HEAD
if [ -n "$tag" ]; then git -C "$destination" tag "$tag"; fi
echo "publish-macros: $destination holds Macros/ at $(git rev-parse --short HEAD) as its own repository${tag:+, tagged $tag}"
