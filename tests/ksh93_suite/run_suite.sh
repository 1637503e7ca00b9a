#!/usr/bin/env bash
# Runs ksh93u+m's regression suite the way its own `shtests` runs each file,
# under `forklift run` and (for the report) under ksh93u+m itself.
#
#   run_suite.sh --report  FORKLIFT   every file under both shells, side by side
#   run_suite.sh --ratchet FORKLIFT   the files listed in expected_pass.txt
#                                     under forklift; fails when one fails
#
# The suite's folder comes from FORKLIFT_KSH93_TESTS (relative paths are read
# from the repository root). Without it the run is skipped (exit 77), or
# fails when FORKLIFT_REQUIRE_TOOLS=1.
# KSH93_SUITE_TIMEOUT (seconds per file, default 60), KSH93_SUITE_JOBS
# (files at once, default 4) and KSH93_SUITE_FILES (names, blank separated,
# instead of the whole suite) tune a run.
set -uo pipefail

here=$(cd "$(dirname "$0")" && pwd)
repo=$(cd "$here/../.." && pwd)

# One file under one shell: NAME SHELL_BINARY OUT_DIR. Writes OUT_DIR/NAME.status
# (the file's exit status: its number of failed checks; 124 a timeout) and
# OUT_DIR/NAME.log (its output).
run_one() {
  local name=$1 shell=$2 out=$3
  local dir
  dir=$(mktemp -d "${TMPDIR:-/tmp}/ksh93-suite.XXXXXX") || exit 1
  local -a shopts
  mapfile -t shopts < "$out/shopt.env"
  (
    cd "$dir" || exit 1
    # shtests unsets LANG and LC_*, exports tmp and HOME (both the fresh
    # directory), ENV, SHTESTS_COMMON and SHCOMP, and puts the shell's own
    # directory first on a getconf PATH with the suite's folder last.
    exec env -i PATH="${shell%/*}:/bin:/usr/bin:$suite" HOME="$dir" tmp="$dir" SHELL="$shell" \
      ENV=/./dev/null SHTESTS_COMMON="$suite/_common" SHCOMP=/usr/bin/shcomp93 \
      USER="${USER:-$(id -un)}" LOGNAME="${LOGNAME:-$(id -un)}" TERM=dumb "${shopts[@]}" \
      timeout -k 5 "$limit" "$shell" "$suite/$name"
  ) > "$out/$name.log" 2>&1 < /dev/null
  echo $? > "$out/$name.status"
  rm -rf "$dir"
}

if [[ ${1-} == --one ]]; then
  suite=$5 limit=$6
  run_one "$2" "$3" "$4"
  exit 0
fi

mode=${1-}
forklift=${2-}
if [[ ( $mode != --report && $mode != --ratchet ) || -z $forklift ]]; then
  echo "usage: run_suite.sh --report|--ratchet FORKLIFT_BINARY" >&2
  exit 2
fi
forklift=$(cd "$(dirname "$forklift")" && pwd)/$(basename "$forklift")

suite=${FORKLIFT_KSH93_TESTS-}
if [[ -z $suite ]]; then
  if [[ ${FORKLIFT_REQUIRE_TOOLS-} == 1 ]]; then
    echo "FORKLIFT_KSH93_TESTS is not set: it names the tests folder of ksh93u+m's regression suite" >&2
    exit 1
  fi
  echo "ksh93u+m's regression suite not found (set FORKLIFT_KSH93_TESTS); skipped"
  exit 77
fi
[[ $suite == /* ]] || suite=$repo/$suite
if [[ ! -r $suite/_common ]]; then
  echo "FORKLIFT_KSH93_TESTS=$suite does not hold ksh93u+m's regression suite (no _common)" >&2
  exit 1
fi
suite=$(cd "$suite" && pwd)
limit=${KSH93_SUITE_TIMEOUT:-60}
jobs=${KSH93_SUITE_JOBS:-4}

work=$(mktemp -d "${TMPDIR:-/tmp}/ksh93-suite-run.XXXXXX") || exit 1
trap 'rm -rf "$work"' EXIT

# `SHELL` must be an executable the tests can start again as `$SHELL -c …`.
mkdir -p "$work/bin"
printf '#!/bin/sh\nexec %q run "$@"\n' "$forklift" > "$work/bin/ksh"
chmod +x "$work/bin/ksh"

# Every `SHOPT NAME=VALUE` line of SHOPT.sh as SHOPT_NAME=VALUE; the options
# probed at build time have the values of Debian's build.
{
  sed -n 's/^SHOPT \([A-Z_0-9]*\)=\([^[:space:]#]*\).*/SHOPT_\1=\2/p' "$suite/../SHOPT.sh" 2>/dev/null |
    sed -e 's/^SHOPT_MULTIBYTE=$/SHOPT_MULTIBYTE=1/' -e 's/^SHOPT_DEVFD=$/SHOPT_DEVFD=1/' -e "s/'//g"
} > "$work/shopt.env"

if [[ -n ${KSH93_SUITE_FILES-} ]]; then
  read -ra files <<< "$KSH93_SUITE_FILES"
elif [[ $mode == --ratchet ]]; then
  mapfile -t files < <(grep -v '^#' "$here/expected_pass.txt" | grep .)
else
  files=()
  for f in "$suite"/*.sh; do files+=("${f##*/}"); done
fi

run_all() {  # SHELL_BINARY OUT_DIR
  mkdir -p "$2"
  cp "$work/shopt.env" "$2/"
  printf '%s\n' "${files[@]}" | xargs -P "$jobs" -I{} "$here/run_suite.sh" --one {} "$1" "$2" "$suite" "$limit"
}

# What a status means: N failed checks, a timeout, a signal, or a syntax error
# that stopped the file (after the checks it ran before).
describe() {  # OUT_DIR NAME
  local status log line fails
  status=$(cat "$1/$2.status")
  log=$1/$2.log
  fails=$(grep -c 'FAIL:' "$log")
  line=$(grep -m1 -o 'syntax error at line [0-9]*' "$log" | grep -o '[0-9]*$')
  if (( status == 0 )); then echo "pass"
  elif (( status == 124 || status == 137 )); then echo "timeout ($fails FAIL)"
  elif (( status > 128 )); then echo "killed (signal $((status - 128)))"
  elif [[ -n $line ]]; then echo "syntax error, line $line ($fails FAIL)"
  else echo "$status failed"
  fi
}

reason() {  # NAME: why it cannot pass, from cannot_pass.txt
  sed -n "s/^$1[[:space:]]\{1,\}//p" "$here/cannot_pass.txt"
}

run_all "$work/bin/ksh" "$work/forklift"

if [[ $mode == --ratchet ]]; then
  failed=0
  for f in "${files[@]}"; do
    result=$(describe "$work/forklift" "$f")
    if [[ $result != pass ]]; then
      echo "$f: $result (it passed before; expected_pass.txt lists it)"
      grep -m 20 -E 'FAIL:|syntax error|forklift' "$work/forklift/$f.log" | sed 's/^/    /'
      failed=1
    fi
  done
  (( failed )) || echo "all ${#files[@]} files of expected_pass.txt pass"
  exit "$failed"
fi

have_ksh=0
if [[ -x /usr/bin/ksh93 ]]; then
  have_ksh=1
  run_all /usr/bin/ksh93 "$work/ksh93"
fi
passed=0 ksh_passed=0
printf '%-16s %-18s %-32s %s\n' file ksh93u+m forklift note
for f in "${files[@]}"; do
  ours=$(describe "$work/forklift" "$f")
  theirs=absent
  (( have_ksh )) && theirs=$(describe "$work/ksh93" "$f")
  [[ $ours == pass ]] && (( ++passed ))
  [[ $theirs == pass ]] && (( ++ksh_passed ))
  note=$(reason "$f")
  if [[ -z $note && $ours == pass ]] && ! grep -qx "$f" "$here/expected_pass.txt"; then
    note="passes now: add it to expected_pass.txt"
  fi
  printf '%-16s %-18s %-32s %s\n' "$f" "$theirs" "$ours" "$note"
done
echo "forklift passes $passed of ${#files[@]} files, ksh93u+m $ksh_passed"
if [[ -n ${KSH93_SUITE_LOGS-} ]]; then
  mkdir -p "$KSH93_SUITE_LOGS" && cp -r "$work/forklift" "$work/ksh93" "$KSH93_SUITE_LOGS/" 2>/dev/null
  echo "logs in $KSH93_SUITE_LOGS"
fi
