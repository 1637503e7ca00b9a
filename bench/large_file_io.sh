#!/usr/bin/env bash
# How `forklift run` reads a large file: a `while read` loop over it (as a
# redirection) and `$(<file)`, each traced with strace. Prints, per script,
# the mmap calls that map the file, the anonymous mappings at least half its
# size (memory for strings that large), the read() calls made after the file
# was opened, munmap calls, wall seconds and peak resident memory. One file
# mapping and no read means the file is mapped once.
#
# usage: bench/large_file_io.sh [path/to/forklift]   (SIZE_MB=N, default 1024)
#
# The file is generated in a temporary directory under TMPDIR (default /tmp)
# and deleted on exit; it needs SIZE_MB of disk, and `$(<file)` as much memory
# again for the string it makes.
set -eu
FORKLIFT=${1:-$(dirname "$0")/../build/default/cli/forklift}
SIZE_MB=${SIZE_MB:-1024}
command -v strace > /dev/null || { echo "large_file_io.sh: strace is not installed" >&2; exit 1; }
WORK=$(mktemp -d "${TMPDIR:-/tmp}/forklift-io.XXXXXX")
trap 'rm -rf "$WORK"' EXIT

# 80-byte lines, as many as fit in SIZE_MB.
line=$(printf '%079d' 0)
yes "$line" | head -c $((SIZE_MB * 1024 * 1024 / 80 * 80)) > "$WORK/big.txt"
size=$(stat -c %s "$WORK/big.txt")

cat > "$WORK/readloop.ksh" <<'KSH'
n=0
while read -r line; do n=$((n + 1)); done < "$1"
echo "$n lines"
KSH
cat > "$WORK/slurp.ksh" <<'KSH'
text=$(<"$1")
echo "${#text} bytes"
KSH

printf '%-9s %12s %9s %9s %6s %7s %8s %9s  %s\n' script file_bytes file_maps big_anons reads munmaps wall_s peak_MiB output
for script in readloop slurp; do
  trace="$WORK/$script.trace"
  start=$(date +%s.%N)
  output=$(strace -f -e trace=openat,mmap,read,munmap -o "$trace" \
    /usr/bin/time -f '%M' -o "$WORK/$script.rss" "$FORKLIFT" run "$WORK/$script.ksh" "$WORK/big.txt")
  end=$(date +%s.%N)
  # Only what happens once the file is open; the loader's reads come before.
  opened=$(grep -n "openat(.*big.txt" "$trace" | tail -1 | cut -d: -f1)
  after=$(tail -n +"$opened" "$trace")
  file_maps=$(grep -E ' mmap\(NULL, [0-9]+' <<< "$after" | grep -vc ', -1, 0)' || true)
  big_anons=$(grep -E ' mmap\(NULL, [0-9]+.*, -1, 0\)' <<< "$after" |
    awk -v half=$((size / 2)) '{ split($0, a, /mmap\(NULL, /); split(a[2], b, ","); if (b[1] + 0 >= half) n++ } END { print n + 0 }')
  reads=$(grep -c ' read(' <<< "$after" || true)
  munmaps=$(grep -c ' munmap(' <<< "$after" || true)
  printf '%-9s %12s %9s %9s %6s %7s %8.2f %9d  %s\n' "$script" "$size" "$file_maps" "$big_anons" "$reads" "$munmaps" \
    "$(echo "$end - $start" | bc)" $(($(cat "$WORK/$script.rss") / 1024)) "$output"
done
