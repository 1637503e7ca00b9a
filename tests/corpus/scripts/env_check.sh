#!/bin/sh
# Checks that a development machine has the tools and versions a project needs.
status=0

version_ge() {
  # version_ge 1.10.2 1.9 -> true
  [ "$(printf '%s\n%s\n' "$2" "$1" | sort -V | head -n 1)" = "$2" ]
}

check() {
  name=$1
  min=$2
  cmd=$3
  if ! command -v "$name" >/dev/null 2>&1; then
    printf '%-10s missing (need >= %s)\n' "$name" "$min"
    status=1
    return
  fi
  have=$(eval "$cmd" 2>/dev/null | head -n 1 | grep -Eo '[0-9]+(\.[0-9]+)+' | head -n 1)
  if [ -z "$have" ]; then
    printf '%-10s present, version unknown\n' "$name"
  elif version_ge "$have" "$min"; then
    printf '%-10s %s ok\n' "$name" "$have"
  else
    printf '%-10s %s too old (need >= %s)\n' "$name" "$have" "$min"
    status=1
  fi
}

check git 2.30 "git --version"
check cmake 3.25 "cmake --version"
check ninja 1.10 "ninja --version"
check gcc 12 "gcc -dumpfullversion"
check python3 3.9 "python3 --version"
check node 18 "node --version"

if [ -r /proc/meminfo ]; then
  mem_kb=$(awk '/MemTotal/ { print $2 }' /proc/meminfo)
  [ "$mem_kb" -lt 4000000 ] && { echo "warning: less than 4 GB of memory"; }
fi

free_kb=$(df -Pk . | awk 'NR == 2 { print $4 }')
if [ "${free_kb:-0}" -lt 10485760 ]; then
  echo "warning: less than 10 GB free in $(pwd)"
fi
exit $status
