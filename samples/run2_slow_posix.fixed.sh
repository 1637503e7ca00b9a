#!/bin/sh
# run2_slow for POSIX shells: the product captured with $(echo ... | bc) and
# the counters advanced with expr, three forks (four with dc) per iteration.

loop=0
total=0
while [ "$loop" -lt "${1:-1000}" ]
do
    n=$((100 / 100 * 100 / 100 * 100 / 100 * 100 / 100 * 100 / 100 * 100 / 100))
    total=$((total + n))
    loop=$((loop + 1))
done
echo "total $total after $loop iterations"
