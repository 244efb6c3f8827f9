#!/usr/bin/env bash
# tmux-matrix.sh — build every tmux in a sources folder and run panemap's tests on each.
#
#   scripts/tmux-matrix.sh [--build-only] [--versions "3.2a 3.7c ..."] [--no-system]
#                          [--all-packages] [--jobs N] SOURCES_DIR
#
# SOURCES_DIR holds tmux-VERSION.tar.gz snapshots (git trees: autogen.sh is run).
# Builds go to a cache outside the checkout (PANEMAP_TMUX_CACHE, default
# ~/.cache/panemap/tmux/VERSION-SHA) and are reused when present. The system tmux
# (the one on PATH when the script starts) is run too, as "system", unless
# --no-system (CI's race run has covered it already).
#
# Which packages run on each version: those whose tests start tmux (they import
# internal/tmuxtest or internal/clienttest: tmux, tmuxctl, mcp, ui's run test,
# cmd/panemap with the navigator's end-to-end popup tests), and every tmuxctl
# package. The others never start tmux, so their results cannot differ between
# versions: they run once, outside the matrix. --all-packages runs every package.
#
# Within cmd/panemap each version skips what cannot differ there (skip_for
# below says what and why); --all-packages runs every test of every package.
#
# Each (version, package) pair is one `go test` with that tmux first on PATH; N of
# them run at once (--jobs, default 1), the longest (cmd/panemap) first. The
# tests wait on tmux, a terminal and a popup far more than they compute, so on
# 2 cores about 3 at once finish sooner with every bound still met. A table of
# version x package (pass / fail / skip / -: not run) is printed at the end, and
# the exit status is non-zero if any cell failed.
set -uo pipefail
cd "$(dirname "$0")/.."

build_only=0 only="" system=1 all_packages=0 jobs=1
while [ $# -gt 0 ]; do
  case "$1" in
    --build-only) build_only=1; shift ;;
    --versions) only="$2"; shift 2 ;;
    --no-system) system=0; shift ;;
    --all-packages) all_packages=1; shift ;;
    --jobs) jobs="$2"; shift 2 ;;
    -h|--help) sed -n '2,27p' "$0"; exit 0 ;;
    -*) echo "tmux-matrix.sh: unknown flag $1 (see --help)" >&2; exit 2 ;;
    *) break ;;
  esac
done
case "$jobs" in ''|*[!0-9]*|0) echo "tmux-matrix.sh: --jobs takes a whole number from 1, not '$jobs'" >&2; exit 2 ;; esac
src=${1:-}
if [ -z "$src" ] || [ ! -d "$src" ]; then
  cat >&2 <<'MSG'
usage: scripts/tmux-matrix.sh [--build-only] [--versions "V ..."] [--no-system] [--all-packages] [--jobs N] SOURCES_DIR

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
# Every tmux built here and the system's, for the tests that start a server
# from one version while another's tmux is first in PATH (tmux upgraded under
# a running server: internal/tmuxtest.Binaries), whichever versions run.
all_tmux=""
for b in "${bins[@]}"; do [ "$b" = BUILD-FAILED ] || all_tmux+="${all_tmux:+:}$b/tmux"; done
export PANEMAP_TMUX_BINARIES=${PANEMAP_TMUX_BINARIES:-$all_tmux}
if [ "$system" = 0 ] || { [ -n "$only" ] && ! [[ " $only " == *" system "* ]]; }; then names=("${names[@]:1}"); bins=("${bins[@]:1}"); fi
[ "$build_only" = 1 ] && { for i in "${!names[@]}"; do echo "${names[$i]} ${bins[$i]}"; done; exit 0; }

# The suite on each version. GO_TEST_FLAGS adds flags (e.g. -race, -run).
module=$(go list -m)
if [ "$all_packages" = 1 ]; then
  pkgs=$(go list ./...)
else
  # A package runs on every version when its tests import the helpers that
  # start tmux, or when it is part of tmuxctl.
  pkgs=$(go list -f '{{.ImportPath}} {{join .TestImports " "}} {{join .XTestImports " "}}' ./... |
    awk -v m="$module" '$1 ~ "^" m "/tmuxctl(/|$)" { print $1; next }
      { for (i = 2; i <= NF; i++) if ($i == m "/internal/tmuxtest" || $i == m "/internal/clienttest") { print $1; next } }')
fi
# Longest first, so that the pool does not end on one long package.
pkgs=$(echo "$pkgs" | awk -v m="$module" '{ print ($1 == m "/cmd/panemap" ? 0 : $1 == m "/tmuxctl" ? 1 : $1 == m "/mcp" ? 2 : 3), $1 }' | sort -s -k1,1n | cut -d' ' -f2)
declare -A cell
failed=0
for i in "${!names[@]}"; do
  echo "== ${names[$i]}: $( [ "${bins[$i]}" = BUILD-FAILED ] && echo "build failed" || PATH="${bins[$i]}:$PATH" tmux -V) (${bins[$i]})"
done

# skip_for NAME PKG prints the go test -skip pattern for PKG on version NAME
# (nothing: every test). Every version runs all of tmuxctl, mcp, tmux, ui, and
# cmd/panemap's end-to-end popup tests, plugin, doctor, control-client and
# settings tests: each asks tmux something whose answer, or whose way of
# failing, changes between releases. Left to the race run on the system tmux:
#   - tests that start no tmux at all: flags, help, completion scripts, the
#     README's text, the module version, the GC pause;
#   - the plugin's release download (curl and the checksums; tmux only runs
#     the script), the README's MCP client snippets (the SDK clients' own
#     environment) and its ssh one (sshd and ssh), the same on every tmux;
#   - on 3.4 and 3.5a, the MCP server's process tests (shutdown, signals,
#     tmux going away, chaos, stdout): its transport and process handling
#     there are 3.2a's, which runs them, as 3.6b does for the newest release
#     on tmux processes and 3.7c and master for control mode. The mcp
#     package, every tool on that tmux, still runs there.
skip_for() {
  local name=$1 p=$2 pat
  [ "$all_packages" = 1 ] && return 0
  [ "$p" = "$module/cmd/panemap" ] || return 0
  pat='TestGlobalFlags|TestCompletion.*|TestBashCompletion|TestZshAndFishCompletionsParse|TestEveryCommandsHelp'
  pat+='|TestFlagErrors|TestModuleVersion|TestPauseGCRestores|TestReadmeMCPTools'
  pat+='|TestReadmeBindsWithInit|TestMCPListTools|TestMCPUsageErrors'
  pat+='|TestPlugin(FetchesReleaseWithoutGo|ReplacesStaleRelease|RefusesTamperedRelease|FetchFailure|DownloadOff)'
  pat+='|TestReadmeMCPSnippets|TestMCPOverSSH|TestDevelopmentSaysWhatShortLeavesOut'
  case "$name" in
    3.4|3.5a)
      pat+='|TestMCP(Chaos|ConcurrentSwapsKeepPanesAndCells|LogsCannotBeForged|ShutdownLeavesTmuxAsItWas|TmuxMissingOldAndBack)'
      pat+='|TestMCP(PermissionDenied.*|SocketDeletedAndRecreated|ServerKilledMidCall|StrippedEnvironmentSaysHowToFix)'
      pat+='|TestMCP(BinaryWithGoClient|ServerComesAndGoes|StdoutIsProtocolOnly|ExitsOnSignal)' ;;
  esac
  echo "^($pat)\$"
}

# run_one NAME BIN PKG: one package on one version; its log is named after both.
run_one() {
  local name=$1 bin=$2 p=$3 log start skip
  log="$logs/test-$name-$(echo "${p#"$module"}" | tr / _).log"
  start=$(date +%s)
  skip=$(skip_for "$name" "$p")
  # shellcheck disable=SC2086
  PATH="$bin:$PATH" PANEMAP_REQUIRE_TMUX=1 go test -count 1 ${skip:+-skip "$skip"} ${GO_TEST_FLAGS:-} "$p" >"$log" 2>&1
  echo "   $name ${p#"$module"/}: $(( $(date +%s) - start )) s" >>"$log.time"
}

start=$(date +%s)
running=0
for p in $pkgs; do
  for i in "${!names[@]}"; do
    [ "${bins[$i]}" = BUILD-FAILED ] && continue
    if [ "$running" -ge "$jobs" ]; then wait -n; running=$((running - 1)); fi
    run_one "${names[$i]}" "${bins[$i]}" "$p" &
    running=$((running + 1))
  done
done
wait
echo "   all versions: $(( $(date +%s) - start )) s, $jobs at once"
cat "$logs"/*.time 2>/dev/null | sort -t: -k2 -rn | head -12

for i in "${!names[@]}"; do
  name=${names[$i]}
  for p in $pkgs; do
    log="$logs/test-$name-$(echo "${p#"$module"}" | tr / _).log"
    if [ "${bins[$i]}" = BUILD-FAILED ]; then cell["$name|$p"]=build-failed; failed=1
    elif grep -qE "^ok[[:space:]]+$p[[:space:]].*\[no tests to run\]" "$log"; then cell["$name|$p"]=skip
    elif grep -qE "^ok[[:space:]]+$p([[:space:]]|\$)" "$log"; then cell["$name|$p"]=pass
    elif grep -qE "^\?[[:space:]]+$p([[:space:]]|\$)" "$log"; then cell["$name|$p"]=skip
    else
      cell["$name|$p"]=FAIL; failed=1
      # What failed and why: the failing tests, their messages, any panic.
      echo "   FAIL on $name: $p ($log)"
      grep -E '^[[:space:]]*--- FAIL|^[[:space:]]+[[:alnum:]_]+_test\.go:[0-9]+:|^panic:|^FAIL[[:space:]]|timed out' "$log" | head -60 | sed 's/^/   /' || true
    fi
  done
done

echo
echo "== tmux version matrix"
printf '%-28s' package; for name in "${names[@]}"; do printf ' %-8s' "$name"; done; echo
for p in $pkgs; do
  printf '%-28s' "${p#"$module"/}"
  for name in "${names[@]}"; do printf ' %-8s' "${cell["$name|$p"]}"; done; echo
done
exit $failed
