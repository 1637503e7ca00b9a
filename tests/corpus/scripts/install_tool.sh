#!/bin/sh
# Installs a release tarball of "fltool" into PREFIX, verifying its checksum.
set -eu

PREFIX=${PREFIX:-/usr/local}
VERSION=${1:-1.4.2}
BASE_URL="https://downloads.example.org/fltool"
TMPDIR=$(mktemp -d 2>/dev/null || mktemp -d -t fltool)
trap 'rm -rf "$TMPDIR"' EXIT INT TERM

log() {
  printf '%s: %s\n' "$(basename "$0")" "$*" >&2
}

die() {
  log "error: $*"
  exit 1
}

need() {
  command -v "$1" >/dev/null 2>&1 || die "missing required command: $1"
}

detect_platform() {
  os=$(uname -s | tr '[:upper:]' '[:lower:]')
  arch=$(uname -m)
  case $arch in
    x86_64|amd64) arch=amd64 ;;
    aarch64|arm64) arch=arm64 ;;
    armv7*) arch=armv7 ;;
    *) die "unsupported architecture: $arch" ;;
  esac
  echo "${os}-${arch}"
}

fetch() {
  url=$1
  out=$2
  if command -v curl >/dev/null 2>&1; then
    curl -fsSL -o "$out" "$url"
  elif command -v wget >/dev/null 2>&1; then
    wget -q -O "$out" "$url"
  else
    die "need curl or wget"
  fi
}

need tar
need sha256sum
platform=$(detect_platform)
archive="fltool-${VERSION}-${platform}.tar.gz"

log "downloading $archive"
fetch "$BASE_URL/v$VERSION/$archive" "$TMPDIR/$archive"
fetch "$BASE_URL/v$VERSION/SHA256SUMS" "$TMPDIR/SHA256SUMS"

expected=$(grep " $archive\$" "$TMPDIR/SHA256SUMS" | cut -d' ' -f1)
[ -n "$expected" ] || die "no checksum for $archive"
actual=$(sha256sum "$TMPDIR/$archive" | cut -d' ' -f1)
if [ "$expected" != "$actual" ]; then
  die "checksum mismatch: expected $expected, got $actual"
fi

tar -xzf "$TMPDIR/$archive" -C "$TMPDIR"
if [ ! -w "$PREFIX/bin" ]; then
  SUDO=sudo
  log "installing with sudo into $PREFIX"
else
  SUDO=
fi
$SUDO mkdir -p "$PREFIX/bin" "$PREFIX/share/man/man1"
$SUDO install -m 0755 "$TMPDIR/fltool" "$PREFIX/bin/fltool"
[ -f "$TMPDIR/fltool.1" ] && $SUDO install -m 0644 "$TMPDIR/fltool.1" "$PREFIX/share/man/man1/"

log "installed fltool $VERSION to $PREFIX/bin"
"$PREFIX/bin/fltool" --version || die "installed binary does not run"
