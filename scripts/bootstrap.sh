#!/usr/bin/env bash
# Installs what a fresh Debian 12 machine lacks for building, testing and
# benchmarking forklift; skips whatever is already there.
set -euo pipefail
cd "$(dirname "$0")/.."

packages=(
  g++ cmake make ninja-build pkg-config git nodejs npm
  libfmt-dev libcli11-dev catch2 nlohmann-json3-dev libtomlplusplus-dev
  libmimalloc-dev libabsl-dev
  ksh93u+m bash dash mksh zsh busybox bc coreutils
  neovim hyperfine shellcheck
)

missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'install ok installed' || missing+=("$p")
done

if ((${#missing[@]})); then
  apt_cmd=(apt-get install -y --no-install-recommends "${missing[@]}")
  if [[ $(id -u) -eq 0 ]]; then
    sudo_cmd=()
  elif command -v sudo >/dev/null && sudo -n true 2>/dev/null; then
    sudo_cmd=(sudo)
  else
    echo "bootstrap: missing Debian packages: ${missing[*]}" >&2
    echo "bootstrap: run as root: apt-get update && ${apt_cmd[*]}" >&2
    exit 1
  fi
  echo "bootstrap: installing ${missing[*]}"
  "${sudo_cmd[@]}" env DEBIAN_FRONTEND=noninteractive apt-get update -qq
  "${sudo_cmd[@]}" env DEBIAN_FRONTEND=noninteractive "${apt_cmd[@]}"
fi

# The grammar sources come from npm, pinned by package-lock.json; install
# scripts would build node bindings we do not use.
stamp=node_modules/.forklift-stamp
if [[ ! -f $stamp || package-lock.json -nt $stamp ]]; then
  npm ci --ignore-scripts --no-audit --no-fund
  touch "$stamp"
fi
