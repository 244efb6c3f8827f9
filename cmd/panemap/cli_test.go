package main

import (
	"bytes"
	"context"
	"flag"
	"strings"
	"testing"

	"github.com/panemap/panemap/internal/tmuxtest"
)

// cli runs panemap in-process with the given environment.
func cli(t *testing.T, env map[string]string, args ...string) (code int, stdout, stderr string) {
	t.Helper()
	// Whatever tmux this test runs under must not leak into the servers
	// the commands start or talk to.
	t.Setenv("TMUX", "")
	t.Setenv("TMUX_PANE", "")
	t.Setenv("TMUX_TMPDIR", "")
	var out, errb bytes.Buffer
	getenv := func(k string) string { return env[k] }
	code = run(context.Background(), args, strings.NewReader(""), &out, &errb, getenv)
	return code, out.String(), errb.String()
}

// navigatorFlagsOf parses the navigator's flags.
func navigatorFlagsOf(t *testing.T, args ...string) *navigatorFlags {
	t.Helper()
	fs := flag.NewFlagSet("panemap", flag.ContinueOnError)
	nf := defineNavigatorFlags(fs)
	if err := fs.Parse(args); err != nil {
		t.Fatal(err)
	}
	if err := nf.check(fs.Args()); err != nil {
		t.Fatal(err)
	}
	return nf
}

func TestGlobalFlags(t *testing.T) {
	for _, tc := range []struct {
		args   []string
		code   int
		errHas string
		outHas string
	}{
		{[]string{"--help"}, 0, "", "@panemap-edge"},
		{[]string{"-V"}, 0, "", "panemap "},
		{[]string{"help", "popup"}, 0, "", "run-shell -b 'panemap popup'"},
		{[]string{"help", "nope"}, 2, `unknown command "nope"`, ""},
		{[]string{"nope"}, 2, `unknown command "nope"`, ""},
		{[]string{"-L", "a", "-S", "/tmp/b", "doctor"}, 2, "not both", ""},
		{[]string{"-L", "a/b", "doctor"}, 2, `invalid socket name "a/b"`, ""},
		{[]string{"-t", "x;", "doctor"}, 2, `invalid tmux target "x;"`, ""},
		{[]string{"-t", "a\nb"}, 2, `invalid tmux target "a\nb"`, ""},
		{[]string{"-L"}, 2, "-L needs a value", ""},
		{[]string{"popup", "--width", "80%; kill-server"}, 2, `invalid popup size "80%; kill-server"`, ""},
		{[]string{"--edge", "sideways"}, 2, `invalid edge "sideways"`, ""},
		{[]string{"popup", "--border", "fancy"}, 2, `invalid popup border "fancy"`, ""},
		{[]string{"doctor", "extra"}, 2, `unexpected argument "extra"`, ""},
	} {
		code, out, errs := cli(t, nil, tc.args...)
		if code != tc.code || !strings.Contains(errs, tc.errHas) || !strings.Contains(out, tc.outHas) {
			t.Errorf("panemap %q: code %d (want %d)\nstdout: %s\nstderr: %s", tc.args, code, tc.code, out, errs)
		}
	}
}

func TestSettingsFromTmuxOptionsAndFlags(t *testing.T) {
	t.Parallel()
	srv := tmuxtest.Start(t, 0, 0)
	srv.Must("set", "-g", "@panemap-width", "70%")
	srv.Must("set", "-g", "@panemap-height", "tall")
	srv.Must("set", "-g", "@panemap-edge", "stop")
	srv.Must("set", "-g", "@panemap-esc", "keep")
	g, _, err := parseGlobals([]string{"-L", srv.Name}, func(string) string { return "" })
	if err != nil {
		t.Fatal(err)
	}
	client, sid, _, err := g.openWindow(t.Context())
	if err != nil {
		t.Fatal(err)
	}
	defer client.Close()
	nf := navigatorFlagsOf(t, "--esc", "revert")
	var warn bytes.Buffer
	st := loadSettings(t.Context(), client, sid, nf.given, &warn)
	want := settings{Width: "70%", Height: "75%", Border: "rounded", Edge: "stop", Esc: "revert", Color: "auto", Step: "2", Preview: "on"}
	if st != want {
		t.Errorf("settings %+v, want %+v", st, want)
	}
	if w := warn.String(); strings.Count(w, "\n") != 1 || !strings.Contains(w, `@panemap-height: invalid popup size "tall"`) {
		t.Errorf("want one warning line naming @panemap-height, got %q", w)
	}
}

func TestDoctor(t *testing.T) {
	srv := tmuxtest.Start(t, 0, 0)
	code, out, _ := cli(t, nil, "-L", srv.Name, "doctor")
	// No client is attached to a test server, so popups are reported as
	// not usable: exit 1, but the server itself is found.
	if !strings.Contains(out, "server is running") || !strings.Contains(out, "socket name "+srv.Name+" (-L)") {
		t.Errorf("present server: code %d\n%s", code, out)
	}
	if !strings.Contains(out, "no tmux client is attached") || code != 1 {
		t.Errorf("want a popup problem without a client: code %d\n%s", code, out)
	}
	absent := tmuxtest.UniqueName("pmnone")
	code, out, _ = cli(t, nil, "-L", absent, "doctor")
	if code != 1 || !strings.Contains(out, "no tmux server is running") || !strings.Contains(out, "fix: start tmux") || !strings.Contains(out, "1 problem found.") {
		t.Errorf("absent server: code %d\n%s", code, out)
	}
}

// TestDoctorWithClient: with a client attached, doctor is all good once
// the plugin's key opens panemap, and fails naming what holds the key
// while it does not (the plugin left a taken G alone); escape-time is
// hinted at from the server's value (none at 10 ms, one at 3.3a's 500 ms
// default), as information that fails nothing.
func TestDoctorWithClient(t *testing.T) {
	n := tmuxtest.StartNested(t, 100, 30)
	srv := n.Inner
	doctor := func() (int, string) {
		code, out, _ := cli(t, nil, "-L", srv.Name, "doctor")
		return code, out
	}
	srv.Must("set", "-g", "@panemap-bin", pluginBin(t))
	srv.Must("bind-key", pluginDefaultKey, "display-message", "mine")
	runPlugin(t, srv)
	taken := "FAIL  plugin key: prefix " + pluginDefaultKey + " does not open panemap: it was already bound to 'display-message mine'"
	if code, out := doctor(); code != 1 || !strings.Contains(out, taken) || !strings.Contains(out, "1 problem found.") || strings.Contains(out, "All good.") {
		t.Errorf("key taken: code %d\n%s", code, out)
	}
	srv.Must("set", "-g", "@panemap-key", pluginDefaultKey)
	runPlugin(t, srv)
	srv.Must("set", "-sg", "escape-time", "10")
	code, out := doctor()
	if code != 0 || !strings.Contains(out, "it would open on client") || !strings.Contains(out, "All good.") || strings.Contains(out, "escape-time") {
		t.Errorf("key bound, escape-time 10: code %d\n%s", code, out)
	}
	srv.Must("set", "-su", "escape-time")
	code, out = doctor()
	if hinted := strings.Contains(out, "escape-time is 500 ms"); code != 0 || hinted == srv.AtLeast(3, 5) {
		t.Errorf("escape-time by default on tmux %s: code %d, hint %v\n%s", srv.Version(), code, hinted, out)
	}
}

// TestNavigatorNeedsTerminal: without a terminal on stdin and stdout the
// navigator and the demo say so and fail, writing nothing on stdout
// (before, they drew escape sequences into a pipe and exited 0).
func TestNavigatorNeedsTerminal(t *testing.T) {
	srv := tmuxtest.Start(t, 0, 0)
	for _, args := range [][]string{{"-L", srv.Name}, {"-L", srv.Name, "-t", "main:0"}, {"demo"}} {
		code, out, errs := cli(t, nil, args...)
		if code == 0 || out != "" || strings.Count(errs, "\n") != 1 || !strings.Contains(errs, "needs a terminal") {
			t.Errorf("panemap %q: code %d\nstdout: %q\nstderr: %q", args, code, out, errs)
		}
	}
}
