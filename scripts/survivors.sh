#!/usr/bin/env bash
# survivors.sh MARK [SECONDS]: fails naming every process still running
# whose environment holds PANEMAP_TEST_RUN=MARK, once SECONDS (10 when not
# given) have passed without all of them exiting. .ci/run marks each test
# command so (every process a test starts inherits the variable: fake
# workers, tmux servers and their panes, panemap binaries, shells), and a
# test must end every process it starts: one left spinning takes CPU from
# every later test and session on the machine.
#
# The scan uses builtins only (no command substitution, no pipeline), and
# the pause between scans has ended before the next: while it scans, the
# one process of this script is this shell, so what it finds is not its
# own doing.
# It leaves out itself and its parent (.ci/run, which may hold the mark),
# and processes whose environment it cannot read (another user's).
set -uo pipefail
mark=${1:?usage: survivors.sh MARK [SECONDS]}
wait_for=${2:-10}
want="PANEMAP_TEST_RUN=$mark"
found=()
scan() {
  found=()
  local dir pid vars var args line
  for dir in /proc/[0-9]*; do
    pid=${dir#/proc/}
    [ "$pid" = "$$" ] || [ "$pid" = "$PPID" ] && continue
    mapfile -d '' vars 2>/dev/null <"$dir/environ" || continue
    for var in "${vars[@]}"; do
      if [ "$var" = "$want" ]; then
        mapfile -d '' args 2>/dev/null <"$dir/cmdline" || args=()
        # A zombie (exited, its parent not yet waiting) has no command
        # line and runs nothing: its parent is the one found.
        line="${args[*]}"
        [ "${#args[@]}" -gt 0 ] && found+=("$pid: ${line//$'\n'/\\n}")
        break
      fi
    done
  done
}
# A process ending as its test did (a tmux server told to exit) is given
# time; one still there after it is left behind.
deadline=$((SECONDS + wait_for))
while scan && [ "${#found[@]}" -gt 0 ] && [ "$SECONDS" -lt "$deadline" ]; do
  sleep 0.2
done
if [ "${#found[@]}" -gt 0 ]; then
  echo "${#found[@]} process(es) of the tests ($want) still running after ${wait_for} s:"
  printf '  %s\n' "${found[@]}"
  exit 1
fi
