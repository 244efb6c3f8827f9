package main

import (
	"cmp"
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
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

// pluginKey says what became of the plugin's key: it opens panemap, or
// it does not, which is a problem (the key is the way in): the plugin
// left it alone because something else had it (the plugin records that
// in @panemap-key-conflict), something else holds it, or it is not bound.
func (d *doctor) pluginKey(ctx context.Context, client *tmuxctl.Client) {
	opts, err := client.UserOptions(ctx, "", []string{"@panemap-key", "@panemap-key-conflict", "@panemap-bin"})
	if err != nil {
		d.info("plugin key: cannot read the @panemap-key options: %v", err)
		return
	}
	conflict := opts["@panemap-key-conflict"]
	key := cmp.Or(conflict, opts["@panemap-key"], pluginDefaultKey)
	all, err := client.PrefixBindings(ctx)
	if err == nil {
		err = tmux.ParseKeyName(key)
	}
	cmd, bound := "", false
	var own []string // other prefix keys that open panemap: bound by hand
	for _, b := range all {
		switch {
		case tmux.CanonicalKey(b.Key) == tmux.CanonicalKey(key):
			cmd, bound = b.Command, true
		case runsPanemap(b.Command, opts["@panemap-bin"]):
			own = append(own, b.Key)
		}
	}
	load := pluginLoadLine()
	switch {
	case tmux.KindOf(err) == tmux.KindInvalidInput:
		d.bad("set -g @panemap-key KEY with a key tmux knows, then bind it again: "+load,
			"plugin key: @panemap-key %s is not a tmux key name", tmux.Quote(key))
	case err != nil:
		d.info("plugin key: cannot read the prefix key table: %v", err)
	case bound && runsPanemap(cmd, opts["@panemap-bin"]):
		d.bindingNow(ctx, client, key, cmd)
	case len(own) > 0:
		// Another key that opens panemap (a binding made by hand, or the
		// plugin's under an earlier @panemap-key) is a way in, so nothing
		// fails; the line still says the plugin's key is not it.
		d.ok("key: prefix %s opens panemap (the plugin's prefix %s does not)", strings.Join(own, ", prefix "), key)
	case bound && conflict != "":
		d.bad("choose another key: set -g @panemap-key KEY, then bind it again: "+load+"; or unbind-key "+key+" and bind it again",
			"plugin key: prefix %s does not open panemap: it was already bound to '%s', so the plugin left it alone", key, cmd)
	case bound:
		d.bad("bind it: "+load+", or set -g @panemap-key KEY for another key",
			"plugin key: prefix %s does not open panemap: it is bound to '%s'", key, cmd)
	default:
		d.bad("bind it: "+load+" in tmux.conf (or set -g @plugin 'panemap/panemap' with TPM)",
			"plugin key: prefix %s is not bound: neither panemap init tmux nor the plugin ran", key)
	}
}

// bindingNow says whether the key's binding, which opens panemap, is
// the one panemap init tmux makes now (from the same options), or one an
// older panemap (or an older line by hand) made: that one may pass the
// navigator what it no longer reads, such as an older snapshot.
func (d *doctor) bindingNow(ctx context.Context, client *tmuxctl.Client, key, cmd string) {
	p, err := planKey(ctx, client, initFlags{})
	if err != nil {
		d.ok("plugin key: prefix %s opens panemap (cannot tell whether its binding is current: %v)", key, err)
		return
	}
	words := tmux.KeyBinding{Command: cmd}.Words()
	printed := p.binding
	printed.forConf = true // the lines of panemap init tmux --print
	if !slices.Equal(words, p.binding.command()) && !slices.Equal(words, printed.command()) {
		d.bad("bind it again: "+initLine(),
			"plugin key: prefix %s opens panemap with a binding an older panemap made, not the one panemap init tmux makes now", key)
		return
	}
	d.ok("plugin key: prefix %s opens panemap", key)
}

// pluginLoadLine is what binds the key: panemap init tmux, and, when
// this binary runs from a plugin's folder (the plugin builds or fetches
// it into bin/ or release/ there), the line that loads that plugin. Short
// lines, not the binding they make (over a thousand characters).
func pluginLoadLine() string {
	line := initLine()
	if exe, err := os.Executable(); err == nil {
		p := filepath.Join(filepath.Dir(filepath.Dir(exe)), "panemap.tmux")
		if _, err := os.Stat(p); err == nil && !strings.ContainsAny(p, `'"\ $#;`) {
			line += " (or the plugin: run-shell " + p + ")"
		}
	}
	return line
}

// initLine is the tmux.conf line that binds the key: panemap by name
// when PATH finds this binary under it (or this is no binary named
// panemap), else by this binary's path, when that needs no quoting.
func initLine() string {
	name := "panemap"
	if p, err := ownPath(); err == nil && filepath.Base(p) == "panemap" && !strings.ContainsAny(p, `'"\ $#;`) {
		if lp, err := exec.LookPath("panemap"); err != nil || lp != p {
			name = p
		}
	}
	return "run-shell '" + name + " init tmux'"
}

// slowEscape is the escape-time, in milliseconds, above which doctor
// suggests a shorter one. The navigator's Esc (put everything back and
// close) reaches it only after escape-time, and about 100 ms is where a
// response stops feeling immediate; tmux before 3.5 defaults to 500, 3.5
// and later to 10. Values up to 100 are left alone: some set 25-50 for a
// slow link, where a shorter wait splits an arrow key's sequence in two.
const slowEscape = 100

// escapeTime hints at a shorter escape-time when the server's is slow,
// whatever its version's default: the user may have set it either way.
func (d *doctor) escapeTime(ctx context.Context, client *tmuxctl.Client) {
	ms, err := client.EscapeTime(ctx)
	switch {
	case err != nil:
		d.info("escape-time: cannot read it: %v", err)
	case ms > slowEscape:
		d.info("escape-time is %d ms, so Esc closes the map that late: set -sg escape-time 10 (q closes at once)", ms)
	}
}

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
