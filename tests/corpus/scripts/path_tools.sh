#!/bin/sh
# PATH manipulation helpers: dedupe, prepend, remove; prints the result.
path_dedupe() {
  result=
  old_ifs=$IFS
  IFS=:
  for dir in $1; do
    case ":$result:" in
      *":$dir:"*) ;;
      *) result=${result:+$result:}$dir ;;
    esac
  done
  IFS=$old_ifs
  echo "$result"
}

path_remove() {
  echo ":$1:" | sed -e "s|:$2:|:|g" -e 's|^:||' -e 's|:$||'
}

path_prepend() {
  case ":$1:" in
    *":$2:"*) echo "$1" ;;
    *) echo "$2${1:+:$1}" ;;
  esac
}

new=$PATH
for dir in "$HOME/.local/bin" "$HOME/bin" /opt/tools/bin; do
  [ -d "$dir" ] && new=$(path_prepend "$new" "$dir")
done
for gone in /usr/games /usr/local/games; do
  new=$(path_remove "$new" "$gone")
done
new=$(path_dedupe "$new")

count=$(echo "$new" | tr ':' '\n' | grep -c .)
echo "PATH has $count entries:"
echo "$new" | tr ':' '\n' | nl -ba
echo "export PATH=\"$new\""
