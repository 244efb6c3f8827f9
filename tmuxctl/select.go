package tmuxctl

import (
	"context"
	"fmt"

	"github.com/panemap/panemap/tmux"
)

var tmuxDirFlag = map[tmux.Direction]string{tmux.DirUp: "-U", tmux.DirDown: "-D", tmux.DirLeft: "-L", tmux.DirRight: "-R", tmux.DirLast: "-l"}

// SelectPane makes p its window's active pane, or moves from p in a
// direction. up/down/left/right/last are tmux's own moves (its wrap-around
// and most-recently-used tie-break); next/previous step through the
// window's panes in index order from p, wrapping. A zoomed window stays
// zoomed. The answer is the pane tmux actually landed on. It is one
// command list: the move and the read of the window after it.
func (c *Client) SelectPane(ctx context.Context, p tmux.PaneID, d tmux.Direction) (tmux.Pane, error) {
	op := Op{Kind: OpSelect, Pane: p, Dir: d}
	if err := op.check(); err != nil {
		return tmux.Pane{}, err
	}
	run, cmds := c.run, op.script("")
	switch d {
	case tmux.DirNext, tmux.DirPrevious:
		run = c.script
	case tmux.DirLast:
		// tmux's own refusal ("no last pane") is the answer, where the
		// navigator's op does nothing.
		cmds = [][]string{selectCmd(string(p), d)}
	}
	out, err := run(ctx, append(cmds, landingCmds(string(p))...)...)
	var w *tmux.Window
	if err != nil {
		err = c.nameGone(err, string(p))
	} else {
		w, err = oneWindow(out, string(p))
	}
	if err != nil {
		if tmux.KindOf(err) == tmux.KindRefused && d == tmux.DirLast {
			return tmux.Pane{}, &tmux.Error{Kind: tmux.KindRefused, Value: string(p), Message: fmt.Sprintf("no last pane in the window of pane %s", p), Err: err}
		}
		return tmux.Pane{}, err
	}
	a, ok := w.ActivePane()
	if !ok {
		return tmux.Pane{}, tmux.Gone("pane", string(p))
	}
	return a, nil
}

// landingCmds read the window that target is in with only its active
// pane: all a select's answer needs (a pane's command and path cost tmux
// a look into /proc each, so the other panes are left out).
func landingCmds(target string) [][]string {
	return [][]string{
		{"display-message", "-p", "-t", target, windowFormat},
		{"list-panes", "-t", target, "-f", "#{pane_active}", "-F", paneFormat},
	}
}

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
