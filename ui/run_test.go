package ui

import (
	"bytes"
	"context"
	"io"
	"os"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/charmbracelet/colorprofile"
	"github.com/charmbracelet/x/ansi"

	"github.com/panemap/panemap/internal/tmuxtest"
	"github.com/panemap/panemap/tmux"
	"github.com/panemap/panemap/tmuxctl"
)

// runKeys runs the whole program on a pipe that never answers terminal
// queries (as inside a tmux popup), types keys, and returns the exit code.
// The deadline only bounds a hang; nothing waits on time.
func runKeys(t *testing.T, core Core, opts Options, keys string) (code int, out string, err error) {
	t.Helper()
	ctx, cancel := context.WithTimeout(t.Context(), 20*time.Second)
	defer cancel()
	in, w := io.Pipe()
	defer w.Close()
	go func() { _, _ = io.WriteString(w, keys) }()
	var buf bytes.Buffer
	code, err = Run(ctx, core, opts, in, &buf)
	if ctx.Err() != nil {
		t.Fatalf("Run did not finish: %v", ctx.Err())
	}
	return code, buf.String(), err
}

func TestRunQuitsOnQWithoutTerminalAnswers(t *testing.T) {
	core := newFake(gridState())
	code, out, err := runKeys(t, core, testOptions(), "lq")
	if code != ExitOK || err != nil {
		t.Fatalf("code=%d err=%v", code, err)
	}
	if a, _ := core.State().Windows[0].ActivePane(); a.ID != "%2" {
		t.Errorf("active %s after l, want %%2", a.ID)
	}
	if !strings.Contains(out, "\x1b[?1049h") || !strings.Contains(out, "\x1b[?1049l") {
		t.Error("alt screen not entered and left")
	}
}

func TestRunEscReverts(t *testing.T) {
	core := newFake(gridState())
	code, _, err := runKeys(t, core, testOptions(), "lj\x1b")
	if code != ExitOK || err != nil {
		t.Fatalf("code=%d err=%v", code, err)
	}
	if !tmux.SameLayout(core.State(), gridState()) {
		t.Error("Esc did not restore")
	}
}

// TestRunEscPressedTwice: Esc pressed twice in quick succession comes as
// ESC ESC in one read (tmux's escape-time makes it M-Escape), which Bubble
// Tea reads as Alt+Esc: it reverts and closes as Esc does.
func TestRunEscPressedTwice(t *testing.T) {
	core := newFake(gridState())
	code, _, err := runKeys(t, core, testOptions(), "lj\x1b\x1b")
	if code != ExitOK || err != nil {
		t.Fatalf("code=%d err=%v", code, err)
	}
	if !tmux.SameLayout(core.State(), gridState()) {
		a, _ := core.State().Windows[0].ActivePane()
		t.Errorf("Esc Esc did not restore: the moves to %s stayed", a.ID)
	}
}

// TestRunTakesLoneEscAtOnce: an Esc read on its own is the Esc key at
// once, even when the next key follows in the next read. Bubble Tea
// alone would hold the ESC for 50 ms to see what follows, and read Esc
// then j as Alt+j: the navigator would then close at EOF as q does,
// keeping the move.
func TestRunTakesLoneEscAtOnce(t *testing.T) {
	core := newFake(gridState())
	ctx, cancel := context.WithTimeout(t.Context(), 20*time.Second)
	defer cancel()
	in, w := io.Pipe()
	go func() {
		// One read each: a pipe's read returns one write at most.
		for _, key := range []string{"l", "\x1b", "j"} {
			if _, err := io.WriteString(w, key); err != nil {
				return
			}
		}
		_ = w.Close()
	}()
	defer in.Close()
	var out bytes.Buffer
	code, err := Run(ctx, core, testOptions(), in, &out)
	if ctx.Err() != nil {
		t.Fatalf("Run did not finish: %v", ctx.Err())
	}
	if code != ExitOK || err != nil {
		t.Fatalf("code=%d err=%v", code, err)
	}
	if !tmux.SameLayout(core.State(), gridState()) {
		a, _ := core.State().Windows[0].ActivePane()
		t.Errorf("Esc was not taken as Esc: the move to %s stayed", a.ID)
	}
}

// watchWriter collects output and closes seen once it contains want.
type watchWriter struct {
	mu   sync.Mutex
	buf  bytes.Buffer
	want string
	seen chan struct{}
}

func (w *watchWriter) Write(p []byte) (int, error) {
	w.mu.Lock()
	defer w.mu.Unlock()
	n, err := w.buf.Write(p)
	if w.seen != nil && strings.Contains(ansi.Strip(w.buf.String()), w.want) {
		close(w.seen)
		w.seen = nil
	}
	return n, err
}

func (w *watchWriter) String() string {
	w.mu.Lock()
	defer w.mu.Unlock()
	return w.buf.String()
}

func TestRunServerGoneExitsNonZero(t *testing.T) {
	core := newFake(gridState())
	core.gone = true
	ctx, cancel := context.WithTimeout(t.Context(), 20*time.Second)
	defer cancel()
	in, w := io.Pipe()
	defer w.Close()
	seen := make(chan struct{})
	out := &watchWriter{want: "press any key", seen: seen}
	go func() {
		select {
		case <-seen: // the message is on screen: now a key
			_, _ = io.WriteString(w, "q")
		case <-ctx.Done():
		}
	}()
	o := testOptions()
	o.size.w, o.size.h = 80, 24
	code, err := Run(ctx, core, o, in, out)
	if ctx.Err() != nil {
		t.Fatalf("Run did not finish: %v", ctx.Err())
	}
	if code != ExitTmuxGone || err == nil {
		t.Fatalf("code=%d err=%v", code, err)
	}
	if s := out.String(); !strings.Contains(s, "\x1b[?1049l") {
		t.Error("terminal not left sane (alt screen still on)")
	}
}

func TestProfileFromEnv(t *testing.T) {
	cases := []struct {
		env     []string
		noColor bool
		want    colorprofile.Profile
	}{
		{[]string{"TERM=tmux-256color"}, false, colorprofile.ANSI256},
		{[]string{"TERM=xterm-256color", "COLORTERM=truecolor"}, false, colorprofile.TrueColor},
		{[]string{"TERM=xterm-256color", "NO_COLOR=1"}, false, colorprofile.Ascii},
		{[]string{"TERM=xterm-256color", "NO_COLOR=yes"}, false, colorprofile.Ascii},
		{[]string{"TERM=xterm-256color"}, true, colorprofile.Ascii},
		{[]string{}, false, colorprofile.Ascii},
	}
	for _, c := range cases {
		o := Options{Env: c.env, NoColor: c.noColor}.withDefaults()
		if got := profileFor(o); got != c.want {
			t.Errorf("env %v noColor=%v: profile %v, want %v", c.env, c.noColor, got, c.want)
		}
	}
}

// The navigator on a real tmux server, through the real client.
func TestRunAgainstTmux(t *testing.T) {
	srv := tmuxtest.Start(t, 0, 0)
	g := srv.Grid()
	c := tmuxctl.Open(tmuxctl.Options{Socket: tmux.Socket{Name: srv.Name, Source: "-L"}, Env: tmuxtest.Env(), Control: tmux.ControlNever})
	t.Cleanup(func() { _ = c.Close() })
	sess := tmux.SessionID(srv.Display(g[0], "#{session_id}"))

	o := testOptions()
	o.Session = sess
	// l: right; s j s: swap down and back to nav; then Enter keeps it.
	code, _, err := runKeys(t, c, o, "lsjs\r")
	if code != ExitOK || err != nil {
		t.Fatalf("code=%d err=%v", code, err)
	}
	if got := srv.Active(g[0]); got != g[1] {
		t.Errorf("active %s, want the top-right pane %s", got, g[1])
	}
	if idx := srv.Display(g[1], "#{pane_index}"); idx != "3" {
		t.Errorf("top-right pane now has index %s, want 3 (swapped down)", idx)
	}

	// Esc puts everything back.
	before := srv.Must("list-panes", "-t", g[0], "-F", "#{pane_id} #{pane_index} #{pane_active}")
	code, _, err = runKeys(t, c, o, "hjz\x1b")
	if code != ExitOK || err != nil {
		t.Fatalf("code=%d err=%v", code, err)
	}
	after := srv.Must("list-panes", "-t", g[0], "-F", "#{pane_id} #{pane_index} #{pane_active}")
	if before != after {
		t.Errorf("Esc did not restore:\nbefore %s\nafter  %s", before, after)
	}
	if z := srv.Display(g[0], "#{window_zoomed_flag}"); z != "0" {
		t.Error("window still zoomed after Esc")
	}
}

// End of input (stdin from /dev/null or a closed pipe, a terminal gone)
// closes the navigator as q does: exit 0 and nothing done to tmux, no
// Restore above all (EOF is not Esc). Without the watch Run never returns
// on a closed pipe and fails to start on /dev/null.
func TestRunEndsAtInputEOF(t *testing.T) {
	inputs := []struct {
		name string
		open func(t *testing.T) io.Reader
	}{
		{"empty reader", func(t *testing.T) io.Reader { return strings.NewReader("") }},
		{"closed pipe", func(t *testing.T) io.Reader {
			r, w, err := os.Pipe()
			if err != nil {
				t.Fatal(err)
			}
			t.Cleanup(func() { _ = r.Close() })
			_ = w.Close()
			return r
		}},
		{"/dev/null", func(t *testing.T) io.Reader {
			f, err := os.Open(os.DevNull)
			if err != nil {
				t.Fatal(err)
			}
			t.Cleanup(func() { _ = f.Close() })
			return f
		}},
	}
	for _, in := range inputs {
		t.Run(in.name, func(t *testing.T) {
			core := newFake(gridState())
			o := testOptions()
			o.EscReverts = true
			ctx, cancel := context.WithTimeout(t.Context(), 20*time.Second)
			defer cancel()
			var out bytes.Buffer
			code, err := Run(ctx, core, o, in.open(t), &out)
			if ctx.Err() != nil {
				t.Fatalf("Run did not return at EOF: %v", ctx.Err())
			}
			if code != ExitOK || err != nil {
				t.Fatalf("code=%d err=%v, want %d and no error", code, err, ExitOK)
			}
			if calls := core.Calls(); len(calls) != 0 {
				t.Errorf("tmux changed at EOF: %q", calls)
			}
			if !tmux.SameLayout(core.State(), gridState()) {
				t.Error("the session changed at EOF")
			}
			if !strings.Contains(out.String(), "\x1b[?1049l") {
				t.Error("terminal not left sane (alt screen still on)")
			}
		})
	}
}

// With the server gone there is no key to press on the message: EOF
// exits with the server-gone code.
func TestRunServerGoneAndInputEOF(t *testing.T) {
	core := newFake(gridState())
	core.gone = true
	ctx, cancel := context.WithTimeout(t.Context(), 20*time.Second)
	defer cancel()
	var out bytes.Buffer
	code, err := Run(ctx, core, testOptions(), strings.NewReader(""), &out)
	if ctx.Err() != nil {
		t.Fatalf("Run did not return at EOF: %v", ctx.Err())
	}
	if code != ExitTmuxGone || err == nil {
		t.Fatalf("code=%d err=%v, want %d and the error", code, err, ExitTmuxGone)
	}
}
