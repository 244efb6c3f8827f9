package main

// The navigator in a real popup survives what happens around it: the
// focused pane killed, the shown window killed, the server killed, the
// terminal shrunk to almost nothing, and a window of 60 panes.

import (
	"strings"
	"testing"

	"github.com/panemap/panemap/internal/tmuxtest"
)

func TestE2ESurvivesFocusedPaneKilled(t *testing.T) {
	t.Parallel()
	s := openNavigator(t)
	focused := s.Inner.Active(s.g[0])
	s.Inner.Must("kill-pane", "-t", focused)
	s.WaitScreen(wait, "the killed pane gone from the map", func(scr string) bool { return !strings.Contains(scr, focused) })
	// Still working: a move lands on a live pane.
	s.Keys("l")
	tmuxtest.Eventually(t, wait, func() bool { return s.Inner.Active(s.g[1]) != focused }, "no live active pane")
	s.quit(t)
}

func TestE2ESurvivesShownWindowKilled(t *testing.T) {
	t.Parallel()
	var next string
	s := openNavigator(t, func(inner *tmuxtest.Server) {
		next = inner.Must("new-window", "-d", "-t", "main:1", "-P", "-F", "#{pane_id}")
	})
	win := s.Inner.Display(s.g[0], "#{window_id}")
	// Named as the tabs name them ("0:sh"), the closed one from before it
	// closed. The new window's name can still change by automatic-rename,
	// so only its index is checked.
	// The name must have settled (automatic-rename shows the user's shell
	// until sh runs), and the map must show it, before the window goes.
	s.Inner.WaitDisplay(wait, s.g[0], "#{window_name}", "sh")
	closed := s.Inner.Display(s.g[0], "#{window_index}:#{window_name}")
	s.WaitScreen(wait, "the tab "+closed, func(scr string) bool { return strings.Contains(scr, closed) })
	shown := s.Inner.Display(next, "#{window_index}") + ":"
	s.Inner.Must("kill-window", "-t", win)
	s.WaitScreen(wait, "the session's other window on the map", func(scr string) bool {
		return strings.Contains(scr, next) && !strings.Contains(scr, s.g[0])
	})
	msg := "window " + closed + " was closed; showing " + shown
	s.WaitScreen(wait, "the status line saying "+msg, func(scr string) bool { return strings.Contains(scr, msg) })
	s.quit(t)
}

func TestE2EServerKilledSaysSoAndExitsNonZero(t *testing.T) {
	t.Parallel()
	tmuxtest.SkipEndToEndIfShort(t)
	// A popup belongs to the inner server: killing it closes the popup
	// with it, so here the navigator runs in a pane of another server.
	outer := tmuxtest.Start(t, 100, 30)
	inner := tmuxtest.Start(t, 0, 0)
	inner.Grid()
	pane := outer.Active("main:0")
	bin := tmuxtest.Panemap(t)
	outer.Must("respawn-pane", "-k", "-t", pane, shellLine("env -u TMUX -u TMUX_PANE "+bin+" -L "+inner.Name+" -t main:0"))
	tmuxtest.Eventually(t, wait, func() bool {
		return strings.Contains(outer.Must("capture-pane", "-p", "-t", pane), "NAV")
	}, "the navigator did not open:\n%s", outer.Must("capture-pane", "-p", "-t", pane))
	inner.Kill()
	var scr string
	tmuxtest.Eventually(t, wait, func() bool {
		scr = outer.Must("capture-pane", "-p", "-t", pane)
		return strings.Contains(scr, "press any key to exit")
	}, "no message after the server died:\n%s", scr)
	if !strings.Contains(scr, "server") {
		t.Errorf("the message does not say the server is gone:\n%s", scr)
	}
	outer.Must("send-keys", "-t", pane, "x")
	tmuxtest.Eventually(t, wait, func() bool {
		scr = outer.Must("capture-pane", "-p", "-t", pane)
		return strings.Contains(scr, "EXITED=")
	}, "the navigator did not exit after a key:\n%s", scr)
	if strings.Contains(scr, "EXITED=0") {
		t.Errorf("exit status 0 after the server died:\n%s", scr)
	}
	// The terminal is sane again: the alternate screen is gone and the
	// cursor is back (tmux reports the pane's modes).
	if alt := outer.Display(pane, "#{alternate_on} #{cursor_flag} #{mouse_any_flag}"); alt != "0 1 0" {
		t.Errorf("terminal left in alternate screen/cursor/mouse modes %q", alt)
	}
}

func TestE2ESurvivesTinyTerminal(t *testing.T) {
	t.Parallel()
	if !tmuxtest.TmuxAtLeast(t, 3, 3) {
		t.Skip("tmux 3.2a closes a popup when its terminal is resized (TestE2EResizeClosesPopupBeforeTmux33)")
	}
	s := openNavigator(t)
	for _, size := range [][2]string{{"1", "1"}, {"3", "2"}, {"10", "4"}} {
		s.Outer.Must("resize-window", "-t", s.OuterPane, "-x", size[0], "-y", size[1])
		tmuxtest.Eventually(t, wait, func() bool {
			return s.Outer.Display(s.OuterPane, "#{pane_width}x#{pane_height}") == size[0]+"x"+size[1]
		}, "outer did not resize")
	}
	s.Outer.Must("resize-window", "-t", s.OuterPane, "-x", "120", "-y", "40")
	s.waitMap(t)
	s.Keys("l")
	s.active(t, s.g[1], "l after a resize")
	s.quit(t)
}

// TestE2EResizeClosesPopupBeforeTmux33: tmux 3.2a clears a client's
// popup whenever the client's terminal is resized (3.3 resizes the popup
// instead), ending the navigator. It ends as q would: what it did stays,
// nothing else changes, and the server carries on.
func TestE2EResizeClosesPopupBeforeTmux33(t *testing.T) {
	t.Parallel()
	if tmuxtest.TmuxAtLeast(t, 3, 3) {
		t.Skip("tmux 3.3 and newer resize a popup with its terminal (TestE2ESurvivesTinyTerminal)")
	}
	s := openNavigator(t)
	s.Keys("l")
	s.active(t, s.g[1], "l")
	// Everything but the sizes, which follow the terminal.
	focus := func() string {
		return s.Inner.Must("list-panes", "-s", "-t", "main", "-F",
			"#{window_id} #{window_active} #{window_zoomed_flag} #{pane_index} #{pane_id} #{pane_active} #{pane_last} #{pane_marked}")
	}
	before := focus()
	s.Outer.Must("resize-window", "-t", s.OuterPane, "-x", "100", "-y", "30")
	s.closed(t)
	s.WaitScreen(wait, "the popup gone", func(scr string) bool { return !strings.Contains(scr, "NAV") })
	if after := focus(); after != before {
		t.Errorf("closing the popup changed the window:\nbefore:\n%s\nafter:\n%s", before, after)
	}
}

func TestE2ESixtyPanes(t *testing.T) {
	t.Parallel()
	var ids []string
	s := openNavigatorSized(t, 250, 80, func(inner *tmuxtest.Server) {
		for len(strings.Fields(inner.Must("list-panes", "-t", "main:0", "-F", "#{pane_id}"))) < 60 {
			if _, err := inner.Run("split-window", "-d", "-t", "main:0", "-l", "1"); err != nil {
				inner.Must("select-layout", "-t", "main:0", "tiled")
			}
		}
		inner.Must("select-layout", "-t", "main:0", "tiled")
		ids = strings.Fields(inner.Must("list-panes", "-t", "main:0", "-F", "#{pane_id}"))
	})
	if len(ids) != 60 {
		t.Fatalf("%d panes", len(ids))
	}
	s.Keys("Tab")
	tmuxtest.Eventually(t, wait, func() bool { return s.Inner.Active(ids[0]) != s.g[0] }, "Tab did not move among 60 panes")
	s.quit(t)
}
