package tmuxctl

import (
	"context"
	"fmt"
	"strings"
)

const sessionFormat = "#{session_id}\t#{session_name}"

// ReadState reads everything panemap can change in session s, in one
// command list: its windows and their panes, and the server's marked pane
// (with that pane's window when it lies outside the session).
func (c *Client) ReadState(ctx context.Context, s SessionID) (*State, error) {
	if _, err := ParseSessionID(string(s)); err != nil {
		return nil, err
	}
	out, err := c.run(ctx,
		[]string{"list-windows", "-t", string(s), "-F", windowFormat},
		[]string{"list-panes", "-s", "-t", string(s), "-F", paneFormat},
		[]string{"list-panes", "-a", "-f", "#{pane_marked}", "-F", markedFormat},
	)
	if err != nil {
		return nil, c.nameGone(err, string(s))
	}
	l, err := parseListing(out)
	if err != nil {
		return nil, &Error{Kind: KindRefused, Message: "cannot read tmux's answer: " + err.Error(), Err: err}
	}
	if len(l.windows) == 0 {
		return nil, goneErr("session", string(s))
	}
	st := &State{Session: s, SessionName: l.windows[0].SessionName, Windows: l.windows, Marked: l.marked}
	for _, w := range l.windows {
		w.SessionID, w.SessionName = s, st.SessionName // a window linked elsewhere reports its best session
		if w.Active {
			st.Current = w.ID
		}
		if w.Last {
			st.LastWindow = w.ID
		}
	}
	if l.marked != "" {
		if _, ok := st.Window(l.markedWin); !ok {
			if fw, err := c.ListPanes(ctx, l.markedWin); err == nil {
				st.Foreign = fw
			}
		}
	}
	return st, nil
}

// SessionOf returns the session that panemap's context points at: the
// session of $TMUX_PANE's pane when it is on this server, else the session
// named in $TMUX (inside a popup), else tmux's idea of the current session.
func (c *Client) SessionOf(ctx context.Context) (SessionID, error) {
	var args []string
	switch {
	case c.Caller(ctx, c.env.Pane()) == RelationSelf:
		args = []string{"display-message", "-p", "-t", string(c.env.Pane()), "#{session_id}"}
	case c.env.Session() != "" && c.sock.Source == "$TMUX":
		args = []string{"display-message", "-p", "-t", string(c.env.Session()), "#{session_id}"}
	default:
		args = []string{"display-message", "-p", "#{session_id}"}
	}
	out, err := c.run(ctx, args)
	if err != nil {
		return "", err
	}
	id, err := ParseSessionID(strings.TrimSpace(out))
	if err != nil {
		return "", &Error{Kind: KindGone, Message: fmt.Sprintf("no tmux session found on %s", c.sock)}
	}
	return id, nil
}

// ResolveWindow turns a target given by a person (-t SESSION:WINDOW, as
// tmux spells it) into the window's id and its session. An empty target
// means the window panemap runs in or over (see SessionOf).
func (c *Client) ResolveWindow(ctx context.Context, target string) (SessionID, WindowID, error) {
	if target == "" {
		if p := c.env.Pane(); p != "" && c.Caller(ctx, p) == RelationSelf {
			target = string(p)
		} else {
			s, err := c.SessionOf(ctx)
			if err != nil {
				return "", "", err
			}
			target = string(s)
		}
	} else if _, err := ParseTarget(target); err != nil {
		return "", "", err
	}
	out, err := c.run(ctx, []string{"display-message", "-p", "-t", target, "#{session_id}\t#{window_id}"})
	if err != nil {
		e := AsError(err)
		if e.Kind == KindGone || e.Kind == KindRefused {
			return "", "", &Error{Kind: KindGone, Value: target, Message: fmt.Sprintf("no window %s on %s: %s", Quote(target), c.sock, e.Message), Err: e}
		}
		return "", "", e
	}
	sid, wid, _ := strings.Cut(strings.TrimSpace(out), "\t")
	s, err1 := ParseSessionID(sid)
	w, err2 := ParseWindowID(wid)
	if err1 != nil || err2 != nil {
		return "", "", &Error{Kind: KindGone, Value: target, Message: fmt.Sprintf("no window %s on %s", Quote(target), c.sock)}
	}
	return s, w, nil
}

// CurrentWindow is tmux's current window when no context says otherwise.
func (c *Client) CurrentWindow(ctx context.Context) (WindowID, error) {
	_, w, err := c.ResolveWindow(ctx, "")
	return w, err
}
