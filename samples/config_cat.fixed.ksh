#!/bin/ksh
# Read a key=value config named by the first argument: cat feeds the loop
# through a pipe, cut forks twice per line, and $(cat) reads the file again.

file=${1:-/etc/forklift.conf}
while IFS= read -r line
do
    case $line in -* | *\\*) key=$(echo "$line" | cut -d= -f1) ;; *) key=${line%%=*} ;; esac
    case $line in -* | *\\*) value=$(echo "$line" | cut -d= -f2) ;; *) case $line in *=*) value=$line; value=${value#*=}; value=${value%%=*} ;; *) value=$line ;; esac ;; esac
    echo "key=$key value=$value"
done < "$file"
content=$(<"$file")
echo "${#content} bytes of config"
