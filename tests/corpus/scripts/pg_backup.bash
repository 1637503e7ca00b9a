#!/bin/bash
# Dumps every PostgreSQL database to a dated directory and uploads it.
set -o errexit -o nounset -o pipefail

BACKUP_ROOT=/var/backups/postgres
REMOTE=${REMOTE:-backup@vault.example.org:/srv/pg}
STAMP=$(date +%Y%m%d-%H%M)
DEST=$BACKUP_ROOT/$STAMP
LOCK=/run/lock/pg_backup.lock
KEEP_DAYS=14

exec 9>"$LOCK"
if ! flock -n 9; then
  echo "another backup is running" >&2
  exit 1
fi

mkdir -p "$DEST"
cd "$DEST"

dbs=$(sudo -u postgres psql -At -c "SELECT datname FROM pg_database WHERE NOT datistemplate")
count=0
failed=0
for db in $dbs; do
  start=$(date +%s)
  if sudo -u postgres pg_dump --format=custom "$db" > "$db.dump" 2> "$db.err"; then
    size=$(stat -c %s "$db.dump")
    echo "$db: $(( size / 1024 )) KiB in $(( $(date +%s) - start ))s"
    rm -f "$db.err"
    count=$(( count + 1 ))
  else
    echo "$db: FAILED: $(head -1 "$db.err")" >&2
    failed=$(( failed + 1 ))
  fi
done

sudo -u postgres pg_dumpall --globals-only > globals.sql
sha256sum -- *.dump globals.sql > SHA256SUMS

if ! rsync -a --partial "$DEST" "$REMOTE/"; then
  echo "upload failed, local copy kept in $DEST" >&2
  failed=$(( failed + 1 ))
fi

find "$BACKUP_ROOT" -mindepth 1 -maxdepth 1 -type d -mtime +$KEEP_DAYS -print0 |
  while IFS= read -r -d '' old; do
    echo "removing old backup ${old##*/}"
    rm -rf -- "$old"
  done

echo "$count databases backed up, $failed failures"
(( failed == 0 ))
