#!/bin/bash
# Squares and running sums: seq forks once, expr twice per number.

sum=0
for ((i = 1; i <= 12; i++))
do
    sq=$((i * i))
    sum=$((sum + sq))
    echo "$i squared is $sq, running sum $sum"
done
