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
// options are absent from the map. Values come back exactly as set, on
// every tmux version (see optionsFormat).
func (c *Client) UserOptions(ctx context.Context, s SessionID, names []string) (map[string]string, error) {
	for _, n := range names {
		if !userOptionRE.MatchString(n) {
			return nil, &Error{Kind: KindInvalidInput, Value: n, Message: fmt.Sprintf("invalid user option name %s", Quote(n))}
		}
	}
	args := []string{"display-message", "-p"}
	if s != "" {
		if _, err := ParseSessionID(string(s)); err != nil {
			return nil, err
		}
		args = append(args, "-t", string(s))
	}
	out, err := c.run(ctx, append(args, optionsFormat(names)))
	if err != nil {
		return nil, err
	}
	vals, err := parseOptionValues(out, len(names))
	if err != nil {
		return nil, err
	}
	opts := map[string]string{}
	for i, n := range names {
		if vals[i] != "" {
			opts[n] = vals[i]
		}
	}
	return opts, nil
}

// optionsFormat reads the named options in one format that survives
// tmux's output escaping. tmux 3.4 and 3.5a pass every line of command
// output (show-options and display-message alike, over exec and control
// mode) through vis(3) with VIS_OCTAL|VIS_CSTYLE|VIS_NOSLASH: control
// characters other than tab and newline come out as \r, \033 and so on,
// 3.4 also writes $ as \$ before a letter, '_' or '{', and a backslash
// is left bare, so a value holding a backslash and an r and one holding
// a carriage return look the same. Here tmux itself doubles every
// backslash in a value (the s/// modifier, tmux 3.2+) before escaping
// it, so a lone backslash in the output is always tmux's escape, and
// "\." (which tmux never writes) ends each value. Other versions print
// values raw, and raw bytes pass parseOptionValues unchanged.
func optionsFormat(names []string) string {
	var f strings.Builder
	for _, n := range names {
		fmt.Fprintf(&f, `#{s/[\]/\0\0/:%s}\.`, n)
	}
	return f.String()
}

// parseOptionValues splits display-message output made with optionsFormat
// into n values and undoes tmux's escapes.
func parseOptionValues(out string, n int) ([]string, error) {
	out = strings.TrimSuffix(out, "\n")
	bad := func(why string) error {
		return &Error{Kind: KindRefused, Message: fmt.Sprintf("cannot read tmux options from %s: %s", Quote(out), why)}
	}
	vals := make([]string, 0, n)
	var v strings.Builder
	for i := 0; i < len(out); i++ {
		if out[i] != '\\' {
			v.WriteByte(out[i])
			continue
		}
		if i++; i == len(out) {
			return nil, bad("a lone backslash at the end")
		}
		switch c := out[i]; c {
		case '.':
			vals = append(vals, v.String())
			v.Reset()
		case '\\', '$':
			v.WriteByte(c)
		case 'a', 'b', 'f', 'n', 'r', 's', 't', 'v':
			v.WriteByte(cEscapes[strings.IndexByte("abfnrstv", c)])
		case '0', '1', '2', '3':
			if i+2 >= len(out) || !isOctal(out[i+1]) || !isOctal(out[i+2]) {
				return nil, bad("a short octal escape")
			}
			v.WriteByte((c-'0')<<6 | (out[i+1]-'0')<<3 | (out[i+2] - '0'))
			i += 2
		default:
			return nil, bad(fmt.Sprintf("an unknown escape \\%c", c))
		}
	}
	if v.Len() != 0 || len(vals) != n {
		return nil, bad(fmt.Sprintf("%d values, want %d", len(vals), n))
	}
	return vals, nil
}

// cEscapes are the characters vis(3) writes as \a \b \f \n \r \s \t \v.
const cEscapes = "\a\b\f\n\r \t\v"

func isOctal(c byte) bool { return c >= '0' && c <= '7' }
