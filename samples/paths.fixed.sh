#!/bin/sh
# Split each path read on stdin into directory, name and stem: dirname and
# basename fork for every path, and the counter forks expr.

n=0
while IFS= read -r f
do
    dir=$(dirname "$f")
    base=$(basename "$f")
    stem=$(basename "$f" .sh)
    n=$((n + 1))
    echo "$n: $dir | $base | $stem"
done
echo "$n paths"
