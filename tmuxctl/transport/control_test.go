package transport_test

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/panemap/panemap/tmux"
	"github.com/panemap/panemap/tmuxctl/transport"

	"github.com/panemap/panemap/internal/clienttest"
	"github.com/panemap/panemap/internal/tmuxtest"
	"github.com/panemap/panemap/tmuxctl"
)

// dialControl opens a plain control connection to session s of srv.
func dialControl(t *testing.T, srv *tmuxtest.Server, s string) *transport.Control {
	t.Helper()
	d := &transport.Dialer{Env: tmuxtest.Env()}
	ct, err := d.Dial(t.Context(), tmux.Socket{Name: srv.Name, Source: "-L"}, tmux.SessionID(s))
	if err != nil {
		t.Fatalf("dial control: %v", err)
	}
	t.Cleanup(func() { _ = ct.Close() })
	return ct
}

func TestControlHostileArgumentsStayLiteral(t *testing.T) {
	t.Parallel()
	srv := tmuxtest.Start(t, 0, 0)
	ct := dialControl(t, srv, "$0")
	c := optionsClient(t, srv)
	canary := filepath.Join(t.TempDir(), "canary")
	values := []string{
		"x; kill-server", "'; new-window -n PWNED '", "$(touch " + canary + ")", "`touch " + canary + "`",
		"#{pane_id}", "#{s/x/y/:session_name}", `\`, `\\'`, `"`, `'`, "x;", ";", "~", "~/x", "$HOME",
		"%if 1", "%hidden", "{", "} ; new-window -n PWNED ; {", "a=b", "X=1", "", " ", "\t", "-t", "#", "# comment",
		"ünïcödé ✓ tab\there", "\r", "\x1b[31m", `'\''`, "\"; new-window -n PWNED; \"",
	}
	for _, v := range values {
		if _, err := ct.Run(t.Context(), []string{"set-option", "-g", "@x", v}); err != nil {
			t.Errorf("set @x to %q: %v", v, err)
			continue
		}
		got, err := ct.Run(t.Context(), []string{"show-options", "-gv", "@x"})
		if want := printedBy(srv, v) + "\n"; err != nil || got != want {
			t.Errorf("tmux %s: @x set to %q shows as %q, %v; want %q", srv.Version(), v, got, err, want)
		}
		checkUserOption(t, c, "@x", v)
	}
	if ws := srv.Must("list-windows", "-a", "-F", "#{window_name}"); strings.Contains(ws, "PWNED") {
		t.Errorf("a hostile argument ran a command: windows %q", ws)
	}
	if _, err := os.Stat(canary); err == nil {
		t.Errorf("a hostile argument ran a shell command")
	}
	for _, v := range []string{"a\nnew-window -n PWNED", "\n", "a\x00b"} {
		_, err := ct.Run(t.Context(), []string{"set-option", "-g", "@x", v})
		if tmux.KindOf(err) != tmux.KindInvalidInput {
			t.Errorf("argument %q: %v; want invalid_input", v, err)
		}
	}
}

// printedBy is s as tmux prints it as command output. tmux 3.4 and 3.5a
// pass command output through vis(3) with VIS_OCTAL|VIS_CSTYLE|
// VIS_NOSLASH: control characters other than tab and newline become C
// escapes or octal, backslashes stay bare (so the escaping cannot be
// undone), and 3.4 also escapes '$' before a letter, '_' or '{'. Other
// versions print s as it is. s must be valid UTF-8.
func printedBy(srv *tmuxtest.Server, s string) string {
	if !srv.AtLeast(3, 4) || srv.AtLeast(3, 6) {
		return s
	}
	dollar := !srv.AtLeast(3, 5)
	var b strings.Builder
	for i, r := range s {
		switch {
		case r == '$' && dollar && i+1 < len(s) && (s[i+1] >= 'a' && s[i+1] <= 'z' || s[i+1] >= 'A' && s[i+1] <= 'Z' || s[i+1] == '_' || s[i+1] == '{'):
			b.WriteString(`\$`)
		case r < ' ' && r != '\t' && r != '\n' || r == 0x7f:
			if k := strings.IndexRune("\a\b\f\r\v", r); k >= 0 {
				b.WriteString(`\` + "abfrv"[k:k+1])
			} else {
				fmt.Fprintf(&b, `\%03o`, r)
			}
		default:
			b.WriteRune(r)
		}
	}
	return b.String()
}

// optionsClient is a client over control mode for checkUserOption.
func optionsClient(t *testing.T, srv *tmuxtest.Server) *tmuxctl.Client {
	t.Helper()
	return tmuxctl.NewClient(clienttest.Auto(t, tmux.Socket{Name: srv.Name, Source: "-L"}), tmux.Env{})
}

// checkUserOption reads option name back through panemap's UserOptions,
// which must give exactly v on every tmux version.
func checkUserOption(t *testing.T, c *tmuxctl.Client, name, v string) {
	t.Helper()
	got, err := c.UserOptions(t.Context(), "", []string{name})
	if err != nil || got[name] != v {
		t.Errorf("%s set to %q: UserOptions read %q, %v", name, v, got[name], err)
	}
}

// TestControlPipelining runs many command lists at once from many
// goroutines, some failing, and checks every caller gets its own answer.
func TestControlPipelining(t *testing.T) {
	t.Parallel()
	srv := tmuxtest.Start(t, 0, 0)
	ct := dialControl(t, srv, "$0")
	var wg sync.WaitGroup
	errs := make(chan string, 1000)
	for g := range 32 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range 25 {
				id := fmt.Sprintf("g%d-%d", g, i)
				if i%5 == 4 {
					out, err := ct.Run(t.Context(), []string{"display-message", "-p", id}, []string{"list-panes", "-t", "%999"}, []string{"display-message", "-p", "never"})
					if tmux.KindOf(err) != tmux.KindGone || out != id+"\n" {
						errs <- fmt.Sprintf("%s: failing list answered %q, %v", id, out, err)
					}
					continue
				}
				out, err := ct.Run(t.Context(), []string{"display-message", "-p", id}, []string{"display-message", "-p", "#{session_name} " + id})
				if want := id + "\nmain " + id + "\n"; err != nil || out != want {
					errs <- fmt.Sprintf("%s: answered %q, %v; want %q", id, out, err, want)
				}
			}
		}()
	}
	wg.Wait()
	close(errs)
	for e := range errs {
		t.Error(e)
	}
}

func TestControlErrorsMatchExec(t *testing.T) {
	t.Parallel()
	srv := tmuxtest.Start(t, 0, 0)
	ct := dialControl(t, srv, "$0")
	ex := &transport.Exec{Socket: tmux.Socket{Name: srv.Name}}
	ex.Env = tmuxtest.Env()
	for _, cmds := range [][][]string{
		{{"select-pane", "-t", "%999"}},
		{{"select-pane", "-Q"}},
		{{"no-such-command"}},
		{{"display-message", "-p", "a"}, {"kill-window", "-t", "@999"}, {"display-message", "-p", "b"}},
	} {
		cout, cerr := ct.Run(t.Context(), cmds...)
		eout, eerr := ex.Run(t.Context(), cmds...)
		if cout != eout || tmux.KindOf(cerr) != tmux.KindOf(eerr) || fmt.Sprint(cerr) != fmt.Sprint(eerr) {
			t.Errorf("%q: control %q, %v (%s); exec %q, %v (%s)", cmds, cout, cerr, tmux.KindOf(cerr), eout, eerr, tmux.KindOf(eerr))
		}
	}
}

// waitEvent reads events until one of the kind arrives (bounded).
func waitEvent(t *testing.T, ch <-chan tmux.Event, kind string, match func(tmux.Event) bool) tmux.Event {
	t.Helper()
	timer := time.NewTimer(5 * time.Second)
	defer timer.Stop()
	for {
		select {
		case e, ok := <-ch:
			if !ok {
				t.Fatalf("event stream closed while waiting for %s", kind)
			}
			if (e.Kind == kind || kind == tmux.EventWindowClose && e.Kind == tmux.EventUnlinkedWindowClose) && (match == nil || match(e)) {
				return e
			}
		case <-timer.C:
			t.Fatalf("no %s event within 5s", kind)
		}
	}
}

func TestControlEvents(t *testing.T) {
	t.Parallel()
	srv := tmuxtest.Start(t, 0, 0)
	at := clienttest.Auto(t, tmux.Socket{Name: srv.Name})
	ch, cancel := at.Subscribe()
	defer cancel()
	waitEvent(t, ch, tmux.EventConnected, nil)
	win := srv.Display("main:0", "#{window_id}")
	p := srv.Must("split-window", "-t", win, "-P", "-F", "#{pane_id}")
	e := waitEvent(t, ch, tmux.EventLayoutChange, nil)
	if len(e.Args) != 4 || e.Args[0] != win {
		t.Errorf("layout-change args %q; want 4 starting with %s", e.Args, win)
	}
	srv.Must("select-pane", "-t", srv.Display("main:0.0", "#{pane_id}"))
	waitEvent(t, ch, tmux.EventWindowPaneChanged, func(e tmux.Event) bool { return len(e.Args) == 2 && e.Args[0] == win })
	nw := srv.Must("new-window", "-d", "-t", "main", "-n", "two words", "-P", "-F", "#{window_id}")
	waitEvent(t, ch, tmux.EventWindowAdd, func(e tmux.Event) bool { return len(e.Args) == 1 && e.Args[0] == nw })
	srv.Must("rename-window", "-t", nw, "new  name")
	waitEvent(t, ch, tmux.EventWindowRenamed, func(e tmux.Event) bool { return len(e.Args) == 2 && e.Args[1] == "new  name" })
	srv.Must("copy-mode", "-t", p)
	waitEvent(t, ch, tmux.EventPaneModeChanged, func(e tmux.Event) bool { return len(e.Args) == 1 && e.Args[0] == p })
	srv.Must("select-window", "-t", nw)
	waitEvent(t, ch, tmux.EventSessionWindowChanged, nil)
	srv.Must("kill-window", "-t", nw)
	// tmux 3.3a reports a killed window of the attached session as
	// unlinked-window-close; accept either.
	waitEvent(t, ch, tmux.EventWindowClose, nil)
	srv.Must("new-session", "-d", "-s", "other")
	waitEvent(t, ch, tmux.EventSessionsChanged, nil)
}

// TestEventsSlowSubscriberNeverBlocks: a subscriber that never reads must
// not stall commands, and gets EventOverflow once it reads again.
func TestEventsSlowSubscriberNeverBlocks(t *testing.T) {
	t.Parallel()
	srv := tmuxtest.Start(t, 0, 0)
	at := clienttest.Auto(t, tmux.Socket{Name: srv.Name})
	ch, cancel := at.Subscribe()
	defer cancel()
	p := srv.Display("main:0.0", "#{pane_id}")
	for i := range 400 {
		if _, err := at.Run(t.Context(), []string{"select-pane", "-t", p}, []string{"rename-window", "-t", "main:0", fmt.Sprint("w", i)}); err != nil {
			t.Fatal(err)
		}
	}
	waitEvent(t, ch, tmux.EventOverflow, nil)
}

func TestClientEvents(t *testing.T) {
	t.Parallel()
	srv, c := clienttest.Over(t, "control", tmux.Env{})
	srv.Must("new-session", "-d", "-s", "second")
	second := tmux.SessionID(srv.Display("second:", "#{session_id}"))
	ch, ok := c.Events(t.Context())
	if !ok {
		t.Fatal("no events over control mode")
	}
	waitEvent(t, ch, tmux.EventConnected, nil)
	// Layout changes are reported only for the attached session's windows.
	if err := c.FollowSession(t.Context(), second); err != nil {
		t.Fatal(err)
	}
	srv.Must("split-window", "-t", "second:0")
	win := srv.Display("second:0", "#{window_id}")
	waitEvent(t, ch, tmux.EventLayoutChange, func(e tmux.Event) bool { return len(e.Args) > 0 && e.Args[0] == win })

	_, ce := clienttest.Over(t, "exec", tmux.Env{})
	if _, ok := ce.Events(t.Context()); ok {
		t.Error("exec transport claims to have events")
	}
}

// TestControlAttachSideEffects checks what a person could notice when the
// control connection attaches and runs commands: nothing but the client
// itself, which is marked as a control client.
func TestControlAttachSideEffects(t *testing.T) {
	t.Parallel()
	srv := tmuxtest.Start(t, 120, 40)
	g := srv.Grid()
	srv.Must("select-pane", "-t", g[3])
	srv.Must("select-pane", "-t", g[1]) // last pane g[3], active g[1]
	srv.Must("new-window", "-t", "main", "exec sh")
	srv.Must("select-window", "-t", "main:0") // last window 1
	srv.Must("new-session", "-d", "-s", "older", "-x", "90", "-y", "20")
	srv.Must("set-hook", "-g", "client-attached", "set -g @attaches yes")
	srv.Must("set-hook", "-g", "after-select-pane", "set -g @hooked yes")
	state := func() string {
		return srv.Must("list-windows", "-a", "-F", "#{session_name} #{window_index} #{window_active} #{window_last_flag} #{window_width}x#{window_height} #{window_layout}") + "\n" +
			srv.Must("list-panes", "-a", "-F", "#{pane_id} #{pane_active} #{pane_last} #{pane_width}x#{pane_height}")
	}
	before := state()
	best := srv.Must("display-message", "-p", "#{session_id}")

	at := clienttest.Auto(t, tmux.Socket{Name: srv.Name})
	c := tmuxctl.NewClient(at, tmux.Env{})
	if s := at.Control().Session(); string(s) != best {
		t.Errorf("attached to %s; want %s, the session tmux treats as current", s, best)
	}
	for range 3 {
		if _, err := c.ListPanes(t.Context(), tmux.WindowID(srv.Display("main:0", "#{window_id}"))); err != nil {
			t.Fatal(err)
		}
	}
	if after := state(); after != before {
		t.Errorf("state changed by attaching:\nbefore:\n%s\nafter:\n%s", before, after)
	}
	if got := srv.Must("display-message", "-p", "#{session_id}"); got != best {
		t.Errorf("tmux's current session became %s, was %s", got, best)
	}
	clients := srv.Must("list-clients", "-F", "#{client_name} #{client_control_mode} #{client_flags}")
	if !strings.Contains(clients, at.Control().ClientName()+" 1 ") || !strings.Contains(clients, "ignore-size") || !strings.Contains(clients, "no-output") {
		t.Errorf("clients %q: want the control client marked control mode, ignore-size, no-output", clients)
	}
	// Documented, not avoidable: the connection counts as attached and
	// fires client-attached hooks.
	if n := srv.Display(best, "#{session_attached}"); n != "1" {
		t.Errorf("session_attached = %s while connected", n)
	}
	tmuxtest.Eventually(t, 20*time.Second, func() bool { return srv.Must("show", "-gv", "@attaches") == "yes" }, "client-attached hook did not fire")
	_ = at.Close()
	srv.WaitDisplay(20*time.Second, best, "#{session_attached}", "0")
	if after := state(); after != before {
		t.Errorf("state changed after detaching:\nbefore:\n%s\nafter:\n%s", before, after)
	}
}

// TestCloseLeavesNoGoroutines counts goroutines around a transport's life.
func TestCloseLeavesNoGoroutines(t *testing.T) {
	t.Parallel()
	srv := tmuxtest.Start(t, 0, 0)
	before := runtime.NumGoroutine()
	at := transport.NewAuto(tmux.Socket{Name: srv.Name})
	at.Env = tmuxtest.Env()
	at.Policy = tmux.ControlAlways // exercise control mode even where auto would not
	if ok, err := at.Connect(t.Context()); !ok {
		t.Fatal(err)
	}
	ch, _ := at.Subscribe()
	for range 10 {
		if _, err := at.Run(t.Context(), []string{"list-panes", "-a"}); err != nil {
			t.Fatal(err)
		}
	}
	if err := at.Close(); err != nil {
		t.Fatal(err)
	}
	for range ch {
	}
	tmuxtest.Eventually(t, 20*time.Second, func() bool { return runtime.NumGoroutine() <= before }, "goroutines: %d before, %d after Close", before, runtime.NumGoroutine())
	if _, err := at.Run(t.Context(), []string{"list-panes", "-a"}); err != nil {
		t.Errorf("Run after Close (exec): %v", err)
	}
}

// TestControlQuotingRandomRoundTrip sends random strings built from the
// characters tmux's parser cares about through a real tmux and reads
// them back.
func TestControlQuotingRandomRoundTrip(t *testing.T) {
	t.Parallel()
	srv := tmuxtest.Start(t, 0, 0)
	ct := dialControl(t, srv, "$0")
	c := optionsClient(t, srv)
	alphabet := []string{"'", `"`, `\`, ";", " ", "#", "{", "}", "$", "~", "%", "=", "a", "\t", "#{", "-", "é", "\r", "`", "(", ")"}
	seed := uint64(1)
	next := func(n int) int { // xorshift, deterministic
		seed ^= seed << 13
		seed ^= seed >> 7
		seed ^= seed << 17
		return int(seed % uint64(n))
	}
	for range 300 {
		var b strings.Builder
		for range next(12) {
			b.WriteString(alphabet[next(len(alphabet))])
		}
		v := b.String()
		out, err := ct.Run(t.Context(), []string{"set-option", "-g", "@r", v}, []string{"show-options", "-gv", "@r"})
		if want := printedBy(srv, v) + "\n"; err != nil || out != want {
			t.Errorf("tmux %s: %q came back as %q, %v; want %q", srv.Version(), v, out, err, want)
		}
		checkUserOption(t, c, "@r", v)
	}
	if n := srv.Must("list-windows", "-a"); strings.Count(n, "\n") != 0 {
		t.Errorf("windows appeared: %q", n)
	}
}

func TestClientEventsEndWithContext(t *testing.T) {
	t.Parallel()
	_, c := clienttest.Over(t, "control", tmux.Env{})
	ctx, cancel := context.WithCancel(t.Context())
	ch, ok := c.Events(ctx)
	if !ok {
		t.Fatal("no events over control mode")
	}
	cancel()
	timer := time.NewTimer(5 * time.Second)
	defer timer.Stop()
	for {
		select {
		case _, open := <-ch:
			if !open {
				return
			}
		case <-timer.C:
			t.Fatal("event channel still open 5s after its context ended")
		}
	}
}
