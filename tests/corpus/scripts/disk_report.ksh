#!/bin/ksh
# Reports file systems above a usage threshold and the largest directories in them.
typeset -i threshold=${1:-80}
typeset -i depth=2
typeset -A usage
typeset host=$(hostname)

function warn {
  print -u2 -- "$host: $*"
}

function human {
  typeset -i kib=$1
  if (( kib >= 1048576 )); then
    print -- "$(( kib / 1048576 ))G"
  elif (( kib >= 1024 )); then
    print -- "$(( kib / 1024 ))M"
  else
    print -- "${kib}K"
  fi
}

df -Pk | while read -r fs blocks used avail capacity mount; do
  [[ $fs == Filesystem ]] && continue
  pct=${capacity%\%}
  if (( pct >= threshold )); then
    print -- "$mount $pct $used"
  fi
done > /tmp/disk_report.$$

typeset -i count=0
while read -r mount pct used; do
  usage[$mount]=$pct
  (( count++ ))
  warn "$mount is ${pct}% full ($(human $used) used)"
  du -xk -d $depth "$mount" 2>/dev/null | sort -rn | head -5 | while read -r size dir; do
    print -- "    $(human $size)	$dir"
  done
done < /tmp/disk_report.$$
rm -f /tmp/disk_report.$$

if (( count == 0 )); then
  print -- "all file systems below ${threshold}%"
  exit 0
fi

for mount in "${!usage[@]}"; do
  if (( ${usage[$mount]} >= 95 )); then
    warn "CRITICAL: $mount"
  fi
done
exit 1
