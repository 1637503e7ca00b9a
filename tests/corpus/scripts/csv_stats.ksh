#!/usr/bin/ksh93
# Per-column statistics of a CSV file: count, min, max, mean (integers only).
typeset file=${1:?usage: csv_stats.ksh FILE.csv}
typeset -a header
typeset -A count min max sum
typeset -i row=0 col

IFS=, read -r -A header < "$file"
while IFS=, read -r -A fields; do
  (( row++ ))
  (( row == 1 )) && continue
  for (( col = 0; col < ${#fields[@]}; col++ )); do
    value=${fields[col]}
    [[ $value == +([0-9]) ]] || continue
    name=${header[col]}
    (( count[$name]++ ))
    if [[ -z ${min[$name]} ]] || (( value < min[$name] )); then
      min[$name]=$value
    fi
    if [[ -z ${max[$name]} ]] || (( value > max[$name] )); then
      max[$name]=$value
    fi
    (( sum[$name] += value ))
  done
done < "$file"

printf '%-16s %8s %10s %10s %10s\n' column count min max mean
for name in "${header[@]}"; do
  [[ -n ${count[$name]} ]] || continue
  typeset -i n=${count[$name]}
  printf '%-16s %8d %10d %10d %10d\n' "$name" n "${min[$name]}" "${max[$name]}" $(( sum[$name] / n ))
done
print -- "$(( row - 1 )) data rows"
