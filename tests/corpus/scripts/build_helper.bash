#!/bin/bash
# Configure, build and test a CMake project in several configurations.
set -euo pipefail

readonly SRC_DIR=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
readonly BUILD_ROOT=${BUILD_ROOT:-$SRC_DIR/build}
JOBS=$(nproc 2>/dev/null || echo 2)
CONFIGS=(Debug RelWithDebInfo)
VERBOSE=0
RUN_TESTS=1

usage() {
  cat <<EOF
usage: ${0##*/} [-j N] [-c CONFIG]... [-n] [-v]
  -j N       parallel jobs (default $JOBS)
  -c CONFIG  build this configuration (repeatable)
  -n         do not run the tests
  -v         verbose build output
EOF
}

custom_configs=()
while getopts ":j:c:nvh" opt; do
  case $opt in
    j) JOBS=$OPTARG ;;
    c) custom_configs+=("$OPTARG") ;;
    n) RUN_TESTS=0 ;;
    v) VERBOSE=1 ;;
    h) usage; exit 0 ;;
    :) echo "option -$OPTARG needs an argument" >&2; usage >&2; exit 2 ;;
    \?) echo "unknown option -$OPTARG" >&2; usage >&2; exit 2 ;;
  esac
done
shift $((OPTIND - 1))
(( ${#custom_configs[@]} )) && CONFIGS=("${custom_configs[@]}")

step() {
  local name=$1; shift
  local start=$SECONDS
  echo "::: $name"
  if (( VERBOSE )); then
    "$@"
  else
    "$@" > "$BUILD_ROOT/$name.log" 2>&1 || {
      echo "::: $name failed, last lines of the log:" >&2
      tail -n 30 "$BUILD_ROOT/$name.log" >&2
      return 1
    }
  fi
  echo "::: $name done in $((SECONDS - start))s"
}

mkdir -p "$BUILD_ROOT"
failed=()
for config in "${CONFIGS[@]}"; do
  dir=$BUILD_ROOT/${config,,}
  if ! step "configure-$config" cmake -S "$SRC_DIR" -B "$dir" -G Ninja -DCMAKE_BUILD_TYPE="$config"; then
    failed+=("$config")
    continue
  fi
  step "build-$config" cmake --build "$dir" -j "$JOBS" || { failed+=("$config"); continue; }
  if [[ $RUN_TESTS -eq 1 ]]; then
    step "test-$config" ctest --test-dir "$dir" -j "$JOBS" --output-on-failure || failed+=("$config")
  fi
done

if [[ ${#failed[@]} -gt 0 ]]; then
  echo "failed configurations: ${failed[*]}" >&2
  exit 1
fi
echo "all ${#CONFIGS[@]} configurations built"
