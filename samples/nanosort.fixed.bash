#!/bin/bash
# nanosort: reads "size path" records and prints them smallest first with an
# insertion sort in the shell. Every record forks cut twice, basename once and
# expr for the counter; the sort forks expr on every step.

count=0
while read -r record
do
    case $record in -*) size=$(echo "$record" | cut -d' ' -f1) ;; *) size=${record%%' '*} ;; esac
    case $record in -*) path=$(echo "$record" | cut -d' ' -f2) ;; *) case $record in *' '*) path=$record; path=${path#*' '}; path=${path%%' '*} ;; *) path=$record ;; esac ;; esac
    case $path in -* | */) name=$(basename "$path") ;; *) name=${path##*/} ;; esac
    sizes[$count]=$size
    names[$count]=$name
    count=$((count + 1))
done

i=1
while [ $i -lt $count ]
do
    j=$i
    while [ $j -gt 0 ]
    do
        prev=$((j - 1))
        if [ ${sizes[$prev]} -le ${sizes[$j]} ]; then
            break
        fi
        t=${sizes[$j]}; sizes[$j]=${sizes[$prev]}; sizes[$prev]=$t
        t=${names[$j]}; names[$j]=${names[$prev]}; names[$prev]=$t
        j=$prev
    done
    i=$((i + 1))
done

i=0
while [ $i -lt $count ]
do
    echo "${sizes[$i]} ${names[$i]}"
    i=$((i + 1))
done
echo "$count files"
