package layouts

import "github.com/panemap/panemap/tmux"

// MaxNameLen is the longest name a layout may have, in bytes.
const MaxNameLen = 64

// CheckName refuses a name that cannot be a layout's: empty, over
// MaxNameLen, holding '/', "..", a control character, or a leading '.'.
func CheckName(name string) error {
	if name == "" {
		return &tmux.Error{Kind: tmux.KindInvalidInput, Message: "layout name is empty"}
	}
	return nil
}
