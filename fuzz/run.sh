#!/usr/bin/env bash
# Runs the fuzz targets of a `fuzz` preset build, FUZZ_SECONDS (default 60)
# each, from the seeds of fuzz/make_seeds.py and the corpus earlier runs
# kept, with each target's dictionary; prints executions and executions per
# second per target; FUZZ_SEED fixes libFuzzer's random seed (CI's short
# run uses one, so that it replays the same search). An input that fails is kept as
# BUILD/fuzz-work/crashes/TARGET-*: replay it with the default build's
# binary (build/default/fuzz/TARGET FILE) to read the message, and add it to
# fuzz/regressions/TARGET/ once fixed.
# The targets run under bubblewrap (file system read-only but their work
# folder, no network, their own PIDs): the interpreter's targets skip inputs
# that would run a command, and this makes sure. Without bwrap only the
# targets that never reach the interpreter run, unless FUZZ_NO_SANDBOX=1.
#   fuzz/run.sh BUILD_DIR [TARGET...]
set -euo pipefail
build=$(cd "$1" && pwd)
shift
seconds=${FUZZ_SECONDS:-60}
seed=()
[[ -n ${FUZZ_SEED:-} ]] && seed=(-seed="$FUZZ_SEED")
root=$(cd "$(dirname "$0")/.." && pwd)
work=$build/fuzz-work
mkdir -p "$work/corpus" "$work/crashes" "$work/scratch"

targets=("$@")
if ((${#targets[@]} == 0)); then
  for binary in "$build"/fuzz/fuzz_*; do [[ -x $binary && -f $binary ]] && targets+=("$(basename "$binary")"); done
fi

dictionary() {
  case $1 in
    fuzz_lsp) echo "$root/fuzz/dict/lsp.dict" ;;
    fuzz_arithmetic) echo "$root/fuzz/dict/arithmetic.dict" ;;
    *) echo "$root/fuzz/dict/shell.dict" ;;
  esac
}

reaches_interpreter() { [[ $1 == fuzz_arithmetic || $1 == fuzz_expansion ]]; }

sandbox=()
if command -v bwrap >/dev/null; then
  sandbox=(bwrap --ro-bind / / --dev /dev --proc /proc --tmpfs /tmp --bind "$work" "$work"
           --unshare-all --die-with-parent --new-session --chdir "$work/scratch" --)
fi

failed=0
printf '%-20s %12s %10s  %s\n' target executions execs/s result
for target in "${targets[@]}"; do
  if reaches_interpreter "$target" && ((${#sandbox[@]} == 0)) && [[ ${FUZZ_NO_SANDBOX:-} != 1 ]]; then
    echo "fuzz: $target needs bubblewrap (apt-get install bubblewrap), or FUZZ_NO_SANDBOX=1" >&2
    failed=1
    continue
  fi
  seeds=$work/seeds/$target
  rm -rf "$seeds"
  "$root/fuzz/make_seeds.py" "$target" "$seeds"
  mkdir -p "$work/corpus/$target"
  log=$work/$target.log
  quiet=1
  reaches_interpreter "$target" && quiet=3
  status=0
  "${sandbox[@]}" "$build/fuzz/$target" "${seed[@]}" -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 -max_len=4096 \
    -close_fd_mask=$quiet -print_final_stats=1 -dict="$(dictionary "$target")" \
    -artifact_prefix="$work/crashes/$target-" "$work/corpus/$target" "$seeds" > "$log" 2>&1 || status=$?
  executions=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -1)
  rate=$(sed -n 's/^stat::average_exec_per_sec: *//p' "$log" | tail -1)
  result=ok
  if ((status != 0)); then
    result="FAILED (status $status, $log)"
    failed=1
  fi
  printf '%-20s %12s %10s  %s\n' "$target" "${executions:-?}" "${rate:-?}" "$result"
done
exit $failed
