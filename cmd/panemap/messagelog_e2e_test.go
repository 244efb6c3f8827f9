package main

// tmux's message log (show-messages, prefix ~) records every command any
// client runs once the configuration has loaded, each command of a list
// and each command if-shell or run-shell -C inserts separately
// (cmd-queue.c, cmdq_fire_command → cmdq_add_message, on every version
// from 3.2a to master). A tool that polls fills the log (1,000 entries by
// default) and pushes the user's own commands out of it. These tests read
// the log from the inner server's real client and count what panemap
// added over a measured interval.

import (
	"fmt"
	"regexp"
	"slices"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/panemap/panemap/internal/tmuxtest"
)

// logEntryRE is the start of an entry as show-messages prints it
// ("#{t/p:message_time}: #{message_text}", cmd-show-messages.c, newest
// first): the time as HH:MM (t/p shows that for anything under a day old)
// and the text. An entry's text is one line (cmd_print escapes newlines
// in arguments), but the pattern keeps a line of an argument from
// counting even so.
var logEntryRE = regexp.MustCompile(`^[0-9]{2}:[0-9]{2}: `)

// messageLog is the inner server's message log, oldest first, without the
// test's own show-messages commands. The log is read through the inner
// server's attached client (show-messages needs one: CMD_CLIENT_TFLAG).
func messageLog(t testing.TB, n *tmuxtest.Nested) []string {
	t.Helper()
	out := n.Inner.Must("show-messages", "-t", n.Client())
	var entries []string
	for _, line := range strings.Split(out, "\n") {
		if !logEntryRE.MatchString(line) || strings.Contains(line, "show-messages") || strings.Contains(line, "list-clients") {
			continue
		}
		entries = append(entries, line)
	}
	slices.Reverse(entries)
	return entries
}

// bigMessageLog makes the inner server keep every entry of a test (the
// default 1,000 would drop the oldest and spoil the count).
func bigMessageLog(inner *tmuxtest.Server) {
	inner.Must("set", "-g", "message-limit", "1000000")
}

// logAdded measures the entries added to the inner server's log over
// window. The wait is the measurement's interval, not a synchronisation:
// nothing is waited for, the entries are counted when it ends.
func logAdded(t testing.TB, n *tmuxtest.Nested, window time.Duration) []string {
	t.Helper()
	before := len(messageLog(t, n))
	time.Sleep(window)
	return messageLog(t, n)[before:]
}

// logSummary counts entries by command name, for a failure's message.
func logSummary(entries []string) string {
	count := map[string]int{}
	for _, e := range entries {
		_, text, _ := strings.Cut(e, "command: ")
		name, _, _ := strings.Cut(text, " ")
		count[name]++
	}
	var lines []string
	for name, c := range count {
		lines = append(lines, fmt.Sprintf("%5d %s", c, name))
	}
	sort.Strings(lines)
	out := strings.Join(lines, "\n")
	if len(entries) > 0 {
		out += "\nlast: " + entries[len(entries)-1]
	}
	return out
}

// idleLogBudget is the most entries an open navigator may add over window
// with nothing printing: 3 a second below tmux 3.7 (tmux processes, so
// the map polls), one every 5 s from 3.7 (control mode: tmux's
// notifications say what changed), one more for a poll at each end of the
// window.
func idleLogBudget(inner *tmuxtest.Server, window time.Duration) int {
	if inner.AtLeast(3, 7) {
		return int(window/(5*time.Second)) + 1
	}
	return int(3 * window / time.Second)
}

// TestE2EMessageLogIdleNavigator: the navigator open over idle panes adds
// at most 3 entries a second to tmux's message log below 3.7, and at most
// one every 5 s from 3.7.
func TestE2EMessageLogIdleNavigator(t *testing.T) {
	t.Parallel()
	s := openNavigator(t, bigMessageLog)
	// The opening's reads are over once the map is drawn; a settling
	// spell lets its follow-up finish before counting: below 3.7 one
	// more read and capture of every pane on the map, two by two within
	// the capture budget, which came 1 to 3 s after the map on this
	// 2-core machine (counted in the window, 31 entries, 3 times in 4 on
	// 3.2a with a 1 s spell; 25 in 4 of 4 with 3 s).
	time.Sleep(3 * time.Second) // not a synchronisation: it only moves the measurement's start
	const window = 10 * time.Second
	added := logAdded(t, s.Nested, window)
	if budget := idleLogBudget(s.Inner, window); len(added) > budget {
		t.Errorf("tmux %s: an idle navigator added %d entries to the message log in %v, want at most %d:\n%s",
			s.Inner.Version(), len(added), window, budget, logSummary(added))
	} else {
		t.Logf("tmux %s: %d entries in %v", s.Inner.Version(), len(added), window)
	}
	s.quit(t)
}

// BenchmarkMessageLogBusyNavigator measures the entries an open
// navigator adds to the message log each second over nine panes that print
// all the time (issue 29 asks for at most 10: the captures of printing
// panes share a budget, panetext/budget.go). It measures one span,
// whatever b.N.
func BenchmarkMessageLogBusyNavigator(b *testing.B) {
	n := tmuxtest.StartNested(b, 160, 46)
	bigMessageLog(n.Inner)
	panes := n.Inner.NinePanes()
	n.Inner.TypeLine(panes, "while :; do echo busy; sleep 0.05; done")
	bin := tmuxtest.Panemap(b)
	loadPlugin(b, n.Inner, bin)
	n.Keys("C-b", pluginDefaultKey)
	n.WaitScreen(wait, "the panes printing on the map", func(scr string) bool {
		return strings.Contains(scr, "NAV") && strings.Count(scr, "busy") >= 9
	})
	span := tmuxtest.BenchDuration()
	added := logAdded(b, n, span)
	b.Logf("tmux %s: %d entries in %v:\n%s", n.Inner.Version(), len(added), span, logSummary(added))
	b.ReportMetric(float64(len(added))/span.Seconds(), "entries/s")
	n.Keys("q")
}

// mcpCallLogBudget is the most entries one MCP call may add.
const mcpCallLogBudget = 3

// TestE2EMessageLogMCPCall: an MCP call adds at most 3 entries to the
// message log (after the first call, which may ask tmux what it is),
// over tmux processes and over control mode alike. The calls that cannot
// meet it have their own bound, the floor their contract leaves
// (BENCHMARKS.md, "tmux's message log"): they fail above it.
func TestE2EMessageLogMCPCall(t *testing.T) {
	t.Parallel()
	n := tmuxtest.StartNested(t, 120, 40)
	bigMessageLog(n.Inner)
	g := n.Inner.Grid()
	win := strings.TrimSpace(n.Inner.Must("display-message", "-p", "-t", g[0], "#{window_id}"))
	other := strings.TrimSpace(n.Inner.Must("new-window", "-d", "-P", "-F", "#{window_id}"))
	cs, _ := connectMCP(t, n.Inner.Name)
	if res := callMCP(t, cs, "list_panes", map[string]any{}); res.IsError {
		t.Fatalf("list_panes: %s", text(res))
	}
	calls := []struct {
		tool   string
		args   map[string]any
		budget int    // when over mcpCallLogBudget: the floor, see BENCHMARKS.md
		pick   string // for args nil: which panes (see below)
	}{
		{"select_pane", map[string]any{"pane": g[0], "direction": "right"}, 0, ""},
		// A read before (the size before, for the text), the if-shell
		// that decides on zoom and floating panes, the resize, the read
		// (BENCHMARKS.md: why not 3).
		{"resize_pane", map[string]any{"pane": g[2], "direction": "right", "cells": 2}, 4, ""},
		// Two panes neither of which is active: focus and last pane have
		// nothing to keep (args filled in below). One if-shell decides
		// it and swaps, then the read.
		{"swap_pane", nil, 0, "neither active"},
		// The active pane (its window has a last pane): a second
		// if-shell picks swap-pane without -d, which keeps focus and
		// last pane (BENCHMARKS.md: why not 3).
		{"swap_pane", nil, 4, "source active"},
		{"list_panes", map[string]any{}, 0, ""},
		{"capture_pane", map[string]any{"pane": g[1]}, 0, ""},
		{"set_pane_title", map[string]any{"pane": g[2], "title": "t"}, 0, ""},
		{"rename_window", map[string]any{"window": win, "name": "w"}, 0, ""},
		{"select_layout", map[string]any{"window": win, "layout": "tiled"}, 0, ""},
		// A layout string (the window's own, args below): checked in the
		// if-shell that applies it.
		{"select_layout", nil, 0, ""},
		// The read before (the window the pane leaves), the if-shell
		// that finds nothing to keep and picks the split (the window is
		// wide), the join, the read (BENCHMARKS.md: why not 3).
		{"move_pane", map[string]any{"pane": g[3], "to_window": other}, 4, ""},
		// The target the active pane (its window has a last pane): a
		// third if-shell picks swap-pane without -d, that pane as -t.
		{"swap_pane", nil, 5, "target active"},
		// Across windows, neither pane marked nor active: the first
		// if-shell runs the swap at once (as it does two panes of one
		// window neither of which is active), then the read.
		{"swap_pane", nil, 0, "across windows"},
		// The source marked: the four if-shells that rule out the cases
		// above, the run-shell -C whose format decides what to keep
		// (crossKeep), the swap and the select-pane -m it emits; the read.
		{"swap_pane", nil, 8, "across windows, marked"},
		// The source the active pane of a window with a last pane: on
		// 3.4 and newer, which keep that last pane, as any swap across
		// windows (3); on 3.2 and 3.3, which forget it, the four
		// if-shells, crossKeep's run-shell -C, select-pane -l before the
		// swap and select-pane after it, the read (9, set below).
		{"swap_pane", nil, 0, "across windows, last pane"},
		// Into a window whose active pane is not wide now (g[3] joined
		// beside it): a second if-shell picks join-pane -v.
		{"move_pane", nil, 5, "into a tall window"},
		// The focused pane: the read before, the two if-shells that rule
		// out the cases above, then the script that keeps focus, mark and
		// zoom: the run-shell -C whose format decides all of it (and a
		// floating active pane), the join; the read.
		{"move_pane", nil, 6, "focused"},
	}
	for i, c := range calls {
		t.Run(fmt.Sprintf("%d_%s", i, c.tool), func(t *testing.T) {
			if c.args == nil && c.tool == "select_layout" {
				layout := strings.TrimSpace(n.Inner.Must("display-message", "-p", "-t", win, "#{window_layout}"))
				c.args = map[string]any{"window": win, "layout": layout}
			}
			if c.args == nil && c.tool != "select_layout" {
				// The active pane of g's window and two others of it.
				active := strings.TrimSpace(n.Inner.Must("display-message", "-p", "-t", win, "#{pane_id}"))
				var others []string
				for _, p := range strings.Fields(n.Inner.Must("list-panes", "-t", win, "-F", "#{pane_id}")) {
					if p != active {
						others = append(others, p)
					}
				}
				inOther := strings.Fields(n.Inner.Must("list-panes", "-t", other, "-F", "#{?pane_active,,#{pane_id}}"))
				switch c.pick {
				case "neither active":
					c.args = map[string]any{"source_pane": others[0], "target_pane": others[1]}
				case "source active":
					c.args = map[string]any{"source_pane": active, "target_pane": others[1]}
				case "target active":
					c.args = map[string]any{"source_pane": others[0], "target_pane": active}
				case "across windows":
					c.args = map[string]any{"source_pane": others[0], "target_pane": inOther[0]}
				case "into a tall window":
					c.args = map[string]any{"pane": others[0], "to_window": other}
				case "focused":
					c.args = map[string]any{"pane": active, "to_window": other}
				case "across windows, marked":
					n.Inner.Must("select-pane", "-m", "-t", others[0])
					c.args = map[string]any{"source_pane": others[0], "target_pane": inOther[0]}
				case "across windows, last pane":
					n.Inner.Must("select-pane", "-M")
					n.Inner.Must("select-pane", "-t", others[0])
					n.Inner.Must("select-pane", "-t", active)
					c.args = map[string]any{"source_pane": active, "target_pane": inOther[0]}
					if !n.Inner.AtLeast(3, 4) {
						c.budget = 9
					}
				}
			}
			before := len(messageLog(t, n))
			if res := callMCP(t, cs, c.tool, c.args); res.IsError {
				t.Fatalf("%s %v: %s", c.tool, c.args, text(res))
			}
			added := messageLog(t, n)[before:]
			budget := max(c.budget, mcpCallLogBudget)
			if len(added) > budget {
				t.Errorf("tmux %s: %s added %d entries to the message log, want at most %d:\n%s",
					n.Inner.Version(), c.tool, len(added), budget, strings.Join(added, "\n"))
				return
			}
			t.Logf("tmux %s: %s added %d", n.Inner.Version(), c.tool, len(added))
		})
	}
}

// searchLogFloor is the most entries search_panes may add over panes
// panes: it cannot capture a pane in less than one command, and it matches
// lines as the program printed them, which takes a second capture (-J)
// whose length tmux does not announce, so a line after it to end it; then
// one list-panes for every pane's header, and the listing of the server's
// panes (list-windows and list-panes).
func searchLogFloor(panes int) int { return 3*panes + 1 + 2 }

// TestE2EMessageLogSearch: search_panes adds searchLogFloor's entries over
// four panes: three per pane and three in all, where it added six per pane.
func TestE2EMessageLogSearch(t *testing.T) {
	t.Parallel()
	n := tmuxtest.StartNested(t, 120, 40)
	bigMessageLog(n.Inner)
	g := n.Inner.Grid()
	cs, _ := connectMCP(t, n.Inner.Name)
	// The first capture reads the server's version.
	if res := callMCP(t, cs, "capture_pane", map[string]any{"pane": g[0]}); res.IsError {
		t.Fatalf("capture_pane: %s", text(res))
	}
	before := len(messageLog(t, n))
	if res := callMCP(t, cs, "search_panes", map[string]any{"pattern": "nothing-prints-this"}); res.IsError {
		t.Fatalf("search_panes: %s", text(res))
	}
	added := messageLog(t, n)[before:]
	if floor := searchLogFloor(len(g)); len(added) > floor {
		t.Errorf("tmux %s: search_panes over %d panes added %d entries to the message log, want at most %d:\n%s",
			n.Inner.Version(), len(g), len(added), floor, strings.Join(added, "\n"))
	}
}
