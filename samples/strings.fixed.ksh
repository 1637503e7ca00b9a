#!/bin/ksh
# Word statistics with expr's string operators: length and substr fork once
# per word each, and the totals fork expr again.

words=0
letters=0
while read -r word
do
    len=${#word}
    head=${word:0:3}
    words=$((words + 1))
    letters=$((letters + len))
    echo "$word: $len letters, starts with $head"
done
echo "$words words, $letters letters"
