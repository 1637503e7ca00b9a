#!/usr/bin/env bash
# Installs what a fresh Debian 12 machine lacks for building, testing and
# benchmarking forklift; skips whatever is already there.
set -euo pipefail
cd "$(dirname "$0")/.."

packages=(
  g++ cmake make ninja-build pkg-config git ccache time
  libfmt-dev libcli11-dev catch2 nlohmann-json3-dev libtomlplusplus-dev
  libmimalloc-dev libabsl-dev
  ksh93u+m bash dash mksh zsh busybox bc coreutils
  neovim hyperfine shellcheck
  bubblewrap
  clang libclang-rt-14-dev
  # file: CPack's DEB generator runs it to find the ELF files for dpkg-shlibdeps.
  dpkg-dev file man-db pre-commit python3-yaml shfmt emacs-nox elpa-eglot
)

missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'install ok installed' || missing+=("$p")
done
# Node.js may come from elsewhere than Debian (NodeSource bundles npm, and
# Debian's npm package conflicts with it): only the commands matter.
command -v node >/dev/null || missing+=(nodejs)
command -v npm >/dev/null || missing+=(npm)

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
# scripts would build node bindings we do not use. The stamp records which
# lock file was installed, so a fresh checkout does not reinstall needlessly.
stamp=node_modules/.forklift-stamp
lock_hash=$(sha256sum package-lock.json | cut -d' ' -f1)
if [[ ! -f $stamp || $(cat "$stamp") != "$lock_hash" ]]; then
  npm ci --ignore-scripts --no-audit --no-fund
  # The one install script we need: the SARIF validator's binary ships
  # without its execute bit.
  multitool=node_modules/@microsoft/sarif-multitool-linux/Sarif.Multitool
  if [[ -f $multitool ]]; then chmod u+x "$multitool"; fi
  echo "$lock_hash" > "$stamp"
fi
