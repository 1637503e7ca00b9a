#!/bin/sh
# Container entrypoint: render config from the environment, wait for the
# database, run migrations once, then exec the server as PID 1.
set -eu

: "${APP_ENV:=production}"
: "${DB_HOST:=db}"
: "${DB_PORT:=5432}"
: "${WORKERS:=4}"

render() {
  template=$1
  target=$2
  # Replace ${VAR} with the environment's value; leave unknown names alone.
  sed -e "s|\${APP_ENV}|$APP_ENV|g" \
      -e "s|\${DB_HOST}|$DB_HOST|g" \
      -e "s|\${DB_PORT}|$DB_PORT|g" \
      -e "s|\${WORKERS}|$WORKERS|g" \
      "$template" > "$target"
}

for tpl in /etc/app/templates/*.tpl; do
  [ -e "$tpl" ] || break
  name=$(basename "$tpl" .tpl)
  render "$tpl" "/etc/app/$name"
done

tries=0
until nc -z "$DB_HOST" "$DB_PORT" 2>/dev/null; do
  tries=$((tries + 1))
  if [ "$tries" -ge 60 ]; then
    echo "database $DB_HOST:$DB_PORT not reachable" >&2
    exit 1
  fi
  sleep 1
done

if [ "${1:-}" = "migrate" ] || [ ! -f /var/lib/app/.migrated ]; then
  app-manage migrate --noinput
  touch /var/lib/app/.migrated
  [ "${1:-}" = "migrate" ] && exit 0
fi

if [ $# -eq 0 ] || [ "${1#-}" != "$1" ]; then
  set -- app-server --workers "$WORKERS" "$@"
fi
exec "$@"
