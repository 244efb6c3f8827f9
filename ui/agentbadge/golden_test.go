package agentbadge

import (
	"fmt"
	"testing"

	"github.com/charmbracelet/colorprofile"

	"github.com/panemap/panemap/agents"
	"github.com/panemap/panemap/internal/golden"
	"github.com/panemap/panemap/tmux"
	"github.com/panemap/panemap/ui/mapview"
	"github.com/panemap/panemap/ui/serverview"
)

// grid is window id of session sess: cols x rows panes of 30 x 12 cells
// from pane number first, the first active, each running cmd.
func grid(sess tmux.SessionID, name string, id tmux.WindowID, index, first, cols, rows int, cmd string) *tmux.Window {
	w := &tmux.Window{ID: id, Index: index, Name: "agents", SessionID: sess, SessionName: name, Width: cols*31 - 1, Height: rows*13 - 1, Active: true}
	for i := range cols * rows {
		w.Panes = append(w.Panes, tmux.Pane{ID: tmux.PaneID(fmt.Sprintf("%%%d", first+i)), WindowID: id, Index: i, Active: i == 0,
			Left: i % cols * 31, Top: i / cols * 13, Width: 30, Height: 12, Command: cmd, Path: "/src", DeadStatus: -1})
	}
	return w
}

// listed is w's panes as agents in states, in order; a pane past the
// states runs none.
func listed(w *tmux.Window, names []string, states ...agents.State) []agents.Agent {
	var out []agents.Agent
	for i, s := range states {
		p := w.Panes[i]
		out = append(out, agents.Agent{Pane: p.ID, PaneIndex: p.Index, Window: w.ID, WindowIndex: w.Index,
			Session: w.SessionID, SessionName: w.SessionName, Name: names[i%len(names)], State: s})
	}
	return out
}

var names = []string{"claude", "codex", "gemini", "aider", "opencode"}

// TestGoldenMap: a window with an agent in each state and a shell: each
// agent's box says its agent and state after its label, the waiting one
// stands out, with colour and without.
func TestGoldenMap(t *testing.T) {
	w := grid("$1", "work", "@1", 0, 0, 4, 2, "node")
	w.Panes[7].Command = "zsh"
	list := listed(w, names, agents.Working, agents.Waiting, agents.Done, agents.Idle, agents.Error, agents.Exited, agents.Unknown)
	for _, colour := range []bool{true, false} {
		in := mapview.Input{Win: w, Home: "/home/u", Hostname: "host", Profile: colorprofile.ANSI256, Badges: DefaultStyles(colour).Badges(list)}
		if !colour {
			in.Profile = colorprofile.Ascii
		}
		golden.Check(t, fmt.Sprintf("map-120x26-%s", colourName(colour)), mapview.New(mapview.DefaultStyles(colour), in, 120, 26).View())
	}
}

// TestGoldenServerView: the server view's tiles carry the same badges,
// in every session.
func TestGoldenServerView(t *testing.T) {
	work := grid("$1", "work", "@1", 0, 0, 2, 2, "node")
	work.Panes[3].Command = "zsh"
	other := grid("$2", "other", "@2", 0, 4, 2, 1, "node")
	list := append(listed(work, names, agents.Working, agents.Waiting, agents.Done), listed(other, names[3:], agents.Waiting, agents.Error)...)
	for _, colour := range []bool{true, false} {
		sv := serverview.New([]*tmux.Window{work, other}, serverview.Target{Session: "$1", Window: "@1", Pane: "%0"}, serverview.DefaultStyles(colour))
		sv.SetSize(120, 30)
		sv.SetBadges(DefaultStyles(colour).Badges(list))
		golden.Check(t, fmt.Sprintf("server-120x30-%s", colourName(colour)), sv.View())
	}
}

func colourName(colour bool) string {
	if colour {
		return "color"
	}
	return "nocolor"
}
