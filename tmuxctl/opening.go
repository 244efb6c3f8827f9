package tmuxctl

import (
	"context"
	"crypto/rand"
	"fmt"
	"strings"

	"github.com/panemap/panemap/tmux"
	"github.com/panemap/panemap/tmuxctl/capture"
)

// Opening is everything the navigator's first frame needs, as one read
// saw it: the server's version, the user options asked for (as they apply
// to the session) and the session's state.
type Opening struct {
	Version tmux.Version
	Options map[string]string // set and non-empty options only
	State   *tmux.State
}

// ReadOpening reads session s for the navigator's first frame in one
// command list: one tmux process, or one round trip over control mode.
// It asks tmux nothing twice and runs no `tmux -V`: the version is the
// server's own (#{version}), and it is handed to the transport, which
// then needs no read of its own to choose its connection. options are
// user option names (@name).
func (c *Client) ReadOpening(ctx context.Context, s tmux.SessionID, options []string) (*Opening, error) {
	if err := checkSessionOptions(s, options); err != nil {
		return nil, err
	}
	nonce := rand.Text()
	cmds := [][]string{
		{"display-message", "-p", "-t", string(s), "#{version}"},
		{"display-message", "-p", "-t", string(s), optionsFormat(options)},
		answerMarker(nonce + "H"),
	}
	cmds = append(cmds, readStateCmds(s)...)
	cmds = append(cmds, answerMarker(nonce+"F"), foreignCmd(s))
	out, err := c.readScript(ctx, cmds)
	if err != nil {
		return nil, c.nameGone(err, string(s))
	}
	parts := splitMarkers(out, nonce, "H", "F")
	version, values, ok := strings.Cut(parts[0], "\n")
	if !ok {
		return nil, &tmux.Error{Kind: tmux.KindRefused, Message: fmt.Sprintf("cannot read tmux's answer: %s", tmux.Quote(parts[0]))}
	}
	o := &Opening{}
	if o.Version, err = tmux.ParseServerVersion(version); err != nil {
		return nil, err
	}
	if o.Options, err = parseOptions(values, options); err != nil {
		return nil, err
	}
	if o.State, err = stateFromParts(s, parts[1], parts[2]); err != nil {
		return nil, err
	}
	c.t.LearnVersion(o.Version)
	c.setFlavour(capture.FlavourOf(o.Version)) // the server's own version
	return o, nil
}
