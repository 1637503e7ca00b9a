#!/usr/bin/env bash
# Bumps the version, updates the changelog, tags and builds release archives.
set -euo pipefail

part=${1:-patch}
version_file=VERSION
changelog=CHANGELOG.md

[[ -z $(git status --porcelain) ]] || { echo "working tree is dirty" >&2; exit 1; }
IFS=. read -r major minor patch < "$version_file"

case $part in
  major) (( major++ )); minor=0; patch=0 ;;
  minor) (( minor++ )); patch=0 ;;
  patch) (( patch++ )) ;;
  *) echo "usage: $0 [major|minor|patch]" >&2; exit 2 ;;
esac
new="$major.$minor.$patch"
last_tag=$(git describe --tags --abbrev=0 2>/dev/null || echo "")

{
  echo "## $new - $(date +%Y-%m-%d)"
  echo
  if [[ -n $last_tag ]]; then
    git log --no-merges --format='- %s (%h)' "$last_tag"..HEAD
  else
    git log --no-merges --format='- %s (%h)'
  fi
  echo
  [[ -f $changelog ]] && cat "$changelog"
} > "$changelog.new"
mv "$changelog.new" "$changelog"

echo "$new" > "$version_file"
git add "$version_file" "$changelog"
git commit -q -m "Release $new"
git tag -a "v$new" -m "Version $new"

mkdir -p dist
for fmt in tar.gz zip; do
  git archive --format="$fmt" --prefix="project-$new/" -o "dist/project-$new.$fmt" "v$new"
done
(cd dist && sha256sum "project-$new".* > "SHA256SUMS-$new")
echo "released $new (previous: ${last_tag:-none})"
