#!/bin/sh
# Long and short option parsing in POSIX sh, then a dry-run file copy.
verbose=0
dry_run=0
output=
excludes=

usage() {
  cat <<USAGE
Usage: $0 [options] SOURCE...
  -o, --output DIR     where to copy (required)
  -x, --exclude GLOB   skip matching files (repeatable)
  -n, --dry-run        only print what would be done
  -v, --verbose        more output
  -h, --help           this text
USAGE
}

while [ $# -gt 0 ]; do
  case $1 in
    -o|--output) output=$2; shift 2 ;;
    --output=*) output=${1#*=}; shift ;;
    -x|--exclude) excludes="$excludes $2"; shift 2 ;;
    --exclude=*) excludes="$excludes ${1#*=}"; shift ;;
    -n|--dry-run) dry_run=1; shift ;;
    -v|--verbose) verbose=$((verbose + 1)); shift ;;
    -h|--help) usage; exit 0 ;;
    --) shift; break ;;
    -*) echo "$0: unknown option $1" >&2; usage >&2; exit 2 ;;
    *) break ;;
  esac
done

[ -n "$output" ] || { echo "$0: --output is required" >&2; exit 2; }
[ $# -gt 0 ] || { usage >&2; exit 2; }

excluded() {
  for pattern in $excludes; do
    case $1 in
      $pattern) return 0 ;;
    esac
  done
  return 1
}

copied=0
for src in "$@"; do
  if excluded "$src"; then
    [ $verbose -gt 0 ] && echo "skip $src"
    continue
  fi
  if [ $dry_run -eq 1 ]; then
    echo "cp -p $src $output/"
  else
    cp -p "$src" "$output/" || exit 1
  fi
  copied=$((copied + 1))
done
[ $verbose -gt 1 ] && echo "$copied files"
exit 0
