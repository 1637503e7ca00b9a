#!/usr/bin/env bash
# ctest's short version of a fuzz target: its binary from the default build
# (replay_main.cpp) over the seeds of make_seeds.py and over every input in
# fuzz/regressions/TARGET/ (each once made it fail).
#   fuzz/replay.sh BINARY
set -euo pipefail
binary=$(realpath "$1")
target=$(basename "$binary")
here=$(cd "$(dirname "$0")" && pwd)
seeds=$(mktemp -d)
trap 'rm -rf "$seeds"' EXIT
"$here/make_seeds.py" "$target" "$seeds"
inputs=("$seeds")
[[ -d $here/regressions/$target ]] && inputs+=("$here/regressions/$target")
cd "$seeds"
"$binary" "${inputs[@]}"
