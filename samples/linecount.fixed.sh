#!/bin/sh
# Count lines and TODO markers in each file named on the command line:
# cat|wc and grep|wc fork two processes each, per file.

for f in "$@"
do
    lines=$(wc -l < "$f")
    todos=$(grep -c TODO "$f")
    echo "$f: $lines lines, $todos TODOs"
done
