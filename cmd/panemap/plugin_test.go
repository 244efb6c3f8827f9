package main

// The tmux plugin, panemap.tmux, run by the tmux under test (the version
// matrix puts each tmux first on PATH) on private servers.

import (
	"bytes"
	"path/filepath"
	"strings"
	"testing"

	"github.com/panemap/panemap/internal/tmuxtest"
	"github.com/panemap/panemap/tmux"
	"github.com/panemap/panemap/tmuxctl"
)

// pluginBin is the plugin's @panemap-bin in tests that look at the
// binding: the plugin runs it (panemap init tmux) to bind the key. No
// panemap-open is beside it: no resident.
func pluginBin(tb testing.TB) string { return tmuxtest.Panemap(tb) }

// execClient is a tmuxctl client on srv that runs a tmux process per call,
// so no control client joins the server under test.
func execClient(srv *tmuxtest.Server) *tmuxctl.Client {
	sock := tmux.Socket{Name: srv.Name, Source: "-L"}
	return tmuxctl.Open(tmuxctl.Options{Socket: sock, Env: tmuxtest.Env(), Control: tmux.ControlNever})
}

// prefixBinding is the command key runs in srv's prefix table.
func prefixBinding(t *testing.T, srv *tmuxtest.Server, key string) (string, bool) {
	t.Helper()
	cmd, ok, err := execClient(srv).PrefixBinding(t.Context(), key)
	if err != nil {
		t.Fatal(err)
	}
	return cmd, ok
}

// runPlugin runs panemap.tmux as tmux.conf's run-shell line would.
func runPlugin(tb testing.TB, srv *tmuxtest.Server) {
	tb.Helper()
	srv.Must("run-shell", filepath.Join(repoRoot(tb), "panemap.tmux"))
}

// loadPlugin points the plugin at bin and runs it, as tmux.conf would.
func loadPlugin(tb testing.TB, srv *tmuxtest.Server, bin string) {
	tb.Helper()
	srv.Must("set", "-g", "@panemap-bin", bin)
	runPlugin(tb, srv)
}

func conflictOption(srv *tmuxtest.Server) string {
	out, _ := srv.Run("show-options", "-gqv", "@panemap-key-conflict")
	return strings.TrimSpace(out)
}

func TestPluginDefaultKeyIsFreeInThisTmux(t *testing.T) {
	t.Parallel()
	srv := tmuxtest.Start(t, 0, 0)
	version := srv.Must("display-message", "-p", "#{version}")
	// Unbound proves nothing unless bound keys are found.
	if cmd, ok := prefixBinding(t, srv, "c"); !ok || !strings.Contains(cmd, "new-window") {
		t.Fatalf("tmux %s: prefix c = %q, %v; want new-window", version, cmd, ok)
	}
	if cmd, ok := prefixBinding(t, srv, pluginDefaultKey); ok {
		t.Errorf("tmux %s binds prefix %s by default (%s): the plugin's default key must be free", version, pluginDefaultKey, cmd)
	}
}

func TestPluginBindsDefaultKey(t *testing.T) {
	t.Parallel()
	srv := tmuxtest.Start(t, 0, 0)
	srv.Must("set", "-g", "@panemap-bin", pluginBin(t))
	// The second run (tmux.conf sourced again) finds its own binding: not
	// a conflict.
	for run := 1; run <= 2; run++ {
		runPlugin(t, srv)
		cmd, ok := prefixBinding(t, srv, pluginDefaultKey)
		if !ok || !isFastBinding(t, srv, cmd) {
			t.Fatalf("run %d: prefix %s = %q, %v; want display-popup running the binary itself", run, pluginDefaultKey, cmd, ok)
		}
		if c := conflictOption(srv); c != "" {
			t.Errorf("run %d: @panemap-key-conflict = %q after binding", run, c)
		}
	}
}

// isFastBinding tells whether cmd is the plugin's fast binding on srv:
// run-shell -C running display-popup, which runs the binary itself with
// the key's session and window, the size read from the options, and, from
// tmux 3.3 (3.2 refuses -b, -T and -e), a border and a title; TMUX is
// emptied (-e from 3.3, env on 3.2), so that the colour library's start
// runs no `tmux info`; and the window's snapshot comes last (--state).
func isFastBinding(tb testing.TB, srv *tmuxtest.Server, cmd string) bool {
	return fastBinding(tb, srv, cmd, "80%", "75%", "rounded")
}

func fastBinding(tb testing.TB, srv *tmuxtest.Server, cmd, w, h, border string) bool {
	bin := pluginBin(tb)
	styled := strings.Contains(cmd, "-b "+border+" -T ' panemap ' -e TMUX= ")
	viaEnv := strings.Contains(cmd, " env TMUX= '"+bin+"' ")
	return strings.HasPrefix(cmd, "run-shell -C ") &&
		styled != viaEnv &&
		strings.Contains(cmd, "display-popup -E -w "+w+" -h "+h+" ") &&
		strings.Contains(cmd, "'"+bin+"' -S '") &&
		strings.Contains(cmd, "-t '#{session_id}:#{window_id}' --in-popup") &&
		strings.HasSuffix(cmd, " --"+stateFlag+" '"+stateFormat+"'\"") &&
		styled == srv.AtLeast(3, 3)
}

// TestPluginSizes: percentages and a border go into the fast binding as
// they are set when the plugin loads; a size in cells, which
// display-popup refuses on a smaller terminal, keeps the launcher (it
// cuts the size to the client's), and so does a size that is no size.
func TestPluginSizes(t *testing.T) {
	t.Parallel()
	srv := tmuxtest.Start(t, 0, 0)
	srv.Must("set", "-g", "@panemap-bin", pluginBin(t))
	srv.Must("set", "-g", "@panemap-width", "100%")
	srv.Must("set", "-g", "@panemap-height", "5%")
	srv.Must("set", "-g", "@panemap-border", "double")
	runPlugin(t, srv)
	if cmd, _ := prefixBinding(t, srv, pluginDefaultKey); !fastBinding(t, srv, cmd, "100%", "5%", "double") {
		t.Errorf("prefix %s = %q; want the fast binding with -w 100%% -h 5%% and, from 3.3, -b double", pluginDefaultKey, cmd)
	}
	for _, w := range []string{"120", "0%", "101%", "80", "8O%"} {
		srv.Must("set", "-g", "@panemap-width", w)
		runPlugin(t, srv)
		if cmd, _ := prefixBinding(t, srv, pluginDefaultKey); !strings.Contains(cmd, "popup --client") || !strings.Contains(cmd, "run-shell -b") {
			t.Errorf("@panemap-width %s: prefix %s = %q; want the launcher", w, pluginDefaultKey, cmd)
		}
	}
}

func TestPluginLeavesTakenDefaultKeyAlone(t *testing.T) {
	t.Parallel()
	n := tmuxtest.StartNested(t, 120, 30) // a client, to show the message on
	srv := n.Inner
	srv.Must("set", "-g", "@panemap-bin", pluginBin(t))
	srv.Must("bind-key", pluginDefaultKey, "display-message", "mine #{pane_id}")
	runPlugin(t, srv)
	if cmd, _ := prefixBinding(t, srv, pluginDefaultKey); !strings.Contains(cmd, "mine #{pane_id}") {
		t.Errorf("the user's prefix %s binding was replaced: %q", pluginDefaultKey, cmd)
	}
	if c := conflictOption(srv); c != pluginDefaultKey {
		t.Errorf("@panemap-key-conflict = %q, want %s", c, pluginDefaultKey)
	}
	// The message names the key, its binding (# kept literal, not expanded
	// as a format) and how to choose another key.
	want := "panemap: prefix " + pluginDefaultKey + ` is already bound to 'display-message "mine #{pane_id}"', so panemap left it alone. To use another key: set -g @panemap-key KEY`
	tmuxtest.Eventually(t, wait, func() bool {
		return strings.Contains(srv.Must("show-messages"), want)
	}, "no message %q in:\n%s", want, srv.Must("show-messages"))
}

func TestPluginBindsTheKeyTheUserChose(t *testing.T) {
	t.Parallel()
	srv := tmuxtest.Start(t, 0, 0)
	srv.Must("set", "-g", "@panemap-bin", pluginBin(t))
	srv.Must("bind-key", pluginDefaultKey, "display-message", "mine")
	srv.Must("set", "-g", "@panemap-key-conflict", pluginDefaultKey) // from an earlier run
	// ";" (tmux's last-pane) ends in the command separator: the plugin
	// must still bind the key itself. Over exec, \; is the argument ";".
	for _, key := range []string{pluginDefaultKey, ";"} {
		arg := strings.Replace(key, ";", `\;`, 1)
		srv.Must("set", "-g", "@panemap-key", arg)
		runPlugin(t, srv)
		if cmd, ok := prefixBinding(t, srv, key); !ok || !isFastBinding(t, srv, cmd) {
			t.Errorf("@panemap-key %s: prefix %s = %q, %v; want the popup", key, key, cmd, ok)
		}
		if c := conflictOption(srv); c != "" {
			t.Errorf("@panemap-key %s: @panemap-key-conflict = %q, want it cleared", key, c)
		}
	}
}

// TestDoctorPluginKey: doctor says in one line what the plugin's key
// does, and when it does not open panemap that is a problem, with a fix
// that names the plugin's short line, not the binding it makes (over a
// thousand characters): doctor fails rather than say "All good." while
// the key the README tells people to press does nothing of panemap's.
func TestDoctorPluginKey(t *testing.T) {
	t.Parallel()
	srv := tmuxtest.Start(t, 0, 0)
	var out bytes.Buffer
	d := &doctor{g: &globals{stdout: &out}}
	client := execClient(srv)
	check := func(step string, problem bool, want ...string) {
		t.Helper()
		out.Reset()
		d.problems = 0
		d.pluginKey(t.Context(), client)
		got := out.String()
		lines := 1
		if problem {
			lines = 2 // FAIL and the fix
			want = append(want, "FAIL  plugin key: ", "\n      fix: ")
		}
		if strings.Count(got, "\n") != lines || d.problems != lines-1 {
			t.Errorf("%s: want %d line(s) and problem %v, got %d problem(s) in %q", step, lines, problem, d.problems, got)
		}
		for _, w := range want {
			if !strings.Contains(got, w) {
				t.Errorf("%s: %q lacks %q", step, got, w)
			}
		}
		if len(got) > 400 {
			t.Errorf("%s: %d characters: %q", step, len(got), got)
		}
	}
	check("fresh server", true, "prefix "+pluginDefaultKey+" is not bound: neither panemap init tmux nor the plugin ran", "fix: bind it: run-shell 'panemap init tmux' in tmux.conf")
	srv.Must("set", "-g", "@panemap-bin", pluginBin(t))
	srv.Must("bind-key", pluginDefaultKey, "display-message", "mine")
	runPlugin(t, srv)
	check("key taken", true, "prefix "+pluginDefaultKey+" does not open panemap: it was already bound to 'display-message mine', so the plugin left it alone", "set -g @panemap-key KEY")
	srv.Must("set", "-g", "@panemap-key", pluginDefaultKey)
	runPlugin(t, srv)
	check("key chosen", false, "ok    plugin key: prefix "+pluginDefaultKey+" opens panemap")
	srv.Must("set", "-g", "@panemap-key", "c")
	check("the plugin's key changed, not loaded again", false, "ok    key: prefix "+pluginDefaultKey+" opens panemap (the plugin's prefix c does not)")
	srv.Must("unbind-key", pluginDefaultKey)
	check("key bound elsewhere", true, "prefix c does not open panemap: it is bound to 'new-window'")
	srv.Must("bind-key", "O", "display-popup", "-E", "panemap --in-popup")
	check("a key bound by hand", false, "ok    key: prefix O opens panemap (the plugin's prefix c does not)")
	srv.Must("unbind-key", "O")
	srv.Must("set", "-g", "@panemap-key", "no such key")
	check("bad key", true, `@panemap-key "no such key" is not a tmux key name`)
}

// TestDoctorEscapeTime: doctor hints at a shorter escape-time from the
// server's own value, not its version: none at 10 ms (set -sg
// escape-time 10, as its hint says), one above slowEscape, and one at the
// default where that is 500 ms (before 3.5).
func TestDoctorEscapeTime(t *testing.T) {
	t.Parallel()
	srv := tmuxtest.Start(t, 0, 0)
	var out bytes.Buffer
	d := &doctor{g: &globals{stdout: &out}}
	client := execClient(srv)
	hint := func(step string, want bool, ms string) {
		t.Helper()
		out.Reset()
		d.escapeTime(t.Context(), client)
		got := out.String()
		if want != (got != "") || want && !strings.Contains(got, "escape-time is "+ms+" ms") || d.problems != 0 {
			t.Errorf("%s: hint %v wanted; got %q, %d problem(s)", step, want, got, d.problems)
		}
	}
	for _, c := range []struct {
		ms   string
		hint bool
	}{{"10", false}, {"0", false}, {"100", false}, {"101", true}, {"500", true}} {
		srv.Must("set", "-sg", "escape-time", c.ms)
		hint("escape-time "+c.ms, c.hint, c.ms)
	}
	srv.Must("set", "-su", "escape-time")
	if srv.AtLeast(3, 5) {
		hint("the default on tmux "+srv.Version(), false, "10")
	} else {
		hint("the default on tmux "+srv.Version(), true, "500")
	}
}
