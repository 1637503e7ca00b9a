#!/bin/sh
# Count lines and TODO markers in each file named on the command line:
# cat|wc and grep|wc fork two processes each, per file.

for f in "$@"
do
    lines=$(cat "$f" | wc -l)
    todos=$(grep TODO "$f" | wc -l)
    echo "$f: $lines lines, $todos TODOs"
done
