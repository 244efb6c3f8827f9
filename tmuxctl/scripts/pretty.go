package scripts

import (
	"fmt"
	"strings"

	"github.com/panemap/panemap/tmuxctl/transport"
)

// Pretty lays a script out for a reader: one command a line, the command
// lists of an if-shell (which List rendered into one word each, or
// Braced) parsed back and indented under "then:" and "else:", and the
// format of a run-shell -C (which prints the command line it runs) under
// its command, a format that is one #{?…} condition split into its
// condition and branches. Every other word is shown as tmux's parser
// gets it (transport.QuoteArg). It is for review and golden files: the
// flat command line is what tmux receives (transport.CommandLine).
func Pretty(cmds [][]string) (string, error) {
	list := make([]Command, len(cmds))
	for i, c := range cmds {
		for _, w := range c {
			list[i] = append(list[i], Arg{Word: w})
		}
	}
	var b strings.Builder
	if err := pretty(&b, list, ""); err != nil {
		return "", err
	}
	return b.String(), nil
}

func pretty(b *strings.Builder, cmds []Command, indent string) error {
	for _, c := range cmds {
		switch {
		case c.is("if-shell", "-F") && len(c) >= 4:
			head := 3 // if-shell -F cond, or with -t target
			if c.is("if-shell", "-F", "-t") {
				head = 5
			}
			if len(c) < head+1 || len(c) > head+2 {
				fmt.Fprintf(b, "%s%s\n", indent, Line([]Command{c}))
				continue
			}
			fmt.Fprintf(b, "%s%s\n", indent, Line([]Command{c[:head]}))
			for i, branch := range c[head:] {
				list := branch.Braced
				if list == nil {
					var err error
					if list, err = ParseList(branch.Word); err != nil {
						return fmt.Errorf("if-shell's command list %q: %w", branch.Word, err)
					}
				}
				fmt.Fprintf(b, "%s  %s\n", indent, []string{"then:", "else:"}[i])
				if err := pretty(b, list, indent+"    "); err != nil {
					return err
				}
			}
		case len(c) == 5 && c.is("run-shell", "-C", "-t") && c[4].Braced == nil:
			fmt.Fprintf(b, "%s%s  (runs the command line this format expands to:)\n", indent, Line([]Command{c[:4]}))
			prettyFormat(b, c[4].Word, indent+"    ")
		default:
			fmt.Fprintf(b, "%s%s\n", indent, Line([]Command{c}))
		}
	}
	return nil
}

// prettyFormat writes format f, split when it is one #{?cond,then,else}.
func prettyFormat(b *strings.Builder, f string, indent string) {
	parts, ok := splitCondition(f)
	if !ok {
		fmt.Fprintf(b, "%s%s\n", indent, f)
		return
	}
	fmt.Fprintf(b, "%s#{? %s\n", indent, parts[0])
	for i, branch := range parts[1:] {
		fmt.Fprintf(b, "%s  %s\n", indent, []string{"then:", "else:"}[i])
		if branch == "" {
			fmt.Fprintf(b, "%s    (nothing)\n", indent)
			continue
		}
		prettyFormat(b, branch, indent+"    ")
	}
	fmt.Fprintf(b, "%s}\n", indent)
}

// splitCondition splits f when it is exactly one #{?cond,then,else} (or
// #{?cond,then}) into its parts, as tmux's format_skip reads them: '#'
// escapes the character after it, and #{ opens a nested format.
func splitCondition(f string) ([]string, bool) {
	if !strings.HasPrefix(f, "#{?") {
		return nil, false
	}
	var parts []string
	depth, start := 0, 3
	for i := 3; i < len(f); i++ {
		switch {
		case f[i] == '#' && i+1 < len(f):
			if f[i+1] == '{' {
				depth++
			}
			i++
		case f[i] == '}' && depth > 0:
			depth--
		case f[i] == ',' && depth == 0:
			parts = append(parts, f[start:i])
			start = i + 1
		case f[i] == '}':
			parts = append(parts, f[start:i])
			if i != len(f)-1 || len(parts) < 2 || len(parts) > 3 {
				return nil, false
			}
			return parts, true
		}
	}
	return nil, false
}

// A Command is one command of a parsed command list: its arguments.
type Command []Arg

// An Arg is one argument: a word, or a list in tmux's braces (Braced).
type Arg struct {
	Word   string
	Braced []Command // non-nil for a braced list
}

// is reports whether c starts with the words w.
func (c Command) is(w ...string) bool {
	if len(c) < len(w) {
		return false
	}
	for i, x := range w {
		if c[i].Braced != nil || c[i].Word != x {
			return false
		}
	}
	return true
}

// Line renders cmds as List and Braced do: ParseList's inverse.
func Line(cmds []Command) string {
	lines := make([]string, len(cmds))
	for i, c := range cmds {
		words := make([]string, len(c))
		for j, a := range c {
			words[j] = transport.QuoteArg(a.Word)
			if a.Braced != nil {
				words[j] = "{ " + Line(a.Braced) + " }"
			}
		}
		lines[i] = strings.Join(words, " ")
	}
	return strings.Join(lines, " ; ")
}

// ParseList reads back a command list List (or Braced, or IfShellLine)
// rendered: words separated by one space, each bare (transport's
// bare-word characters) or single quoted with a single quote inside
// written '\”, commands separated by a bare ";", and a bare "{" opening
// a list that a bare "}" closes. It takes nothing else of tmux's syntax:
// a line those could not have made is an error naming where.
func ParseList(line string) ([]Command, error) {
	cmds, _, err := parseList(line, 0, false)
	return cmds, err
}

// parseList reads commands from line[i:] up to the end or, in a braced
// list, up to its closing " }", and answers with the index after that.
func parseList(line string, i int, braced bool) ([]Command, int, error) {
	var cmds []Command
	var cmd Command
	for first := true; i < len(line); first = false {
		if !first {
			if line[i] != ' ' || i+1 == len(line) {
				return nil, 0, fmt.Errorf("byte %d of %q: want one space between words", i, line)
			}
			i++
		}
		word, next, quoted, err := parseWord(line, i)
		if err != nil {
			return nil, 0, err
		}
		switch {
		case !quoted && word == ";":
			if len(cmd) == 0 {
				return nil, 0, fmt.Errorf("byte %d of %q: empty command", i, line)
			}
			cmds, cmd = append(cmds, cmd), nil
		case !quoted && word == "}" && braced:
			if len(cmd) == 0 {
				return nil, 0, fmt.Errorf("byte %d of %q: empty command", i, line)
			}
			return append(cmds, cmd), next, nil
		case !quoted && word == "}":
			return nil, 0, fmt.Errorf("byte %d of %q: } closes no {", i, line)
		case !quoted && word == "{":
			inner, end, err := parseList(line, next+1, true)
			if err != nil {
				return nil, 0, err
			}
			cmd, next = append(cmd, Arg{Braced: inner}), end
		default:
			cmd = append(cmd, Arg{Word: word})
		}
		i = next
	}
	if braced {
		return nil, 0, fmt.Errorf("%q: unclosed {", line)
	}
	if len(cmd) == 0 {
		return nil, 0, fmt.Errorf("%q: empty command at the end", line)
	}
	return append(cmds, cmd), i, nil
}

// parseWord reads the word at line[i:], and answers with the index after it.
func parseWord(line string, i int) (word string, next int, quoted bool, err error) {
	if line[i] != '\'' {
		end := strings.IndexByte(line[i:], ' ')
		if end < 0 {
			end = len(line) - i
		}
		w := line[i : i+end]
		if w != ";" && w != "{" && w != "}" && transport.QuoteArg(w) != w {
			return "", 0, false, fmt.Errorf("byte %d of %q: %q is neither a bare word nor quoted", i, line, w)
		}
		return w, i + end, false, nil
	}
	var b strings.Builder
	for {
		end := strings.IndexByte(line[i+1:], '\'')
		if end < 0 {
			return "", 0, false, fmt.Errorf("byte %d of %q: unterminated quote", i, line)
		}
		b.WriteString(line[i+1 : i+1+end])
		i += end + 2
		if !strings.HasPrefix(line[i:], `\''`) {
			return b.String(), i, true, nil
		}
		b.WriteByte('\'')
		i += 2 // at the quote that opens the next part
	}
}
