#!/bin/sh
# Prefix every line read on stdin with a date stamp that never changes, yet
# date forks once per line.

n=0
date_value=$(date -u -d @86400 +%F)
while IFS= read -r line
do
    stamp=$date_value
    n=$((n + 1))
    echo "[$stamp] $n $line"
done
