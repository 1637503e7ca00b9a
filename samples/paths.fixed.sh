#!/bin/sh
# Split each path read on stdin into directory, name and stem: dirname and
# basename fork for every path, and the counter forks expr.

n=0
while IFS= read -r f
do
    case $f in -* | */ | *//*) dir=$(dirname "$f") ;; *) case $f in */*) dir=${f%/*}; dir=${dir:-/} ;; *) dir=. ;; esac ;; esac
    case $f in -* | */) base=$(basename "$f") ;; *) base=${f##*/} ;; esac
    case $f in -* | */) stem=$(basename "$f" .sh) ;; *) stem=${f##*/}; [ "$stem" = .sh ] || stem=${stem%.sh} ;; esac
    n=$((n + 1))
    echo "$n: $dir | $base | $stem"
done
echo "$n paths"
