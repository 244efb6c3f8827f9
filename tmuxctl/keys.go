package tmuxctl

import (
	"context"

	"github.com/panemap/panemap/tmux"
)

// PrefixBindings reads every binding of the prefix table.
func (c *Client) PrefixBindings(ctx context.Context) ([]tmux.KeyBinding, error) {
	out, err := c.run(ctx, []string{"list-keys", "-T", "prefix"})
	if err != nil {
		return nil, err
	}
	return tmux.ParseKeyTable(out, "prefix"), nil
}

// PrefixBinding returns the command key is bound to in the prefix table,
// and whether it is bound at all. It reads the whole table and filters it
// here: on tmux 3.7c `list-keys -T prefix KEY` prints nothing even when
// KEY is bound.
func (c *Client) PrefixBinding(ctx context.Context, key string) (string, bool, error) {
	if err := tmux.ParseKeyName(key); err != nil {
		return "", false, err
	}
	all, err := c.PrefixBindings(ctx)
	if err != nil {
		return "", false, err
	}
	want := tmux.CanonicalKey(key)
	for _, b := range all {
		if tmux.CanonicalKey(b.Key) == want {
			return b.Command, true, nil
		}
	}
	return "", false, nil
}
