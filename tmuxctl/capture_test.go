package tmuxctl_test

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/panemap/panemap/internal/tmuxtest"
	"github.com/panemap/panemap/tmux"
	"github.com/panemap/panemap/tmuxctl"
)

// paneContent is what test pane i prints: its own colour and name on
// every line, wide characters, a line shaped like the capture list's
// header lines, a title and a hyperlink (OSC sequences) and control
// characters, then END-i. The fake marker uses a nonce of its own: the
// real one is fresh per call (capture.Split's tests forge that one). It
// is printf's format: %% prints one %.
func paneContent(i int) string {
	var b strings.Builder
	fmt.Fprintf(&b, "\\033[1;3%dmpane-%d colour\\033[0m\\n", 1+i%6, i)
	fmt.Fprintf(&b, "wide-%d: 漢字 é ✓\\n", i)
	fmt.Fprintf(&b, "=panemap-FAKENONCE %%%%0 80 24 0 0 1   \\n")
	fmt.Fprintf(&b, "cr\\rCR\\033]0;title-%d\\007 tab\\t\\033]8;;http://x/%d\\033\\\\link-%d\\033]8;;\\033\\\\ %%%%end 1 2 1\\n", i, i, i)
	fmt.Fprintf(&b, "END-%d\\n", i)
	return b.String()
}

// printingPanes splits target's window into n panes (target included,
// respawned) that print paneContent and then wait, names the window
// "printing", and returns them once each shows END-i.
func printingPanes(t *testing.T, srv *tmuxtest.Server, target string, n int) []tmux.PaneID {
	t.Helper()
	// One tmux client makes them all: the same commands in the same
	// order, as one command list, which prints each pane's id in turn.
	var cmds []string
	for i := range n {
		cmd := "printf '" + paneContent(i) + "'; exec cat"
		if i == 0 {
			cmds = append(cmds, "respawn-pane", "-k", "-t", target, cmd, ";", "display-message", "-p", "-t", target, "#{pane_id}")
			continue
		}
		cmds = append(cmds, ";", "split-window", "-d", "-t", target, "-P", "-F", "#{pane_id}", cmd, ";", "select-layout", "-t", target, "tiled")
	}
	out := strings.Split(srv.Must(cmds...), "\n")
	if len(out) != n {
		t.Fatalf("tmux answered %q making %d panes", out, n)
	}
	ids := make([]tmux.PaneID, n)
	for i, id := range out {
		ids[i] = tmux.PaneID(id)
	}
	for i, p := range ids {
		// Printed, and running cat, so that two reads agree.
		tmuxtest.Eventually(t, 20*time.Second, func() bool {
			return strings.Contains(srv.Must("capture-pane", "-p", "-t", string(p)), fmt.Sprintf("END-%d", i))
		}, "pane %d to print", i)
		srv.WaitRunning(20*time.Second, string(p), "cat")
	}
	// A name of its own: automatic-rename would rename the window from sh
	// to cat once its active pane prints, at any time, between two reads.
	srv.Must("rename-window", "-t", target, "printing")
	return ids
}

// tmuxCapture is capture-pane -e -p run by hand, as the Text to expect.
func tmuxCapture(srv *tmuxtest.Server, p tmux.PaneID, extra ...string) string {
	return srv.Must(append([]string{"capture-pane", "-e", "-p", "-t", string(p)}, extra...)...) + "\n"
}

// TestCapturePanesOwnText: every pane's capture holds exactly its own
// screen, as capture-pane -e -p prints it, whatever the panes print.
func TestCapturePanesOwnText(t *testing.T) {
	t.Parallel()
	forEachTransport(t, func(t *testing.T, srv *tmuxtest.Server, c *tmuxctl.Client) {
		panes := printingPanes(t, srv, "main:0.0", 4)
		// Duplicates and a pane that never existed are fine.
		ask := append([]tmux.PaneID{"%999", panes[2]}, panes...)
		got, err := c.CapturePanes(ctx(t), ask)
		if err != nil {
			t.Fatal(err)
		}
		order := []tmux.PaneID{panes[2], panes[0], panes[1], panes[3]}
		if len(got) != len(order) {
			t.Fatalf("tmux %s: %d screens for %v", srv.Version(), len(got), ask)
		}
		for k, s := range got {
			i := map[tmux.PaneID]int{panes[0]: 0, panes[1]: 1, panes[2]: 2, panes[3]: 3}[s.Pane]
			if s.Pane != order[k] {
				t.Errorf("screen %d is %s, want %s", k, s.Pane, order[k])
			}
			want := tmuxCapture(srv, s.Pane)
			if s.Text != want {
				t.Errorf("tmux %s: %s text\n%q\nwant\n%q", srv.Version(), s.Pane, s.Text, want)
			}
			size := srv.Display(string(s.Pane), "#{pane_width} #{pane_height} #{cursor_x} #{cursor_y}")
			if got := fmt.Sprintf("%d %d %d %d", s.Width, s.Height, s.CursorX, s.CursorY); got != size || !s.CursorVisible || s.Mode != "" {
				t.Errorf("%s: size and cursor %q visible=%v mode=%q, want %q visible, no mode", s.Pane, got, s.CursorVisible, s.Mode, size)
			}
			if n := strings.Count(s.Text, "\n"); n != s.Height {
				t.Errorf("%s: %d lines, height %d", s.Pane, n, s.Height)
			}
			for j := range panes {
				if has := strings.Contains(s.Text, fmt.Sprintf("END-%d\n", j)); has != (j == i) {
					t.Errorf("%s (pane %d) has END-%d: %v", s.Pane, i, j, has)
				}
			}
			if !strings.Contains(s.Text, fmt.Sprintf("\x1b[1m\x1b[3%dmpane-%d colour", 1+i%6, i)) || !strings.Contains(s.Text, "漢字 é ✓") {
				t.Errorf("%s: colour or wide characters missing: %q", s.Pane, s.Text)
			}
			// OSC 8 hyperlinks are kept from 3.4, with their escapes raw:
			// capture-pane's output is not passed through vis(3) there.
			if link := fmt.Sprintf("\x1b]8;;http://x/%d\x1b\\link-%d\x1b]8;;\x1b\\", i, i); srv.AtLeast(3, 4) != strings.Contains(s.Text, link) {
				t.Errorf("tmux %s: %s: hyperlink %q in %q: %v", srv.Version(), s.Pane, link, s.Text, !srv.AtLeast(3, 4))
			}
		}
	})
}

// TestCapturePanesCopyMode: a pane in copy mode, scrolled up, shows the
// lines it is scrolled to, and its copy cursor.
func TestCapturePanesCopyMode(t *testing.T) {
	t.Parallel()
	forEachTransport(t, func(t *testing.T, srv *tmuxtest.Server, c *tmuxctl.Client) {
		p := tmux.PaneID(srv.Must("new-window", "-d", "-P", "-F", "#{pane_id}", "-t", "main:", "i=100; while [ $i -lt 200 ]; do echo L$i; i=$((i+1)); done; exec cat"))
		tmuxtest.Eventually(t, 20*time.Second, func() bool {
			return strings.Contains(srv.Must("capture-pane", "-p", "-t", string(p)), "L199")
		}, "the lines")
		before := capture1(t, c, p)
		srv.Must("copy-mode", "-t", string(p))
		srv.Must("send-keys", "-t", string(p), "-X", "-N", "7", "scroll-up")
		srv.WaitDisplay(20*time.Second, string(p), "#{scroll_position}", "7")
		s := capture1(t, c, p)
		if s.Mode != "copy-mode" || s.Height != before.Height {
			t.Fatalf("tmux %s: mode %q height %d", srv.Version(), s.Mode, s.Height)
		}
		old, now := lines(before.Text), lines(s.Text)
		first := strings.TrimPrefix(old[0], "L")
		var n int
		if _, err := fmt.Sscan(first, &n); err != nil {
			t.Fatalf("first line %q", old[0])
		}
		for k := range 7 {
			if want := fmt.Sprintf("L%d", n-7+k); now[k] != want {
				t.Errorf("tmux %s: line %d is %q, want %q", srv.Version(), k, now[k], want)
			}
		}
		if strings.Join(now[7:], "\n") != strings.Join(old[:len(old)-7], "\n") {
			t.Errorf("tmux %s: scrolled screen\n%s\nwant the screen moved down 7 lines\n%s", srv.Version(), s.Text, before.Text)
		}
		cur := srv.Display(string(p), "#{copy_cursor_x} #{copy_cursor_y}")
		if got := fmt.Sprintf("%d %d", s.CursorX, s.CursorY); got != cur || !s.CursorVisible {
			t.Errorf("cursor %s visible=%v, want the copy cursor %s", got, s.CursorVisible, cur)
		}
	})
}

// TestCapturePanesCopyModeSnapshot: copy mode shows the screen as it was
// when the mode started, and tmux 3.6's -M captures that, also after the
// pane printed more. Before 3.6 only the live screen can be captured.
func TestCapturePanesCopyModeSnapshot(t *testing.T) {
	t.Parallel()
	forEachTransport(t, func(t *testing.T, srv *tmuxtest.Server, c *tmuxctl.Client) {
		fifo := filepath.Join(t.TempDir(), "fifo")
		if err := syscall.Mkfifo(fifo, 0o600); err != nil {
			t.Fatal(err)
		}
		p := tmux.PaneID(srv.Must("new-window", "-d", "-P", "-F", "#{pane_id}", "-t", "main:", "echo first; cat "+fifo+"; exec cat"))
		tmuxtest.Eventually(t, 20*time.Second, func() bool {
			return strings.Contains(srv.Must("capture-pane", "-p", "-t", string(p)), "first")
		}, "the first line")
		srv.Must("copy-mode", "-t", string(p))
		before := capture1(t, c, p)
		if err := os.WriteFile(fifo, []byte("second\n"), 0o600); err != nil {
			t.Fatal(err)
		}
		tmuxtest.Eventually(t, 20*time.Second, func() bool {
			return strings.Contains(srv.Must("capture-pane", "-p", "-t", string(p)), "second")
		}, "the second line on the live screen")
		after := capture1(t, c, p)
		if after.Mode != "copy-mode" {
			t.Fatalf("mode %q", after.Mode)
		}
		if srv.AtLeast(3, 6) {
			if after.Text != before.Text {
				t.Errorf("tmux %s: copy mode's capture changed with the pane:\n%q\nwas\n%q", srv.Version(), after.Text, before.Text)
			}
		} else if !strings.Contains(after.Text, "second") {
			t.Errorf("tmux %s: want the live screen before 3.6, got %q", srv.Version(), after.Text)
		}
	})
}

// TestCapturePanesOtherModes: modes that draw their own screen are
// reported with the pane's screen beneath and no cursor; view mode (a
// run-shell's output) is captured itself from 3.6.
func TestCapturePanesOtherModes(t *testing.T) {
	t.Parallel()
	forEachTransport(t, func(t *testing.T, srv *tmuxtest.Server, c *tmuxctl.Client) {
		panes := printingPanes(t, srv, "main:0.0", 3)
		srv.Must("clock-mode", "-t", string(panes[0]))
		srv.Must("choose-tree", "-t", string(panes[1]))
		srv.Must("run-shell", "-t", string(panes[2]), "echo view-mode-text")
		tmuxtest.Eventually(t, 20*time.Second, func() bool {
			return srv.Display(string(panes[2]), "#{pane_mode}") == "view-mode"
		}, "view mode")
		// The pane's own screen, as capture-pane prints it while the mode
		// is on: tmux 3.4 and 3.5a then lose hyperlinks (they look them up
		// in the mode's screen).
		plain := make([]string, len(panes))
		for i, p := range panes {
			plain[i] = tmuxCapture(srv, p)
		}
		got, err := c.CapturePanes(ctx(t), panes)
		if err != nil || len(got) != 3 {
			t.Fatalf("%v, %v", got, err)
		}
		for i, want := range []string{"clock-mode", "tree-mode"} {
			if s := got[i]; s.Mode != want || s.Text != plain[i] || s.CursorVisible {
				t.Errorf("tmux %s: %s mode %q visible=%v text\n%q\nwant %s, no cursor, the pane's own screen\n%q", srv.Version(), s.Pane, s.Mode, s.CursorVisible, s.Text, want, plain[i])
			}
		}
		view := got[2]
		if view.Mode != "view-mode" {
			t.Errorf("mode %q, want view-mode", view.Mode)
		}
		if srv.AtLeast(3, 6) != strings.Contains(view.Text, "view-mode-text") || !srv.AtLeast(3, 6) && view.Text != plain[2] {
			t.Errorf("tmux %s: view mode captured as %q", srv.Version(), view.Text)
		}
	})
}

// TestCapturePanesGone: a killed pane is left out; an invalid id fails
// the call before tmux sees it; a dead server is an error.
func TestCapturePanesGone(t *testing.T) {
	t.Parallel()
	forEachTransport(t, func(t *testing.T, srv *tmuxtest.Server, c *tmuxctl.Client) {
		panes := printingPanes(t, srv, "main:0.0", 3)
		srv.Must("kill-pane", "-t", string(panes[1]))
		got, err := c.CapturePanes(ctx(t), panes)
		if err != nil || len(got) != 2 || got[0].Pane != panes[0] || got[1].Pane != panes[2] {
			t.Fatalf("after killing %s: %+v, %v", panes[1], got, err)
		}
		for _, bad := range []tmux.PaneID{"%1;", "", "%01", "main:0.0", "%1 ; kill-server"} {
			if _, err := c.CapturePanes(ctx(t), []tmux.PaneID{panes[0], bad}); tmux.KindOf(err) != tmux.KindInvalidInput {
				t.Errorf("%q: %v, want invalid input", bad, err)
			}
		}
		if got, err := c.CapturePanes(ctx(t), nil); got != nil || err != nil {
			t.Errorf("no panes: %v, %v", got, err)
		}
		srv.Kill()
		if _, err := c.CapturePanes(ctx(t), panes); tmux.KindOf(err) != tmux.KindServerGone {
			t.Errorf("server gone: %v", err)
		}
	})
}

// TestCapturePanesOneProcess: over exec, one capture is one tmux process
// (after the one read of the server's version).
func TestCapturePanesOneProcess(t *testing.T) {
	t.Parallel()
	srv := tmuxtest.Start(t, 0, 0)
	panes := printingPanes(t, srv, "main:0.0", 4)
	counter := tmuxtest.CountingTmux(t)
	c := tmuxctl.Open(tmuxctl.Options{Socket: tmux.Socket{Name: srv.Name, Source: "-L"}, Env: tmuxtest.Env(), Binary: counter.Path, Control: tmux.ControlNever})
	got, err := c.CapturePanes(ctx(t), panes)
	if err != nil || len(got) != 4 {
		t.Fatalf("%v, %v", got, err)
	}
	if calls := counter.CallsAfterVersion(); len(calls) != 1 {
		t.Errorf("%d tmux processes: %q", len(calls), calls)
	}
}

func capture1(t *testing.T, c *tmuxctl.Client, p tmux.PaneID) tmux.PaneScreen {
	t.Helper()
	got, err := c.CapturePanes(ctx(t), []tmux.PaneID{p})
	if err != nil || len(got) != 1 {
		t.Fatalf("capture %s: %v, %v", p, got, err)
	}
	return got[0]
}

// lines splits a capture's text into its lines.
func lines(text string) []string { return strings.Split(strings.TrimSuffix(text, "\n"), "\n") }
