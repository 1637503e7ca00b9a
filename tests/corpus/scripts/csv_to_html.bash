#!/bin/bash
# Converts a CSV file to an HTML table, escaping each cell with sed (slow on purpose).
input=${1:--}
title=${TITLE:-Report}

escape() {
  echo "$1" | sed -e 's/&/\&amp;/g' -e 's/</\&lt;/g' -e 's/>/\&gt;/g'
}

cat <<EOF
<!doctype html>
<html><head><meta charset="utf-8"><title>$(escape "$title")</title></head>
<body>
<table>
EOF

row=0
while IFS= read -r line; do
  row=$((row + 1))
  cells=$(echo "$line" | tr ',' '\n')
  tag=td
  [ $row -eq 1 ] && tag=th
  printf '  <tr>'
  echo "$cells" | while IFS= read -r cell; do
    cell=$(echo "$cell" | sed 's/^ *//; s/ *$//')
    printf '<%s>%s</%s>' "$tag" "$(escape "$cell")" "$tag"
  done
  printf '</tr>\n'
done < <(cat "$input")

cat <<'EOF'
</table>
</body></html>
EOF
echo "<!-- $row rows -->"
