#!/usr/bin/env bash
# panemap tmux plugin: binds the navigator popup to prefix + @panemap-key.
#
#   With TPM:  set -g @plugin 'panemap/panemap'
#   By hand:   run-shell /path/to/panemap/panemap.tmux
#
# The default key is G: no tmux from 3.2a to master (next-3.8) binds it in
# the prefix table (master took g). When the default key is already bound
# anyway (by you or another plugin) the binding is left alone, a message
# says so, and @panemap-key-conflict records the key for `panemap doctor`.
# A key you set with @panemap-key is always bound: it is your choice.
#
# Popup size and behaviour come from @panemap-* options (see panemap --help),
# which `panemap popup` reads itself each time it opens.
set -u
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
default_key=G

option() {
  local v
  v=$(tmux show-option -gqv "$1")
  # tmux 3.4 prints $ as \$ when something follows it (and \r, ESC escaped,
  # which no key or path here holds); later releases print it as it is.
  v=${v//\\\$/\$}
  printf '%s' "${v:-$2}"
}

# bound_to KEY prints the command KEY runs in the prefix table, nothing when
# it is unbound. It reads the whole table: on tmux 3.7c
# `list-keys -T prefix KEY` prints nothing even when KEY is bound. Lines are
# `bind-key [-r] -T prefix KEY COMMAND`; only plain keys such as the default
# are compared (list-keys escapes special ones).
bound_to() {
  tmux list-keys -T prefix | K="$1" awk '
    { t = ($2 == "-r") ? 3 : 2 }
    $t == "-T" && $(t + 1) == "prefix" && $(t + 2) == ENVIRON["K"] {
      for (i = 1; i <= t + 2; i++) sub(/^ *[^ ]+/, "")
      sub(/^ +/, ""); print; exit
    }'
}

# say MESSAGE shows a message on the attached client, until a key is pressed.
# At tmux start-up the plugin runs before any client is attached, so it
# waits for one, in the background (up to 10 s) so tmux does not wait for it.
say() {
  (
    for _ in 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20; do
      clients=$(tmux list-clients -F x) || exit 0 # the server is gone
      [ -z "$clients" ] || exec tmux display-message -d 0 "$1"
      sleep 0.5
    done
  ) </dev/null >/dev/null 2>&1 &
}

bin=$(option @panemap-bin "")
[ -n "$bin" ] || bin=$(command -v panemap || true)
[ -n "$bin" ] || { [ -x "$here/bin/panemap" ] && bin="$here/bin/panemap"; }
if [ -z "$bin" ] && command -v go >/dev/null; then
  (cd "$here" && go build -o bin/panemap ./cmd/panemap) && bin="$here/bin/panemap"
fi
if [ -z "$bin" ]; then
  say "panemap: binary not found: go install github.com/panemap/panemap/cmd/panemap@latest"
  exit 0
fi

key=$(option @panemap-key "")
if [ -z "$key" ]; then
  key=$default_key
  taken=$(bound_to "$key")
  # A binding that already runs panemap is ours (the plugin run again, or
  # the README's one-line binding): replacing it changes nothing.
  if [ -n "$taken" ] && [[ $taken != *panemap* && $taken != *"popup --client"* ]]; then
    tmux set -g @panemap-key-conflict "$key"
    # The message is a format: ## keeps a # in the command as it is.
    say "panemap: prefix $key is already bound to '${taken//#/##}', so panemap left it alone. To use another key: set -g @panemap-key KEY"
    exit 0
  fi
fi
# tmux reads an argument ending in ; as a command separator, even over exec;
# \; is the key itself.
case $key in *\\\;) ;; *\;) key="${key%;}\\;" ;; esac

# run-shell expands the formats: the popup opens on the client that pressed
# the key, over the window it was looking at.
if ! err=$(tmux bind-key "$key" run-shell -b "$(printf '%q' "$bin") -t '#{session_id}:#{window_id}' popup --client '#{client_name}'" 2>&1); then
  say "panemap: cannot bind prefix $key (${err//#/##}); set -g @panemap-key KEY"
  exit 0
fi
tmux set -gqu @panemap-key-conflict
