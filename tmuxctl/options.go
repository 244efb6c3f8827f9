package tmuxctl

import (
	"context"
	"fmt"
	"regexp"
	"strings"
)

var userOptionRE = regexp.MustCompile(`^@[a-z][a-z0-9-]{0,63}$`)

// UserOptions reads tmux user options (@name) as they apply to session s
// (its own value, else the global one), in one command. Unset and empty
// options are absent from the map.
func (c *Client) UserOptions(ctx context.Context, s SessionID, names []string) (map[string]string, error) {
	var f strings.Builder
	for i, n := range names {
		if !userOptionRE.MatchString(n) {
			return nil, &Error{Kind: KindInvalidInput, Value: n, Message: fmt.Sprintf("invalid user option name %s", Quote(n))}
		}
		if i > 0 {
			f.WriteByte('\t')
		}
		fmt.Fprintf(&f, "#{%s}", n)
	}
	args := []string{"display-message", "-p"}
	if s != "" {
		if _, err := ParseSessionID(string(s)); err != nil {
			return nil, err
		}
		args = append(args, "-t", string(s))
	}
	out, err := c.run(ctx, append(args, f.String()))
	if err != nil {
		return nil, err
	}
	vals := strings.Split(strings.TrimSuffix(out, "\n"), "\t")
	opts := map[string]string{}
	for i, n := range names {
		if i < len(vals) && vals[i] != "" {
			opts[n] = vals[i]
		}
	}
	return opts, nil
}
