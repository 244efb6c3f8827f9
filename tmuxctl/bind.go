package tmuxctl

import (
	"context"
	"fmt"
	"strings"

	"github.com/panemap/panemap/tmux"
	"github.com/panemap/panemap/tmuxctl/records"
)

// BindPlace is what binding panemap's key needs of a server: its
// version, its socket file and the user options asked for (set and
// non-empty ones).
type BindPlace struct {
	Version    tmux.Version
	SocketPath string
	Options    map[string]string
}

// ReadBindPlace reads the server's version, socket and the user options
// names in one command. It needs no session: tmux.conf runs
// `panemap init tmux` before the first session exists.
func (c *Client) ReadBindPlace(ctx context.Context, names []string) (*BindPlace, error) {
	for _, n := range names {
		if err := checkUserOption(n); err != nil {
			return nil, err
		}
	}
	out, err := c.run(ctx, []string{"display-message", "-p", "#{version}\t" + records.ExactVar("socket_path") + optionsFormat(names)})
	if err != nil {
		return nil, err
	}
	version, rest, ok := strings.Cut(strings.TrimSuffix(out, "\n"), "\t")
	if !ok {
		return nil, &tmux.Error{Kind: tmux.KindRefused, Message: fmt.Sprintf("cannot read tmux's answer %s: no version", tmux.Quote(out))}
	}
	p := &BindPlace{}
	if p.Version, err = tmux.ParseServerVersion(version); err != nil {
		return nil, err
	}
	c.t.LearnVersion(p.Version)
	if p.SocketPath, rest, err = records.ReadExact(rest); err != nil {
		return nil, &tmux.Error{Kind: tmux.KindRefused, Message: fmt.Sprintf("cannot read tmux's socket path from %s: %v", tmux.Quote(out), err)}
	}
	if p.Options, err = parseOptions(rest, names); err != nil {
		return nil, err
	}
	return p, nil
}

// BindPrefixKey binds key in the prefix table to the tmux command
// command (its words). tmux reads a word that ends in ';' as a command
// separator, over exec too, so the key ';' goes as "\;" (see ExecWords).
func (c *Client) BindPrefixKey(ctx context.Context, key string, command []string) error {
	if err := tmux.ParseKeyName(key); err != nil {
		return err
	}
	if k, ok := strings.CutSuffix(key, ";"); ok {
		key = k + `\;`
	}
	_, err := c.run(ctx, append([]string{"bind-key", "-T", "prefix", key}, command...))
	return err
}

// SetGlobalOption sets user option name to value for the whole server
// (set-option -g): tmux stores the value as it is, expanding nothing.
func (c *Client) SetGlobalOption(ctx context.Context, name, value string) error {
	if err := checkUserOption(name); err != nil {
		return err
	}
	_, err := c.run(ctx, []string{"set-option", "-g", name, value})
	return err
}

// UnsetGlobalOption unsets user option name for the whole server; unset
// already is no error.
func (c *Client) UnsetGlobalOption(ctx context.Context, name string) error {
	if err := checkUserOption(name); err != nil {
		return err
	}
	_, err := c.run(ctx, []string{"set-option", "-gqu", name})
	return err
}
