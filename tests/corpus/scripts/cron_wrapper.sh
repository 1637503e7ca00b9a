#!/bin/sh
# Runs a cron job with a lock, a log file per day and a mail on failure.
job=$1
shift
[ -n "$job" ] && [ $# -gt 0 ] || {
  echo "usage: cron_wrapper.sh NAME COMMAND [ARGS...]" >&2
  exit 2
}

LOG_DIR=/var/log/cron-jobs/$job
MAILTO=${MAILTO:-root}
mkdir -p "$LOG_DIR" || exit 1
log=$LOG_DIR/$(date +%F).log
lock=/tmp/cron-$job.lock

if ! mkdir "$lock" 2>/dev/null; then
  if [ -f "$lock/pid" ] && kill -0 "$(cat "$lock/pid")" 2>/dev/null; then
    echo "$(date '+%F %T') $job still running, skipped" >> "$log"
    exit 0
  fi
  rm -rf "$lock"
  mkdir "$lock" || exit 1
fi
echo $$ > "$lock/pid"
trap 'rm -rf "$lock"' 0 1 2 15

{
  echo "=== $(date '+%F %T') start: $*"
  "$@"
  status=$?
  echo "=== $(date '+%F %T') end: status $status"
} >> "$log" 2>&1

status=$(tail -1 "$log" | sed -n 's/.*status \([0-9]*\)$/\1/p')
if [ "${status:-1}" -ne 0 ]; then
  tail -n 50 "$log" | mail -s "cron job $job failed on $(hostname)" "$MAILTO"
fi

find "$LOG_DIR" -name '*.log' -mtime +30 -exec rm -f {} +
exit "${status:-1}"
