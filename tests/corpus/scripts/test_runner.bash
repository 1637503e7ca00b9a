#!/usr/bin/env bash
# Runs every tests/*.t script, in parallel, and prints a TAP-like summary.
shopt -s nullglob
cd "$(dirname "$0")"
jobs_max=${JOBS:-4}
results_dir=$(mktemp -d)
trap 'rm -rf "$results_dir"' EXIT

run_one() {
  local test=$1 out=$results_dir/${1//\//_}
  local start=$EPOCHREALTIME
  if timeout 60 bash "$test" > "$out.log" 2>&1; then
    echo ok > "$out.status"
  else
    echo "not ok ($?)" > "$out.status"
  fi
  echo "${start}" > "$out.start"
}

tests=(tests/*.t)
(( ${#tests[@]} )) || { echo "no tests found"; exit 0; }
running=0
for t in "${tests[@]}"; do
  run_one "$t" &
  (( ++running >= jobs_max )) && { wait -n; (( running-- )); }
done
wait

pass=0 fail=0 n=0
for t in "${tests[@]}"; do
  (( n++ ))
  key=$results_dir/${t//\//_}
  status=$(< "$key.status")
  if [[ $status == ok ]]; then
    (( pass++ ))
    echo "ok $n - ${t#tests/}"
  else
    (( fail++ ))
    echo "not ok $n - ${t#tests/} # ${status#not ok }"
    sed 's/^/#   /' "$key.log" | tail -n 20
  fi
done
echo "1..$n"
echo "# pass $pass, fail $fail"
(( fail == 0 ))
