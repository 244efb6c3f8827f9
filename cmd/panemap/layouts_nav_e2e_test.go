package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/panemap/panemap/internal/tmuxtest"
)

// TestE2ELayoutSaveApplyUndoEsc: in the popup, S saves the window's
// layout as rearranged with the map's keys; after more rearranging, o
// and Enter apply it (every pane back in its place and the window's
// #{window_layout} the saved one, the title naming it); u gives the
// rearranged layout back exactly, and Esc the layout the window had
// when the navigator opened. The layouts live under the popup's
// XDG_CONFIG_HOME, a temporary directory set in the inner server's
// global environment, which popups take.
func TestE2ELayoutSaveApplyUndoEsc(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	s := openNavigator(t, func(inner *tmuxtest.Server) {
		inner.Must("set-environment", "-g", "XDG_CONFIG_HOME", dir)
	})
	layout := func() string { return s.Inner.Display(s.g[0], "#{window_layout}") }
	panes := func() string {
		return s.Inner.Must("list-panes", "-t", "main:0", "-F", "#{pane_id} #{pane_index} #{pane_left},#{pane_top},#{pane_width}x#{pane_height} #{pane_active}")
	}
	opened := layout()
	for _, k := range []string{"L", "r"} {
		s.Keys(k)
		settled(t, s)
	}
	saved, savedPanes := layout(), panes()
	if saved == opened {
		t.Fatalf("L and r changed nothing: %s", saved)
	}
	s.Keys("S")
	s.WaitScreen(wait, "the name prompt", func(scr string) bool { return strings.Contains(scr, "save this window as") })
	s.Keys("d", "e", "v", "Enter")
	s.WaitScreen(wait, "saved", func(scr string) bool { return strings.Contains(scr, "saved dev") })
	if _, err := os.Stat(filepath.Join(dir, "panemap", "layouts", "dev.json")); err != nil {
		t.Fatal(err)
	}
	s.Keys("Escape")
	s.WaitScreen(wait, "the map, its title naming the layout", func(scr string) bool {
		return strings.Contains(scr, "NAV") && strings.Contains(scr, "layout dev") && !strings.Contains(scr, "dev changed")
	})
	if got := s.Inner.Display(s.g[0], "#{@panemap-layout}"); got != "dev" {
		t.Errorf("after S the window's @panemap-layout is %q, want dev", got)
	}
	for _, k := range []string{"Space", "r", "H"} {
		s.Keys(k)
		settled(t, s)
	}
	s.WaitScreen(wait, "the title saying the window changed", func(scr string) bool { return strings.Contains(scr, "layout dev changed") })
	scrambled := layout()
	if scrambled == saved {
		t.Fatalf("Space, r and H gave the saved layout back: %s", saved)
	}
	s.Keys("o")
	s.WaitScreen(wait, "the plan", func(scr string) bool { return strings.Contains(scr, "enter applies dev") })
	s.Keys("Enter")
	tmuxtest.Eventually(t, wait, func() bool { return layout() == saved }, "after Enter the layout is %s, want %s", layout(), saved)
	if got := panes(); got != savedPanes {
		t.Errorf("after Enter the panes are\n%s\nwant\n%s", got, savedPanes)
	}
	s.WaitScreen(wait, "the title naming the layout", func(scr string) bool { return strings.Contains(scr, "layout dev") })
	s.Keys("u")
	tmuxtest.Eventually(t, wait, func() bool { return layout() == scrambled }, "after u the layout is %s, want %s", layout(), scrambled)
	s.Keys("o")
	s.WaitScreen(wait, "the plan", func(scr string) bool { return strings.Contains(scr, "enter applies dev") })
	s.Keys("Enter")
	tmuxtest.Eventually(t, wait, func() bool { return layout() == saved }, "after Enter again the layout is %s, want %s", layout(), saved)
	s.Keys("Escape")
	if code := s.closed(t); code != 0 {
		t.Errorf("exit status %d after Esc", code)
	}
	if got := layout(); got != opened {
		t.Errorf("Esc after an apply left the layout %s, want %s as it opened", got, opened)
	}
}
