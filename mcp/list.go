package mcp

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"

	"github.com/panemap/panemap/geometry"
	"github.com/panemap/panemap/tmuxctl"
)

// listRequest is list_panes' arguments, validated.
type listRequest struct {
	scope   tmuxctl.ListScope
	session tmuxctl.SessionID
	window  tmuxctl.WindowID
	limit   int
}

func parseListArgs(a args) (listRequest, error) {
	var r listRequest
	// A string given is an id, even an empty one: only absent or null
	// means "not given".
	if s, ok := a["session"].(string); ok {
		id, err := tmuxctl.ParseSessionID(s)
		if err != nil {
			return r, argErr("session", err)
		}
		r.session = id
	}
	if s, ok := a["window"].(string); ok {
		id, err := tmuxctl.ParseWindowID(s)
		if err != nil {
			return r, argErr("window", err)
		}
		r.window = id
	}
	r.scope = tmuxctl.ListScope(a.str("scope"))
	if r.scope == "" {
		r.scope = tmuxctl.ScopeWindow
		if r.session != "" && r.window == "" {
			r.scope = tmuxctl.ScopeSession
		}
	}
	r.limit = tmuxctl.DefaultListLimit
	if n, ok := a["limit"].(json.Number); ok {
		v, err := n.Int64()
		if err != nil || v < 1 || v > 5000 {
			return r, invalid(n.String(), fmt.Sprintf("limit: invalid limit %s: want a whole number from 1 to 5000", n))
		}
		r.limit = int(v)
	}
	return r, nil
}

func (h *handlers) listPanes(ctx context.Context, a args) (string, any, error) {
	r, err := parseListArgs(a)
	if err != nil {
		return "", nil, err
	}
	if err := h.tmux.check(ctx); err != nil {
		return "", nil, err
	}
	caller := h.caller(ctx)
	req := tmuxctl.ListRequest{Scope: r.scope, Session: r.session, Window: r.window, Limit: r.limit}
	switch {
	case r.scope == tmuxctl.ScopeWindow && r.window == "":
		// This server's own window, the session's current one, or
		// tmux's current window.
		target := h.opts.DefaultWindow
		if r.session != "" {
			target = string(r.session)
		}
		sid, wid, err := h.defaultWindow(ctx, target, caller)
		if err != nil {
			return "", nil, err
		}
		req.Window = wid
		if req.Session == "" {
			req.Session = sid
		}
	case r.scope == tmuxctl.ScopeSession && r.session == "":
		sid, err := h.c.SessionOf(ctx)
		if err != nil {
			return "", nil, err
		}
		req.Session = sid
	}
	l, err := h.c.List(ctx, req)
	if err != nil {
		return "", nil, err
	}
	if r.scope == tmuxctl.ScopeWindow {
		l = firstLink(l)
	}
	v := viewListing(ctx, h.c, r.scope, l, caller)
	return listText(v, l), v, nil
}

// firstLink keeps one listing of a window linked into several sessions,
// for scope window: the window, not each of its links.
func firstLink(l *tmuxctl.Listing) *tmuxctl.Listing {
	if len(l.Windows) <= 1 {
		return l
	}
	out := *l
	out.Windows = l.Windows[:1]
	out.Panes = len(l.Windows[0].Panes)
	return &out
}

// caller is the pane this server runs in, when it runs inside tmux on
// this server.
func (h *handlers) caller(ctx context.Context) *callerView {
	p := h.c.Env().Pane()
	if p == "" || h.c.Caller(ctx, p) != tmuxctl.RelationSelf {
		return nil
	}
	// With the caller's own pane, the empty target is that pane.
	sid, wid, err := h.c.ResolveWindow(ctx, "")
	if err != nil {
		return nil
	}
	return &callerView{Pane: p, WindowID: wid, SessionID: sid}
}

// defaultWindow resolves target, where the caller's window, already read,
// answers the empty target.
func (h *handlers) defaultWindow(ctx context.Context, target string, caller *callerView) (tmuxctl.SessionID, tmuxctl.WindowID, error) {
	if target == "" && caller != nil {
		return caller.SessionID, caller.WindowID, nil
	}
	return h.c.ResolveWindow(ctx, target)
}

// listText is the text answer: the caller first, then each window as a
// character map and a line per pane saying what it is and what is around it.
func listText(v listView, l *tmuxctl.Listing) string {
	var b strings.Builder
	if c := v.Caller; c != nil {
		fmt.Fprintf(&b, "You are %s in window %s of session %s.\n\n", c.Pane, c.WindowID, c.SessionID)
	}
	if len(l.Windows) == 0 {
		b.WriteString("No panes to list.")
		return b.String()
	}
	byWindow := map[string][]listedPane{}
	for _, p := range v.Panes {
		k := string(p.SessionID) + string(p.WindowID)
		byWindow[k] = append(byWindow[k], p)
	}
	for i, w := range l.Windows {
		if i > 0 {
			b.WriteString("\n")
		}
		var flags []string
		if w.Active {
			flags = append(flags, "current")
		}
		if w.Zoomed {
			flags = append(flags, "zoomed")
		}
		state := ""
		if len(flags) > 0 {
			state = " (" + strings.Join(flags, ", ") + ")"
		}
		fmt.Fprintf(&b, "Window %s %s, index %d of session %s %s%s:\n",
			w.ID, tmuxctl.Quote(w.Name), w.Index, w.SessionID, tmuxctl.Quote(w.SessionName), state)
		b.WriteString(geometry.TextMap(w, 80))
		b.WriteString("\n")
		for _, p := range byWindow[string(w.SessionID)+string(w.ID)] {
			fmt.Fprintf(&b, "%s index %d at %d,%d size %dx%d%s; %s\n", p.ID, p.Index, p.Left, p.Top, p.Width, p.Height,
				describePane(p.paneView), describeNeighbours(p.Neighbours))
		}
	}
	if l.Truncated {
		fmt.Fprintf(&b, "\nTruncated: %d pane(s) listed; raise limit or narrow with session or window to see the rest.", l.Panes)
	}
	return strings.TrimSuffix(b.String(), "\n")
}

// describeNeighbours says what is on each side: "up: %1 %2; down: wraps to %5".
func describeNeighbours(n neighboursView) string {
	var parts []string
	for _, side := range []struct {
		name string
		s    sideView
	}{{"up", n.Up}, {"down", n.Down}, {"left", n.Left}, {"right", n.Right}} {
		ids := make([]string, len(side.s.Panes))
		for i, p := range side.s.Panes {
			ids[i] = string(p)
		}
		what := strings.Join(ids, " ")
		switch {
		case what == "":
			what = "nothing (a move does nothing)"
		case side.s.Wraps:
			what = "wraps to " + what
		}
		parts = append(parts, side.name+": "+what)
	}
	return strings.Join(parts, "; ")
}
