#!/bin/sh
# Counts lines, words and extensions of files below a directory the slow way:
# one process per tiny computation, the way many old scripts do it.
dir=${1:-.}
total_lines=0
total_files=0
ext_list=""

for f in `find "$dir" -type f -name '*.*' 2>/dev/null`; do
  name=`basename $f`
  ext=`echo $name | sed 's/.*\.//'`
  lines=`wc -l < $f`
  total_lines=`expr $total_lines + $lines`
  total_files=`expr $total_files + 1`
  case " $ext_list " in
    *" $ext "*) ;;
    *) ext_list="$ext_list $ext" ;;
  esac
done

echo "files: $total_files"
echo "lines: $total_lines"
if [ $total_files -gt 0 ]; then
  avg=`echo "scale=2; $total_lines / $total_files" | bc`
  echo "average: $avg lines per file"
fi

for ext in $ext_list; do
  n=`find "$dir" -type f -name "*.$ext" | wc -l`
  pct=`expr $n \* 100 / $total_files`
  printf '%-8s %5d %3d%%\n' "$ext" "$n" "$pct"
done | sort -k2 -rn

i=0
for n in `seq 1 10`; do
  i=`expr $i + $n`
  sq=$(echo "$n * $n" | bc)
  echo "$n $sq `dirname $dir/x`"
done
echo "sum: $i"
