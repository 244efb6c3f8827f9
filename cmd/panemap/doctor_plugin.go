package main

import (
	"cmp"
	"context"
	"strconv"
	"strings"

	"github.com/panemap/panemap/tmux"
	"github.com/panemap/panemap/tmuxctl"
	"github.com/panemap/panemap/tmuxctl/modal"
)

// pluginDefaultKey is the key panemap.tmux binds after the prefix when
// @panemap-key is unset (its default_key; a test keeps the two equal). No
// tmux from 3.2a to master binds it by default.
const pluginDefaultKey = "G"

// pluginKey says in one line what became of the plugin's key: it opens
// panemap, the plugin left it alone because something else had it (the
// plugin records that in @panemap-key-conflict), or it is not bound.
func (d *doctor) pluginKey(ctx context.Context, client *tmuxctl.Client) {
	opts, err := client.UserOptions(ctx, "", []string{"@panemap-key", "@panemap-key-conflict", "@panemap-bin"})
	if err != nil {
		d.info("plugin key: cannot read the @panemap-key options: %v", err)
		return
	}
	conflict := opts["@panemap-key-conflict"]
	key := cmp.Or(conflict, opts["@panemap-key"], pluginDefaultKey)
	cmd, bound, err := client.PrefixBinding(ctx, key)
	switch {
	case tmux.KindOf(err) == tmux.KindInvalidInput:
		d.info("plugin key: @panemap-key %s is not a tmux key name; choose another: set -g @panemap-key KEY", tmux.Quote(key))
	case err != nil:
		d.info("plugin key: cannot read the prefix key table: %v", err)
	case bound && runsPanemap(cmd, opts["@panemap-bin"]):
		d.ok("plugin key: prefix %s opens panemap", key)
	case bound && conflict != "":
		d.info("plugin key: prefix %s was already bound to '%s', so the plugin left it alone; to use another key: set -g @panemap-key KEY", key, cmd)
	case bound:
		d.info("plugin key: prefix %s is bound to '%s', not to panemap (is panemap.tmux loaded?)", key, cmd)
	default:
		d.info("plugin key: prefix %s is not bound: panemap.tmux is not loaded (or bind a key yourself: bind-key %s run-shell -C \"%s\")", key, key, strings.ReplaceAll(oneLineBinding, `"`, `\"`))
	}
}

// oneLineBinding is what the README's one-line binding runs (run-shell -C
// expands the formats, then runs it as a tmux command): the popup runs
// panemap through env, which empties TMUX so that the colour library's
// start runs no `tmux info`, and -S names the server instead; --state is
// the window for the first frame (first_frame.go).
var oneLineBinding = "display-popup -E -w 80% -h 75% env TMUX= panemap -S \"#{q:socket_path}\" -t '#{session_id}:#{window_id}' --in-popup --client '#{client_name}' --" + stateFlag + " '" + stateFormat + "'"

// runsPanemap tells whether a bound command opens panemap: the plugin's
// binding names the binary (panemap or @panemap-bin) and passes
// --in-popup (the fast binding) or `popup --client` (the launcher).
func runsPanemap(cmd, bin string) bool {
	return strings.Contains(cmd, "panemap") || strings.Contains(cmd, "--in-popup") || strings.Contains(cmd, "popup --client") || bin != "" && strings.Contains(cmd, bin)
}

// pluginOpen says where the plugin's key opens the navigator
// (@panemap-open, read by the plugin as it loads): a modal pane needs the
// server to be tmux 3.8 (new-pane -O), and before it the plugin binds the
// popup instead, which this says in one line.
func (d *doctor) pluginOpen(ctx context.Context, client *tmuxctl.Client, s tmux.SessionID) {
	place, err := client.ReadPopupPlace(ctx, s, []string{"@panemap-open"}, nil)
	if err != nil {
		d.info("plugin open: cannot read @panemap-open: %v", err)
		return
	}
	switch open := place.Options["@panemap-open"]; {
	case open == "" || open == "popup":
		d.ok("plugin open: the key opens a popup (@panemap-open popup)")
	case open != "modal":
		d.info("plugin open: @panemap-open %s is not popup or modal: the key opens a popup", tmux.Quote(printable(open)))
	case modal.Supported(place.Version):
		d.ok("plugin open: the key opens a modal pane (@panemap-open modal, tmux %s)", place.Version.Raw)
	default:
		d.info("plugin open: @panemap-open modal needs tmux 3.8 (new-pane -O); this server is tmux %s, so the key opens a popup", place.Version.Raw)
	}
}

// installFix is what to do when the plugin could not fetch panemap.
const installFix = "check the network (or set @panemap-download-url to a mirror) and reload tmux.conf; " +
	"or install panemap yourself: curl -fsSL https://raw.githubusercontent.com/panemap/panemap/main/install.sh | sh"

// pluginInstall reports why the plugin could not fetch its binary, as it
// recorded in @panemap-install-error (it clears it once a fetch works).
func (d *doctor) pluginInstall(ctx context.Context, client *tmuxctl.Client) {
	opts, err := client.UserOptions(ctx, "", []string{"@panemap-install-error"})
	if err != nil || opts["@panemap-install-error"] == "" {
		return
	}
	d.bad(installFix, "plugin: could not fetch panemap: %s", printable(opts["@panemap-install-error"]))
}

// printable is s with control characters (a terminal's escapes) shown
// as Go escapes: the text came from a download's error.
func printable(s string) string {
	q := strconv.Quote(s)
	return q[1 : len(q)-1]
}
