package agentwatch

import (
	"context"
	"strconv"
	"strings"
	"time"

	"github.com/panemap/panemap/agents"
	"github.com/panemap/panemap/screen"
	"github.com/panemap/panemap/tmux"
	"github.com/panemap/panemap/tmuxctl"
)

// screenLines is how many of a screen's last lines (blank ones at the
// bottom left out) the rules see: an agent's prompt or question is in
// its last dozen lines.
const screenLines = 30

// look reads the panes req covers and decides each (w.mu held). explain
// is a pane to read in full even when it runs no agent ("" none).
func (w *Watcher) look(ctx context.Context, req tmuxctl.ListRequest, explain tmux.PaneID) ([]Agent, error) {
	if _, err := req.Check(); err != nil {
		return nil, err
	}
	now := time.Now()
	out, err := w.c.Run(ctx, listCmd(req))
	if err != nil {
		return nil, err
	}
	read, err := parsePanes(out)
	if err != nil {
		return nil, err
	}
	if len(read) == 0 {
		if err := w.c.WhyEmpty(ctx, req); err != nil {
			return nil, err
		}
	}
	here := map[tmux.PaneID]bool{}
	for _, p := range read {
		here[p.Pane] = true
	}
	w.present = here
	// Forget the panes that are gone (only on a look at the whole server:
	// a narrower one does not see the others).
	if req.Session == "" && req.Window == "" {
		for id := range w.panes {
			if !here[id] {
				delete(w.panes, id)
			}
		}
	}
	w.readProcesses(read, now)

	// Which panes run an agent, and which of their screens to capture.
	var owed []tmux.PaneID
	agentOf := map[tmux.PaneID]named{}
	for _, p := range read {
		m := w.panes[p.Pane]
		n := w.agentName(p, m)
		agentOf[p.Pane] = n
		switch {
		case p.Pane == explain:
			m.owed, m.captured = true, false
		case n.agent == "" || p.Dead:
			m.owed = false
		case !m.captured || p.ActivityAt >= w.lastLook:
			m.owed = m.owed || w.needsScreen(p, m)
		}
		if m.owed {
			owed = append(owed, p.Pane)
		}
	}
	if capture := w.budget.take(now, owed, w.panes); len(capture) > 0 {
		screens, err := w.c.CapturePanes(ctx, capture)
		if err != nil {
			return nil, err
		}
		for _, s := range screens {
			if m := w.panes[s.Pane]; m != nil {
				m.screen, m.captured, m.owed, m.capturedAt = lastLines(screen.Lines(s.Text, s.Width)), true, false, now
			}
		}
	}
	w.lastLook = now.Unix()

	var list []Agent
	var seenCmds [][]string
	for _, p := range read {
		m := w.panes[p.Pane]
		n := agentOf[p.Pane]
		m.signal = w.signals(p, m)
		m.read = p
		if n.agent == "" {
			m.state, m.since, m.seen = "", time.Time{}, false
			continue
		}
		a, seen := w.decide(p, m, n, now)
		if seen != nil {
			seenCmds = append(seenCmds, seen)
		}
		list = append(list, a)
	}
	if len(seenCmds) > 0 {
		// Marking is best effort: a pane gone meanwhile is no error.
		_, _ = w.c.Run(ctx, seenCmds...)
	}
	return list, nil
}

// How often the process trees are read again even when nothing says
// they changed: an agent started by a shell without job control (tmux
// new-window 'claude; exec zsh') leaves the pane's foreground command as
// it was. An agent prints as it starts, and its hook names it: a window's
// output, or a hook's name, makes a pane that runs no agent yet worth
// reading sooner.
const (
	treeRescan        = 3 * time.Second
	treeRescanPrinted = time.Second
)

// tree is a pane's process tree: the names the rules read, and the pids.
type tree struct {
	names []string
	pids  []int
}

// readProcesses names the process trees of the panes whose process or
// foreground command changed since the last look, or that lost a
// process, and every pane's each treeRescan, in one read of /proc.
func (w *Watcher) readProcesses(read []paneRead, now time.Time) {
	since := now.Sub(w.treesAt)
	rescan := since >= treeRescan
	for _, p := range read {
		if m := w.panes[p.Pane]; since >= treeRescanPrinted && !p.Dead && (p.ActivityAt >= w.lastLook || p.HookAgent != "") && (m == nil || m.agent == "") {
			rescan = true
		}
	}
	var roots []int
	for _, p := range read {
		m := w.panes[p.Pane]
		if m == nil {
			m = &memory{}
			w.panes[p.Pane] = m
		}
		if p.Dead {
			m.pid, m.command, m.procs = p.PID, p.Command, nil
			continue
		}
		if rescan || m.procs == nil || m.pid != p.PID || m.command != p.Command || !alive(m.pids) {
			m.pid, m.command, m.procs = p.PID, p.Command, nil
			roots = append(roots, p.PID)
		}
	}
	if len(roots) == 0 {
		return
	}
	if rescan {
		w.treesAt = now
	}
	trees := processTrees(roots)
	for _, p := range read {
		if m := w.panes[p.Pane]; m.procs == nil && !p.Dead {
			t := trees[p.PID]
			m.procs, m.pids = t.names, t.pids
			if m.procs == nil {
				m.procs = []string{} // read: none (a pane that just ended)
			}
		}
	}
}

// needsScreen says whether pane p's screen could change its verdict: not
// when a title rule decides, nor a hook (or workmux) that says working;
// a hook's other states yield to a screen that says working, and a
// waiting hook's question is on the screen.
func (w *Watcher) needsScreen(p paneRead, m *memory) bool {
	sig := w.signals(p, m)
	sig.Screen = nil
	v := w.rules.Decide(sig)
	switch v.Source.Kind {
	case agents.SourceTitle:
		return false
	case agents.SourceHook, agents.SourceWorkmux:
		return v.State != agents.Working
	}
	return true
}

// named is the agent a pane runs ("" none), and whether its processes
// name it now (false for an agent remembered or named by a hook alone).
type named struct {
	agent   string
	running bool
}

// agentName is the agent pane p runs: named by its processes (remembered
// once named, so that a pane whose agent exited still reads as that
// agent's, exited), else by its hook.
func (w *Watcher) agentName(p paneRead, m *memory) named {
	if name := w.rules.AgentOf(agents.Signals{Processes: m.procs, Command: p.Command}); name != "" {
		m.agent = name
		return named{agent: name, running: true}
	}
	if m.agent != "" {
		return named{agent: m.agent}
	}
	if p.Hook != "" || p.Workmux != "" {
		if p.HookAgent != "" {
			return named{agent: p.HookAgent}
		}
		return named{agent: "agent"}
	}
	return named{}
}

// signals is what the rules decide from.
func (w *Watcher) signals(p paneRead, m *memory) agents.Signals {
	return agents.Signals{
		Processes: m.procs, Command: p.Command, Title: p.Title,
		Hook: p.Hook, HookAgent: p.HookAgent, Workmux: p.Workmux,
		Screen: m.screen, Bell: p.Bell, Activity: p.Activity, Dead: p.Dead,
	}
}

// decide is pane p's agent: the rules' verdict, exited when the agent's
// process is gone, a done the user has focused read as idle, and since
// when. seen is the command that marks a done seen, nil when none is due.
func (w *Watcher) decide(p paneRead, m *memory, n named, now time.Time) (Agent, []string) {
	name := n.agent
	a := Agent{Pane: p.Pane, PaneIndex: p.PaneIndex, Window: p.Window, WindowIndex: p.WindowIndex,
		Session: p.Session, SessionName: p.SessionName, Name: name, Focused: p.Focused}
	v := w.rules.Decide(m.signal)
	switch {
	case p.Dead, !n.running && (m.agent != "" || w.named[name]):
		// The agent's process is gone: its hook's last word is stale.
		v = agents.Verdict{Agent: name, State: agents.Exited, Source: agents.Source{Kind: agents.SourceProcess}}
	}
	a.State, a.Source, a.Question = v.State, v.Source, v.Question
	if a.State == "" {
		a.State = agents.Unknown
	}
	// Since: the hook's and workmux's own; else when this watcher saw the
	// state begin (zero for a state it found on its first look).
	var since time.Time
	switch v.Source.Kind {
	case agents.SourceHook:
		since = unixTime(p.HookSince)
	case agents.SourceWorkmux:
		since = unixTime(p.WorkmuxTS)
	}
	if since.IsZero() {
		switch {
		case m.state == a.State:
			since = m.since
		case m.state != "":
			since = now
		}
	}
	if m.state != a.State || !m.since.Equal(since) {
		m.seen = false
	}
	m.state, m.since = a.State, since
	a.Since = since

	var seenCmd []string
	if a.State == agents.Done {
		mark := strconv.FormatInt(max(since.Unix(), 0), 10)
		switch {
		case m.seen || (p.Seen != "" && !since.After(unixTime(p.Seen))):
			a.State = agents.Idle
		case p.Focused:
			m.seen, a.State = true, agents.Idle
			seenCmd = []string{"set-option", "-p", "-t", string(p.Pane), OptionSeen, mark}
		}
	}
	return a, seenCmd
}

// unixTime reads a time in Unix seconds (or milliseconds, which workmux
// may write), zero when it is not one.
func unixTime(s string) time.Time {
	n, err := strconv.ParseInt(strings.TrimSpace(s), 10, 64)
	switch {
	case err != nil || n <= 0:
		return time.Time{}
	case n > 1e12:
		return time.UnixMilli(n)
	}
	return time.Unix(n, 0)
}

// lastLines is the last screenLines lines of a screen with its blank
// bottom lines left out.
func lastLines(lines []string) []string {
	end := len(lines)
	for end > 0 && strings.TrimSpace(lines[end-1]) == "" {
		end--
	}
	return lines[max(0, end-screenLines):end:end]
}
