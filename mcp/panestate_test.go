package mcp_test

import (
	"strings"
	"testing"
	"time"

	"github.com/panemap/panemap/mcp"
	"github.com/panemap/panemap/tmux"
)

// TestListPanesState: list_panes says which panes are dead, with their
// exit status, and which mode a pane is in.
func TestListPanesState(t *testing.T) {
	t.Parallel()
	f := start(t, tmux.Env{}, mcp.Options{})
	live := f.srv.Display("main:0", "#{pane_id}")
	f.srv.Must("set", "-g", "remain-on-exit", "on")
	exited := f.srv.Must("split-window", "-t", live, "-P", "-F", "#{pane_id}", "exit 3")
	copying := f.srv.Must("split-window", "-t", live, "-P", "-F", "#{pane_id}")
	f.srv.Must("copy-mode", "-t", copying)
	// tmux learns the exit status when it reaps the child, which may come
	// after the pane's output ends.
	f.srv.WaitDeadStatus(20*time.Second, exited, 3)

	var w window
	text := f.ok(t, "list_panes", obj("window", f.srv.Display(live, "#{window_id}")), &w)
	for _, want := range []string{exited + " index", "[dead, exit status 3]", "[in copy-mode]"} {
		if !strings.Contains(text, want) {
			t.Errorf("text lacks %q:\n%s", want, text)
		}
	}
	seen := 0
	for _, p := range w.Panes {
		switch p.ID {
		case exited:
			seen++
			if !p.Dead || p.DeadStatus == nil || *p.DeadStatus != 3 || p.Mode != "" {
				t.Errorf("dead pane %s: dead=%v status=%v mode=%q; want dead, 3, no mode", p.ID, p.Dead, p.DeadStatus, p.Mode)
			}
		case copying:
			seen++
			if p.Dead || p.DeadStatus != nil || p.Mode != "copy-mode" {
				t.Errorf("pane %s in copy mode: dead=%v status=%v mode=%q", p.ID, p.Dead, p.DeadStatus, p.Mode)
			}
		case live:
			seen++
			if p.Dead || p.DeadStatus != nil || p.Mode != "" {
				t.Errorf("live pane %s: dead=%v status=%v mode=%q", p.ID, p.Dead, p.DeadStatus, p.Mode)
			}
		}
	}
	if seen != 3 {
		t.Errorf("listed %d of the 3 panes: %+v", seen, w.Panes)
	}
}
