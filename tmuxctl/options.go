package tmuxctl

import (
	"context"
	"fmt"
	"strings"

	"github.com/panemap/panemap/tmux"
	"github.com/panemap/panemap/tmuxctl/records"
)

// isUserOption reports whether n is a user option name as panemap takes
// one: ^@[a-z][a-z0-9-]{0,63}$, written out so that no regexp is compiled
// as panemap starts (the popup's start is on the key press's clock).
func isUserOption(n string) bool {
	if len(n) < 2 || len(n) > 65 || n[0] != '@' || n[1] < 'a' || n[1] > 'z' {
		return false
	}
	return strings.Trim(n[2:], "abcdefghijklmnopqrstuvwxyz0123456789-") == ""
}

// UserOptions reads tmux user options (@name) as they apply to session s
// (its own value, else the global one), in one command. Unset and empty
// options are absent from the map. Values come back exactly as set, on
// every tmux version (see optionsFormat).
func (c *Client) UserOptions(ctx context.Context, s tmux.SessionID, names []string) (map[string]string, error) {
	for _, n := range names {
		if err := checkUserOption(n); err != nil {
			return nil, err
		}
	}
	args := []string{"display-message", "-p"}
	if s != "" {
		if _, err := tmux.ParseSessionID(string(s)); err != nil {
			return nil, err
		}
		args = append(args, "-t", string(s))
	}
	out, err := c.run(ctx, append(args, optionsFormat(names)))
	if err != nil {
		return nil, err
	}
	return parseOptions(out, names)
}

// checkUserOption refuses what is not a user option name (@name).
func checkUserOption(n string) error {
	if !isUserOption(n) {
		return &tmux.Error{Kind: tmux.KindInvalidInput, Value: n, Message: fmt.Sprintf("invalid user option name %s", tmux.Quote(n))}
	}
	return nil
}

// checkSessionOptions validates a session id and user option names
// before tmux sees any of them.
func checkSessionOptions(s tmux.SessionID, names []string) error {
	if _, err := tmux.ParseSessionID(string(s)); err != nil {
		return err
	}
	for _, n := range names {
		if err := checkUserOption(n); err != nil {
			return err
		}
	}
	return nil
}

// optionsFormat reads the named options in one format that survives
// tmux's output escaping (see records.ExactVar).
func optionsFormat(names []string) string {
	var f strings.Builder
	for _, n := range names {
		f.WriteString(records.ExactVar(n))
	}
	return f.String()
}

// parseOptions splits display-message output made with optionsFormat
// into the named options' values and undoes tmux's escapes. Unset and
// empty options are absent from the map.
func parseOptions(out string, names []string) (map[string]string, error) {
	out = strings.TrimSuffix(out, "\n")
	bad := func(why string) error {
		return &tmux.Error{Kind: tmux.KindRefused, Message: fmt.Sprintf("cannot read tmux options from %s: %s", tmux.Quote(out), why)}
	}
	opts := map[string]string{}
	rest := out
	for i, n := range names {
		var v string
		var err error
		if v, rest, err = records.ReadExact(rest); err != nil {
			return nil, bad(fmt.Sprintf("value %d of %d: %v", i+1, len(names), err))
		}
		if v != "" {
			opts[n] = v
		}
	}
	if rest != "" {
		return nil, bad(fmt.Sprintf("more than %d values", len(names)))
	}
	return opts, nil
}

// EscapeTime reads the server's escape-time option, in milliseconds: how
// long tmux waits after an Esc for the rest of a sequence before passing
// it on. A format reads it (#{escape-time} finds a server option by its
// name on every tmux from 3.2a), with no option command whose output
// differs between releases.
func (c *Client) EscapeTime(ctx context.Context) (int, error) {
	out, err := c.run(ctx, []string{"display-message", "-p", "#{escape-time}"})
	if err != nil {
		return 0, err
	}
	var ms int
	if _, err := fmt.Sscan(out, &ms); err != nil {
		return 0, fmt.Errorf("escape-time %s: %w", tmux.Quote(strings.TrimSpace(out)), err)
	}
	return ms, nil
}
