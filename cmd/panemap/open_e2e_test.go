package main

// What one key press costs in tmux processes, through a real client: the
// inner server's processes (the popup, run-shell jobs) find a counting
// tmux first on PATH, which logs every tmux process started.

import (
	"os"
	"strings"
	"testing"

	"github.com/panemap/panemap/internal/tmuxtest"
)

// countedNested is a nested pair whose inner server starts its jobs and
// popups with the counting tmux first on PATH, the plugin loaded with the
// real binary. It returns how many calls loading took.
func countedNested(t *testing.T) (*tmuxtest.Nested, [4]string, *tmuxtest.Counter) {
	t.Helper()
	n := tmuxtest.StartNested(t, 120, 40)
	g := n.Inner.Grid()
	counter := tmuxtest.CountingTmux(t)
	n.Inner.Must("set-environment", "-g", "PATH", counter.Dir+string(os.PathListSeparator)+os.Getenv("PATH"))
	n.Inner.Must("set", "-g", "@panemap-bin", tmuxtest.Panemap(t))
	runPlugin(t, n.Inner)
	return n, g, counter
}

// pressAndQuit opens the map with the prefix key and closes it with q.
func pressAndQuit(t *testing.T, n *tmuxtest.Nested, g [4]string, key string) {
	t.Helper()
	n.Keys("C-b", key)
	n.WaitScreen(wait, "the map", func(scr string) bool {
		return strings.Contains(scr, "NAV") && strings.Contains(scr, g[0]) && strings.Contains(scr, g[3])
	})
	n.Keys("q")
	n.WaitScreen(wait, "the popup closed", func(scr string) bool { return !strings.Contains(scr, "NAV") })
}

// TestE2EPluginKeyOneTmuxCallToTheMap: the plugin's key starts panemap
// and nothing else, and the first tmux process panemap starts is the
// one command list that holds everything the first frame needs. No
// `tmux -V` runs, nor, from tmux 3.3 (where display-popup -e can empty
// TMUX for it), the `tmux info` of the colour library's start-up.
func TestE2EPluginKeyOneTmuxCallToTheMap(t *testing.T) {
	n, g, counter := countedNested(t)
	loaded := len(counter.Calls())
	pressAndQuit(t, n, g, pluginDefaultKey)
	var calls []string
	for _, c := range counter.Calls()[loaded:] {
		// On 3.2, whose display-popup has no -e to empty TMUX for
		// panemap, the colour library's `tmux info` comes first.
		if f := strings.Fields(c); !n.Inner.AtLeast(3, 3) && firstCommand(f) == "info" {
			continue
		}
		calls = append(calls, c)
	}
	if len(calls) == 0 {
		t.Fatal("panemap ran no tmux process: the counting tmux was not used")
	}
	first := calls[0]
	for _, want := range []string{"#{version}", "list-windows", "list-panes -s"} {
		if !strings.Contains(first, want) {
			t.Errorf("the first tmux process lacks %q: it is not the opening read: %q", want, first)
		}
	}
	for _, c := range calls {
		if f := strings.Fields(c); len(f) > 0 && (f[0] == "-V" || firstCommand(f) == "info") {
			t.Errorf("a tmux process not needed to draw: %q", c)
		}
		if strings.Contains(c, "popup") {
			t.Errorf("the plugin's key went through a launcher: %q", c)
		}
	}
}

// TestE2ELauncherOneTmuxCallBeforeThePopup: `panemap popup`, bound by
// hand as the README shows, asks tmux one command list and then opens
// the popup.
func TestE2ELauncherOneTmuxCallBeforeThePopup(t *testing.T) {
	n, g, counter := countedNested(t)
	n.Inner.Must("bind-key", "R", "run-shell", "-b", shellQuote(tmuxtest.Panemap(t))+" popup")
	loaded := len(counter.Calls())
	pressAndQuit(t, n, g, "R")
	calls := counter.Calls()[loaded:]
	popup := -1
	for i, c := range calls {
		if strings.Contains(c, "display-popup") {
			popup = i
			break
		}
	}
	if popup != 1 {
		t.Errorf("display-popup came after %d tmux process(es), want 1: %q", popup, calls)
	}
}

// firstCommand is the first word after the global flags of a logged call.
func firstCommand(f []string) string {
	for i := 0; i < len(f); i++ {
		switch f[i] {
		case "-L", "-S":
			i++
		case "-u":
		default:
			return f[i]
		}
	}
	return ""
}
