package records

import (
	"cmp"
	"fmt"
	"slices"
	"strings"

	"github.com/panemap/panemap/tmux"
)

// ListPaneFormat is PaneFormat led by the session the pane is listed
// under: list-panes -a lists a linked window's panes once per session,
// and only the session tells those copies apart.
var ListPaneFormat = "#{session_id}\t" + PaneFormat

// linkKey names one link of a window: the same window in two sessions is
// two entries of a listing.
type linkKey struct {
	s tmux.SessionID
	w tmux.WindowID
}

// ParseServer reads the output of tmuxctl's list commands: window records (starting
// with '@') and then pane records led by their session ('$'). Each pane
// goes under the window link its session and window name; the windows
// come back sorted (see tmuxctl.Listing). tmux ran both commands as one list, so
// a pane whose window link was not listed means the answer is corrupt.
func ParseServer(out string) ([]*tmux.Window, error) {
	var windows []*tmux.Window
	byLink := map[linkKey]*tmux.Window{}
	for s := out; s != ""; {
		switch s[0] {
		case '@':
			w, rest, err := cutWindow(s)
			if err != nil {
				return nil, err
			}
			k := linkKey{w.SessionID, w.ID}
			if byLink[k] != nil {
				return nil, fmt.Errorf("window %s listed twice in session %s", w.ID, w.SessionID)
			}
			byLink[k] = w
			windows = append(windows, w)
			s = rest
		case '$':
			sid, after, ok := strings.Cut(s, "\t")
			if !ok {
				return nil, fmt.Errorf("unexpected tmux output line %s", tmux.Quote(firstLine(s)))
			}
			sess, err := tmux.ParseSessionID(sid)
			if err != nil {
				return nil, err
			}
			p, rest, err := cutPane(after)
			if err != nil {
				return nil, err
			}
			w := byLink[linkKey{sess, p.WindowID}]
			if w == nil {
				return nil, fmt.Errorf("pane %s listed in window %s of session %s, which was not listed", p.ID, p.WindowID, sess)
			}
			w.Panes = append(w.Panes, p)
			s = rest
		default:
			return nil, fmt.Errorf("unexpected tmux output line %s", tmux.Quote(firstLine(s)))
		}
	}
	for _, w := range windows {
		slices.SortStableFunc(w.Panes, func(a, b tmux.Pane) int { return cmp.Compare(a.Index, b.Index) })
		w.FixZoomedGeometry()
	}
	// tmux already lists in this order; sorting makes it a property of
	// panemap rather than of a tmux version (master can sort lists).
	slices.SortStableFunc(windows, func(a, b *tmux.Window) int {
		return cmp.Or(strings.Compare(a.SessionName, b.SessionName), cmp.Compare(a.SessionID.Num(), b.SessionID.Num()),
			cmp.Compare(a.Index, b.Index))
	})
	return windows, nil
}
