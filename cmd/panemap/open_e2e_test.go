package main

// What one key press costs in tmux processes, through a real client: the
// inner server's processes (the popup, run-shell jobs) find a counting
// tmux first on PATH, which logs every tmux process started.

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

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
	loadPlugin(t, n.Inner, tmuxtest.Panemap(t))
	return n, g, counter
}

// pressAndQuit opens the map with the prefix key and closes it with q,
// waiting until the popup is gone: the screen as it was before. (The map
// leaves the screen as panemap leaves the alternate screen, before the
// process has exited and the popup closed; tmux before 3.6 ignores a
// display-popup on a client still showing one.)
func pressAndQuit(t *testing.T, n *tmuxtest.Nested, g [4]string, key string) {
	t.Helper()
	before := n.Screen()
	n.Keys("C-b", key)
	n.WaitScreen(wait, "the map", func(scr string) bool {
		return strings.Contains(scr, "NAV") && strings.Contains(scr, g[0]) && strings.Contains(scr, g[3])
	})
	n.Keys("q")
	n.WaitScreen(wait, "the popup closed", func(scr string) bool { return scr == before })
}

// handLine is the command of a binding made by hand, as the README
// showed one before panemap init tmux (and as doctor still counts as a
// way in), with panemap from the server's PATH, which run-shell -C
// expands, then runs as a tmux command: the popup runs
// panemap through env, which empties TMUX so that the colour library's
// start runs no `tmux info`, and -S names the server instead; --state is
// the window for the first frame (first_frame.go).
var handLine = "display-popup -E -w 80% -h 75% env TMUX= panemap -S \"#{q:socket_path}\" -t '#{session_id}:#{window_id}' --in-popup --client '#{client_name}' --" + stateFlag + " '" + stateFormat + "'"

// TestE2EOneTmuxCallToTheMap: the plugin's key, and a binding by hand
// (handLine), start panemap and nothing else (the one by hand through env),
// and the first tmux process panemap starts is the one command list that
// holds everything the first frame needs. No `tmux -V` runs, nor, on any
// tmux, the `tmux info` the colour library runs as it starts when TMUX is
// set.
func TestE2EOneTmuxCallToTheMap(t *testing.T) {
	t.Parallel()
	n, g, counter := countedNested(t)
	n.Inner.Must("set-environment", "-g", "PATH", counter.Dir+string(os.PathListSeparator)+filepath.Dir(tmuxtest.Panemap(t))+string(os.PathListSeparator)+os.Getenv("PATH"))
	n.Inner.Must("bind-key", "O", "run-shell", "-C", handLine)
	for _, key := range []string{pluginDefaultKey, "O"} {
		loaded := len(counter.Calls())
		before := n.Screen()
		n.Keys("C-b", key)
		n.WaitScreen(wait, "the map", func(scr string) bool {
			return strings.Contains(scr, "NAV") && strings.Contains(scr, g[0]) && strings.Contains(scr, g[3])
		})
		// The map may be up before panemap's first tmux process, drawn
		// from the key press's snapshot (--state); q then would close
		// it before any. Wait for the read, then close.
		for deadline := time.Now().Add(wait); len(counter.Calls()) == loaded; time.Sleep(10 * time.Millisecond) {
			if time.Now().After(deadline) {
				t.Fatalf("prefix %s: panemap ran no tmux process: the counting tmux was not used", key)
			}
		}
		n.Keys("q")
		n.WaitScreen(wait, "the popup closed", func(scr string) bool { return scr == before })
		calls := counter.Calls()[loaded:]
		first := calls[0]
		// The version, then the session read: its windows (#{W:}) and
		// their panes (#{P:}) in one display-message.
		for _, want := range []string{"#{version}", "#{W:#{window_id}", "#{P:#{pane_id}"} {
			if !strings.Contains(first, want) {
				t.Errorf("prefix %s: the first tmux process lacks %q: it is not the opening read: %q", key, want, first)
			}
		}
		for _, c := range calls {
			if f := strings.Fields(c); len(f) > 0 && (f[0] == "-V" || firstCommand(f) == "info") {
				t.Errorf("prefix %s: a tmux process not needed to draw: %q", key, c)
			}
			if strings.Contains(c, "popup") {
				t.Errorf("prefix %s: the key went through a launcher: %q", key, c)
			}
		}
	}
}

// TestReadmeBindsWithInit: the README's way to bind without the plugin
// is the one line panemap init tmux (TestE2EInitInTmuxConf runs it).
func TestReadmeBindsWithInit(t *testing.T) {
	var lines []string
	for _, f := range readmeFences(t) {
		if f.lang == "tmux" {
			lines = append(lines, f.lines...)
		}
	}
	if want := "run-shell 'panemap init tmux'"; !slices.Contains(lines, want) {
		t.Errorf("the README has no line\n%s\namong its tmux lines:\n%s", want, strings.Join(lines, "\n"))
	}
}

// TestE2ELauncherOneTmuxCallBeforeThePopup: `panemap popup`, bound by
// hand as the README shows, asks tmux one command list and then opens
// the popup.
func TestE2ELauncherOneTmuxCallBeforeThePopup(t *testing.T) {
	t.Parallel()
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

// TestE2EReadmeLineOddSocket: a binding by hand (handLine) hands panemap the
// server's socket through tmux's command parser, and the launcher (panemap
// popup) as a word of display-popup's command; a socket whose path holds
// quotes, a format, a variable, spaces and a # still opens the map over
// the right server.
func TestE2EReadmeLineOddSocket(t *testing.T) {
	t.Parallel()
	n := tmuxtest.StartNestedNamed(t, tmuxtest.UniqueName(`pm q'd "#{pane_id}" $HOME;%x\`), 120, 40)
	g := n.Inner.Grid()
	n.Inner.Must("set-environment", "-g", "PATH", filepath.Dir(tmuxtest.Panemap(t))+string(os.PathListSeparator)+os.Getenv("PATH"))
	n.Inner.Must("bind-key", "O", "run-shell", "-C", handLine)
	n.Inner.Must("bind-key", "R", "run-shell", "-b", "panemap popup")
	pressAndQuit(t, n, g, "O")
	pressAndQuit(t, n, g, "R")
}

// TestE2EPopupSettingWarningOnTheMap: a bad @panemap-* option read as the
// popup opens is named on the map's status line (the navigator is
// drawing by then), and the map opens with the default.
func TestE2EPopupSettingWarningOnTheMap(t *testing.T) {
	t.Parallel()
	n := tmuxtest.StartNested(t, 120, 40)
	g := n.Inner.Grid()
	loadPlugin(t, n.Inner, tmuxtest.Panemap(t))
	n.Inner.Must("set", "-g", "@panemap-edge", "sideways")
	n.Keys("C-b", pluginDefaultKey)
	n.WaitScreen(wait, "the map with the warning", func(scr string) bool {
		return strings.Contains(scr, g[3]) && strings.Contains(scr, "@panemap-edge") && strings.Contains(scr, "sideways")
	})
	n.Keys("q")
	n.WaitScreen(wait, "the popup closed", func(scr string) bool { return !strings.Contains(scr, "NAV") })
}
