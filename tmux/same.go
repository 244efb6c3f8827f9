package tmux

// Comparing states: whether a change changed anything (the navigator's
// undo records only changes that did) and whether a fresh read shows
// anything new.

// SameLayout reports whether two states agree on everything the
// navigator can change: pane positions, focus, last pane, zoom, mark,
// current and last window, window names, automatic-rename and pane
// titles. Commands and paths do not count.
func SameLayout(a, b *State) bool {
	if a == nil || b == nil {
		return a == b
	}
	if a.Current != b.Current || a.LastWindow != b.LastWindow || a.Marked != b.Marked || len(a.Windows) != len(b.Windows) {
		return false
	}
	for i := range a.Windows {
		if !sameWindow(a.Windows[i], b.Windows[i], false) {
			return false
		}
	}
	if (a.Foreign == nil) != (b.Foreign == nil) {
		return false
	}
	return a.Foreign == nil || sameWindow(a.Foreign, b.Foreign, false)
}

// SameState is SameLayout plus everything the navigator's map shows.
func SameState(a, b *State) bool {
	if a == nil || b == nil {
		return a == b
	}
	if !SameLayout(a, b) || a.SessionName != b.SessionName {
		return false
	}
	if a.Foreign != nil && !sameWindow(a.Foreign, b.Foreign, true) {
		return false
	}
	for i := range a.Windows {
		if !sameWindow(a.Windows[i], b.Windows[i], true) {
			return false
		}
	}
	return true
}

func sameWindow(a, b *Window, shown bool) bool {
	if a.ID != b.ID || a.Zoomed != b.Zoomed || a.Active != b.Active || a.Last != b.Last ||
		a.Width != b.Width || a.Height != b.Height || len(a.Panes) != len(b.Panes) {
		return false
	}
	if a.Name != b.Name || a.AutoRename != b.AutoRename {
		return false
	}
	if shown && (a.Index != b.Index || a.Bell != b.Bell || a.Activity != b.Activity || a.Silence != b.Silence) {
		return false
	}
	for i := range a.Panes {
		p, q := a.Panes[i], b.Panes[i]
		if !shown {
			p.Command, p.Path = "", ""
			q.Command, q.Path = "", ""
		}
		if p != q {
			return false
		}
	}
	return true
}
