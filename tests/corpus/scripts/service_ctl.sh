#!/bin/sh
### BEGIN INIT INFO
# Provides:          queue-worker
# Required-Start:    $remote_fs $network
# Required-Stop:     $remote_fs $network
# Default-Start:     2 3 4 5
# Default-Stop:      0 1 6
### END INIT INFO

NAME=queue-worker
DAEMON=/usr/sbin/$NAME
PIDFILE=/run/$NAME.pid
USER=worker
[ -r /etc/default/$NAME ] && . /etc/default/$NAME
[ -x "$DAEMON" ] || exit 0

running() {
  [ -f "$PIDFILE" ] || return 1
  pid=$(cat "$PIDFILE")
  kill -0 "$pid" 2>/dev/null
}

start() {
  if running; then
    echo "$NAME already running (pid $pid)"
    return 0
  fi
  printf 'Starting %s: ' "$NAME"
  start-stop-daemon --start --background --make-pidfile --pidfile "$PIDFILE" \
    --chuid "$USER" --exec "$DAEMON" -- $DAEMON_OPTS && echo ok || { echo failed; return 1; }
}

stop() {
  printf 'Stopping %s: ' "$NAME"
  if ! running; then
    echo "not running"
    return 0
  fi
  kill "$pid"
  tries=0
  while running && [ $tries -lt 10 ]; do
    sleep 1
    tries=$((tries + 1))
  done
  if running; then
    kill -9 "$pid"
    echo "killed"
  else
    echo "ok"
  fi
  rm -f "$PIDFILE"
}

case "$1" in
  start) start ;;
  stop) stop ;;
  restart|force-reload)
    stop
    start
    ;;
  status)
    if running; then echo "$NAME is running (pid $pid)"; else echo "$NAME is stopped"; exit 3; fi
    ;;
  *)
    echo "Usage: $0 {start|stop|restart|status}" >&2
    exit 2
    ;;
esac
exit $?
