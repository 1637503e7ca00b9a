#!/bin/ksh
# Read a key=value config named by the first argument: cat feeds the loop
# through a pipe, cut forks twice per line, and $(cat) reads the file again.

file=${1:-/etc/forklift.conf}
cat "$file" | while IFS= read -r line
do
    key=$(echo "$line" | cut -d= -f1)
    value=$(echo "$line" | cut -d= -f2)
    echo "key=$key value=$value"
done
content=$(cat "$file")
echo "${#content} bytes of config"
