#!/usr/bin/env bash
# panemap tmux plugin: binds the navigator popup (or, with @panemap-open
# modal on tmux 3.8, a modal pane) to prefix + @panemap-key.
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
# The binding itself is panemap's: the plugin runs `panemap init tmux`,
# which reads @panemap-key, -width, -height, -border, -open and -resident
# as they are when the plugin loads (display-popup takes no format
# there); the other @panemap-* options (see panemap --help) are read at
# every open.
#
# The binary is @panemap-bin, else panemap on PATH, else one built here with
# Go, else the release VERSION names, fetched here (see "Fetching the
# release" below).
set -u
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"

option() {
  local v
  v=$(tmux show-option -gqv "$1")
  # tmux 3.4 prints $ as \$ when something follows it (and \r, ESC escaped,
  # which no key or path here holds); later releases print it as it is.
  v=${v//\\\$/\$}
  printf '%s' "${v:-$2}"
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

# ---- Fetching the release (no Go needed) ---------------------------------
# With no @panemap-bin, no panemap on PATH and no Go, the plugin fetches the
# release that VERSION names into release/ here, with install.sh, which
# checks the archive's sha256 against the release's checksums.txt before it
# unpacks or runs anything. It fetches in the background, so tmux does not
# wait, and then runs this plugin again, which finds the binary and binds
# the key below as for any other binary.
#   set -g @panemap-download-url URL   the archives' folder (a mirror, a path)
#   set -g @panemap-download off       never fetch
# A failure sets @panemap-install-error (panemap doctor reports it) and
# shows one message that says what to do. A fetched binary that is not the
# release VERSION names (the plugin was updated) is fetched again.
release_bin="$here/release/panemap"
release_version=
[ -r "$here/VERSION" ] && read -r release_version <"$here/VERSION"

# release_current tells whether the fetched binary is VERSION's release.
release_current() {
  [ -x "$release_bin" ] && [ "$("$release_bin" -V </dev/null 2>/dev/null)" = "panemap $release_version" ]
}

# use_release sets bin to the fetched binary when it is current; otherwise
# it starts fetching and ends this run. With fetching off (or nothing to
# fetch with), it returns with bin unset.
use_release() {
  [ "$(option @panemap-download on)" != off ] && [ -n "$release_version" ] && [ -f "$here/install.sh" ] || return 0
  if release_current; then
    bin=$release_bin
    return 0
  fi
  fetch_release
  exit 0
}

fetch_release() {
  local url args err
  url=$(option @panemap-download-url "")
  args=(--dir "$here/release" --version "$release_version")
  [ -z "$url" ] || args+=(--base-url "$url")
  (
    if err=$(sh "$here/install.sh" "${args[@]}" 2>&1); then
      if release_current; then
        tmux set -gu @panemap-install-error
        exec "$here/panemap.tmux"
      fi
      err="the fetched $release_bin is not panemap $release_version"
    fi
    # install.sh's last line says what went wrong. set -g stores it as it
    # is (no format is expanded); the message shows none of it.
    err=${err%$'\n'}
    tmux set -g @panemap-install-error "${err##*$'\n'}"
    say "panemap: could not fetch panemap ${release_version//#/##} (tmux show -gv @panemap-install-error says why). Install it by hand: curl -fsSL https://raw.githubusercontent.com/panemap/panemap/main/install.sh | sh, or set -g @panemap-bin PATH; then reload tmux.conf"
  ) </dev/null >/dev/null 2>&1 &
}
# ---- end of fetching the release ------------------------------------------

bin=$(option @panemap-bin "")
[ -n "$bin" ] || bin=$(command -v panemap || true)
[ -n "$bin" ] || { [ -x "$here/bin/panemap" ] && bin="$here/bin/panemap"; }
if [ -z "$bin" ] && command -v go >/dev/null; then
  # Without cgo the binary is static: no dynamic loader, which starts it
  # a few milliseconds sooner at every key press.
  (cd "$here" && CGO_ENABLED=0 go build -o bin/panemap ./cmd/panemap) && bin="$here/bin/panemap"
  (cd "$here" && CGO_ENABLED=0 go build -o bin/panemap-open ./cmd/panemap-open) || true
fi
[ -n "$bin" ] || use_release
if [ -z "$bin" ]; then
  say "panemap: binary not found: install it (curl -fsSL https://raw.githubusercontent.com/panemap/panemap/main/install.sh | sh), or set -g @panemap-bin PATH"
  exit 0
fi

# The key's binding is made by panemap itself, `panemap init tmux`
# (cmd/panemap/binding.go), the one place that writes it: the same line
# `run-shell 'panemap init tmux'` in tmux.conf binds. It reads the
# @panemap-* options (key, open, width, height, border, resident, bin),
# starts the resident, and leaves a default key that something else has
# alone (recording it in @panemap-key-conflict); what it says then is
# shown here.
if ! err=$("$bin" init tmux </dev/null 2>&1); then
  # The message is a format: ## keeps a # in it as it is.
  say "${err//#/##}"
fi
