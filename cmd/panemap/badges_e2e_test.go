package main

import (
	"cmp"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/panemap/panemap/internal/agenttest"
	"github.com/panemap/panemap/internal/tmuxtest"
)

// TestE2EAgentBadgesAndNextWaiting: with four fake agents in a window and
// two in another session, each set to a state as an agent's hook does
// (tmux set -p @panemap-agent-state), the popup's map shows each agent's
// badge, follows a state set while it is open, and n, in the popup the
// plugin's key opens, visits the waiting panes in reading order (session
// name, window index, pane index) across sessions, one a press (the
// popup opened again each time), and wraps round.
func TestE2EAgentBadgesAndNextWaiting(t *testing.T) {
	t.Parallel()
	n := tmuxtest.StartNested(t, 160, 45)
	in := n.Inner
	dir := agenttest.Install(t)
	type agentPane struct {
		id, agent, session string
		window, index      int
	}
	var panes []agentPane
	start := func(target, agent string, first bool) {
		cmd := agenttest.Command(dir, agent, "read")
		var id string
		if first {
			id = strings.TrimSpace(in.Must("respawn-pane", "-k", "-t", target, cmd, ";", "display-message", "-p", "-t", target, "#{pane_id}"))
		} else {
			id = strings.TrimSpace(in.Must("split-window", "-d", "-P", "-F", "#{pane_id}", "-t", target, cmd))
		}
		in.Must("select-layout", "-t", target, "tiled")
		panes = append(panes, agentPane{id: id, agent: agent})
	}
	in.Must("new-session", "-d", "-s", "other", "-x", "160", "-y", "45")
	for i, a := range []string{"claude", "codex", "gemini", "aider"} {
		start("main:0", a, i == 0)
	}
	start("other:0", "opencode", true)
	start("other:0", "claude", false)
	for i := range panes {
		p := &panes[i]
		f := strings.Fields(in.Display(p.id, "#{session_name} #{window_index} #{pane_index}"))
		p.session = f[0]
		p.window, _ = strconv.Atoi(f[1])
		p.index, _ = strconv.Atoi(f[2])
	}
	hook := func(p agentPane, state string) {
		in.Must("set", "-p", "-t", p.id, "@panemap-agent-state", state)
	}
	// main: claude working (focused), codex and aider waiting, gemini
	// done; other: opencode waiting, claude done.
	for i, s := range []string{"working", "waiting", "done", "waiting", "waiting", "done"} {
		hook(panes[i], s)
	}
	in.Must("select-pane", "-t", panes[0].id)
	var waiting []agentPane
	for _, i := range []int{1, 3, 4} {
		waiting = append(waiting, panes[i])
	}
	slices.SortFunc(waiting, func(a, b agentPane) int {
		return cmp.Or(strings.Compare(a.session, b.session), cmp.Compare(a.window, b.window), cmp.Compare(a.index, b.index))
	})

	loadPlugin(t, in, tmuxtest.Panemap(t))
	open := func() {
		t.Helper()
		n.Keys("C-b", pluginDefaultKey)
		n.WaitScreen(wait, "the popup from the plugin's key", func(scr string) bool { return strings.Contains(scr, "NAV") })
	}
	open()
	badges := []string{"claude ● working", "codex ? waiting", "gemini ✓ done", "aider ? waiting", "n next waiting agent"}
	n.WaitScreen(wait, "the badges", func(scr string) bool {
		return !slices.ContainsFunc(badges, func(b string) bool { return !strings.Contains(scr, b) })
	})
	// A state set while the map is open shows (the look is about once a
	// second: wait bounds the wait, the figure is logged, not asserted).
	set := time.Now()
	hook(panes[0], "error")
	n.WaitScreen(wait, "claude's new state", func(scr string) bool { return strings.Contains(scr, "claude ✗ error") })
	t.Logf("a hook's state showed on the open map %v after it was set", time.Since(set).Round(time.Millisecond))
	hook(panes[0], "working")

	// The client's pane: in 3.2a display-message's -c takes no value
	// (cmd-display-message.c: "acd:INpt:F:v"), so -c CLIENT is a usage
	// error.
	activePane := func() string {
		return strings.TrimSpace(in.Must("list-clients", "-F", "#{pane_id}"))
	}
	for press, want := range append(waiting, waiting[0]) {
		if press > 0 {
			open()
		}
		if !popupRunning(in.SocketPath()) {
			t.Fatal("no panemap found running in the open popup: the wait below would wait for nothing")
		}
		n.Keys("n")
		// The popup gone, its process ended: tmux opens no popup on a
		// client that still shows one (cmd-display-menu.c, 3.2a:341: the
		// client's overlay), and the old map, still on screen while its
		// process ends, would take the next press of n. The screen
		// cannot say so: the client switching sessions redraws it.
		tmuxtest.Eventually(t, wait, func() bool { return !popupRunning(in.SocketPath()) }, "the popup's panemap to end")
		tmuxtest.Eventually(t, wait, func() bool { return activePane() == want.id },
			"press %d of n to reach %s (%s in %s:%d), the client shows %s", press+1, want.id, want.agent, want.session, want.window, activePane())
	}
}

// popupRunning reports whether a panemap runs in a popup of the tmux
// server at socket (its command line names the socket and --in-popup).
func popupRunning(socket string) bool {
	dirs, _ := filepath.Glob("/proc/[0-9]*")
	for _, d := range dirs {
		raw, err := os.ReadFile(filepath.Join(d, "cmdline"))
		if err != nil {
			continue
		}
		args := strings.Split(string(raw), "\x00")
		if slices.Contains(args, "--in-popup") && slices.Contains(args, socket) {
			return true
		}
	}
	return false
}
