package transport

import (
	"errors"
	"strings"
	"testing"

	"github.com/panemap/panemap/tmux"
)

// refParse splits a command line the way tmux 3.3a's parser does for the
// subset QuoteArg emits: bare words, single-quoted strings (literal),
// and backslash escapes outside quotes. Anything else that means
// something to tmux outside quotes — ';', '#', '$', '~', braces, double
// quotes, a word starting with '%' other than %N — is an error, so a
// quoted argument that leaves quotes at the wrong place fails the test.
func refParse(line string) ([]string, error) {
	var words []string
	var cur strings.Builder
	inWord := false
	for i := 0; i < len(line); i++ {
		c := line[i]
		switch {
		case c == ' ' || c == '\t':
			if inWord {
				words = append(words, cur.String())
				cur.Reset()
				inWord = false
			}
		case c == '\'':
			j := strings.IndexByte(line[i+1:], '\'')
			if j < 0 {
				return nil, errors.New("unterminated single quote")
			}
			cur.WriteString(line[i+1 : i+1+j])
			i += j + 1
			inWord = true
		case c == '\\':
			if i+1 >= len(line) {
				return nil, errors.New("trailing backslash")
			}
			i++
			if strings.IndexByte("abefnrstuUv01234567", line[i]) >= 0 {
				return nil, errors.New("special escape")
			}
			cur.WriteByte(line[i])
			inWord = true
		case strings.IndexByte(";#$\"{}", c) >= 0:
			return nil, errors.New("unquoted " + string(c))
		case c == '~' && !inWord:
			return nil, errors.New("unquoted ~ at word start")
		case c == '%' && !inWord && !isPaneLike(wordAt(line[i:])):
			return nil, errors.New("unquoted % at word start")
		case c == '=':
			return nil, errors.New("unquoted =")
		case c < 0x20 || c == 0x7f:
			return nil, errors.New("unquoted control character")
		default:
			cur.WriteByte(c)
			inWord = true
		}
	}
	if inWord {
		words = append(words, cur.String())
	}
	return words, nil
}

func wordAt(s string) string {
	if i := strings.IndexAny(s, " \t"); i >= 0 {
		return s[:i]
	}
	return s
}

var hostile = []string{
	"x; kill-server", "'; new-window -n PWNED '", "$(touch /tmp/canary)", "#{pane_id}",
	"#{s/a/b/:pane_id}", `\`, `\\`, `"`, `'`, `''`, "x;", ";", "~", "~root", "$HOME", "${HOME}",
	"%if 1", "%hidden", "{", "}", "a=b", "X=1", "", " ", "\t", "-t", "#", "# comment",
	"a'b\"c\\d", "\r", "ünïcödé ✓", "\x1b[31m", "%1", "%01", "'\\''", "\\'", "'\\",
}

func TestQuoteArgRoundTrip(t *testing.T) {
	t.Parallel()
	for _, s := range hostile {
		q := QuoteArg(s)
		words, err := refParse(q)
		if err != nil || len(words) != 1 || words[0] != s {
			t.Errorf("QuoteArg(%q) = %s parses as %q, %v; want one word %q", s, q, words, err, s)
		}
	}
}

func TestCommandLineRefusesNewlines(t *testing.T) {
	t.Parallel()
	for _, s := range []string{"a\nb", "\n", "a\x00b"} {
		_, err := CommandLine([][]string{{"set", "-g", "@x", s}})
		if tmux.KindOf(err) != tmux.KindInvalidInput {
			t.Errorf("CommandLine with %q: %v; want invalid_input", s, err)
		}
	}
	line, err := CommandLine([][]string{{"display-message", "-p", "a"}, nil, {"list-panes", "-t", "%1", "-F", "#{pane_id}"}})
	if err != nil || line != "display-message -p a ; list-panes -t %1 -F '#{pane_id}'" {
		t.Errorf("CommandLine = %q, %v", line, err)
	}
}

func FuzzQuote(f *testing.F) {
	for _, s := range hostile {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		line, err := CommandLine([][]string{{"set-option", "-g", "@x", s}})
		if strings.ContainsAny(s, "\n\x00") {
			if tmux.KindOf(err) != tmux.KindInvalidInput {
				t.Fatalf("CommandLine accepted %q: %v", s, err)
			}
			return
		}
		if err != nil {
			t.Fatalf("CommandLine(%q): %v", s, err)
		}
		words, err := refParse(line)
		if err != nil {
			t.Fatalf("line %q does not parse: %v", line, err)
		}
		if len(words) != 4 || words[3] != s {
			t.Fatalf("line %q parses as %q; want the argument %q as the 4th of 4 words", line, words, s)
		}
	})
}
