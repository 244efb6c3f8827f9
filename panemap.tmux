#!/usr/bin/env bash
# panemap tmux plugin: binds the navigator popup to prefix + @panemap-key
# (default g; tmux has no default binding there).
#
#   With TPM:  set -g @plugin 'panemap/panemap'
#   By hand:   run-shell /path/to/panemap/panemap.tmux
#
# Popup size and behaviour come from @panemap-* options (see panemap --help),
# which `panemap popup` reads itself each time it opens.
set -u
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"

option() {
  local v
  v=$(tmux show-option -gqv "$1")
  printf '%s' "${v:-$2}"
}

bin=$(option @panemap-bin "")
[ -n "$bin" ] || bin=$(command -v panemap || true)
[ -n "$bin" ] || { [ -x "$here/bin/panemap" ] && bin="$here/bin/panemap"; }
if [ -z "$bin" ] && command -v go >/dev/null; then
  (cd "$here" && go build -o bin/panemap ./cmd/panemap) && bin="$here/bin/panemap"
fi
if [ -z "$bin" ]; then
  tmux display-message "panemap: binary not found: go install github.com/panemap/panemap/cmd/panemap@latest"
  exit 0
fi

key=$(option @panemap-key g)
# run-shell expands the formats: the popup opens on the client that pressed
# the key, over the window it was looking at.
tmux bind-key "$key" run-shell -b "$(printf '%q' "$bin") -t '#{session_id}:#{window_id}' popup --client '#{client_name}'"
