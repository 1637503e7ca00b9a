# Functions for retrying commands with exponential backoff; source this file.

: "${RETRY_MAX:=5}"
: "${RETRY_BASE_DELAY:=1}"
: "${RETRY_MAX_DELAY:=60}"

retry() {
  local attempt=1 delay=$RETRY_BASE_DELAY status
  while true; do
    "$@" && return 0
    status=$?
    if (( attempt >= RETRY_MAX )); then
      printf 'retry: %s failed %d times (last status %d)\n' "$1" "$attempt" "$status" >&2
      return "$status"
    fi
    printf 'retry: attempt %d of %s failed, waiting %ds\n' "$attempt" "$1" "$delay" >&2
    sleep "$delay"
    (( attempt++ ))
    (( delay = delay * 2 > RETRY_MAX_DELAY ? RETRY_MAX_DELAY : delay * 2 ))
  done
}

with_timeout() {
  local seconds=$1; shift
  "$@" &
  local pid=$!
  ( sleep "$seconds" && kill -TERM "$pid" 2>/dev/null ) &
  local watcher=$!
  wait "$pid"
  local status=$?
  kill "$watcher" 2>/dev/null
  wait "$watcher" 2>/dev/null
  return $status
}

wait_for_port() {
  local host=$1 port=$2 tries=${3:-30}
  local i
  for (( i = 1; i <= tries; i++ )); do
    if (exec 3<>"/dev/tcp/$host/$port") 2>/dev/null; then
      return 0
    fi
    sleep 1
  done
  echo "port $host:$port did not open after $tries s" >&2
  return 1
}

jitter() {
  local max=${1:-1000}
  echo $(( RANDOM % max ))
}
