// Package label makes the commands that set a pane's title and a
// window's name to a text stored exactly as given.
//
// select-pane -T and rename-window expand their argument as a format on
// every version from 3.2a to master (format_single_from_target in
// cmd-select-pane.c and cmd-rename-window.c), so "#(…)" in a title would
// run a shell command and "#{…}" would be replaced: every '#' is doubled.
// A run of '#' before '[' is a style, which format expansion keeps as it
// is (3.4 and later; 3.2a and 3.3a only for two or more '#').
//
// tmux then stores the result through utf8_stravis where it does so, and
// what that changes differs by version:
//   - a window name on every version (window_set_name, window.c), which
//     doubles a backslash; and 3.2a to 3.4 also write a '$' before an
//     ASCII letter, '_' or '{' as "\$" (utf8_strvis, utf8.c), which 3.5
//     and later do only for VIS_DQ, which names never get: "cost $5" is
//     stored as given everywhere, "$HOME" from 3.5;
//   - a title from 3.7 (clean_name), which doubles a backslash; up to
//     3.6 a title is stored as given (screen_set_title, screen.c).
//
// A text no version stores exactly, or with a control character, is
// refused. A text only some versions store exactly (see Versioned) is
// set only where it is: the command list asks tmux its version
// (#{version}) and changes nothing on the others, and Stores says which,
// for a caller that must refuse rather than do nothing.
//
// Over tmux processes, an argument that ends in ';' ends the command, even
// as an argv element of its own: the labelling command is therefore
// passed inside if-shell as one quoted command line, which carries any
// text.
package label

import (
	"fmt"
	"path"
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
	if err := check("title", title); err != nil {
		return nil, err
	}
	return wrap(rule(false, title), []string{"select-pane", "-t", string(p), "-T", escape(title)})
}

// Window is the command list that renames window w to name. tmux turns
// automatic-rename off for a window it renames.
func Window(w tmux.WindowID, name string) ([][]string, error) {
	if _, err := tmux.ParseWindowID(string(w)); err != nil {
		return nil, err
	}
	if err := check("window name", name); err != nil {
		return nil, err
	}
	if strings.Contains(name, `\`) {
		return nil, refusal("window name", name, `holds \, which tmux stores doubled`)
	}
	return wrap(rule(true, name), []string{"rename-window", "-t", string(w), "--", escape(name)})
}

// NewName refuses a window name that someone gives a window: an empty
// name, or one of white space only. tmux takes either, and its status line
// then shows the window by its number alone ("1:"): a name lost by
// accident, not a way back to automatic naming (automatic-rename is).
// Window itself takes them, so that a restore gives back whatever name
// tmux held.
func NewName(name string) error {
	switch {
	case name == "":
		return refusal("window name", name, "is empty; tmux's status line would show the window by its number alone")
	case strings.TrimSpace(name) == "":
		return refusal("window name", name, "is only white space; tmux's status line would show the window by its number alone")
	}
	return nil
}

// versionRule is what only some tmux versions store exactly: the
// versions (#{version} patterns, as tmux's #{m:} and path.Match read
// them) that do, and why the others do not.
type versionRule struct {
	versions []string
	why      string
}

var (
	// dollarName: a window name's '$' before a letter, '_' or '{'.
	dollarName = versionRule{[]string{"3.[5-9]*", "[4-9].*", "next-*", "master"},
		"holds $ before a letter, '_' or '{', which tmux before 3.5 stores as \\$"}
	// backslashTitle: a title's backslash.
	backslashTitle = versionRule{[]string{"3.[2-6]*"},
		`holds \, which tmux 3.7 and later store doubled`}
)

// rule is the version rule text falls under as a window name (window)
// or a title, or nil.
func rule(window bool, text string) *versionRule {
	switch {
	case window && hasDollarWord(text):
		return &dollarName
	case !window && strings.Contains(text, `\`):
		return &backslashTitle
	}
	return nil
}

// hasDollarWord reports whether s holds a '$' before an ASCII letter,
// '_' or '{' (utf8_strvis's test, isalpha on one byte).
func hasDollarWord(s string) bool {
	for i := 0; i+1 < len(s); i++ {
		if c := s[i+1]; s[i] == '$' && (c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c == '_' || c == '{') {
			return true
		}
	}
	return false
}

// format is "1" in tmux on the versions r names; empty or 0 elsewhere.
func (r *versionRule) format() string {
	f := ""
	for i, v := range r.versions {
		m := "#{m:" + v + ",#{version}}"
		if i == 0 {
			f = m
		} else {
			f = "#{||:" + m + "," + f + "}"
		}
	}
	return f
}

// Versioned reports whether a window name (window) or a title text is
// stored exactly by some tmux versions only (see Stores).
func Versioned(window bool, text string) bool { return rule(window, text) != nil }

// Stores refuses a window name (window) or a title that tmux version
// version (as #{version} prints it) would store changed, by the same
// test the command list makes in tmux. A version spelled otherwise than
// upstream spells it counts as one that changes it.
func Stores(window bool, text, version string) error {
	r := rule(window, text)
	if r == nil {
		return nil
	}
	for _, v := range r.versions {
		if ok, _ := path.Match(v, version); ok {
			return nil
		}
	}
	what := "title"
	if window {
		what = "window name"
	}
	return refusal(what, text, r.why+" (this is tmux "+version+")")
}

// escape doubles every '#', so that tmux's format expansion gives back
// the text itself.
func escape(s string) string { return strings.ReplaceAll(s, "#", "##") }

// wrap runs cmd inside if-shell, on the versions r names when r is set.
func wrap(r *versionRule, cmd []string) ([][]string, error) {
	line, err := transport.CommandLine([][]string{cmd})
	if err != nil {
		return nil, err
	}
	cond := "1"
	if r != nil {
		cond = r.format()
	}
	return [][]string{{"if-shell", "-F", cond, line}}, nil
}

// check refuses a text no tmux stores exactly: too long, not UTF-8,
// with a control character (C0, DEL, C1) or "#[".
func check(what, s string) error {
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
	default:
		return nil
	}
	return refusal(what, s, bad)
}

func refusal(what, s, bad string) error {
	return &tmux.Error{Kind: tmux.KindInvalidInput, Value: s, Message: fmt.Sprintf("invalid %s %s: it %s", what, tmux.Quote(s), bad)}
}
