package records

import (
	"errors"
	"fmt"
	"strings"
)

// Free text that panemap reads from tmux (user option values, session and
// window names, pane titles, commands and paths) is read through ExactVar
// and ReadExact, so that it comes back exactly as tmux holds it on every
// version, whatever bytes it contains.
//
// tmux 3.4 and 3.5a pass every line of command output (display-message,
// list-panes, show-options, over exec and control mode alike) through
// vis(3) with VIS_OCTAL|VIS_CSTYLE|VIS_NOSLASH: control characters other
// than tab and newline come out as \r, \033 and so on, 3.4 also writes $
// as \$ before a letter, '_' or '{', and a backslash is left bare, so a
// value holding a backslash and an r and one holding a carriage return
// look the same. Tabs and newlines are not escaped there (no VIS_TAB or
// VIS_NL), and every other version prints values raw: a value can hold a
// raw tab or newline on all of them, so neither can end a value.
//
// ExactVar has tmux itself double every backslash in the value (the s///
// modifier, tmux 3.2+) before any escaping, so a lone backslash in the
// output is always tmux's escape, and it ends the value with "\." (which
// tmux never writes). ReadExact undoes the escapes; raw output passes it
// unchanged.

// ExactVar is a format for the value of the format variable or user
// option name, made to be read back by ReadExact. A substitution per value
// is cheap next to the rest of a format.
func ExactVar(name string) string {
	return `#{s/[\]/\0\0/:` + name + `}\.`
}

var errNoEnd = errors.New("a value without its end")

// ReadExact reads one value written by ExactVar from the start of s, and
// returns it with what follows its end.
func ReadExact(s string) (val, rest string, err error) {
	i := strings.IndexByte(s, '\\')
	if i < 0 {
		return "", "", errNoEnd
	}
	if i+1 < len(s) && s[i+1] == '.' {
		return s[:i], s[i+2:], nil // nothing escaped: the usual case
	}
	var v strings.Builder
	v.Grow(len(s))
	v.WriteString(s[:i])
	for {
		// s[i] is a backslash.
		if i+1 == len(s) {
			return "", "", errors.New("a lone backslash at the end")
		}
		switch c := s[i+1]; c {
		case '.':
			return v.String(), s[i+2:], nil
		case '\\', '$':
			v.WriteByte(c)
			i += 2
		case 'a', 'b', 'f', 'n', 'r', 's', 't', 'v':
			v.WriteByte(cEscapes[strings.IndexByte("abfnrstv", c)])
			i += 2
		case '0', '1', '2', '3':
			if i+3 >= len(s) || !isOctal(s[i+2]) || !isOctal(s[i+3]) {
				return "", "", errors.New("a short octal escape")
			}
			v.WriteByte((c-'0')<<6 | (s[i+2]-'0')<<3 | (s[i+3] - '0'))
			i += 4
		default:
			return "", "", fmt.Errorf("an unknown escape \\%c", c)
		}
		j := strings.IndexByte(s[i:], '\\')
		if j < 0 {
			return "", "", errNoEnd
		}
		v.WriteString(s[i : i+j])
		i += j
	}
}

// cEscapes are the characters vis(3) writes as \a \b \f \n \r \s \t \v.
const cEscapes = "\a\b\f\n\r \t\v"

func isOctal(c byte) bool { return c >= '0' && c <= '7' }
