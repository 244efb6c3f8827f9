package panetext_test

import (
	"context"
	"fmt"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/panemap/panemap/internal/clienttest"
	"github.com/panemap/panemap/internal/tmuxtest"
	"github.com/panemap/panemap/tmux"
	"github.com/panemap/panemap/tmuxctl"
	"github.com/panemap/panemap/tmuxctl/panetext"
)

// catPane respawns target to print n numbered lines (and a line with
// escape sequences) and then echo what is typed, and returns it once the
// last line shows.
func catPane(t *testing.T, srv *tmuxtest.Server, target string, n int) tmux.PaneID {
	t.Helper()
	srv.Must("respawn-pane", "-k", "-t", target, fmt.Sprintf(`printf '\033]0;t\007\033[31mred\033[0m\n'; seq -f 'line-%%g' 1 %d; exec cat`, n))
	p := tmux.PaneID(srv.Display(target, "#{pane_id}"))
	last := fmt.Sprintf("line-%d", n)
	tmuxtest.Eventually(t, 20*time.Second, func() bool {
		return strings.Contains(srv.Must("capture-pane", "-p", "-t", string(p)), last)
	}, "%s to print %s", p, last)
	return p
}

func TestCapture(t *testing.T) {
	t.Parallel()
	clienttest.ForEachTransport(t, func(t *testing.T, srv *tmuxtest.Server, c *tmuxctl.Client) {
		r := panetext.New(c)
		p := catPane(t, srv, "main:0", 300) // 301 lines and cat's empty one
		s, err := r.Capture(t.Context(), p, 0, nil)
		if err != nil {
			t.Fatal(err)
		}
		if s.Width != 200 || s.Height != 50 || len(s.Lines) != 50 || s.First != 0 || !s.Truncated ||
			s.Lines[48] != "line-300" || s.Lines[49] != "" || s.CursorX != 0 || s.CursorY != 49 {
			t.Errorf("the screen: %+v", s)
		}
		s, err = r.Capture(t.Context(), p, 120, nil)
		if err != nil || len(s.Lines) != 120 || s.First != -70 || s.Lines[0] != "line-182" || !s.Truncated {
			t.Errorf("120 lines: %+v, %v", s, err)
		}
		s, err = r.Capture(t.Context(), p, 10_000, nil)
		if err != nil || len(s.Lines) != 302 || s.First != -252 || s.Lines[0] != "red" || s.Lines[1] != "line-1" || s.Truncated {
			t.Errorf("all of it: first %d, %d lines, truncated %v, %v: %q", s.First, len(s.Lines), s.Truncated, err, s.Lines[:2])
		}
		if _, err := r.Capture(t.Context(), "%999", 0, nil); tmux.KindOf(err) != tmux.KindGone {
			t.Errorf("a gone pane: %v", err)
		}
	})
}

// TestCaptureLastLines: the last lines of a short output end at the
// cursor's row or the last row with text, whichever is lower, not at the
// blank rows at the screen's bottom.
func TestCaptureLastLines(t *testing.T) {
	t.Parallel()
	clienttest.ForEachTransport(t, func(t *testing.T, srv *tmuxtest.Server, c *tmuxctl.Client) {
		r := panetext.New(c)
		srv.Must("respawn-pane", "-k", "-t", "main:0", `printf 'one\ntwo\nthree\n'; exec cat`)
		p := tmux.PaneID(srv.Display("main:0", "#{pane_id}"))
		tmuxtest.Eventually(t, 20*time.Second, func() bool {
			return strings.Contains(srv.Must("capture-pane", "-p", "-t", string(p)), "three")
		}, "%s to print", p)
		s, err := r.Capture(t.Context(), p, 2, nil) // cat's cursor is on row 3
		if err != nil || s.First != 2 || strings.Join(s.Lines, "|") != "three|" || !s.Truncated || s.CursorY != 3 {
			t.Errorf("2 lines: %+v, %v", s, err)
		}
		s, err = r.Capture(t.Context(), p, 10, nil)
		if err != nil || s.First != 0 || strings.Join(s.Lines, "|") != "one|two|three|" || s.Truncated {
			t.Errorf("10 lines: %+v, %v", s, err)
		}
		if s, err = r.Capture(t.Context(), p, 0, nil); err != nil || len(s.Lines) != s.Height {
			t.Errorf("the screen: %+v, %v", s, err)
		}

		// Text under the cursor counts.
		srv.Must("respawn-pane", "-k", "-t", "main:0", `printf 'top\n\033[6;1Hfar\033[2;1H'; exec cat`)
		tmuxtest.Eventually(t, 20*time.Second, func() bool {
			return strings.Contains(srv.Must("capture-pane", "-p", "-t", string(p)), "far")
		}, "%s to print", p)
		s, err = r.Capture(t.Context(), p, 3, nil)
		if err != nil || s.First != 3 || strings.Join(s.Lines, "|") != "||far" || s.CursorY != 1 {
			t.Errorf("3 lines with text under the cursor: %+v, %v", s, err)
		}
	})
}

func TestSearch(t *testing.T) {
	t.Parallel()
	clienttest.ForEachTransport(t, func(t *testing.T, srv *tmuxtest.Server, c *tmuxctl.Client) {
		r := panetext.New(c)
		a := catPane(t, srv, "main:0", 300)
		srv.Must("new-window", "-t", "main")
		b := catPane(t, srv, "main:1", 20)
		l, err := c.List(t.Context(), tmuxctl.ListRequest{Scope: tmuxctl.ScopeServer, Limit: 100})
		if err != nil {
			t.Fatal(err)
		}
		re := regexp.MustCompile(`^line-(7|150)$`)
		f, err := r.Search(t.Context(), l, re, 1000, 200)
		if err != nil {
			t.Fatal(err)
		}
		var got []string
		for _, m := range f.Matches {
			got = append(got, fmt.Sprintf("%s %s %d %s", m.Pane, m.SessionID, m.Line, m.Text))
		}
		want := []string{
			fmt.Sprintf("%s $0 -245 line-7", a), fmt.Sprintf("%s $0 -102 line-150", a), fmt.Sprintf("%s $0 7 line-7", b),
		}
		if strings.Join(got, "\n") != strings.Join(want, "\n") || f.Truncated || f.Panes != 2 {
			t.Errorf("matches\n%s\nwant\n%s (truncated %v, %d panes)", strings.Join(got, "\n"), strings.Join(want, "\n"), f.Truncated, f.Panes)
		}
		// Only 10 lines of history: line-7 of the long pane is out of reach.
		if f, _ := r.Search(t.Context(), l, re, 10, 200); len(f.Matches) != 1 {
			t.Errorf("history 10: %+v", f.Matches)
		}
		if f, _ := r.Search(t.Context(), l, re, 1000, 2); len(f.Matches) != 2 || !f.Truncated {
			t.Errorf("max 2: %+v", f)
		}
	})
}

// controlClients counts the control-mode clients attached to srv.
func controlClients(srv *tmuxtest.Server) int {
	return strings.Count(srv.Must("list-clients", "-F", "#{client_control_mode}"), "1")
}

func TestWait(t *testing.T) {
	t.Parallel()
	clienttest.ForEachTransport(t, func(t *testing.T, srv *tmuxtest.Server, c *tmuxctl.Client) {
		r := panetext.New(c)
		p := catPane(t, srv, "main:0", 10)
		base := controlClients(srv)

		// Already on the screen: found at the first look.
		w, err := r.Wait(t.Context(), p, regexp.MustCompile(`line-\d+0`), 10*time.Second, nil)
		if err != nil || !w.Matched || w.Text != "line-10" || w.Line != 10 || w.Looks != 1 {
			t.Errorf("on screen: %+v, %v", w, err)
		}
		// Nothing matches: the timeout is an answer.
		w, err = r.Wait(t.Context(), p, regexp.MustCompile(`never`), 300*time.Millisecond, nil)
		if err != nil || w.Matched {
			t.Errorf("timeout: %+v, %v", w, err)
		}

		// Two waits at once, for lines typed after their first looks: the
		// second line scrolls off the screen before anyone could look.
		var wg sync.WaitGroup
		looked := make(chan struct{}, 2)
		results := make([]*panetext.Waited, 2)
		for i, pat := range []string{`^DONE$`, `^MARK-7$`} {
			wg.Add(1)
			go func() {
				defer wg.Done()
				once := sync.OnceFunc(func() { looked <- struct{}{} })
				w, err := r.Wait(t.Context(), p, regexp.MustCompile(pat), 20*time.Second, func(int) { once() })
				if err != nil {
					t.Errorf("wait %s: %v", pat, err)
				}
				results[i] = w
			}()
		}
		<-looked
		<-looked
		if n := controlClients(srv) - base; n > 1 {
			t.Errorf("%d control clients for two waits on one session, want at most 1", n)
		}
		var typed strings.Builder
		typed.WriteString("MARK-7\n")
		for i := range 200 {
			fmt.Fprintf(&typed, "filler-%d\n", i)
		}
		typed.WriteString("DONE\n")
		srv.Must("send-keys", "-t", string(p), "-l", typed.String())
		wg.Wait()
		for i, res := range results {
			if res == nil || !res.Matched {
				t.Errorf("wait %d: %+v", i, res)
			}
		}
		if res := results[1]; res != nil && res.Line >= 0 {
			t.Errorf("MARK-7 found at line %d, want in the history (it scrolled off)", res.Line)
		}
		tmuxtest.Eventually(t, 20*time.Second, func() bool { return controlClients(srv) == base },
			"the watch's client to leave after the waits (%d control clients, %d before)", controlClients(srv), base)

		// Cancelled: ends at once with an error, not an answer.
		ctx, cancel := context.WithCancel(t.Context())
		done := make(chan error)
		go func() {
			_, err := r.Wait(ctx, p, regexp.MustCompile(`never`), time.Minute, func(int) { cancel() })
			done <- err
		}()
		select {
		case err := <-done:
			if err == nil {
				t.Error("a cancelled wait answered")
			}
		case <-time.After(10 * time.Second):
			t.Fatal("a cancelled wait did not end")
		}
		tmuxtest.Eventually(t, 20*time.Second, func() bool { return controlClients(srv) == base },
			"the watch's client to leave after a cancelled wait")
	})
}
