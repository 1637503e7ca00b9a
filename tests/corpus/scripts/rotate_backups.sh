#!/bin/sh
# Keeps daily backups for a week, weekly for a month, monthly for a year.
BACKUP_DIR=${BACKUP_DIR:-/var/backups/db}
DRY_RUN=${DRY_RUN:-0}

remove() {
  if [ "$DRY_RUN" -eq 1 ]; then
    echo "would remove $1"
  else
    rm -f -- "$1" && echo "removed $1"
  fi
}

now=$(date +%s)
day=86400
kept=0
removed=0

for file in "$BACKUP_DIR"/db-*.sql.gz; do
  [ -e "$file" ] || continue
  name=${file##*/}
  stamp=${name#db-}
  stamp=${stamp%.sql.gz}
  # stamp is YYYY-MM-DD
  year=${stamp%%-*}
  rest=${stamp#*-}
  month=${rest%%-*}
  dom=${rest#*-}
  when=$(date -d "$year-$month-$dom" +%s 2>/dev/null) || {
    echo "skipping $name: bad date" >&2
    continue
  }
  age=$(( (now - when) / day ))
  weekday=$(date -d "@$when" +%u)

  if [ $age -le 7 ]; then
    keep=1
  elif [ $age -le 31 ] && [ "$weekday" -eq 7 ]; then
    keep=1
  elif [ $age -le 366 ] && [ "$dom" = 01 ]; then
    keep=1
  else
    keep=0
  fi

  if [ $keep -eq 1 ]; then
    kept=$((kept + 1))
  else
    remove "$file"
    removed=$((removed + 1))
  fi
done

echo "kept $kept, removed $removed"
[ "$kept" -gt 0 ] || { echo "warning: no backups left in $BACKUP_DIR" >&2; exit 1; }
