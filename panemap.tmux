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
# The popup's size and border, and @panemap-open, come from @panemap-width,
# -height, -border and -open as they are when the plugin loads
# (display-popup takes no format there);
# the other @panemap-* options (see panemap --help) are read at every open.
#
# The binary is @panemap-bin, else panemap on PATH, else one built here with
# Go, else the release VERSION names, fetched here (see "Fetching the
# release" below).
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

key=$(option @panemap-key "")
if [ -z "$key" ]; then
  key=$default_key
  taken=$(bound_to "$key")
  # A binding that already runs panemap is ours (the plugin run again, or
  # the README's one-line binding): replacing it changes nothing.
  if [ -n "$taken" ] && [[ $taken != *panemap* && $taken != *"popup --client"* && $taken != *--in-popup* ]]; then
    tmux set -g @panemap-key-conflict "$key"
    # The message is a format: ## keeps a # in the command as it is.
    say "panemap: prefix $key is already bound to '${taken//#/##}', so panemap left it alone. To use another key: set -g @panemap-key KEY"
    exit 0
  fi
fi
# tmux reads an argument ending in ; as a command separator, even over exec;
# \; is the key itself.
case $key in *\\\;) ;; *\;) key="${key%;}\\;" ;; esac

# The fast binding: one key press starts exactly one process, panemap, in
# the popup. run-shell -C runs a tmux command after expanding its formats
# (no shell), so display-popup runs panemap directly (two or more words
# are exec'ed, no shell either) with the ids of the session and window the
# key was pressed in; display-popup itself expands no format in its size,
# border, environment or command. The size and border are read now, when
# the plugin loads: reload it after changing them. A size in cells can
# exceed a small terminal, which display-popup refuses, so it keeps the
# launcher (panemap popup), which cuts it to the client's size.
#
# TMUX is emptied for panemap (tmux 3.3+, -e): it gets the server and the
# window explicitly, and with TMUX set the colour library it links runs
# `tmux info` as it starts, a tmux process before the first frame.
#
# tquote quotes a word for tmux's command parser after run-shell -C's
# format expansion: # doubled (kept literally), then single quotes.
tquote() {
  local s=${1//#/##}
  s=${s//\'/\'\\\'\'}
  printf "'%s'" "$s"
}
# state is the window the key is pressed in, expanded by run-shell -C
# with the ids (panemap --state, cmd/panemap/first_frame.go): its layout,
# panes, ids, active pane and commands, from which panemap draws the map
# at once, before its own read of tmux answers. Names and commands pass
# through s/// substitutions that escape the quote, '%', '|', '#' and
# control characters, and =999 drops bytes that are not UTF-8, so no name
# a program gives itself can end the quotes around the word (see
# tmux/snapshot.go); of the options, only whether @panemap-color and
# @panemap-esc are unset or their defaults (1 or 0). A test keeps this
# the binary's.
state="--state '1|#{?#{@panemap-esc},#{==:#{@panemap-esc},revert},1}#{?#{@panemap-color},#{==:#{@panemap-color},auto},1}|#{pane_marked_set}|#{session_id}|#{=999;s/%/%25/;s/'/%27/;s/[|]/%7C/;s/[#]/%23/;s/#{l:[[:cntrl:]]}/%7F/:session_name}|#{window_id}|#{window_width}|#{window_height}|#{window_zoomed_flag}|#{window_layout}|#{W:w|#{window_id}|#{window_index}|#{window_active}|#{window_bell_flag}|#{window_activity_flag}|#{window_silence_flag}|#{P:#{?pane_marked,#{pane_id},}}|#{=999;s/%/%25/;s/'/%27/;s/[|]/%7C/;s/[#]/%23/;s/#{l:[[:cntrl:]]}/%7F/:window_name}|}#{P:p|#{pane_id}|#{pane_index}|#{pane_active}|#{pane_marked}|#{pane_dead}|#{pane_dead_status}|#{pane_left}|#{pane_top}|#{pane_width}|#{pane_height}|#{pane_floating_flag}|#{pane_z}|#{=999;s/%/%25/;s/'/%27/;s/[|]/%7C/;s/[#]/%23/;s/#{l:[[:cntrl:]]}/%7F/:pane_mode}|#{=999;s/%/%25/;s/'/%27/;s/[|]/%7C/;s/[#]/%23/;s/#{l:[[:cntrl:]]}/%7F/:pane_current_command}|}'"
version=$(tmux display-message -p '#{version}')
socket=$(tmux display-message -p '#{socket_path}')
width=$(option @panemap-width 80%)
height=$(option @panemap-height 75%)
border=$(option @panemap-border rounded)
percent() { [[ $1 =~ ^[0-9]{1,3}%$ ]] && [ "${1%\%}" -ge 1 ] && [ "${1%\%}" -le 100 ]; }
cells() { [[ $1 =~ ^[1-9][0-9]{0,3}$ ]]; }

# @panemap-open modal opens the navigator in a modal floating pane
# (new-pane -O), which tmux has from 3.8 (master, next-3.8); before that
# the key opens the popup, and panemap doctor says why. new-pane places
# the pane's border box at -X/-Y (4,2 for the first, then 4 cells further
# for each new one), so the binding centres it as display-popup centres
# the popup: a percentage of the window, or, for a size in cells, worked
# out by run-shell -C's format expansion from the window's size, which
# also cuts the size to the window's as the launcher cuts a popup's. The command runs without a shell
# (two or more words are exec'ed); --in-modal passes the pane that was
# focused, which the navigator shows focused and selects as it closes.
modal_tmux() {
  local v=${1#next-} major minor
  [ "$v" = master ] && return 0
  major=${v%%.*}
  minor=${v#*.}
  minor=${minor%%[!0-9]*}
  [[ $major =~ ^[0-9]+$ && $minor =~ ^[0-9]+$ ]] || return 1
  [ "$major" -gt 3 ] || { [ "$major" -eq 3 ] && [ "$minor" -ge 8 ]; }
}
fit() { # fit SIZE WINDOW_FORMAT: SIZE, a size in cells cut to the window's
  if percent "$1"; then
    printf '%s' "$1"
  else
    printf '#{?#{e|>:%s,#{%s}},#{%s},%s}' "$1" "$2" "$2" "$1"
  fi
}
centre() { # centre SIZE WINDOW_FORMAT: the -X or -Y that centres SIZE
  if percent "$1"; then
    printf '%d%%' $(((100 - ${1%\%}) / 2))
  else
    printf '#{e|/:#{e|-:#{%s},%s},2}' "$2" "$(fit "$1" "$2")"
  fi
}
# The resident (Linux): with @panemap-resident on (the default) and
# panemap-open beside panemap, the popup (or the modal pane) runs
# panemap-open, a tiny program that hands its terminal to a warm navigator
# kept by `panemap resident`, started here for this server; panemap-open
# runs panemap itself, with the same arguments, whenever the resident
# cannot take the open. `panemap popup` (the binding for sizes in cells)
# chooses panemap-open the same way. Off: panemap runs, as without it.
opener=$bin
open_bin="$(dirname "$bin")/panemap-open"
if [ "$(option @panemap-resident on)" != off ] && [ -x "$open_bin" ] && [ "$(uname -s)" = Linux ] && [ -n "$socket" ]; then
  "$bin" resident -S "$socket" </dev/null >/dev/null 2>&1 &
  opener=$open_bin
fi
open=$(option @panemap-open popup)
if [ "$open" = modal ] && modal_tmux "$version" && [ -n "$socket" ] &&
  { percent "$width" || cells "$width"; } && { percent "$height" || cells "$height"; }; then
  modal="new-pane -O -t '#{pane_id}' -x '$(fit "$width" window_width)' -y '$(fit "$height" window_height)'"
  modal+=" -X '$(centre "$width" window_width)' -Y '$(centre "$height" window_height)'"
  # Pane borders have no rounded or padded lines: those keep the
  # window's own.
  case $border in single|double|heavy|simple|none) modal+=" -B $border" ;; esac
  modal+=" -T ' panemap ' -e TMUX="
  cmd=(run-shell -C "$modal $(tquote "$opener") -S $(tquote "$socket") -t '#{session_id}:#{window_id}' --in-modal '#{pane_id}' --client '#{client_name}' $state")
elif percent "$width" && percent "$height" && [ -n "$socket" ]; then
  popup="display-popup -E -w $width -h $height"
  # -b, -T and -e arrived in tmux 3.3; 3.2 refuses the binding with them,
  # so there env (one small exec) empties TMUX instead.
  case $version in
    3.2*) popup+=" env TMUX=" ;;
    *)
      case $border in single|rounded|double|heavy|simple|padded|none) popup+=" -b $border" ;; esac
      popup+=" -T ' panemap ' -e TMUX="
      ;;
  esac
  cmd=(run-shell -C "$popup $(tquote "$opener") -S $(tquote "$socket") -t '#{session_id}:#{window_id}' --in-popup --client '#{client_name}' $state")
else
  # run-shell expands the formats: the popup opens on the client that
  # pressed the key, over the window it was looking at.
  cmd=(run-shell -b "$(printf '%q' "$bin") -t '#{session_id}:#{window_id}' popup --client '#{client_name}'")
fi
if ! err=$(tmux bind-key "$key" "${cmd[@]}" 2>&1); then
  say "panemap: cannot bind prefix $key (${err//#/##}); set -g @panemap-key KEY"
  exit 0
fi
tmux set -gqu @panemap-key-conflict
