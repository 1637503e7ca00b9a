#!/bin/bash
# Renames photos to their EXIF date: IMG_1234.JPG -> 2023-05-01_12-30-00.jpg
set -u
dry_run=false
[[ ${1:-} == -n ]] && { dry_run=true; shift; }
dir=${1:-.}
renamed=0 skipped=0

for file in "$dir"/*.{jpg,JPG,jpeg,JPEG}; do
  [[ -f $file ]] || continue
  stamp=$(exiftool -s3 -DateTimeOriginal "$file" 2>/dev/null)
  if [[ -z $stamp ]]; then
    echo "no date: $file" >&2
    (( skipped++ ))
    continue
  fi
  # "2023:05:01 12:30:00" -> "2023-05-01_12-30-00"
  date_part=${stamp%% *}
  time_part=${stamp#* }
  new_name="${date_part//:/-}_${time_part//:/-}.jpg"
  target=$dir/$new_name
  n=1
  while [[ -e $target && $target != "$file" ]]; do
    target=$dir/${new_name%.jpg}_$n.jpg
    (( n++ ))
  done
  [[ $target == "$file" ]] && continue
  if $dry_run; then
    echo "mv '$file' '$target'"
  else
    mv -n -- "$file" "$target" && (( renamed++ ))
  fi
done
echo "renamed $renamed, skipped $skipped"
