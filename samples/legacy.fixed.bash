#!/bin/bash
# Old bash idioms: nested backticks, let, $[ ], $ inside arithmetic, $(pwd).

here=$(basename $(pwd))
(( count=0 ))
for f in alpha beta gamma
do
    (( count=count+1 ))
    idx=$(( count * 10 ))
    echo "$f $idx"
done
total=$(( count + $idx ))
case $PWD in *$'\n') echo "in $here: $total, from $(pwd)" ;; *) echo "in $here: $total, from $PWD" ;; esac
