#!/bin/ksh
# Compound interest table computed with bc in a loop: one fork per cell.
principal=${1:-1000}
years=${2:-10}
rates="1.5 2 3.25 5"

printf '%4s' year
for r in $rates; do
  printf ' %10s' "$r%"
done
print

year=1
while [ $year -le $years ]; do
  printf '%4d' $year
  for r in $rates; do
    factor=$(echo "scale=6; 1 + $r / 100" | bc)
    amount=$(echo "scale=2; $principal * $factor ^ $year" | bc)
    printf ' %10s' "$amount"
  done
  print
  year=`expr $year + 1`
done

total=0
for r in $rates; do
  gain=$(echo "scale=2; $principal * ((1 + $r / 100) ^ $years - 1)" | bc)
  total=$(echo "$total + $gain" | bc)
  print -- "rate $r%: gain $gain"
done
print -- "sum of gains: $total"
