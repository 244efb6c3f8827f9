package agentbadge

import (
	"context"
	"slices"

	"github.com/panemap/panemap/agents"
	"github.com/panemap/panemap/tmux"
	"github.com/panemap/panemap/ui/serverview"
)

// Place is a pane's place in reading order: its session's name, its
// window's index there, its own index.
type Place struct {
	Pane        tmux.PaneID
	SessionName string
	WindowIndex int
	PaneIndex   int
}

// PlaceOf is the place of window w's active pane, w being of the
// session st (either nil before the first read: the zero Place, first of
// all).
func PlaceOf(st *tmux.State, w *tmux.Window) Place {
	var p Place
	if st != nil {
		p.SessionName = st.SessionName
	}
	if w != nil {
		p.WindowIndex = w.Index
		if a, ok := w.ActivePane(); ok {
			p.Pane, p.PaneIndex = a.ID, a.Index
		}
	}
	return p
}

// before reports whether a comes before place p in reading order.
func before(a agents.Agent, p Place) bool {
	if a.SessionName != p.SessionName {
		return a.SessionName < p.SessionName // bytewise, as tmux sorts sessions
	}
	if a.WindowIndex != p.WindowIndex {
		return a.WindowIndex < p.WindowIndex
	}
	return a.PaneIndex < p.PaneIndex
}

// Next is the first waiting agent after from in list (agentwatch's
// reading order), wrapping round: agents.NextWaiting, from a pane
// that need not run an agent (the map's focused one, say), which then
// stands in the list at its place.
func Next(list []agents.Agent, from Place) (agents.Agent, bool) {
	if !slices.ContainsFunc(list, func(a agents.Agent) bool { return a.Pane == from.Pane }) {
		at := len(list)
		for i, a := range list {
			if !before(a, from) {
				at = i
				break
			}
		}
		stand := agents.Agent{Pane: from.Pane, SessionName: from.SessionName, WindowIndex: from.WindowIndex, PaneIndex: from.PaneIndex, State: agents.Unknown}
		list = slices.Insert(slices.Clone(list), at, stand)
	}
	return agents.NextWaiting(list, from.Pane)
}

// NoneWaits is n's note when no agent waits.
const NoneWaits = "no agent is waiting for you, in any session"

// Find is where n goes from the pane at from: the next waiting agent
// (Next), from a fresh look at the whole server; NoneWaits when none
// waits.
func Find(ctx context.Context, src Source, from Place) (serverview.Target, string, error) {
	list, err := src.Agents(ctx, "")
	if err != nil {
		return serverview.Target{}, "", err
	}
	a, ok := Next(list, from)
	if !ok {
		return serverview.Target{}, NoneWaits, nil
	}
	return serverview.Target{Session: a.Session, Window: a.Window, Pane: a.Pane}, "", nil
}
