#!/bin/bash
# Times every sample against its rewrite (samples/NAME.fixed.EXT) under ksh93
# and bash (and dash for POSIX sh samples) and prints the speedup of the
# rewrite. The seed's run2_slow (and its POSIX variant) run their full 1000
# iterations; the other samples get their test input and arguments repeated
# SCALE times, so that each run is long enough to time.
#
# Each time is the median of RUNS runs after one warm-up, original and
# rewrite alternating; a run is the whole `SHELL SCRIPT ARGS < INPUT` as a user
# would start it (one fork+exec of the shell included, for both). A small loop
# rather than hyperfine: hyperfine 1.15 cannot feed stdin without an extra
# shell, whose start-up correction swamps the rewrites' few milliseconds.
#
# Usage: bench/seeds.sh [RUNS]          (default 5)
#   SEED_LOOPS=N   run2_slow iterations (default 1000)
#   SCALE=N        repetitions of the other samples' input and arguments (default 10)
set -euo pipefail

runs=${1:-5}
loops=${SEED_LOOPS:-1000}
scale=${SCALE:-10}
samples=$(cd "$(dirname "$0")/../samples" && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

shells_for() {
  case $1 in
    ksh) echo "ksh bash" ;;
    bash) echo "bash" ;;
    *) echo "ksh bash dash" ;;
  esac
}

# Seconds one run took, e.g. 0.123456; the script's output is discarded.
time_once() {
  local shell=$1 script=$2 input=$3 start end
  shift 3
  start=$EPOCHREALTIME
  if ! "$shell" "$script" "$@" < "$input" > /dev/null 2> "$work/stderr"; then
    echo "bench/seeds.sh: $shell $script failed:" >&2
    cat "$work/stderr" >&2
    exit 1
  fi
  end=$EPOCHREALTIME
  awk -v s="$start" -v e="$end" 'BEGIN { printf "%.6f\n", e - s }'
}

median() { sort -g | awk '{ v[NR] = $1 } END { print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }

cd "$samples"
printf '%-16s %-5s %12s %12s %9s\n' sample shell original fixed speedup
for script in *.ksh *.bash *.sh; do
  case $script in *.fixed.*) continue ;; esac
  name=${script%.*}
  ext=${script##*.}
  # The driver's time is run2_slow's, measured on its own line.
  [ "$name" = run2 ] && continue
  args=()
  if [ -f "$name.args" ]; then
    for _ in $(seq "$scale"); do mapfile -t -O "${#args[@]}" args < "$name.args"; done
  fi
  input=/dev/null
  if [ -f "$name.input" ]; then
    input=$work/$name.input
    for _ in $(seq "$scale"); do cat "$name.input"; done > "$input"
  fi
  case $name in run2_slow | run2_slow_posix) args=("$loops") ;; esac
  for shell in $(shells_for "$ext"); do
    time_once "$shell" "$script" "$input" "${args[@]}" > /dev/null
    time_once "$shell" "$name.fixed.$ext" "$input" "${args[@]}" > /dev/null
    : > "$work/original"
    : > "$work/fixed"
    for _ in $(seq "$runs"); do
      time_once "$shell" "$script" "$input" "${args[@]}" >> "$work/original"
      time_once "$shell" "$name.fixed.$ext" "$input" "${args[@]}" >> "$work/fixed"
    done
    awk -v n="$name" -v s="$shell" -v o="$(median < "$work/original")" -v f="$(median < "$work/fixed")" \
      'BEGIN { printf "%-16s %-5s %9.1f ms %9.1f ms %8.1fx\n", n, s, o * 1000, f * 1000, o / f }'
  done
done
