#!/usr/bin/env bash
# Regenerates assets/map.png, the README's picture: `panemap demo` (four
# look-alike shells that have each run something) in a private tmux server
# at 120x34, captured with `capture-pane -e -p -N` and rendered with
# github.com/charmbracelet/freeze (go install github.com/charmbracelet/freeze@latest).
#
#   scripts/readme-picture.sh [output.png]
#
# freeze keeps the previous foreground after SGR 39 (default foreground),
# which tmux's captures use; the capture's 39s are turned into resets for it.
set -euo pipefail
cd "$(dirname "$0")/.."
out=${1:-assets/map.png}
tmp=$(mktemp -d)
sock="panemap-picture-$$"
trap 'tmux -L "$sock" kill-server 2>/dev/null || true; rm -rf "$tmp"' EXIT
go build -o "$tmp/panemap" ./cmd/panemap
home="$tmp/home"
mkdir -p "$home/src/panemap" "$home/notes"
printf '# notes\n' > "$home/notes/todo.md"
printf 'panemap\n' > "$home/README.md"
touch -d '2026-11-30 18:02' "$home/README.md" "$home/notes" "$home/src" "$home/notes/todo.md"
env -u TMUX -u TMUX_PANE HOME="$home" TERM=xterm-256color COLORTERM=truecolor \
  tmux -L "$sock" -f /dev/null new-session -d -s o -x 120 -y 34 "cd '$home' && '$tmp/panemap' demo"
# Wait for the map with every pane's screen on it, then focus right.
for _ in $(seq 100); do
  tmux -L "$sock" capture-pane -p -t o | grep -q 'ps -o pid,comm' && break
  sleep 0.1
done
sleep 0.5
tmux -L "$sock" send-keys -t o l
sleep 0.5
tmux -L "$sock" capture-pane -e -p -N -t o | sed 's/\x1b\[39m/\x1b[0m/g' > "$tmp/map.ansi"
tmux -L "$sock" send-keys -t o q
freeze "$tmp/map.ansi" -l ansi --window -o "$out"
