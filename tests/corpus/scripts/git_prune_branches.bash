#!/usr/bin/env bash
# Deletes local branches already merged into the main branch, with confirmation.
set -eu

main=${1:-}
if [[ -z $main ]]; then
  for candidate in main master trunk; do
    if git show-ref --verify --quiet "refs/heads/$candidate"; then
      main=$candidate
      break
    fi
  done
fi
[[ -n $main ]] || { echo "no main branch found" >&2; exit 1; }

current=$(git symbolic-ref --short HEAD)
mapfile -t merged < <(git branch --merged "$main" --format='%(refname:short)')

to_delete=()
for branch in "${merged[@]}"; do
  case $branch in
    "$main"|"$current"|release/*) continue ;;
  esac
  last=$(git log -1 --format=%cr "$branch")
  to_delete+=("$branch")
  printf '  %-40s %s\n' "$branch" "$last"
done

if (( ${#to_delete[@]} == 0 )); then
  echo "nothing to delete"
  exit 0
fi

read -r -p "delete ${#to_delete[@]} branches? [y/N] " answer
if [[ ${answer,,} == y || ${answer,,} == yes ]]; then
  git branch -d -- "${to_delete[@]}"
else
  echo "kept them"
fi
