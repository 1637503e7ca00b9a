#!/bin/bash
# Fork coverage of `forklift fix` on real scripts no one here wrote: this
# machine's shell scripts (/usr/bin, /usr/sbin, /usr/share, /etc) and the
# scripts of a few script-heavy Debian packages, fetched with
# `apt-get download` and unpacked with `dpkg-deb -x` into a cache directory
# outside the repository (never installed).
#
# For the safe fixes and for --unsafe-fixes it prints, per command, the fork
# sites inside loops before and after (`forklift fix --diff --statistics`),
# and the wall time of `forklift lint` over the whole corpus.
#
# Usage: bench/coverage.sh [FORKLIFT]   (default: build/default/cli/forklift)
#   FORKLIFT_CORPUS=DIR   where the corpus is built (default ~/.cache/forklift-coverage)
#   PACKAGES="a b"        the Debian packages to add (default: the list below)
#   TOP=N                 utilities listed per run (default 25; the total counts them all)
set -euo pipefail

root=$(cd "$(dirname "$0")/.." && pwd)
forklift=${1:-$root/build/default/cli/forklift}
corpus=${FORKLIFT_CORPUS:-${XDG_CACHE_HOME:-$HOME/.cache}/forklift-coverage}
packages=${PACKAGES:-"autoconf automake libtool libltdl-dev gettext gnulib bash-completion git xdg-utils dkms
  initramfs-tools grub-common os-prober debootstrap devscripts neofetch dehydrated easy-rsa makeself shunit2
  console-setup ksh93u+m mksh"}

if [ ! -x "$forklift" ]; then
  echo "bench/coverage.sh: $forklift not found (build forklift first)" >&2
  exit 2
fi

# A file is a shell script when its first line names sh, bash, dash, ksh or mksh.
is_shell_script() {
  local first
  IFS= read -r first < "$1" 2>/dev/null || return 1
  case $first in
    '#!'*/sh | '#!'*/sh' '* | '#!'*[/\ ]bash* | '#!'*/dash* | '#!'*[/\ ]ksh* | '#!'*/mksh*) return 0 ;;
  esac
  return 1
}

# Copies the shell scripts below $1 into $2, named after their paths.
collect_scripts() {
  local from=$1 to=$2 file name
  mkdir -p "$to"
  while IFS= read -r -d '' file; do
    case $file in
      *.sh | *.bash | *.ksh | */configure | */bash-completion/completions/*) ;;
      *) is_shell_script "$file" || continue ;;
    esac
    name=${file#"$from"}
    name=${name#/}
    name=${name//\//__}
    cp -- "$file" "$to/$name" 2>/dev/null || true
  done < <(find "$from" -type f -size -2M -print0 2>/dev/null)
}

build_corpus() {
  local pkg deb
  mkdir -p "$corpus/debs" "$corpus/unpacked" "$corpus/scripts"
  for dir in /usr/bin /usr/sbin /usr/share /etc; do
    collect_scripts "$dir" "$corpus/scripts/system${dir//\//_}"
  done
  for pkg in $packages; do
    if ! ls "$corpus/debs/${pkg}_"*.deb > /dev/null 2>&1; then
      (cd "$corpus/debs" && apt-get download "$pkg" > /dev/null 2>&1) || echo "coverage: could not download $pkg" >&2
    fi
    for deb in "$corpus/debs/${pkg}_"*.deb; do
      [ -f "$deb" ] || continue
      rm -rf "$corpus/unpacked/$pkg"
      dpkg-deb -x "$deb" "$corpus/unpacked/$pkg"
      collect_scripts "$corpus/unpacked/$pkg" "$corpus/scripts/pkg_$pkg"
    done
  done
  touch "$corpus/scripts/.complete"
}

[ -f "$corpus/scripts/.complete" ] || build_corpus
files=$(find "$corpus/scripts" -type f ! -name '.*' | wc -l)
echo "corpus: $files scripts in $corpus/scripts"

# Each run fixes a scratch copy (--diff writes nothing, but keeps the run
# honest if a flag is ever dropped).
run_fix() {
  local label=$1
  shift
  echo "== fix $label"
  # --diff exits 1 when it would change something.
  { "$forklift" fix --isolated --diff --statistics "$@" "$corpus/scripts" 2>&1 > /dev/null || true; } |
    sed -n '/^fork statistics/,$p' | awk -v top="${TOP:-25}" '/^  / && !/^  total/ && ++n > top { next } { print }'
}

run_fix safe
run_fix unsafe --unsafe-fixes

start=$(date +%s.%N)
"$forklift" lint --isolated --output-format concise "$corpus/scripts" > /dev/null 2>&1 || true
end=$(date +%s.%N)
printf 'lint: %s files in %.2fs\n' "$files" "$(echo "$end - $start" | bc)"
