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
	t.Parallel()
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
		inner.WaitDeadStatus(wait, g[3], 3)
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

// TestE2ENextAlertAcrossSessions: a, in the popup the plugin's key opens
// (which passes the client's name), switches the client to the next
// window with an alert, in another session, and closes keeping it.
func TestE2ENextAlertAcrossSessions(t *testing.T) {
	t.Parallel()
	n := tmuxtest.StartNested(t, 120, 40)
	g := n.Inner.Grid()
	n.Inner.Must("new-session", "-d", "-s", "other", "-n", "calm", "exec cat")
	n.Inner.Must("new-window", "-d", "-t", "other:1", "-n", "ring", `printf '\a'; exec cat`)
	n.Inner.WaitDisplay(wait, "other:1", "#{window_bell_flag}", "1")
	want := n.Inner.Display("other:1", "#{session_id} #{window_id}")
	bin := tmuxtest.Panemap(t)
	loadPlugin(t, n.Inner, bin)
	n.Keys("C-b", pluginDefaultKey)
	n.WaitScreen(wait, "the popup from the plugin's key", func(scr string) bool { return strings.Contains(scr, g[3]) && strings.Contains(scr, "NAV") })
	n.Keys("a")
	n.WaitScreen(wait, "the popup closed", func(scr string) bool { return !strings.Contains(scr, "NAV") })
	clientAt := func() string {
		return n.Inner.Must("list-clients", "-F", "#{client_session} #{session_id} #{window_id}")
	}
	tmuxtest.Eventually(t, wait, func() bool { return strings.HasSuffix(clientAt(), want) },
		"the client to show %s (it shows %s)", want, clientAt())
	if got := n.Inner.Display("main:", "#{window_id}"); got != n.Inner.Display(g[0], "#{window_id}") {
		t.Errorf("session main's current window changed to %s", got)
	}
}
