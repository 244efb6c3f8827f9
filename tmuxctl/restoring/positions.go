package restoring

import (
	"fmt"
	"strings"

	"github.com/panemap/panemap/tmux"
)

// SamePositions is a format that, in the context of st's session, is "1"
// when the session has st's windows with as many panes each, and every
// pane is where st has it. It holds no matter in which order tmux loops:
// #{P:} goes by pane index before tmux 3.6 and by pane id from 3.6 on.
func SamePositions(st *tmux.State) string {
	var windows, panes strings.Builder
	for _, w := range st.Windows {
		fmt.Fprintf(&windows, "<%s.%d>", w.ID, len(w.Panes))
		for _, p := range w.Panes {
			fmt.Fprintf(&panes, "<%s.%s.%d>", p.ID, w.ID, p.Index)
		}
	}
	// One x for each window or pane st does not have there.
	strays := "#{W:#{?#{m:*<#{window_id}.#{window_panes}>*," + windows.String() + "},,x}" +
		"#{P:#{?#{m:*<#{pane_id}.#{window_id}.#{pane_index}>*," + panes.String() + "},,x}}}"
	return "#{==:" + strays + "#{session_windows}," + fmt.Sprint(len(st.Windows)) + "}"
}

// Positions is where each pane of st's session windows is, in st's order.
func Positions(st *tmux.State) string {
	var b strings.Builder
	for _, w := range st.Windows {
		for _, p := range w.Panes {
			fmt.Fprintf(&b, "%s.%s.%d ", p.ID, w.ID, p.Index)
		}
	}
	return b.String()
}
