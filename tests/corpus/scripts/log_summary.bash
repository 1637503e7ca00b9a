#!/usr/bin/env bash
# Summarises an nginx access log: requests per status, top paths, bytes per hour.
set -o pipefail

log_file=${1:-/var/log/nginx/access.log}
top_n=${TOP:-10}

if [[ ! -r $log_file ]]; then
  echo "cannot read $log_file" >&2
  exit 2
fi

declare -A by_status=()
declare -A by_path=()
declare -A bytes_by_hour=()
total=0
errors=0

line_re='^([^ ]+) [^ ]+ [^ ]+ \[([^]]+)\] "([A-Z]+) ([^ ]*) [^"]*" ([0-9]{3}) ([0-9-]+)'
while IFS= read -r line; do
  # 1.2.3.4 - - [10/Oct/2023:13:55:36 +0000] "GET /a HTTP/1.1" 200 2326 "-" "curl"
  if [[ $line =~ $line_re ]]; then
    stamp=${BASH_REMATCH[2]}
    path=${BASH_REMATCH[4]%%\?*}
    status=${BASH_REMATCH[5]}
    size=${BASH_REMATCH[6]}
    [[ $size == - ]] && size=0
    hour=${stamp:12:2}
    (( by_status[$status]++ ))
    (( by_path[$path]++ ))
    (( bytes_by_hour[$hour] += size ))
    (( total++ ))
    if (( status >= 500 )); then
      (( errors++ ))
    fi
  else
    echo "unparsed: ${line:0:80}" >&2
  fi
done < "$log_file"

printf 'requests: %d, server errors: %d\n' "$total" "$errors"
if (( total > 0 )); then
  printf 'error rate: %d.%02d%%\n' $(( errors * 100 / total )) $(( errors * 10000 / total % 100 ))
fi

echo "== by status"
for status in "${!by_status[@]}"; do
  printf '%s %6d\n' "$status" "${by_status[$status]}"
done | sort

echo "== top $top_n paths"
for path in "${!by_path[@]}"; do
  printf '%8d %s\n' "${by_path[$path]}" "$path"
done | sort -rn | head -n "$top_n"

echo "== bytes per hour"
for hour in $(printf '%s\n' "${!bytes_by_hour[@]}" | sort -n); do
  kib=$(( bytes_by_hour[$hour] / 1024 ))
  bar=""
  for (( i = 0; i < kib / 100 && i < 60; i++ )); do
    bar+="#"
  done
  printf '%s:00 %8d KiB %s\n' "$hour" "$kib" "$bar"
done
