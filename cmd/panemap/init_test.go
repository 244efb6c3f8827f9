package main

// panemap init tmux: the key's binding made in Go, once, for the plugin,
// for `run-shell 'panemap init tmux'` in tmux.conf, and for --print.

import (
	"bytes"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/panemap/panemap/internal/tmuxtest"
	"github.com/panemap/panemap/tmux"
)

// listedBinding is srv's list-keys line for prefix key, as tmux prints it.
func listedBinding(t *testing.T, srv *tmuxtest.Server, key string) string {
	t.Helper()
	for _, line := range strings.Split(srv.Must("list-keys", "-T", "prefix"), "\n") {
		if f := strings.Fields(line); len(f) > 3 && f[3] == key {
			return line
		}
	}
	return ""
}

// runInitBinary runs the built panemap's init on srv, as a shell would.
func runInitBinary(t *testing.T, srv *tmuxtest.Server, args ...string) (string, error) {
	t.Helper()
	cmd := exec.Command(tmuxtest.Panemap(t), append([]string{"-L", srv.Name, "init", "tmux"}, args...)...)
	cmd.Env = tmuxtest.Env()
	var errb bytes.Buffer
	cmd.Stderr = &errb
	out, err := cmd.Output()
	if err != nil {
		return string(out), &initError{err, errb.String()}
	}
	return string(out), nil
}

type initError struct {
	err    error
	stderr string
}

func (e *initError) Error() string { return e.err.Error() + ": " + e.stderr }

// TestPluginBindingIsInits: the plugin's key binding is byte for byte
// the one panemap init tmux makes, for each shape of binding (the fast
// popup, another size and border, the launcher for a size in cells, a
// key chosen, modal where the server has it): the plugin builds none of
// its own. The binding read back (KeyBinding.Words) is the command init
// built.
func TestPluginBindingIsInits(t *testing.T) {
	t.Parallel()
	srv := tmuxtest.Start(t, 0, 0)
	srv.Must("set", "-g", "@panemap-bin", pluginBin(t))
	client := execClient(srv)
	for _, opts := range [][]string{
		{},
		{"@panemap-width", "100%", "@panemap-height", "5%", "@panemap-border", "double"},
		{"@panemap-width", "120"},
		{"@panemap-open", "modal", "@panemap-width", "120", "@panemap-border", "heavy"},
		{"@panemap-key", "M-g"},
	} {
		for _, o := range []string{"@panemap-width", "@panemap-height", "@panemap-border", "@panemap-open", "@panemap-key"} {
			srv.Must("set", "-gu", o)
		}
		for i := 0; i < len(opts); i += 2 {
			srv.Must("set", "-g", opts[i], opts[i+1])
		}
		key := pluginDefaultKey
		if len(opts) == 2 && opts[0] == "@panemap-key" {
			key = opts[1]
		}
		srv.Must("unbind-key", "-q", key)
		runPlugin(t, srv)
		plugin := listedBinding(t, srv, key)
		srv.Must("unbind-key", key)
		if _, err := runInitBinary(t, srv); err != nil {
			t.Fatalf("%v: %v", opts, err)
		}
		init := listedBinding(t, srv, key)
		if plugin == "" || plugin != init {
			t.Errorf("%v: the plugin bound\n%s\ninit bound\n%s", opts, plugin, init)
		}
		p, err := planKey(t.Context(), client, initFlags{})
		if err != nil {
			t.Fatal(err)
		}
		cmd, _ := prefixBinding(t, srv, key)
		if got, want := (tmux.KeyBinding{Command: cmd}).Words(), p.binding.command(); !slices.Equal(got, want) {
			t.Errorf("%v: the binding read back is\n%q\nwant\n%q", opts, got, want)
		}
	}
}

// initEnv is the environment of a server whose PATH finds the built
// panemap first, as a user's finds an installed one.
func initEnv(t *testing.T) []string {
	env := slices.DeleteFunc(tmuxtest.Env(), func(kv string) bool { return strings.HasPrefix(kv, "PATH=") })
	return append(env, "PATH="+binPath(t))
}

// pressOpens presses prefix key and waits for the map, then closes it.
func pressOpens(t *testing.T, n *tmuxtest.Nested, key string) {
	t.Helper()
	g := n.Inner.Grid()
	before := n.Screen()
	n.Keys("C-b", key)
	n.WaitScreen(wait, "the map from prefix "+key, func(scr string) bool {
		return strings.Contains(scr, "NAV") && strings.Contains(scr, g[0]) && strings.Contains(scr, g[3])
	})
	n.Keys("q")
	n.WaitScreen(wait, "the popup closed", func(scr string) bool { return scr == before })
}

// TestE2EInitInTmuxConf: `run-shell 'panemap init tmux'` in a fresh
// tmux.conf, read as the server starts (before its first session), with
// panemap on PATH, binds prefix G to the plugin's fast binding, and the
// key opens the map.
func TestE2EInitInTmuxConf(t *testing.T) {
	t.Parallel()
	conf := filepath.Join(t.TempDir(), "tmux.conf")
	if err := os.WriteFile(conf, []byte("run-shell 'panemap init tmux'\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	n := tmuxtest.StartNestedConfig(t, conf, initEnv(t), 120, 40)
	cmd, ok := prefixBinding(t, n.Inner, pluginDefaultKey)
	if !ok || !isFastBinding(t, n.Inner, cmd) {
		t.Fatalf("after run-shell 'panemap init tmux' in tmux.conf, prefix %s = %q, %v; want the fast binding", pluginDefaultKey, cmd, ok)
	}
	pressOpens(t, n, pluginDefaultKey)
}

// TestE2EInitPrintSourced: --print changes nothing on the server it
// reads, and its lines, sourced by another server (source-file), bind
// the key there, with the options the flags give, and the key opens the
// map over that server.
func TestE2EInitPrintSourced(t *testing.T) {
	t.Parallel()
	src := tmuxtest.Start(t, 0, 0)
	src.Must("set-environment", "-g", "PATH", binPath(t))
	out, err := runInitBinary(t, src, "--print", "--width", "90%", "--key", "M-g")
	if err != nil {
		t.Fatal(err)
	}
	if b := listedBinding(t, src, "M-g"); b != "" || src.Must("show", "-gqv", "@panemap-width") != "" {
		t.Errorf("--print changed the server: binding %q, @panemap-width %q", b, src.Must("show", "-gqv", "@panemap-width"))
	}
	if strings.Contains(out, src.SocketPath()) {
		t.Errorf("--print names this server's socket; the lines are for any server:\n%s", out)
	}
	conf := filepath.Join(t.TempDir(), "printed.conf")
	if err := os.WriteFile(conf, []byte(out), 0o600); err != nil {
		t.Fatal(err)
	}
	n := tmuxtest.StartNested(t, 120, 40)
	g := n.Inner.Grid()
	n.Inner.Must("source-file", conf)
	if w := n.Inner.Must("show", "-gv", "@panemap-width"); w != "90%" {
		t.Errorf("@panemap-width = %q after the printed lines:\n%s", w, out)
	}
	cmd, ok := prefixBinding(t, n.Inner, "M-g")
	if !ok || !strings.Contains(cmd, "display-popup -E -w 90% -h 75% ") || !strings.HasSuffix(cmd, " --"+stateFlag+" '"+stateFormat+"'\"") {
		t.Fatalf("prefix M-g = %q, %v after sourcing\n%s", cmd, ok, out)
	}
	// Bound the same way on the server the lines were printed on, only
	// the socket differs: a format here, that server's path there.
	before := n.Screen()
	n.Keys("C-b", "M-g")
	n.WaitScreen(wait, "the map from the printed binding", func(scr string) bool {
		return strings.Contains(scr, "NAV") && strings.Contains(scr, g[0]) && strings.Contains(scr, g[3])
	})
	n.Keys("q")
	n.WaitScreen(wait, "the popup closed", func(scr string) bool { return scr == before })
}

// TestInitRefusesBadInput: a key, size, border or place to open that is
// none is refused with its value named, and nothing is bound or set.
func TestInitRefusesBadInput(t *testing.T) {
	srv := tmuxtest.Start(t, 0, 0)
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"tmux", "--key", "no such"}, `"no such"`},
		{[]string{"tmux", "--key", "C-"}, `"C-"`},
		{[]string{"tmux", "--width", "0%"}, `"0%"`},
		{[]string{"tmux", "--height", "101%"}, `"101%"`},
		{[]string{"tmux", "--border", "fat"}, `"fat"`},
		{[]string{"tmux", "--open", "sideways"}, `"sideways"`},
		{[]string{"bash"}, "init takes one word: tmux"},
		{nil, "init takes one word: tmux"},
		{[]string{"tmux", "tmux"}, "init takes one word: tmux"},
	} {
		code, out, errs := cli(t, nil, append([]string{"-L", srv.Name, "init"}, c.args...)...)
		if code != 2 || out != "" || !strings.Contains(errs, c.want) {
			t.Errorf("%q: exit %d, stdout %q, stderr %q; want 2 and %s named", c.args, code, out, errs, c.want)
		}
	}
	if b, ok := prefixBinding(t, srv, pluginDefaultKey); ok {
		t.Errorf("bad input bound prefix %s: %q", pluginDefaultKey, b)
	}
	if o := srv.Must("show", "-g"); strings.Contains(o, "@panemap") {
		t.Errorf("bad input set options:\n%s", o)
	}
}

// TestInitLeavesATakenDefaultKeyAlone: as the plugin did, init leaves a
// default key someone else bound alone, says so, and records it in
// @panemap-key-conflict (doctor reads it); a key chosen is bound all the
// same and clears it.
func TestInitLeavesATakenDefaultKeyAlone(t *testing.T) {
	t.Parallel()
	srv := tmuxtest.Start(t, 0, 0)
	srv.Must("bind-key", pluginDefaultKey, "display-message", "mine")
	_, err := runInitBinary(t, srv)
	var ie *initError
	if !errors.As(err, &ie) || !strings.Contains(ie.stderr, "prefix "+pluginDefaultKey+" is already bound to 'display-message mine', so panemap left it alone") {
		t.Errorf("init over a taken key: %v", err)
	}
	if cmd, _ := prefixBinding(t, srv, pluginDefaultKey); cmd != "display-message mine" || conflictOption(srv) != pluginDefaultKey {
		t.Errorf("prefix %s = %q, @panemap-key-conflict %q", pluginDefaultKey, cmd, conflictOption(srv))
	}
	if _, err := runInitBinary(t, srv, "--key", pluginDefaultKey); err != nil {
		t.Fatal(err)
	}
	if cmd, _ := prefixBinding(t, srv, pluginDefaultKey); !strings.Contains(cmd, "--in-popup") || conflictOption(srv) != "" {
		t.Errorf("--key %s: prefix %s = %q, @panemap-key-conflict %q", pluginDefaultKey, pluginDefaultKey, cmd, conflictOption(srv))
	}
}

// TestDoctorBindingFromAnOlderPanemap: a key that opens panemap with a
// binding other than the one init makes now (here, an older snapshot
// format) is a problem, fixed by run-shell 'panemap init tmux'; init's
// own binding, or its --print lines sourced, are not.
func TestDoctorBindingFromAnOlderPanemap(t *testing.T) {
	t.Parallel()
	srv := tmuxtest.Start(t, 0, 0)
	srv.Must("set", "-g", "@panemap-bin", pluginBin(t))
	var out bytes.Buffer
	d := &doctor{g: &globals{stdout: &out}}
	client := execClient(srv)
	check := func(step string, problem bool) {
		t.Helper()
		out.Reset()
		d.problems = 0
		d.pluginKey(t.Context(), client)
		older := strings.Contains(out.String(), "FAIL  plugin key: prefix "+pluginDefaultKey+" opens panemap with a binding an older panemap made") &&
			strings.Contains(out.String(), "fix: bind it again: run-shell '") && strings.Contains(out.String(), " init tmux'")
		if older != problem || (d.problems == 1) != problem {
			t.Errorf("%s: want a binding from an older panemap %v, got:\n%s", step, problem, out.String())
		}
	}
	if _, err := runInitBinary(t, srv); err != nil {
		t.Fatal(err)
	}
	check("init's binding", false)
	cmd, _ := prefixBinding(t, srv, pluginDefaultKey)
	words := tmux.KeyBinding{Command: cmd}.Words()
	older := strings.Replace(words[2], "--"+stateFlag+" '1|", "--"+stateFlag+" '0|", 1)
	srv.Must("bind-key", pluginDefaultKey, words[0], words[1], older)
	check("an older snapshot", true)
	printed, err := runInitBinary(t, srv, "--print")
	if err != nil {
		t.Fatal(err)
	}
	conf := filepath.Join(t.TempDir(), "printed.conf")
	if err := os.WriteFile(conf, []byte(printed), 0o600); err != nil {
		t.Fatal(err)
	}
	srv.Must("source-file", conf)
	check("the printed lines", false)
}

// TestCompletionOffersInit: the completion scripts, made from the command
// table, offer init, its word tmux and --open's places.
func TestCompletionOffersInit(t *testing.T) {
	for _, shell := range completionShells {
		code, out, errs := cli(t, nil, "completion", shell)
		if code != 0 || !strings.Contains(out, "init") || !strings.Contains(out, "tmux") || !strings.Contains(out, "modal") {
			t.Errorf("panemap completion %s (exit %d, %s) does not offer init tmux --open modal", shell, code, errs)
		}
	}
}
