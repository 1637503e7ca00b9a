#!/bin/sh
# Word frequencies of text files, with a stop-word list, in plain POSIX tools.
stopwords="the a an and or of to in is it that for on with as was"
min_len=${MIN_LEN:-3}
limit=${LIMIT:-20}

is_stopword() {
  for s in $stopwords; do
    [ "$1" = "$s" ] && return 0
  done
  return 1
}

cat "$@" |
  tr '[:upper:]' '[:lower:]' |
  tr -cs '[:alpha:]' '\n' |
  while read -r word; do
    [ ${#word} -ge "$min_len" ] || continue
    is_stopword "$word" && continue
    echo "$word"
  done |
  sort |
  uniq -c |
  sort -rn |
  head -n "$limit" |
  while read -r count word; do
    bar=$(printf '%*s' $((count > 50 ? 50 : count)) '' | tr ' ' '*')
    printf '%-20s %5d %s\n' "$word" "$count" "$bar"
  done
