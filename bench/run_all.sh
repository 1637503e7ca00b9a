#!/usr/bin/env bash
# Runs every benchmark once with sizes that take seconds, not minutes, and
# prints their tables: a smoke run that shows each still works and roughly
# where the figures are. The figures recorded in bench/README.md come from the
# individual scripts at their default sizes.
#
# usage: bench/run_all.sh [path/to/forklift]
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
forklift=$(realpath "${1:-$root/build/default/cli/forklift}")
export BUILD_DIR=${BUILD_DIR:-$(dirname "$(dirname "$forklift")")}

section() { printf '\n== %s\n' "$1"; }

section "parse: both front ends (bench/parse.sh --min-seconds 0.2)"
"$root/bench/parse.sh" --min-seconds 0.2

section "lint_vs_shellcheck: forklift lint against ShellCheck (LINES=2000)"
LINES=2000 "$root/bench/lint_vs_shellcheck.sh" "$forklift"

section "seeds: samples against their rewrites (3 runs, SCALE=2, SEED_LOOPS=200)"
SCALE=2 SEED_LOOPS=200 "$root/bench/seeds.sh" 3

section "interp: forklift run against ksh93 and bash (DIVIDE=50)"
DIVIDE=50 "$root/bench/interp.sh" "$forklift"

section "lsp_latency: the language server on a 2000-line script"
python3 "$root/bench/lsp_latency.py" --binary "$forklift" --lines 2000 --edits 5
