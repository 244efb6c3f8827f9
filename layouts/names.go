package layouts

import (
	"fmt"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/panemap/panemap/tmux"
)

// The window options that remember a window's layout (window scope, user
// options), set by an apply or a save: the layout's name, and the
// window's #{window_layout} right after, so that a map can say when the
// window has changed since.
const (
	OptionName    = "@panemap-layout"
	OptionApplied = "@panemap-layout-applied"
)

// MaxNameLen is the most characters a layout's name may have.
const MaxNameLen = 64

// maxFileName is the longest file name most file systems take (NAME_MAX),
// which a name of 64 four-byte characters and ".json" would pass.
const maxFileName = 255

// CheckName refuses a name that cannot be a layout's, naming it: empty,
// over MaxNameLen characters (or too long in bytes for a file name), not
// UTF-8, holding '/', "..", or a control character, or starting with '.'
// (the store's own temporary files do). A name is a file name in the
// store, and is typed in scripts and key bindings, so anything that would
// be read as a path, hide the file, or garble a terminal is refused.
func CheckName(name string) error {
	var why string
	switch n := utf8.RuneCountInString(name); {
	case name == "":
		why = "is empty"
	case !utf8.ValidString(name):
		why = "is not valid UTF-8"
	case n > MaxNameLen:
		why = fmt.Sprintf("has %d characters, over the limit of %d", n, MaxNameLen)
	case len(name)+len(".json") > maxFileName:
		why = fmt.Sprintf("is %d bytes long, over the %d a file name can hold", len(name), maxFileName-len(".json"))
	case strings.ContainsRune(name, '/'):
		why = "holds '/'"
	case strings.Contains(name, ".."):
		why = `holds ".."`
	case strings.IndexFunc(name, unicode.IsControl) >= 0:
		why = "holds a control character"
	case name[0] == '.':
		why = "starts with '.'"
	default:
		return nil
	}
	return &tmux.Error{Kind: tmux.KindInvalidInput, Value: name, Message: fmt.Sprintf("layout name %s %s: a name is 1 to %d characters, without '/', \"..\", control characters or a leading '.'", tmux.Quote(name), why, MaxNameLen)}
}
