package tmuxctl

import (
	"context"
	"strconv"
	"strings"

	"github.com/panemap/panemap/tmux"
)

// KeyBinding is one key of tmux's prefix table and the command it runs.
type KeyBinding struct {
	Key     string // as list-keys names it, unescaped
	Command string
}

// PrefixBindings reads every binding of the prefix table.
func (c *Client) PrefixBindings(ctx context.Context) ([]KeyBinding, error) {
	out, err := c.run(ctx, []string{"list-keys", "-T", "prefix"})
	if err != nil {
		return nil, err
	}
	return prefixBindings(out), nil
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

// prefixBindings reads list-keys output, which prints one
// `bind-key [-r] -T TABLE KEY COMMAND` line per binding, with KEY escaped
// for tmux's parser and the columns padded with spaces.
func prefixBindings(out string) []KeyBinding {
	var all []KeyBinding
	for _, line := range strings.Split(out, "\n") {
		rest, ok := strings.CutPrefix(line, "bind-key ")
		if !ok {
			continue
		}
		next := func() string {
			w, after, _ := strings.Cut(strings.TrimLeft(rest, " "), " ")
			rest = after
			return w
		}
		w := next()
		if w == "-r" { // a repeatable binding
			w = next()
		}
		if w != "-T" || next() != "prefix" {
			continue
		}
		key := unescapeKey(next())
		all = append(all, KeyBinding{Key: key, Command: strings.TrimSpace(rest)})
	}
	return all
}

// unescapeKey undoes list-keys' quoting of a key: \X for a single special
// character, "…" with backslash escapes, '…' literally, and a doubled
// backslash in a bare word (M-\\).
func unescapeKey(s string) string {
	if len(s) >= 2 && s[0] == '\'' && s[len(s)-1] == '\'' {
		return s[1 : len(s)-1]
	}
	if len(s) >= 2 && s[0] == '"' && s[len(s)-1] == '"' {
		s = s[1 : len(s)-1]
	}
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		if s[i] != '\\' || i+1 == len(s) {
			b.WriteByte(s[i])
			continue
		}
		if i+3 < len(s) {
			if n, err := strconv.ParseUint(s[i+1:i+4], 8, 8); err == nil {
				b.WriteByte(byte(n))
				i += 3
				continue
			}
		}
		i++
		b.WriteByte(s[i])
	}
	return b.String()
}
