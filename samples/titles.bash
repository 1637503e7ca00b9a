#!/bin/bash
# Turn titles read on stdin into file names: every title forks an echo|sed,
# an echo|tr and an echo|wc pipeline.

while IFS= read -r title
do
    slug=$(echo "$title" | sed 's/ /_/g')
    upper=$(echo "$slug" | tr '[:lower:]' '[:upper:]')
    size=$(echo "$slug" | wc -c)
    echo "$upper.txt ($size bytes with the newline)"
done
