package records

import (
	"fmt"
	"strings"

	"github.com/panemap/panemap/tmux"
)

// Batch is what one batched read returned: windows (lines starting with
// '@'), their panes ('%'), and the server's marked pane ("M\t%id\t@id").
type Batch struct {
	Windows   []*tmux.Window
	Marked    tmux.PaneID
	MarkedWin tmux.WindowID
}

const MarkedFormat = "M\t#{pane_id}\t#{window_id}"

// Parse reads the output of a batch of list-windows / list-panes /
// marked-pane commands: records one after another, windows starting with
// '@', their panes with '%', and the marked pane's line with "M\t". Panes
// attach to the windows listed with them.
func Parse(out string) (*Batch, error) {
	l := &Batch{}
	byID := map[tmux.WindowID]*tmux.Window{}
	// A window read a second time (two targets in one window) is
	// followed by its panes again: those are dropped, so no pane is
	// listed twice.
	dup := false
	for s := out; s != ""; {
		switch {
		case s[0] == '@':
			w, rest, err := cutWindow(s)
			if err != nil {
				return nil, err
			}
			dup = byID[w.ID] != nil
			if !dup {
				l.Windows = append(l.Windows, w)
				byID[w.ID] = w
			}
			s = rest
		case s[0] == '%':
			p, rest, err := cutPane(s)
			if err != nil {
				return nil, err
			}
			if w := byID[p.WindowID]; w != nil && !dup {
				w.Panes = append(w.Panes, p)
			}
			s = rest
		case strings.HasPrefix(s, "M\t"):
			// A line of list-panes, or a record of a loop ending in ';'
			// (a window linked into two sessions shows it twice).
			end := strings.IndexAny(s, ";\n")
			if end < 0 {
				end = len(s)
			}
			line, rest := s[:end], strings.TrimPrefix(strings.TrimPrefix(s[end:], ";"), "\n")
			f := strings.Split(line, "\t")
			if len(f) != 3 {
				return nil, fmt.Errorf("unexpected tmux output line %s", tmux.Quote(line))
			}
			pid, err1 := tmux.ParsePaneID(f[1])
			wid, err2 := tmux.ParseWindowID(f[2])
			if err1 != nil || err2 != nil {
				return nil, fmt.Errorf("unexpected tmux output line %s", tmux.Quote(line))
			}
			l.Marked, l.MarkedWin = pid, wid
			s = rest
		default:
			return nil, fmt.Errorf("unexpected tmux output line %s", tmux.Quote(firstLine(s)))
		}
	}
	for _, w := range l.Windows {
		w.FixZoomedGeometry()
	}
	return l, nil
}
