// Package modal runs the navigator in a modal floating pane (tmux 3.8,
// new-pane -O) over the window it maps, rather than in a display-popup.
//
// What master does with a modal pane, read in its sources:
//   - new-pane -O makes the new floating pane the window's active pane at
//     once and keeps the pane that was active as modal_last (spawn.c:596).
//   - While the window has a modal pane, window_set_active_pane refuses
//     every other pane of it (window.c:719): select-pane -t %other
//     succeeds and changes nothing (cmd-select-pane.c:276).
//   - When the modal pane goes, modal_last is the active pane again
//     (window.c:1147), whatever was selected meanwhile.
//   - swap-pane, join-pane and break-pane refuse the modal pane itself
//     ("pane is modal", cmd-swap-pane.c:80); other panes of the window
//     swap as usual.
//
// So the navigator cannot move tmux's focus in its own window while it
// is open. Nav keeps that focus itself: a cursor, which the states it
// answers with show as the window's active pane, and from which it makes
// directional moves with tmux's own rule (tmux.Adjacent). Its own pane
// is left out of every state and listing it answers with, so it is never
// on the map, in Tab, the numbers, the hints or find. Close applies the
// last choice in the command list that kills the pane: kill-pane first
// (tmux then gives the focus back to modal_last), then select-window and
// select-pane, which tmux takes now that the window has no modal pane.
package modal

import (
	"context"
	"fmt"
	"slices"
	"sync"

	"github.com/panemap/panemap/tmux"
	"github.com/panemap/panemap/tmuxctl"
	"github.com/panemap/panemap/tmuxctl/transport"
)

// Supported reports whether tmux v opens modal panes (new-pane -O):
// tmux 3.8 and master.
func Supported(v tmux.Version) bool { return v.AtLeast(3, 8) }

// Nav is the navigator's view of tmux from inside its modal pane: a
// ui.Core over a tmuxctl.Client. It is safe for concurrent use.
type Nav struct {
	c    *tmuxctl.Client
	own  tmux.PaneID   // the modal pane panemap runs in
	win  tmux.WindowID // own's window
	sess tmux.SessionID

	mu      sync.Mutex
	cursor  tmux.PaneID   // the pane shown focused in win
	last    tmux.PaneID   // where a move to the last pane goes in win
	current tmux.WindowID // the window shown current
	jumped  bool          // a jump chose the window and the client
	// layout gives win its tiled layout back once the modal pane is
	// gone, after a restore, for Close: while the pane floats there,
	// select-layout refuses every layout of the window, so a restore
	// leaves the tiled sizes as moves and layouts left them.
	layout [][]string
}

// New is the view of session s for a navigator in modal pane own of
// window win, which opened over pane focus (the window's active pane
// when the key was pressed).
func New(c *tmuxctl.Client, s tmux.SessionID, win tmux.WindowID, own, focus tmux.PaneID) (*Nav, error) {
	for _, id := range []string{string(own), string(focus)} {
		if _, err := tmux.ParsePaneID(id); err != nil {
			return nil, err
		}
	}
	if own == focus {
		return nil, &tmux.Error{Kind: tmux.KindInvalidInput, Value: string(own), Message: fmt.Sprintf("pane %s is the modal pane itself", own)}
	}
	return &Nav{c: c, own: own, win: win, sess: s, cursor: focus, current: win}, nil
}

// View is st as the navigator shows it: without the modal pane, with the
// cursor as its window's active pane and the window chosen as current.
// The states Nav answers with are views already; View is for one read
// elsewhere (the opening read).
func (n *Nav) View(st *tmux.State) *tmux.State {
	if st == nil {
		return nil
	}
	n.mu.Lock()
	defer n.mu.Unlock()
	return n.viewLocked(st)
}

func (n *Nav) viewLocked(st *tmux.State) *tmux.State {
	v := *st
	v.Windows = make([]*tmux.Window, len(st.Windows))
	if _, ok := st.Window(n.current); !ok {
		n.current = st.Current // the window chosen is gone
	}
	v.Current = n.current
	for i, w := range st.Windows {
		c := *w
		c.Active = w.ID == n.current
		if w.ID == n.win {
			c.Panes = n.panesLocked(w)
		}
		v.Windows[i] = &c
	}
	if v.Marked == n.own {
		v.Marked = ""
	}
	return &v
}

// panesLocked is w's panes without the modal pane, the cursor active and
// the last pane Nav's.
func (n *Nav) panesLocked(w *tmux.Window) []tmux.Pane {
	panes := n.withoutOwn(w.Panes)
	if len(panes) == 0 {
		return panes
	}
	if !hasPane(panes, n.cursor) {
		// The focused pane went (killed elsewhere): tmux would take the
		// most recent of the last panes; the first pane is as good a
		// guess, and the next move corrects it.
		n.cursor = panes[0].ID
	}
	if !hasPane(panes, n.last) || n.last == n.cursor {
		n.last = ""
	}
	for i := range panes {
		panes[i].Active = panes[i].ID == n.cursor
		panes[i].Last = panes[i].ID == n.last
	}
	return panes
}

// withoutOwn is panes without the modal pane (nil when none is left).
func (n *Nav) withoutOwn(panes []tmux.Pane) []tmux.Pane {
	var out []tmux.Pane
	for _, p := range panes {
		if p.ID != n.own {
			out = append(out, p)
		}
	}
	return out
}

func hasPane(panes []tmux.Pane, id tmux.PaneID) bool {
	return slices.ContainsFunc(panes, func(p tmux.Pane) bool { return p.ID == id })
}

// ReadState reads the session, as the navigator shows it.
func (n *Nav) ReadState(ctx context.Context, s tmux.SessionID) (*tmux.State, error) {
	st, err := n.c.ReadState(ctx, s)
	return n.View(st), err
}

// Stamp is the client's: the cursor changes only through Act, whose
// answer the navigator shows.
func (n *Nav) Stamp(ctx context.Context, s tmux.SessionID) (tmuxctl.Stamp, error) {
	return n.c.Stamp(ctx, s)
}

// List is the client's listing without the modal pane.
func (n *Nav) List(ctx context.Context, req tmuxctl.ListRequest) (*tmuxctl.Listing, error) {
	l, err := n.c.List(ctx, req)
	if l == nil {
		return l, err
	}
	out := *l
	out.Windows = make([]*tmux.Window, len(l.Windows))
	for i, w := range l.Windows {
		c := *w
		if w.ID == n.win {
			c.Panes = n.withoutOwn(w.Panes)
			out.Panes -= len(w.Panes) - len(c.Panes)
		}
		out.Windows[i] = &c
	}
	return &out, err
}

// ActiveSince is the client's, without the modal pane.
func (n *Nav) ActiveSince(ctx context.Context, since int64) ([]tmux.PaneID, error) {
	ps, err := n.c.ActiveSince(ctx, since)
	return slices.DeleteFunc(ps, func(p tmux.PaneID) bool { return p == n.own }), err
}

// Events are the client's.
func (n *Nav) Events(ctx context.Context) (<-chan tmux.Event, bool) { return n.c.Events(ctx) }

// FollowSession is the client's.
func (n *Nav) FollowSession(ctx context.Context, s tmux.SessionID) error {
	return n.c.FollowSession(ctx, s)
}

// FollowAgents is the client's.
func (n *Nav) FollowAgents(ctx context.Context) error { return n.c.FollowAgents(ctx) }

// Close ends the navigator: one command list kills the modal pane and
// then shows the window and the pane chosen (unless a jump showed them
// already), and after a restore gives the window its tiled layout back. tmux's last pane in the window becomes the one active at
// open, as after a jump straight to the pane chosen. Killing the pane
// hangs up panemap itself: call Close last.
func (n *Nav) Close(ctx context.Context) error {
	n.mu.Lock()
	// Only a modal pane: --in-modal given by hand in an ordinary pane
	// must not kill that pane (and the shell in it). if-shell -F runs
	// the kill before the rest of the list.
	cmds := [][]string{{"if-shell", "-F", "-t", string(n.own), "#{pane_modal_flag}", transport.Words("kill-pane", "-t", string(n.own))}}
	if !n.jumped {
		cmds = append(cmds, []string{"select-window", "-t", string(n.sess) + ":" + string(n.current)})
	}
	if n.cursor != "" {
		cmds = append(cmds, []string{"select-pane", "-t", string(n.cursor)})
	}
	// Last: it fails when the window's panes changed meanwhile, and a
	// failure ends the list.
	cmds = append(cmds, n.layout...)
	n.mu.Unlock()
	_, err := n.c.RunProcess(ctx, cmds...)
	return err
}
