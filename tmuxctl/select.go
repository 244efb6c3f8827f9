package tmuxctl

import (
	"github.com/panemap/panemap/tmux"
)

var tmuxDirFlag = map[tmux.Direction]string{tmux.DirUp: "-U", tmux.DirDown: "-D", tmux.DirLeft: "-L", tmux.DirRight: "-R", tmux.DirLast: "-l"}

// selectCmd moves from target (a pane, or a window meaning its active
// pane) in direction d; DirNone selects target itself. Not for next and
// previous.
func selectCmd(target string, d tmux.Direction) []string {
	sel := []string{"select-pane", "-Z", "-t", target}
	if f := tmuxDirFlag[d]; f != "" {
		sel = append(sel, f)
	}
	return sel
}

// stepScript selects the pane after (or before) p by index, wrapping, with
// the index worked out by tmux in p's context (p is a pane, or a window
// meaning its active pane): run-shell -C expands the
// formats and then runs the command they make, whose only variable parts
// are tmux's own window id and a number. has-session first fails, naming
// p, when p does not exist (run-shell would expand the formats against
// the current window instead).
func stepScript(p string, d tmux.Direction) [][]string {
	const base = "#{pane-base-index}"
	delta := "1"
	if d == tmux.DirPrevious {
		delta = "#{e|-:#{window_panes},1}"
	}
	index := "#{e|+:#{e|%:#{e|+:#{e|-:#{pane_index}," + base + "}," + delta + "},#{window_panes}}," + base + "}"
	return [][]string{
		{"has-session", "-t", p},
		{"run-shell", "-C", "-t", p, "select-pane -Z -t #{window_id}." + index},
	}
}
