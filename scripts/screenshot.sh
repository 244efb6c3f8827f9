#!/usr/bin/env bash
# Regenerates assets/map.png and assets/server.png: the navigator over
# `panemap demo` (four
# look-alike shells that have each run something, shown live in their
# boxes), captured from a private tmux server (never your own) and
# rendered with freeze.
#
# freeze keeps the previous foreground colour after SGR 39 (default
# foreground), which tmux's captures use, so the capture's 39s are made
# resets for it; -N keeps the trailing cells of each line.
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="$PATH:$(go env GOPATH)/bin"
command -v freeze >/dev/null || go install github.com/charmbracelet/freeze@v0.2.2

tmp=$(mktemp -d)
bin=$tmp/panemap
go build -o "$bin" ./cmd/panemap
sock="panemap-shot-$$"
cleanup() { tmux -L "$sock" kill-server 2>/dev/null || true; rm -rf "$tmp"; }
trap cleanup EXIT

# A tidy home for the demo's first pane to list.
home=$tmp/home
mkdir -p "$home/src/panemap" "$home/notes"
printf '# notes\n' > "$home/notes/todo.md"
printf 'panemap\n' > "$home/README.md"
touch -d '2026-11-30 18:02' "$home/README.md" "$home/notes" "$home/src" "$home/notes/todo.md"

unset TMUX TMUX_PANE
tmux -L "$sock" -f /dev/null new-session -d -x 120 -y 34 -e TERM=xterm-256color -e COLORTERM=truecolor \
  "cd '$home' && HOME='$home' exec $bin demo"
tmux -L "$sock" set -g status off
wait_for() {
  for _ in $(seq 100); do
    tmux -L "$sock" capture-pane -p | grep -q "$1" && return 0
    sleep 0.05
  done
  echo "timed out waiting for $1" >&2; exit 1
}
wait_for 'ps -o pid,comm' # the last pane's output is on the map
# Show a little of everything: focus moved right.
tmux -L "$sock" send-keys l
sleep 0.5
tmux -L "$sock" capture-pane -e -p -N | sed 's/\x1b\[39m/\x1b[0m/g' > "$tmp/map.ansi"
# Then the whole server (w): every window of the demo's session, each
# pane with its hint label.
tmux -L "$sock" send-keys w
wait_for 'sessions\? · '
sleep 0.5
tmux -L "$sock" capture-pane -e -p -N | sed 's/\x1b\[39m/\x1b[0m/g' > "$tmp/server.ansi"
tmux -L "$sock" send-keys Escape q
for shot in map server; do
  freeze --language ansi --window --padding 20 --margin 0 --font.size 14 \
    -o "assets/$shot.png" < "$tmp/$shot.ansi"
  echo "wrote assets/$shot.png"
done
