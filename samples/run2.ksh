#!/bin/ksh
# The customer's benchmark driver: starts run2_slow 63 times in the
# background and times one more in the foreground. Arguments shrink it for
# tests: number of background copies, iterations per copy.

i=0
while [ $i -lt ${1:-63} ]
do
    ./run2_slow.ksh ${2:-1000} &

    echo Starting $i

    i=`expr $i + 1`
done

time ./run2_slow.ksh ${2:-1000}
