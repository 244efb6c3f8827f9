package scripts

import "github.com/panemap/panemap/tmux"

// Rotate rotates window w's panes (down: each pane to the next
// index, the last to the first; up: the other way). rotate-window moves
// the focus to whichever pane arrives in the active pane's place; the
// focus goes back to the pane that was active, and the last pane back to
// the pane that was last.
func Rotate(w tmux.WindowID, d tmux.Direction) [][]string {
	flag := "-D"
	if d == tmux.DirUp {
		flag = "-U"
	}
	lastID := "#{P:#{?pane_last,#{pane_id},}}"
	refocus := "#{?" + lastID + ",select-pane -Z -t " + lastID + " ; ,}select-pane -Z -t #{pane_id}"
	return [][]string{
		{"has-session", "-t", string(w)},
		{"run-shell", "-C", "-t", string(w), List([][]string{{"rotate-window", "-Z", flag, "-t", string(w)}}) + " ; " + refocus},
	}
}
