#!/bin/sh
# Installs panemap from its release archives, with no Go:
#
#   curl -fsSL https://raw.githubusercontent.com/panemap/panemap/main/install.sh | sh
#   sh install.sh [--dir DIR] [--version VERSION] [--base-url URL]
#
# It picks the archive for this machine (uname), downloads it with the
# release's checksums.txt, checks the archive's sha256 against it, and only
# then unpacks the binaries (panemap, and panemap-open, the popup's client
# of the resident) and moves each into place in one rename. A wrong
# checksum, a missing archive or no network installs nothing and exits 1.
#
#   --dir DIR        where to put panemap (default ~/.local/bin)
#   --version V      the release to install, e.g. 0.1.0 (default the latest)
#   --base-url URL   the folder that holds the archives and checksums.txt: an
#                    http(s) or file:// URL, or a path (a mirror, or goreleaser's
#                    dist/). Default: the GitHub release. Also PANEMAP_BASE_URL.
#
# POSIX sh, and only the tools every Unix has: uname, tar with gzip, curl or
# wget, and sha256sum, shasum or openssl.
set -eu

repo_releases=https://github.com/panemap/panemap/releases

say() { printf 'install.sh: %s\n' "$*" >&2; }
die() { say "$*"; exit 1; }
usage_error() {
  say "$*"
  say "usage: install.sh [--dir DIR] [--version VERSION] [--base-url URL]"
  exit 2
}

# Everything runs from main, called on the script's last line, so a script
# cut short in `curl | sh` runs nothing.
main() {
  dir=${HOME:-}/.local/bin
  dir_given=
  want=
  base=${PANEMAP_BASE_URL:-}
  while [ $# -gt 0 ]; do
    case $1 in
      --dir | --version | --base-url)
        [ $# -ge 2 ] || usage_error "$1 needs a value"
        flag=$1 value=$2
        shift 2
        ;;
      --dir=* | --version=* | --base-url=*)
        flag=${1%%=*} value=${1#*=}
        shift
        ;;
      -h | --help)
        # The header above, when this is a file; piped to sh, the usage.
        sed -n '2,19s/^# \{0,1\}//p' "$0" 2>/dev/null ||
          printf 'usage: install.sh [--dir DIR] [--version VERSION] [--base-url URL]\n'
        exit 0
        ;;
      *) usage_error "unknown argument '$1'" ;;
    esac
    case $flag in
      --dir) dir=$value dir_given=1 ;;
      --version) want=$value ;;
      --base-url) base=$value ;;
    esac
  done

  [ -n "$dir" ] || usage_error "--dir: no folder given, and HOME is not set"
  if [ -z "$dir_given" ] && [ -z "${HOME:-}" ]; then
    usage_error "HOME is not set: give --dir DIR"
  fi
  if [ -n "$want" ]; then
    want=${want#v}
    valid_version "$want" || usage_error "--version: '$want' is not a release version such as 0.1.0"
  fi
  if [ -z "$base" ]; then
    if [ -n "$want" ]; then base=$repo_releases/download/v$want; else base=$repo_releases/latest/download; fi
  fi
  base=${base%/}

  os=$(uname -s)
  case $os in
    Linux) os=linux ;;
    Darwin) os=darwin ;;
    *) die "no panemap release for this system ($os): panemap ships for Linux and macOS" ;;
  esac
  arch=$(uname -m)
  case $arch in
    x86_64 | amd64) arch=amd64 ;;
    aarch64 | arm64) arch=arm64 ;;
    *) die "no panemap release for this processor ($arch): panemap ships for amd64 and arm64" ;;
  esac
  archive=panemap_${os}_${arch}.tar.gz

  tmp=$(mktemp -d "${TMPDIR:-/tmp}/panemap-install.XXXXXX") || die "cannot make a temporary folder"
  trap 'rm -rf "$tmp"' EXIT
  trap 'exit 1' HUP INT TERM

  fetch "$base/checksums.txt" "$tmp/checksums.txt"
  fetch "$base/$archive" "$tmp/$archive"

  # The line for this archive: "<sha256>  <name>" (a * before the name
  # marks binary mode in sha256sum's format).
  expected=$(awk -v name="$archive" '$2 == name || $2 == "*" name { print $1 }' "$tmp/checksums.txt")
  case $expected in
    "") die "checksums.txt at $base has no line for $archive: nothing installed" ;;
    *[!0-9a-fA-F]*) die "checksums.txt at $base has a malformed line for $archive: nothing installed" ;;
  esac
  [ ${#expected} -eq 64 ] || die "checksums.txt at $base has a malformed line for $archive: nothing installed"
  actual=$(sha256 "$tmp/$archive")
  expected=$(printf '%s' "$expected" | tr 'A-F' 'a-f')
  if [ "$actual" != "$expected" ]; then
    die "checksum mismatch for $archive: checksums.txt says $expected, the download is $actual: nothing installed"
  fi

  # Verified: only now is anything unpacked, and only the binary.
  mkdir "$tmp/unpacked"
  tar -xzf "$tmp/$archive" -C "$tmp/unpacked" panemap 2>/dev/null || die "$archive holds no panemap binary: nothing installed"
  # panemap-open, the popup's client of the resident (releases before it
  # hold none: the plugin then runs panemap in the popup).
  tar -xzf "$tmp/$archive" -C "$tmp/unpacked" panemap-open 2>/dev/null || rm -f "$tmp/unpacked/panemap-open"
  bin=$tmp/unpacked/panemap
  if [ ! -f "$bin" ] || [ -L "$bin" ]; then die "$archive holds no panemap binary: nothing installed"; fi
  chmod 755 "$bin"
  got=$("$bin" -V </dev/null 2>/dev/null) || die "the panemap in $archive does not run on this machine: nothing installed"
  if [ -n "$want" ] && [ "$got" != "panemap $want" ]; then
    die "$archive at $base is '$got', not panemap $want: nothing installed"
  fi

  # A copy into the target folder, then one rename over the old binary: a
  # running panemap, or one that panics halfway, never sees half a file.
  mkdir -p "$dir" || die "cannot create $dir"
  cp "$bin" "$dir/.panemap.new.$$" || die "cannot write to $dir"
  chmod 755 "$dir/.panemap.new.$$"
  mv -f "$dir/.panemap.new.$$" "$dir/panemap" || { rm -f "$dir/.panemap.new.$$"; die "cannot move panemap into $dir"; }
  open=$tmp/unpacked/panemap-open
  if [ -f "$open" ] && [ ! -L "$open" ]; then
    cp "$open" "$dir/.panemap-open.new.$$" || die "cannot write to $dir"
    chmod 755 "$dir/.panemap-open.new.$$"
    mv -f "$dir/.panemap-open.new.$$" "$dir/panemap-open" || { rm -f "$dir/.panemap-open.new.$$"; die "cannot move panemap-open into $dir"; }
  fi
  say "installed $got to $dir/panemap"
  case :${PATH:-}: in
    *:"$dir":*) ;;
    *) say "$dir is not in PATH: add it, or run $dir/panemap" ;;
  esac
}

# valid_version V: digits.digits.digits, with an optional -pre or +build
# suffix of letters, digits, dots, hyphens and pluses.
valid_version() {
  case $1 in
    "" | *[!0-9A-Za-z.+-]*) return 1 ;;
  esac
  printf '%s\n' "$1" | grep -Eq '^[0-9]+\.[0-9]+\.[0-9]+([-+][0-9A-Za-z.+-]+)?$'
}

# fetch URL FILE: an http(s) URL with curl or wget, a file:// URL or a
# path by copying.
fetch() {
  case $1 in
    file://*) cp "${1#file://}" "$2" 2>/dev/null || die "cannot read ${1#file://}: nothing installed" ;;
    http://* | https://*)
      if command -v curl >/dev/null 2>&1; then
        curl -fsSL --proto '=http,https' --connect-timeout 15 --max-time 300 -o "$2" "$1" ||
          die "cannot download $1 (curl exit $?): nothing installed"
      elif command -v wget >/dev/null 2>&1; then
        wget -q -T 60 -t 1 -O "$2" "$1" || die "cannot download $1 (wget exit $?): nothing installed"
      else
        die "cannot download $1: neither curl nor wget is installed"
      fi
      ;;
    *://*) die "cannot download $1: only http, https and file URLs are supported" ;;
    *) cp "$1" "$2" 2>/dev/null || die "cannot read $1: nothing installed" ;;
  esac
}

# sha256 FILE prints FILE's sha256 in lower-case hex.
sha256() {
  if command -v sha256sum >/dev/null 2>&1; then
    set -- "$(sha256sum "$1")"
  elif command -v shasum >/dev/null 2>&1; then
    set -- "$(shasum -a 256 "$1")"
  elif command -v openssl >/dev/null 2>&1; then
    # "SHA2-256(FILE)= HEX" or "SHA256(FILE)= HEX": the hex is last.
    set -- "$(openssl dgst -sha256 "$1")"
    set -- "${1##* }"
  else
    die "cannot check the download: no sha256sum, shasum or openssl"
  fi
  printf '%s' "${1%% *}" | tr 'A-F' 'a-f'
}

main "$@"
