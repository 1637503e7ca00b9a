#!/usr/bin/env bash
# `make demo`: the main job on samples/. Lints the samples, shows the rewrite
# `forklift fix` would apply to the seed's run2_slow, then runs every sample and
# its rewrite under the shell it targets and ends with a table: findings,
# processes spawned, time before -> after, speedup, and whether both printed
# the same thing.
set -euo pipefail
forklift=$(realpath "${1:-build/default/cli/forklift}")
cd "$(dirname "$0")/../samples"

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

originals=()
for f in *.sh *.ksh *.bash; do
  case $f in *.fixed.*) ;; *) originals+=("$f") ;; esac
done

echo "== forklift lint --statistics samples/"
"$forklift" lint --statistics "${originals[@]}" || true  # exit status 1 means findings
echo
echo "== forklift fix --diff run2_slow.ksh   (seed 002: bc and expr on every iteration)"
"$forklift" fix --diff run2_slow.ksh || true
echo

shell_for() {
  case $1 in *.ksh) echo ksh ;; *.bash) echo bash ;; *) echo dash ;; esac
}

# The sample's arguments: the tests' small ones, but the seed's full 1000
# iterations for run2_slow.
sample_args() {
  case $1 in
    run2_slow | run2_slow_posix) echo 1000 ;;
    *) [[ ! -f $1.args ]] || cat "$1.args" ;;
  esac
}

# Runs SHELL SCRIPT with the sample's arguments and input; prints seconds taken.
run_sample() {
  local shell=$1 script=$2 name=$3 out=$4 args=() input=/dev/null start end
  mapfile -t args < <(sample_args "$name")
  [[ -f $name.input ]] && input=$name.input
  start=$EPOCHREALTIME
  "$shell" "$script" "${args[@]}" < "$input" > "$out" 2>&1 || true
  end=$EPOCHREALTIME
  echo "$start $end" | awk '{ printf "%.4f\n", $2 - $1 }'
}

# Processes a run spawns, counted by forklift's interpreter (`run --stats`).
spawns() {
  local script=$1 name=$2 args=() input=/dev/null
  mapfile -t args < <(sample_args "$name")
  [[ -f $name.input ]] && input=$name.input
  "$forklift" run --stats "$script" "${args[@]}" < "$input" 2>&1 >/dev/null |
    sed -n 's/.*spawned:\{0,1\} \([0-9][0-9]*\).*/\1/p' | tail -n 1 || true
}

printf '%-22s %-5s %8s %14s %22s %9s  %s\n' script shell findings "forks" "time before -> after" speedup "same output"
for f in "${originals[@]}"; do
  name=${f%.*}
  fixed=$name.fixed.${f##*.}
  [[ -f $fixed ]] || continue
  # run2.ksh only drives run2_slow and prints `time` figures: run2_slow's row is its row.
  [[ $name == run2 ]] && continue
  shell=$(shell_for "$f")
  findings=$("$forklift" lint --output-format json-lines "$f" | grep -c '"code"' || true)
  before=$(run_sample "$shell" "$f" "$name" "$work/before")
  after=$(run_sample "$shell" "$fixed" "$name" "$work/after")
  forks="$(spawns "$f" "$name") -> $(spawns "$fixed" "$name")"
  [[ $forks == " -> " ]] && forks="n/a"
  verdict=yes
  cmp -s "$work/before" "$work/after" || verdict=NO
  awk -v f="$f" -v s="$shell" -v n="$findings" -v k="$forks" -v b="$before" -v a="$after" -v v="$verdict" \
    'BEGIN { printf "%-22s %-5s %8d %14s %10.1f -> %7.1f ms %8.1fx  %s\n", f, s, n, k, b * 1000, a * 1000, (a > 0 ? b / a : 0), v }'
done
