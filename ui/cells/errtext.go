package cells

import (
	"errors"
	"strings"

	"github.com/panemap/panemap/tmux"
)

// ErrorText is err's message for the person at the keyboard. tmuxctl's
// messages name the offending value Go-quoted (tmux.Quote), which suits
// a log or an agent but shows a typed backslash as two; here the value
// is shown as typed, between plain double quotes, through
// Printable (a control character shows as U+FFFD, never raw).
func ErrorText(err error) string {
	if err == nil {
		return ""
	}
	msg := err.Error()
	var e *tmux.Error
	if errors.As(err, &e) && e.Value != "" {
		if q := tmux.Quote(e.Value); strings.Contains(msg, q) {
			msg = strings.Replace(msg, q, `"`+Printable(e.Value)+`"`, 1)
		}
	}
	return msg
}
