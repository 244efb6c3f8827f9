#!/usr/bin/env bash
# Regenerates assets/map.png: the navigator over `panemap demo`, captured
# from a private tmux server (never your own) and rendered with freeze.
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="$PATH:$(go env GOPATH)/bin"
command -v freeze >/dev/null || go install github.com/charmbracelet/freeze@v0.2.2

bin=$(mktemp -d)/panemap
go build -o "$bin" ./cmd/panemap
sock="panemap-shot-$$"
cleanup() { tmux -L "$sock" kill-server 2>/dev/null || true; rm -f "$bin"; }
trap cleanup EXIT

unset TMUX TMUX_PANE
tmux -L "$sock" -f /dev/null new-session -d -x 100 -y 28 -e TERM=xterm-256color -e COLORTERM=truecolor \
  "exec $bin demo"
tmux -L "$sock" set -g status off
wait_for() {
  for _ in $(seq 100); do
    tmux -L "$sock" capture-pane -p | grep -q "$1" && return 0
    sleep 0.05
  done
  echo "timed out waiting for $1" >&2; exit 1
}
wait_for editor
# Show a little of everything: focus moved right, the left pane marked.
tmux -L "$sock" send-keys m l
sleep 0.3
tmux -L "$sock" capture-pane -e -p > "$(dirname "$bin")/map.ansi"
tmux -L "$sock" send-keys q
freeze --language ansi --window --padding 20 --margin 0 --font.size 14 \
  -o assets/map.png < "$(dirname "$bin")/map.ansi"
echo "wrote assets/map.png"
