#!/bin/sh
# Prefix every line read on stdin with a date stamp that never changes, yet
# date forks once per line.

n=0
stamp=$(date -u -d @86400 +%F)
while IFS= read -r line
do
    n=$((n + 1))
    echo "[$stamp] $n $line"
done
