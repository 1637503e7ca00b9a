#!/usr/bin/env bash
# `make demo`: the main job on samples/, end to end. Lints the samples, shows
# the rewrite `forklift fix` would apply to the seed's run2_slow, checks every
# sample's rewrite with `forklift verify` under the shell it targets, times
# run2_slow (the seed's 1000 iterations) against its rewrite with
# `forklift bench` under the bundled interpreter and ksh93 (plot in
# build/demo/run2_slow.svg), and ends with a table: findings, processes
# spawned, time before -> after, speedup and verdict for every sample.
#
# Usage: scripts/demo.sh [FORKLIFT]        (default: build/default/cli/forklift)
#   DEMO_RUNS=N   measured runs of run2_slow per shell (default 3)
set -euo pipefail
forklift=$(realpath "${1:-build/default/cli/forklift}")
root=$(cd "$(dirname "$0")/.." && pwd)
out=$root/build/demo
runs=${DEMO_RUNS:-3}
mkdir -p "$out"
cd "$root/samples"

originals=()
for f in *.sh *.ksh *.bash; do
  case $f in *.fixed.*) ;; *) originals+=("$f") ;; esac
done

# The shell each sample is written for.
shell_for() {
  case $1 in *.ksh) echo ksh93 ;; *.bash) echo bash ;; *) echo dash ;; esac
}

# `forklift fix` flags of a sample (NAME.fixflags), and how it is run: its
# arguments (NAME.args; those naming a file here also copy that file into the
# run's directory), stdin (NAME.input). run2_slow gets the seed's full 1000
# iterations for the benchmark, its test-size count elsewhere.
flags_for() {
  local name=$1 line
  if [[ -f $name.fixflags ]]; then
    while IFS= read -r line; do [[ -n $line ]] && printf '%s\n' "$line"; done < "$name.fixflags"
  fi
  if [[ -f $name.args ]]; then
    while IFS= read -r line; do
      printf '%s\n' --arg "$line"
      [[ -f $line ]] && printf '%s\n' --input "$line"
    done < "$name.args"
  fi
  [[ -f $name.input ]] && printf '%s\n' --stdin "$name.input"
  return 0
}

echo "== forklift lint --statistics samples/"
"$forklift" lint --statistics "${originals[@]}" || true  # exit status 1 means findings
echo
echo "== forklift fix --diff run2_slow.ksh   (bc and expr on every iteration)"
"$forklift" fix --diff run2_slow.ksh || true
echo

# The driver run2.ksh starts 64 copies of run2_slow in the background and
# reports with `time`: run2_slow's own row is its row.
samples=()
for f in "${originals[@]}"; do [[ ${f%.*} == run2 ]] || samples+=("$f"); done

echo "== forklift verify: each sample against its rewrite, under forklift and its own shell"
declare -A verdict
for f in "${samples[@]}"; do
  name=${f%.*}
  mapfile -t flags < <(flags_for "$name")
  status=0
  "$forklift" verify "$f" "${flags[@]}" --shell "$(shell_for "$f")" > "$out/$name.verify" 2>&1 || status=$?
  case $status in
    0) verdict[$f]=equivalent ;;
    1) verdict[$f]=DIFFERENT ;;
    3) verdict[$f]="could not run" ;;
    *) verdict[$f]=error ;;
  esac
  printf '  %-22s %s\n' "$f" "${verdict[$f]}"
  [[ $status == 0 ]] || sed 's/^/    /' "$out/$name.verify"
done
echo

echo "== forklift bench run2_slow.ksh --arg 1000 --shell forklift,ksh93 --runs $runs --plot build/demo/run2_slow.svg"
"$forklift" bench run2_slow.ksh --arg 1000 --shell forklift,ksh93 --runs "$runs" --warmup 1 \
  --plot "$out/run2_slow.svg" | tee "$out/run2_slow.bench"
echo

# One row of `forklift bench`'s table as "before after speedup forks":
#   SHELL  B ms (MIN-MAX)  A ms (MIN-MAX)  Sx  P -> Q
bench_row() {
  awk -v shell="$1" '$1 == shell { f = ($9 == "n/a") ? "n/a" : $9 " -> " $11; print $2, $5, $8, f }' "$2"
}

# The other samples at their test size, under their own shell.
for f in "${samples[@]}"; do
  name=${f%.*}
  [[ $name == run2_slow ]] && continue
  mapfile -t flags < <(flags_for "$name")
  "$forklift" bench "$f" "${flags[@]}" --shell "$(shell_for "$f")" --runs 3 --warmup 1 > "$out/$name.bench" 2>&1 ||
    true
done

printf '%-22s %-8s %8s %14s %26s %9s  %s\n' script shell findings "forks" "time before -> after" speedup verdict
row() {
  local f=$1 shell=$2 bench=$3 findings before after speedup forks
  findings=$("$forklift" lint --output-format json-lines "$f" | grep -c '"code"' || true)
  if read -r before after speedup forks < <(bench_row "$shell" "$bench") && [[ -n $before ]]; then
    printf '%-22s %-8s %8d %14s %12s -> %7s ms %9s  %s\n' "$f" "$shell" "$findings" "$forks" "$before" "$after" \
      "$speedup" "${verdict[$f]}"
  else
    printf '%-22s %-8s %8d %14s %26s %9s  %s\n' "$f" "$shell" "$findings" "-" "bench failed: see $bench" "-" \
      "${verdict[$f]}"
  fi
}
for shell in forklift ksh93; do row run2_slow.ksh "$shell" "$out/run2_slow.bench"; done
for f in "${samples[@]}"; do
  [[ $f == run2_slow.ksh ]] && continue
  row "$f" "$(shell_for "$f")" "$out/${f%.*}.bench"
done
echo
echo "Times are medians: run2_slow.ksh of $runs runs at the seed's 1000 iterations, the other samples of 3 runs at"
echo "their test size (a few milliseconds: mostly starting the shell). Plot: build/demo/run2_slow.svg; each"
echo "command's output: build/demo/."
