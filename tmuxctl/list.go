package tmuxctl

import (
	"context"
	"fmt"
	"strings"

	"github.com/panemap/panemap/tmux"
	"github.com/panemap/panemap/tmuxctl/records"
)

// ListScope says how much of the server a List covers.
type ListScope string

const (
	ScopeWindow  ListScope = "window"  // one window (each of its links)
	ScopeSession ListScope = "session" // one session's windows
	ScopeServer  ListScope = "server"  // every session's windows
)

// DefaultListLimit is how many panes a List returns when the request
// gives no limit: enough for any sane server, small enough that an agent's
// context is not flooded by a runaway script's thousand panes.
const DefaultListLimit = 500

// ListRequest says what to List. Session and Window are filters ("" = no
// filter); ScopeSession needs Session and ScopeWindow needs Window, and
// any scope takes both (ScopeServer with a Session filter lists what
// ScopeSession does).
type ListRequest struct {
	Scope   ListScope
	Session tmux.SessionID
	Window  tmux.WindowID
	Limit   int // at most this many panes; 0 means DefaultListLimit
}

// Listing is what List read, at one moment.
//
// Windows are in tmux's session order (by session name, bytewise, as
// list-sessions prints them; names are unique), then by window index in
// the session, each with its panes in index order. A window linked into
// several sessions appears once per link, each copy with that session's
// SessionID, SessionName, Index, Active and Last.
//
// The limit keeps whole windows: windows are taken in order while all
// their panes fit, and the listing stops at the first window that does
// not. Only when not even the first window fits are its panes cut (to
// the first Limit by index), so a listing is never empty while there are
// panes. Truncated says something was left out; Panes counts the panes
// returned.
type Listing struct {
	Windows   []*tmux.Window
	Panes     int
	Truncated bool
}

// List reads windows and panes across sessions (see ListRequest and
// Listing) in one command list, so the answer is one consistent moment
// even while windows come and go. A gone Session or Window filter is a
// KindGone error naming it; a Window not linked into the Session filter
// is KindGone naming the window.
func (c *Client) List(ctx context.Context, req ListRequest) (*Listing, error) {
	limit, err := req.Check()
	if err != nil {
		return nil, err
	}
	out, err := c.run(ctx, listCmds(req)...)
	if err != nil {
		return nil, listGone(err, req)
	}
	windows, err := records.ParseServer(out)
	if err != nil {
		return nil, &tmux.Error{Kind: tmux.KindRefused, Message: "cannot read tmux's answer: " + err.Error(), Err: err}
	}
	if len(windows) == 0 {
		if err := c.WhyEmpty(ctx, req); err != nil {
			return nil, err
		}
	}
	return limitListing(windows, limit), nil
}

// WhyEmpty is why a listing of req (checked) matched nothing: a gone
// Session or Window filter (KindGone naming it), or a window not in the
// session; nil when nothing is wrong. Nothing matched the filters (a
// session has a window, a window a pane), so it asks which is gone only
// now, so that a listing costs tmux's message log two entries rather
// than four.
func (c *Client) WhyEmpty(ctx context.Context, req ListRequest) error {
	if checks := listChecks(req); len(checks) > 0 {
		if _, err := c.run(ctx, checks...); err != nil {
			return listGone(err, req)
		}
	}
	if req.Window != "" && req.Session != "" {
		// Both exist (the guards passed), but not together.
		return &tmux.Error{Kind: tmux.KindGone, Value: string(req.Window),
			Message: fmt.Sprintf("window %s is not in session %s", req.Window, req.Session)}
	}
	return nil
}

// Check validates everything in req before tmux sees any of it (for
// List, and for tmuxctl's subpackages that read a scope their own way),
// and answers the limit to apply.
func (req ListRequest) Check() (int, error) {
	switch req.Scope {
	case ScopeServer, ScopeSession, ScopeWindow:
	default:
		return 0, &tmux.Error{Kind: tmux.KindInvalidInput, Value: string(req.Scope),
			Message: fmt.Sprintf("invalid list scope %s: want %s, %s or %s", tmux.Quote(string(req.Scope)), ScopeWindow, ScopeSession, ScopeServer)}
	}
	if req.Scope == ScopeSession && req.Session == "" {
		return 0, &tmux.Error{Kind: tmux.KindInvalidInput, Message: "scope session needs a session id, like $1"}
	}
	if req.Scope == ScopeWindow && req.Window == "" {
		return 0, &tmux.Error{Kind: tmux.KindInvalidInput, Message: "scope window needs a window id, like @1"}
	}
	if req.Session != "" {
		if _, err := tmux.ParseSessionID(string(req.Session)); err != nil {
			return 0, err
		}
	}
	if req.Window != "" {
		if _, err := tmux.ParseWindowID(string(req.Window)); err != nil {
			return 0, err
		}
	}
	switch {
	case req.Limit < 0:
		return 0, &tmux.Error{Kind: tmux.KindInvalidInput, Value: fmt.Sprint(req.Limit),
			Message: fmt.Sprintf("invalid list limit %d: want 0 (the default, %d) or more", req.Limit, DefaultListLimit)}
	case req.Limit == 0:
		return DefaultListLimit, nil
	}
	return req.Limit, nil
}

// listChecks are commands that fail on a gone Session or Window filter
// (tmux skips the rest of a command list after an error), run when a
// listing came back empty, so that a gone filter is an error rather than
// an empty listing.
func listChecks(req ListRequest) [][]string {
	var cmds [][]string
	if req.Session != "" {
		cmds = append(cmds, []string{"has-session", "-t", string(req.Session)})
	}
	if req.Window != "" {
		// A filter that is never true: this checks the window exists
		// and prints nothing.
		cmds = append(cmds, []string{"list-panes", "-t", string(req.Window), "-f", "0", "-F", "x"})
	}
	return cmds
}

// listCmds reads the windows and panes req asks for.
func listCmds(req ListRequest) [][]string {
	return [][]string{
		req.Filtered("list-windows", "-a", "-F", records.WindowFormat),
		req.Filtered("list-panes", "-a", "-F", records.ListPaneFormat)}
}

// Filtered is a list-windows or list-panes -a command with the filter (-f)
// that keeps req's session and window. The ids in it are validated digits
// (Check): nothing in them means anything to tmux's format or command
// parsers.
func (req ListRequest) Filtered(cmd ...string) []string {
	var conds []string
	if req.Session != "" {
		conds = append(conds, "#{==:#{session_id},"+string(req.Session)+"}")
	}
	if req.Window != "" {
		conds = append(conds, "#{==:#{window_id},"+string(req.Window)+"}")
	}
	switch len(conds) {
	case 1:
		cmd = append(cmd, "-f", conds[0])
	case 2:
		cmd = append(cmd, "-f", "#{&&:"+conds[0]+","+conds[1]+"}")
	}
	return cmd
}

// listGone names the filter tmux could not find.
func listGone(err error, req ListRequest) error {
	e := tmux.AsError(err)
	if e.Kind != tmux.KindGone {
		return e
	}
	var g *tmux.Error
	switch {
	case req.Session != "" && strings.HasPrefix(missingName(e.Message), "$"):
		g = tmux.Gone("session", string(req.Session))
	case req.Window != "":
		g = tmux.Gone("window", string(req.Window))
	case req.Session != "":
		g = tmux.Gone("session", string(req.Session))
	default:
		return e
	}
	g.Err = e
	return g
}

// missingName is what tmux's "can't find session: $3" names.
func missingName(msg string) string {
	if i := strings.LastIndex(msg, ": "); i >= 0 {
		return strings.TrimSpace(msg[i+2:])
	}
	return ""
}

// limitListing applies the pane limit, keeping whole windows (see Listing).
func limitListing(windows []*tmux.Window, limit int) *Listing {
	l := &Listing{Windows: []*tmux.Window{}}
	for _, w := range windows {
		if l.Panes+len(w.Panes) > limit {
			l.Truncated = true
			if len(l.Windows) == 0 {
				w.Panes = w.Panes[:limit]
				l.Windows, l.Panes = append(l.Windows, w), limit
			}
			break
		}
		l.Windows = append(l.Windows, w)
		l.Panes += len(w.Panes)
	}
	return l
}
