package mcp

import (
	"context"

	"github.com/panemap/panemap/tmux"
	"github.com/panemap/panemap/tmuxctl"
)

// listRequest is list_panes' arguments, validated.
type listRequest struct {
	scope   tmuxctl.ListScope
	session tmux.SessionID
	window  tmux.WindowID
	limit   int
}

// parseListArgs reads scope, session, window and limit; def is the scope
// when neither session nor window narrows it.
func parseListArgs(a args, def tmuxctl.ListScope) (listRequest, error) {
	var r listRequest
	// A string given is an id, even an empty one: only absent or null
	// means "not given".
	if s, ok := a["session"].(string); ok {
		id, err := tmux.ParseSessionID(s)
		if err != nil {
			return r, argErr("session", err)
		}
		r.session = id
	}
	if s, ok := a["window"].(string); ok {
		id, err := tmux.ParseWindowID(s)
		if err != nil {
			return r, argErr("window", err)
		}
		r.window = id
	}
	r.scope = tmuxctl.ListScope(a.str("scope"))
	if r.scope == "" {
		switch {
		case r.window != "":
			r.scope = tmuxctl.ScopeWindow
		case r.session != "" && def != tmuxctl.ScopeSession:
			r.scope = tmuxctl.ScopeSession
		default:
			r.scope = def
		}
	}
	var err error
	r.limit, err = intArg(a, "limit", 1, maxListLimit, tmuxctl.DefaultListLimit)
	return r, err
}

func (h *handlers) listPanes(ctx context.Context, a args) (string, any, error) {
	r, err := parseListArgs(a, tmuxctl.ScopeWindow)
	if err != nil {
		return "", nil, err
	}
	if err := h.tmux.check(ctx); err != nil {
		return "", nil, err
	}
	caller := h.caller(ctx)
	l, err := h.listing(ctx, r, caller)
	if err != nil {
		return "", nil, err
	}
	v := viewListing(ctx, h.c, r.scope, l, caller)
	return listText(v, l), v, nil
}

// listing lists what r asks for: one window (the caller's, the session's
// current or tmux's current when none is named), a session, or the server.
func (h *handlers) listing(ctx context.Context, r listRequest, caller *callerView) (*tmuxctl.Listing, error) {
	req, err := h.listRequest(ctx, r, caller)
	if err != nil {
		return nil, err
	}
	l, err := h.c.List(ctx, req)
	if err != nil {
		return nil, err
	}
	if r.scope == tmuxctl.ScopeWindow {
		l = firstLink(l)
	}
	return l, nil
}

// listRequest resolves what r leaves out: scope window's window and scope
// session's session.
func (h *handlers) listRequest(ctx context.Context, r listRequest, caller *callerView) (tmuxctl.ListRequest, error) {
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
			return req, err
		}
		req.Window = wid
		if req.Session == "" {
			req.Session = sid
		}
	case r.scope == tmuxctl.ScopeSession && r.session == "":
		sid, err := h.c.SessionOf(ctx)
		if err != nil {
			return req, err
		}
		req.Session = sid
	}
	return req, nil
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
func (h *handlers) defaultWindow(ctx context.Context, target string, caller *callerView) (tmux.SessionID, tmux.WindowID, error) {
	if target == "" && caller != nil {
		return caller.SessionID, caller.WindowID, nil
	}
	return h.c.ResolveWindow(ctx, target)
}
