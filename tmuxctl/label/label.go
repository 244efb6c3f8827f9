// Package label makes the commands that set a pane's title and a
// window's name to a text stored exactly as given.
//
// select-pane -T and rename-window expand their argument as a format on
// every version from 3.2a to master (format_single_from_target in
// cmd-select-pane.c and cmd-rename-window.c), so "#(…)" in a title would
// run a shell command and "#{…}" would be replaced: every '#' is doubled.
// tmux then stores the result through vis(3) where it does so: a window
// name on every version, a title from 3.7 (clean_name), which doubles a
// backslash; and 3.2a to 3.4 store a '$' in a window name as "\$". A run
// of '#' before '[' is a style, which format expansion keeps as it is
// (3.4 and later; 3.2a and 3.3a only for two or more '#'). A
// text tmux would store otherwise is refused, with control characters,
// rather than stored changed.
//
// Over tmux processes, an argument that ends in ';' ends the command, even
// as an argv element of its own: the labelling command is therefore
// passed inside if-shell as one quoted command line, which carries any
// text.
package label

import (
	"fmt"
	"strings"
	"unicode/utf8"

	"github.com/panemap/panemap/tmux"
	"github.com/panemap/panemap/tmuxctl/transport"
)

// MaxLen is the most characters a title or a name may have.
const MaxLen = 200

// Title is the command list that sets pane p's title to title.
func Title(p tmux.PaneID, title string) ([][]string, error) {
	if _, err := tmux.ParsePaneID(string(p)); err != nil {
		return nil, err
	}
	if err := check("title", title, `\`); err != nil {
		return nil, err
	}
	return wrap([]string{"select-pane", "-t", string(p), "-T", escape(title)})
}

// Window is the command list that renames window w to name. tmux turns
// automatic-rename off for a window it renames.
func Window(w tmux.WindowID, name string) ([][]string, error) {
	if _, err := tmux.ParseWindowID(string(w)); err != nil {
		return nil, err
	}
	if err := check("window name", name, `\$`); err != nil {
		return nil, err
	}
	return wrap([]string{"rename-window", "-t", string(w), "--", escape(name)})
}

// escape doubles every '#', so that tmux's format expansion gives back
// the text itself.
func escape(s string) string { return strings.ReplaceAll(s, "#", "##") }

func wrap(cmd []string) ([][]string, error) {
	line, err := transport.CommandLine([][]string{cmd})
	if err != nil {
		return nil, err
	}
	return [][]string{{"if-shell", "-F", "1", line}}, nil
}

// check refuses a text tmux could not store exactly: too long, not
// UTF-8, with a control character (C0, DEL, C1) or a character in
// altered (which tmux stores escaped).
func check(what, s, altered string) error {
	bad := ""
	switch n := utf8.RuneCountInString(s); {
	case !utf8.ValidString(s):
		bad = "is not valid UTF-8"
	case n > MaxLen:
		bad = fmt.Sprintf("has %d characters, more than %d", n, MaxLen)
	case strings.ContainsFunc(s, func(r rune) bool { return r < 0x20 || r >= 0x7f && r <= 0x9f }):
		bad = "holds a control character"
	case strings.Contains(s, "#["):
		bad = "holds #[, which tmux keeps as a style (format.c keeps a run of '#' before '[' as it is)"
	case strings.ContainsAny(s, altered):
		bad = fmt.Sprintf("holds %s, which tmux would store escaped", strings.Join(strings.Split(altered, ""), " or "))
	default:
		return nil
	}
	return &tmux.Error{Kind: tmux.KindInvalidInput, Value: s, Message: fmt.Sprintf("invalid %s %s: it %s", what, tmux.Quote(s), bad)}
}
