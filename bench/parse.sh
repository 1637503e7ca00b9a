#!/bin/sh
# Measures both front ends (tree-sitter, exact) over tests/corpus and this
# machine's shell scripts in one run; see bench/README.md.
#   bench/parse.sh [--min-seconds S]
set -eu
root=$(cd "$(dirname "$0")/.." && pwd)
build=${BUILD_DIR:-$root/build/default}
[ -f "$build/CMakeCache.txt" ] || cmake --preset default -S "$root" >/dev/null
cmake --build "$build" --target bench_parse >/dev/null

list=$(mktemp)
trap 'rm -f "$list"' EXIT
# Shell scripts by their #! line in the bin directories, Debian maintainer
# scripts, and *.sh files below /usr/share and /usr/lib.
for f in /usr/bin/* /usr/sbin/*; do
  [ -f "$f" ] || continue
  head -n 1 "$f" 2>/dev/null | grep -Eq '^#! ?/(usr/)?bin/(env +)?(ba|da|k|mk)?sh( |$)' && echo "$f"
done > "$list"
ls /var/lib/dpkg/info/*.postinst /var/lib/dpkg/info/*.preinst /var/lib/dpkg/info/*.postrm \
  /var/lib/dpkg/info/*.prerm 2>/dev/null >> "$list" || true
find /usr/share /usr/lib -name '*.sh' -type f -size -256k 2>/dev/null | sort | head -n 400 >> "$list" || true

exec "$build/bench/bench_parse" "$@" @corpus "$root/tests/corpus/scripts" @system --files-from "$list"
