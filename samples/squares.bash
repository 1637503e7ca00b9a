#!/bin/bash
# Squares and running sums: seq forks once, expr twice per number.

sum=0
for i in $(seq 1 12)
do
    sq=$(expr $i \* $i)
    sum=$(expr $sum + $sq)
    echo "$i squared is $sq, running sum $sum"
done
