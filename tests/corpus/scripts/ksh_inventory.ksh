#!/bin/ksh
# Collects a host inventory into a compound variable and prints it as JSON.
typeset -C host
host.name=$(hostname)
host.kernel=$(uname -r)
host.cpus=$(getconf _NPROCESSORS_ONLN)
typeset -a host.addresses
typeset -i n=0

ip -o -4 addr show | while read -r idx ifname family addr rest; do
  print -- "${addr%/*}"
done > /tmp/inventory.$$

while read -r addr; do
  host.addresses[n++]=$addr
done < /tmp/inventory.$$
rm -f /tmp/inventory.$$

function json_string {
  typeset s=$1
  s=${s//\\/\\\\}
  s=${s//\"/\\\"}
  print -rn -- "\"$s\""
}

function json_array {
  typeset -n arr=$1
  typeset sep=""
  print -n "["
  for item in "${arr[@]}"; do
    print -n -- "$sep"
    json_string "$item"
    sep=", "
  done
  print -n "]"
}

print "{"
print -n '  "name": '; json_string "${host.name}"; print ","
print -n '  "kernel": '; json_string "${host.kernel}"; print ","
print "  \"cpus\": ${host.cpus},"
print -n '  "addresses": '; json_array host.addresses; print
print "}"
