package tmuxctl_test

import (
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/panemap/panemap/internal/clienttest"
	"github.com/panemap/panemap/internal/tmuxtest"
	"github.com/panemap/panemap/tmux"
	"github.com/panemap/panemap/tmuxctl"
)

// TestJumpOpensCopyModeAtLine: a jump with a history line (find's match)
// opens copy mode with that line at the top and the cursor on it, with
// copy-mode-line-numbers off and, from tmux 3.7, numbering lines (which
// turns goto-line's argument into an absolute line number).
func TestJumpOpensCopyModeAtLine(t *testing.T) {
	t.Parallel()
	n := tmuxtest.StartNested(t, 100, 30)
	c := clienttest.Exec(t, n.Inner.Name, tmux.Env{})
	srv := n.Inner
	p := srv.Must("new-window", "-d", "-t", "main:", "-P", "-F", "#{pane_id}", "printf 'needle-Opal 9\\n'; seq 1000 1100; exec cat")
	tmuxtest.Eventually(t, 10*time.Second, func() bool { return strings.Contains(srv.Must("capture-pane", "-p", "-t", p), "1100") }, "the pane's text")
	sid := tmux.SessionID(srv.Display(p, "#{session_id}"))
	win := tmux.WindowID(srv.Display(p, "#{window_id}"))
	modes := []string{"off"}
	if srv.AtLeast(3, 7) {
		modes = append(modes, "absolute", "relative", "hybrid")
	}
	for _, mode := range modes {
		t.Run(mode, func(t *testing.T) {
			_, _ = srv.Run("send-keys", "-t", p, "-X", "cancel") // leave the last subtest's copy mode
			if mode != "off" || srv.AtLeast(3, 7) {
				srv.Must("set", "-w", "-t", string(win), "copy-mode-line-numbers", mode)
			}
			// The needle is the oldest line: as many lines above the
			// screen as the history holds.
			hist, _ := strconv.Atoi(srv.Display(p, "#{history_size}"))
			_, err := c.Act(t.Context(), sid, tmuxctl.Op{Kind: tmuxctl.OpJump, Session: sid, Window: win, Pane: tmux.PaneID(p), Line: -hist})
			if err != nil {
				t.Fatal(err)
			}
			if got := srv.Display(p, "#{pane_mode} #{copy_cursor_y} #{scroll_position}"); got != "copy-mode 0 "+strconv.Itoa(hist) {
				t.Errorf("mode, cursor row, scroll: %q, want copy-mode 0 %d", got, hist)
			}
			if line := srv.Display(p, "#{copy_cursor_line}"); !strings.Contains(line, "needle-Opal 9") {
				t.Errorf("cursor line %q, want the needle's", line)
			}
		})
	}
	for _, bad := range []int{1, -(1 << 31)} {
		if _, err := c.Act(t.Context(), sid, tmuxctl.Op{Kind: tmuxctl.OpJump, Session: sid, Window: win, Pane: tmux.PaneID(p), Line: bad}); tmux.KindOf(err) != tmux.KindInvalidInput {
			t.Errorf("line %d: %v, want invalid input", bad, err)
		}
	}
}
