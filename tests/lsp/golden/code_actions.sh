#!/bin/sh
# Code actions of every kind: safe, guarded and unsafe quick fixes, display-only
# findings, suppressions placed on the line, above the statement or refused,
# text before a finding that takes two UTF-16 units (é, 😀), escapes in edits.
i=0
while [ $i -lt 10 ]; do
  i=`expr $i + 1`     # forklift: disable=FL999
  name=$(basename "$1")
  dir=$(dirname "$1")
  echo "é $name 😀 $(echo "$dir" | sed 's/^X//')"
  n=$(echo "$i" | wc -c)
  first=$(echo "$PATH" | cut -d: -f1)
  msg="tab	\"q\" \\ $(expr $n \* 2)"
  cat <<EOT
$(expr $i + 2) in a here-document
EOT
  v="multi
$(basename "$dir") line"
done
for f in $(seq 3); do
  x=$(cat /etc/hostname)  # a trailing comment
  : $(( $f + 1 ))
done
upper=$(echo "$name" | tr a-z A-Z)
echo "$upper $first $msg $v $x"
