#!/bin/sh
# Prefix every line read on stdin with a date stamp that never changes, yet
# date forks once per line.

n=0
while IFS= read -r line
do
    stamp=$(date -u -d @86400 +%F)
    n=$(expr $n + 1)
    echo "[$stamp] $n $line"
done
