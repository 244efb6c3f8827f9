package tmuxctl

import (
	"context"
	"crypto/rand"
	"strings"

	"github.com/panemap/panemap/tmux"
	"github.com/panemap/panemap/tmuxctl/capture"
)

// The captures built for the server's version (see capture/listed.go):
// one list-panes for the headers and one capture-pane per pane, where the
// lists that work the version out inside tmux cost six commands a pane in
// tmux's message log.

// flavour is the capture flavour of the server, read from the server
// (#{version}) the first time it is needed unless the opening read it.
// It is Generic while the server cannot be asked.
func (c *Client) flavour(ctx context.Context) capture.Flavour {
	c.mu.Lock()
	if c.flavourKnown {
		defer c.mu.Unlock()
		return c.flav
	}
	c.mu.Unlock()
	v, err := c.serverVersion(ctx)
	if err != nil {
		return capture.Generic
	}
	f := capture.FlavourOf(v)
	c.setFlavour(f)
	return f
}

func (c *Client) setFlavour(f capture.Flavour) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.flav, c.flavourKnown = f, true
}

// refusedListed reports whether err says the server refused a flag of a
// list built for its version (a server restarted as another version):
// the client then captures as for an unknown version.
func (c *Client) refusedListed(err error) bool {
	if tmux.KindOf(err) != tmux.KindUnsupported {
		return false
	}
	c.setFlavour(capture.Generic)
	return true
}

// captureListed is capturePanesAfter for a server of flavour f (not
// Generic). generic lists the panes it could not capture exactly (tmux
// before 3.4, a copy mode scrolled up), for the caller to capture with
// the generic lists; ok false means the answer could not be trusted or
// tmux refused a flag, and nothing of it is used.
func (c *Client) captureListed(ctx context.Context, lead [][]string, want []tmux.PaneID, f capture.Flavour) (leadOut string, screens []tmux.PaneScreen, generic []tmux.PaneID, ok bool, err error) {
	nonce := rand.Text()
	leadOut, screens, generic, ok, err = capture.RunListed(want, lead, nonce,
		func(part []tmux.PaneID) [][]string { return capture.ListedCmds(part, nonce, f) },
		c.scriptRunner(ctx),
		func(out string, part []tmux.PaneID) capture.Listed[tmux.PaneScreen] {
			return capture.SplitScreens(out, nonce, part, f)
		})
	if c.refusedListed(err) {
		return "", nil, nil, false, nil
	}
	return leadOut, screens, generic, ok, err
}

// captureHistoryListed is captureHistory for a server of known version:
// the headers in one list-panes, then per pane capture-pane -S -arg (and
// with joined its -J capture and a trailer). ok false means the answer
// could not be trusted or tmux refused a flag: capture generically.
func (c *Client) captureHistoryListed(ctx context.Context, want []tmux.PaneID, back, arg string, joined bool) ([]Lines, bool, error) {
	nonce := rand.Text()
	// list-panes expands its format once: no ## as display-message needs.
	header := strings.Replace(capture.HistoryHeader(back), "##{pane_id}", "#{pane_id}", 1)
	cmds := func(part []tmux.PaneID) [][]string { return capture.HistoryCmds(part, nonce, header, arg, joined) }
	var setJoined func(*Lines, []string)
	if joined {
		setJoined = func(l *Lines, j []string) { l.Joined = j }
	}
	_, all, _, ok, err := capture.RunListed(want, nil, nonce, cmds,
		c.scriptRunner(ctx),
		func(out string, part []tmux.PaneID) capture.Listed[Lines] {
			return capture.SplitListed(out, nonce, part, func(rest string) (Lines, tmux.PaneID, int, bool, bool) {
				l, p, n, ok := capture.ParseHistoryHeader(rest)
				return l, p, n, false, ok
			}, func(l *Lines, text string) { l.Text = text }, setJoined)
		})
	if c.refusedListed(err) {
		return nil, false, nil
	}
	return all, ok, err
}
