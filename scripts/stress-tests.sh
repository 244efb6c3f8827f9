#!/usr/bin/env bash
# stress-tests.sh — run the suite again and again on a machine kept busy, to find the tests that fail by chance.
#
#   scripts/stress-tests.sh [-n RUNS] [-j HOGS] [PACKAGES...]
#
# Runs `go test -count=1 PACKAGES` (default ./...) RUNS times (default 5) while
# HOGS busy loops (default: one per core) keep every core loaded, as CI's and a
# newcomer's shared 2-core machines are. The hogs are started here and stopped
# when the script ends, however it ends, and each is bounded by a timeout.
# GO_TEST_FLAGS adds flags to go test (e.g. -race, -short, -run X).
#
# It runs on whichever tmux is first on PATH: the system's, or another, as in
#   PATH=~/.cache/panemap/tmux/3.7c-*/bin:$PATH scripts/stress-tests.sh -n 5
# Every failure is printed with its message as it happens; a tally per test
# closes the run. The exit status is non-zero if any run failed.
set -uo pipefail
cd "$(dirname "$0")/.."

runs=5 hogs=$(nproc)
while [ $# -gt 0 ]; do
  case "$1" in
    -n) runs=$2; shift 2 ;;
    -j) hogs=$2; shift 2 ;;
    -h|--help) sed -n '2,16p' "$0"; exit 0 ;;
    -*) echo "stress-tests.sh: unknown flag $1 (see --help)" >&2; exit 2 ;;
    *) break ;;
  esac
done
case "$runs$hogs" in *[!0-9]*) echo "stress-tests.sh: -n and -j take whole numbers" >&2; exit 2 ;; esac
[ $# -gt 0 ] || set -- ./...

logs=$(mktemp -d "${TMPDIR:-/tmp}/panemap-stress.XXXXXX")
hog_pids=()
stop_hogs() { for pid in "${hog_pids[@]}"; do kill "$pid" 2>/dev/null; done; wait 2>/dev/null; }
trap stop_hogs EXIT
trap 'exit 130' INT TERM
for _ in $(seq 1 "$hogs"); do
  # Bounded on its own too: 3 hours, should this script be killed with -9.
  timeout 3h sh -c 'while :; do :; done' &
  hog_pids+=($!)
done

echo "== $(tmux -V) ($(command -v tmux)), $runs runs of go test -count=1 ${GO_TEST_FLAGS:-} $*, $hogs busy loops on $(nproc) cores; logs: $logs"
failed_runs=0
for run in $(seq 1 "$runs"); do
  log="$logs/run-$run.log"
  start=$(date +%s)
  # shellcheck disable=SC2086
  PANEMAP_REQUIRE_TMUX=1 go test -count=1 ${GO_TEST_FLAGS:-} "$@" >"$log" 2>&1
  status=$?
  echo "-- run $run: $([ $status = 0 ] && echo pass || echo FAIL) in $(( $(date +%s) - start )) s, load $(cut -d' ' -f1-3 /proc/loadavg)"
  if [ $status != 0 ]; then
    failed_runs=$((failed_runs + 1))
    # The failing tests with their messages, and any panic or build failure.
    grep -E -- '--- FAIL|^[[:space:]]+[[:alnum:]_./-]+\.go:[0-9]+:|^panic:|^FAIL[[:space:]]|cannot|timed out' "$log" | head -60 | sed 's/^/   /'
  fi
done

echo "== tally: $failed_runs of $runs runs failed"
cat "$logs"/run-*.log | sed -n 's/^[[:space:]]*--- FAIL: \([^ ]*\).*/\1/p' | sort | uniq -c | sort -rn | sed 's/^/   /'
[ $failed_runs = 0 ]
