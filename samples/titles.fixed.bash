#!/bin/bash
# Turn titles read on stdin into file names: every title forks an echo|sed,
# an echo|tr and an echo|wc pipeline.

while IFS= read -r title
do
    case $title in -*) slug=$(echo "$title" | sed 's/ /_/g') ;; *) slug=${title//" "/_} ;; esac
    upper=${slug^^}
    size=$((${#slug} + 1))
    echo "$upper.txt ($size bytes with the newline)"
done
