#!/bin/ksh93
# Samples load, memory and temperature every few seconds and prints a line per sample.
typeset -i interval=${1:-5} samples=${2:-12} i
typeset -F2 load mem_pct temp

function read_load {
  typeset one rest
  read -r one rest < /proc/loadavg
  load=$one
}

function read_memory {
  typeset key value unit
  typeset -i total=0 available=0
  while read -r key value unit; do
    case $key in
      MemTotal:) total=value ;;
      MemAvailable:) available=value ;;
    esac
  done < /proc/meminfo
  if (( total > 0 )); then
    mem_pct=$(( 100.0 * (total - available) / total ))
  fi
}

function read_temperature {
  typeset zone
  typeset -i milli best=0
  for zone in /sys/class/thermal/thermal_zone*/temp; do
    [[ -r $zone ]] || continue
    read -r milli < "$zone"
    (( milli > best )) && best=milli
  done
  temp=$(( best / 1000.0 ))
}

printf '%-8s %6s %6s %6s\n' time load mem% temp
for (( i = 0; i < samples; i++ )); do
  read_load
  read_memory
  read_temperature
  printf '%-8s %6.2f %6.2f %6.2f\n' "$(date +%H:%M:%S)" load mem_pct temp
  if (( temp > 85.0 )); then
    print -u2 "warning: temperature ${temp}C"
  fi
  (( i + 1 < samples )) && sleep $interval
done
