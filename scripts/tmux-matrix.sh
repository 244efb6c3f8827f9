#!/usr/bin/env bash
# tmux-matrix.sh — build every tmux in a sources folder and run panemap's tests on each.
#
#   scripts/tmux-matrix.sh [--build-only] [--versions "3.2a 3.7c ..."] SOURCES_DIR
#
# SOURCES_DIR holds tmux-VERSION.tar.gz snapshots (git trees: autogen.sh is run).
# Builds go to a cache outside the checkout (PANEMAP_TMUX_CACHE, default
# ~/.cache/panemap/tmux/VERSION-SHA) and are reused when present. The system tmux
# (the one on PATH when the script starts) is run too, as "system".
# For each version the suite runs with that tmux first on PATH; a table of
# version x package (pass / fail / skip) is printed at the end, and the exit
# status is non-zero if any cell failed.
set -uo pipefail
cd "$(dirname "$0")/.."

build_only=0
only=""
while [ $# -gt 0 ]; do
  case "$1" in
    --build-only) build_only=1; shift ;;
    --versions) only="$2"; shift 2 ;;
    -h|--help) sed -n '2,12p' "$0"; exit 0 ;;
    *) break ;;
  esac
done
src=${1:-}
if [ -z "$src" ] || [ ! -d "$src" ]; then
  cat >&2 <<'MSG'
usage: scripts/tmux-matrix.sh [--build-only] [--versions "V ..."] SOURCES_DIR

SOURCES_DIR must hold tmux-VERSION.tar.gz files. Release tarballs are at
https://github.com/tmux/tmux/releases (tmux-3.2a.tar.gz ... tmux-3.7c.tar.gz);
a snapshot of any ref can be made in a clone with
  git archive --prefix=tmux-REF/ -o tmux-REF.tar.gz REF
MSG
  exit 2
fi
src=$(cd "$src" && pwd)
cache=${PANEMAP_TMUX_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/panemap/tmux}
mkdir -p "$cache"
logs=$(mktemp -d "${TMPDIR:-/tmp}/panemap-matrix.XXXXXX")

need_pkgs=()
for tool in bison autoconf automake pkg-config make cc; do
  command -v "$tool" >/dev/null || need_pkgs+=("$tool")
done
if ! pkg-config --exists libevent 2>/dev/null; then need_pkgs+=(libevent); fi
if ! pkg-config --exists ncurses 2>/dev/null && ! pkg-config --exists tinfo 2>/dev/null; then need_pkgs+=(ncurses); fi
if [ ${#need_pkgs[@]} -gt 0 ]; then
  echo "== installing tmux build dependencies (missing: ${need_pkgs[*]})"
  if [ "$(id -u)" -ne 0 ]; then echo "not root: install bison build-essential libevent-dev libncurses-dev pkg-config autoconf automake" >&2; exit 2; fi
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq bison build-essential libevent-dev libncurses-dev pkg-config autoconf automake >/dev/null
fi

# build VERSION TARBALL -> prints the bin dir
build() {
  local version=$1 tarball=$2 sum dir work
  sum=$(sha256sum "$tarball" | cut -c1-12)
  dir="$cache/$version-$sum"
  if [ -x "$dir/bin/tmux" ]; then echo "$dir/bin"; return 0; fi
  work=$(mktemp -d "${TMPDIR:-/tmp}/panemap-tmux-build.XXXXXX")
  echo "== building tmux $version (log: $logs/build-$version.log)" >&2
  if ! (
    set -e
    tar -xzf "$tarball" -C "$work"
    cd "$work"/*/
    sh autogen.sh
    ./configure --prefix="$dir.tmp"
    make -j"$(nproc)"
    make install
  ) >"$logs/build-$version.log" 2>&1; then
    echo "build of tmux $version failed; last lines:" >&2
    tail -20 "$logs/build-$version.log" >&2
    rm -rf "$work" "$dir.tmp"
    return 1
  fi
  rm -rf "$work" "$dir"
  mv "$dir.tmp" "$dir"
  echo "$dir/bin"
}

declare -a names bins
names+=(system); bins+=("$(dirname "$(command -v tmux)")")
for tarball in "$src"/tmux-*.tar.gz; do
  [ -e "$tarball" ] || continue
  version=$(basename "$tarball" .tar.gz); version=${version#tmux-}
  if [ -n "$only" ] && ! [[ " $only " == *" $version "* ]]; then continue; fi
  bin=$(build "$version" "$tarball") || { names+=("$version"); bins+=(BUILD-FAILED); continue; }
  names+=("$version"); bins+=("$bin")
done
if [ -n "$only" ] && ! [[ " $only " == *" system "* ]]; then names=("${names[@]:1}"); bins=("${bins[@]:1}"); fi
[ "$build_only" = 1 ] && { for i in "${!names[@]}"; do echo "${names[$i]} ${bins[$i]}"; done; exit 0; }

# The suite, once per version. GO_TEST_FLAGS adds flags (e.g. -race, -run).
pkgs=$(go list ./...)
declare -A cell
failed=0
for i in "${!names[@]}"; do
  name=${names[$i]} bin=${bins[$i]}
  if [ "$bin" = BUILD-FAILED ]; then
    for p in $pkgs; do cell["$name|$p"]="build-failed"; done
    failed=1; continue
  fi
  reported=$(PATH="$bin:$PATH" tmux -V)
  echo "== tests on $reported ($bin/tmux)"
  start=$(date +%s)
  log="$logs/test-$name.log"
  # shellcheck disable=SC2086
  PATH="$bin:$PATH" PANEMAP_REQUIRE_TMUX=1 go test -count 1 ${GO_TEST_FLAGS:-} ./... >"$log" 2>&1
  echo "   $(( $(date +%s) - start )) s; log: $log"
  for p in $pkgs; do
    if grep -qE "^ok[[:space:]]+$p([[:space:]]|\$)" "$log"; then
      if grep -qE "^ok[[:space:]]+$p[[:space:]].*\[no tests to run\]" "$log"; then cell["$name|$p"]=skip; else cell["$name|$p"]=pass; fi
    elif grep -qE "^\?[[:space:]]+$p([[:space:]]|\$)" "$log"; then cell["$name|$p"]=skip
    else cell["$name|$p"]=FAIL; failed=1
    fi
  done
  # What failed and why: the failing tests, their messages, any panic.
  grep -E '^[[:space:]]*--- FAIL|^[[:space:]]+[[:alnum:]_]+_test\.go:[0-9]+:|^panic:|^FAIL[[:space:]]' "$log" | head -80 | sed 's/^/   /' || true
done

echo
echo "== tmux version matrix"
printf '%-28s' package; for name in "${names[@]}"; do printf ' %-8s' "$name"; done; echo
for p in $pkgs; do
  printf '%-28s' "${p#*/panemap/}"
  for name in "${names[@]}"; do printf ' %-8s' "${cell["$name|$p"]}"; done; echo
done
exit $failed
