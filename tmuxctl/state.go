package tmuxctl

import (
	"cmp"
	"context"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/panemap/panemap/tmux"
	"github.com/panemap/panemap/tmuxctl/records"
)

// ReadState reads everything panemap can change in session s, in one
// command list: its windows and their panes, and the server's marked pane
// (with that pane's window when it lies outside the session).
func (c *Client) ReadState(ctx context.Context, s tmux.SessionID) (*tmux.State, error) {
	if _, err := tmux.ParseSessionID(string(s)); err != nil {
		return nil, err
	}
	out, err := c.run(ctx, readStateCmds(s)...)
	if err != nil {
		return nil, c.nameGone(err, string(s))
	}
	return c.stateFrom(ctx, s, out)
}

// ReadStateCapturing is ReadState and CapturePanes in one command list:
// where previews are polled (tmux before 3.7, a tmux process per call),
// each refresh of the map then costs one process rather than two.
func (c *Client) ReadStateCapturing(ctx context.Context, s tmux.SessionID, panes []tmux.PaneID) (*tmux.State, []tmux.PaneScreen, error) {
	if _, err := tmux.ParseSessionID(string(s)); err != nil {
		return nil, nil, err
	}
	out, screens, err := c.capturePanesAfter(ctx, readStateCmds(s), panes)
	if err != nil {
		return nil, nil, c.nameGone(err, string(s))
	}
	st, err := c.stateFrom(ctx, s, out)
	if err != nil {
		return nil, nil, err
	}
	return st, screens, nil
}

// stateFrom is the session read from readStateCmds' output, with the
// marked pane's window when it lies outside the session.
func (c *Client) stateFrom(ctx context.Context, s tmux.SessionID, out string) (*tmux.State, error) {
	st, markedWin, err := parseState(s, out)
	if err != nil {
		return nil, err
	}
	if markedWin != "" {
		if fw, err := c.ListPanes(ctx, markedWin); err == nil {
			st.Foreign = fw
		}
	}
	return st, nil
}

// readStateCmds reads session s in one command (tmux logs every command
// a client runs, see Stamp): each window's record followed by its panes'
// (#{W:} and #{P:} loop over them; records.Parse reads records run
// together), then the marked pane's line wherever it is (#{S:} loops over
// the sessions). No comma at a loop's top level, no literal '%' (see
// records.StampFormat).
func readStateCmds(s tmux.SessionID) [][]string {
	return [][]string{{"display-message", "-p", "-t", string(s),
		"#{W:" + records.WindowFormat + "#{P:" + records.PaneFormat + "}}" +
			"#{S:#{W:#{P:#{?pane_marked," + records.MarkedFormat + ";,}}}}"}}
}

// parseState reads the output of readStateCmds. markedWin is the marked
// pane's window when it lies outside the session (not read yet).
func parseState(s tmux.SessionID, out string) (*tmux.State, tmux.WindowID, error) {
	if strings.TrimSpace(out) == "" {
		// display-message may answer a session that is gone with nothing.
		return nil, "", tmux.Gone("session", string(s))
	}
	l, err := records.Parse(out)
	if err != nil {
		return nil, "", &tmux.Error{Kind: tmux.KindRefused, Message: "cannot read tmux's answer: " + err.Error(), Err: err}
	}
	if len(l.Windows) == 0 {
		return nil, "", tmux.Gone("session", string(s))
	}
	st := &tmux.State{Session: s, SessionName: l.Windows[0].SessionName, Windows: l.Windows, Marked: l.Marked}
	for _, w := range l.Windows {
		// #{P:} loops by pane id from tmux 3.6: the map goes by index.
		slices.SortStableFunc(w.Panes, func(a, b tmux.Pane) int { return cmp.Compare(a.Index, b.Index) })
		w.SessionID, w.SessionName = s, st.SessionName // a window linked elsewhere reports its best session
		if w.Active {
			st.Current = w.ID
		}
		if w.Last {
			st.LastWindow = w.ID
		}
	}
	var markedWin tmux.WindowID
	if l.Marked != "" {
		if _, ok := st.Window(l.MarkedWin); !ok {
			markedWin = l.MarkedWin
		}
	}
	return st, markedWin, nil
}

// SessionOf returns the session that panemap's context points at: the
// session of $TMUX_PANE's pane when it is on this server, else the session
// named in $TMUX (inside a popup), else the session tmux itself picks for a
// command without a target from a client attached to no session (see
// bestWindow). It never asks tmux to resolve "current" over a control
// connection, which would answer the connection's own attached session.
func (c *Client) SessionOf(ctx context.Context) (tmux.SessionID, error) {
	var target string
	switch {
	case c.Caller(ctx, c.env.Pane()) == RelationSelf:
		target = string(c.env.Pane())
	case c.env.Session() != "" && c.Socket().Source == "$TMUX":
		target = string(c.env.Session())
	default:
		s, _, err := c.bestWindow(ctx)
		return s, err
	}
	out, err := c.run(ctx, []string{"display-message", "-p", "-t", target, "#{session_id}"})
	if err != nil {
		return "", err
	}
	id, err := tmux.ParseSessionID(strings.TrimSpace(out))
	if err != nil {
		return "", &tmux.Error{Kind: tmux.KindGone, Message: fmt.Sprintf("no tmux session found on %s", c.Socket())}
	}
	return id, nil
}

// bestWindow is the session tmux resolves a command without a target to
// when the client has no session of its own: the one with the newest
// activity time (cmd-find.c, cmd_find_best_session), ties going to the
// first in name order. list-sessions shows that time in whole seconds
// only, so a tie at the newest second is settled by asking tmux itself
// from a client attached to no session (one tmux process); when that
// fails, by tmux's own tie-break, which is then a guess.
//
// With it comes that session's current window, read in the same command
// (list-sessions prints each session's current window).
func (c *Client) bestWindow(ctx context.Context) (tmux.SessionID, tmux.WindowID, error) {
	out, err := c.run(ctx, []string{"list-sessions", "-F", "#{session_activity} #{session_id} #{window_id} #{version}"})
	if err != nil {
		if tmux.KindOf(err) == tmux.KindGone { // no sessions: list-sessions fails on some tmux versions
			return "", "", &tmux.Error{Kind: tmux.KindGone, Message: fmt.Sprintf("no tmux session found on %s", c.Socket()), Err: err}
		}
		return "", "", err
	}
	best, windows, version := newestSessions(out)
	if v, err := tmux.ParseServerVersion(version); err == nil {
		c.t.LearnVersion(v) // read with the sessions, for the transport
	}
	switch {
	case len(best) == 0:
		return "", "", &tmux.Error{Kind: tmux.KindGone, Message: fmt.Sprintf("no tmux session found on %s", c.Socket())}
	case len(best) == 1:
		return best[0], windows[best[0]], nil
	}
	if out, err := c.t.Exec().Run(ctx, []string{"display-message", "-p", "#{session_id}"}); err == nil {
		if id, err := tmux.ParseSessionID(strings.TrimSpace(out)); err == nil && slices.Contains(best, id) {
			return id, windows[id], nil
		}
	}
	return best[0], windows[best[0]], nil
}

// newestSessions parses "ACTIVITY $ID @WINDOW VERSION" lines and returns
// the sessions with the newest activity, in the order listed (tmux lists
// sessions by name), each session's window, and the server's version.
func newestSessions(out string) (best []tmux.SessionID, windows map[tmux.SessionID]tmux.WindowID, version string) {
	windows = map[tmux.SessionID]tmux.WindowID{}
	var newest int64 = -1
	for _, line := range strings.Split(out, "\n") {
		a, id, ok := strings.Cut(strings.TrimSpace(line), " ")
		if !ok {
			continue
		}
		id, win, _ := strings.Cut(id, " ")
		win, version, _ = strings.Cut(win, " ")
		t, err1 := strconv.ParseInt(a, 10, 64)
		sid, err2 := tmux.ParseSessionID(id)
		if err1 != nil || err2 != nil {
			continue
		}
		if w, err := tmux.ParseWindowID(win); err == nil {
			windows[sid] = w
		}
		switch {
		case t > newest:
			newest, best = t, []tmux.SessionID{sid}
		case t == newest:
			best = append(best, sid)
		}
	}
	return best, windows, version
}

// ResolveWindow turns a target given by a person (-t SESSION:WINDOW, as
// tmux spells it) into the window's id and its session. An empty target
// means the window panemap runs in or over (see SessionOf). A target
// relative to the current session (":1", "1", ".2", ":name") is resolved
// explicitly against the session SessionOf picks, never against whatever
// tmux would take as current for the connection in use.
func (c *Client) ResolveWindow(ctx context.Context, target string) (tmux.SessionID, tmux.WindowID, error) {
	given := target
	if target == "" {
		if p := c.env.Pane(); p != "" && c.Caller(ctx, p) == RelationSelf {
			target = string(p)
		} else if c.env.Session() != "" && c.Socket().Source == "$TMUX" {
			target = string(c.env.Session()) // the popup's, as SessionOf takes it
		} else {
			// tmux's own choice (SessionOf), its window with it.
			s, w, err := c.bestWindow(ctx)
			if err != nil || w != "" {
				return s, w, err
			}
			target = string(s)
		}
	} else if _, err := tmux.ParseTarget(target); err != nil {
		return "", "", err
	} else if relativeTarget(target) {
		s, err := c.SessionOf(ctx)
		if err != nil {
			return "", "", err
		}
		if !strings.HasPrefix(target, ":") {
			target = ":" + target
		}
		target = string(s) + target
	}
	// list-panes, not display-message: display-message falls back to the
	// current pane when its target is not found, so "main:7" would answer
	// with window 0 instead of failing. The server's version comes with
	// it, for the transport (see transport.Auto.LearnVersion).
	out, err := c.run(ctx, []string{"list-panes", "-t", target, "-F", "#{session_id}\t#{window_id}\t#{version}"})
	what := "window " + tmux.Quote(given)
	if given == "" {
		what = "current window (" + target + ")" // the popup's session or pane, gone meanwhile
	}
	if err != nil {
		e := tmux.AsError(err)
		if e.Kind == tmux.KindGone || e.Kind == tmux.KindRefused {
			return "", "", &tmux.Error{Kind: tmux.KindGone, Value: given, Message: fmt.Sprintf("no %s on %s: %s", what, c.Socket(), e.Message), Err: e}
		}
		return "", "", e
	}
	first, _, _ := strings.Cut(strings.TrimSpace(out), "\n")
	sid, wid, _ := strings.Cut(first, "\t")
	wid, version, _ := strings.Cut(wid, "\t")
	if v, err := tmux.ParseServerVersion(version); err == nil {
		c.t.LearnVersion(v)
	}
	s, err1 := tmux.ParseSessionID(sid)
	w, err2 := tmux.ParseWindowID(wid)
	if err1 != nil || err2 != nil {
		return "", "", &tmux.Error{Kind: tmux.KindGone, Value: given, Message: fmt.Sprintf("no %s on %s", what, c.Socket())}
	}
	return s, w, nil
}

// relativeTarget reports whether a person's target names no session and
// so means "in the current session": ":WINDOW", a bare window index, or
// ".PANE". A bare name is left alone: tmux may take it as a session.
func relativeTarget(t string) bool {
	switch {
	case strings.HasPrefix(t, ":"), strings.HasPrefix(t, "."):
		return true
	}
	w, _, _ := strings.Cut(t, ".")
	if w == "" {
		return false
	}
	for _, r := range w {
		if r < '0' || r > '9' {
			return false
		}
	}
	return true
}
