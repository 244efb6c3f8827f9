package main

import (
	"strings"
	"testing"

	"github.com/panemap/panemap/internal/tmuxtest"
)

// TestE2EWhatNeedsYou: in a real popup, the tabs carry tmux's own marks
// for a window's alerts in the session (! a bell, # activity, ~ silence),
// and the boxes say which pane is dead, with its exit status, and which
// is in a mode; an alert that comes while the map is open shows too.
func TestE2EWhatNeedsYou(t *testing.T) {
	s := openNavigator(t, func(inner *tmuxtest.Server) {
		g := inner.Grid()
		inner.Must("new-window", "-d", "-t", "main:1", "-n", "ring", `printf '\a'; exec cat`)
		inner.Must("new-window", "-d", "-t", "main:2", "-n", "busy", "exec cat")
		inner.Must("set", "-w", "-t", "main:2", "monitor-activity", "on")
		inner.Must("send-keys", "-t", "main:2", "x")
		inner.Must("new-window", "-d", "-t", "main:3", "-n", "hush", "exec cat")
		inner.Must("set", "-w", "-t", "main:3", "monitor-silence", "1")
		inner.Must("set", "-w", "-t", "main:0", "remain-on-exit", "on")
		inner.Must("respawn-pane", "-k", "-t", g[3], "exit 3")
		inner.Must("copy-mode", "-t", g[2])
		const alerts = "#{window_bell_flag}#{window_activity_flag}#{window_silence_flag}"
		tmuxtest.Eventually(t, wait, func() bool {
			return inner.Must("list-windows", "-t", "main", "-F", alerts) == "000\n100\n010\n001"
		}, "the alerts (bell, activity, silence of windows 0 to 3)")
	})
	for _, want := range []string{`1:ring!`, `2:busy#`, `3:hush~`, `dead 3`, `copy-mode`} {
		s.WaitScreen(wait, want, func(scr string) bool { return strings.Contains(scr, want) })
	}
	s.Inner.Must("new-window", "-d", "-t", "main:4", "-n", "late", `printf '\a'; exec cat`)
	s.WaitScreen(wait, "the bell that came while the map was open", func(scr string) bool { return strings.Contains(scr, "4:late!") })
	s.quit(t)
}
