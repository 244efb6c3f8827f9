// Package applying builds the command lists that give a window a named
// layout's plan (layouts.Plan): tmuxctl's OpApplyLayout runs them.
//
// select-layout fills a layout string's cells in pane-index order and
// ignores the pane ids in it (layout-custom.c, layout_assign), so the
// panes are first put in the plan's order by swaps (swap-pane exchanges
// two panes' places in the list and their cells; none is killed or
// respawned, each keeps its content), then the string is applied, built
// for the window's size now, so it comes back exactly. It only computes:
// nothing here talks to tmux.
package applying

import (
	"fmt"
	"slices"
	"strings"

	"github.com/panemap/panemap/layouts"
	"github.com/panemap/panemap/tmux"
	"github.com/panemap/panemap/tmuxctl/restoring"
	"github.com/panemap/panemap/tmuxctl/scripts"
)

// Check validates everything an apply of plan p to window w under name
// would send to tmux, before tmux sees any of it.
func Check(w tmux.WindowID, p *layouts.Plan, name string) error {
	if _, err := tmux.ParseWindowID(string(w)); err != nil {
		return err
	}
	if p == nil {
		return &tmux.Error{Kind: tmux.KindInvalidInput, Value: string(w), Message: fmt.Sprintf("applying a layout to window %s needs a plan", w)}
	}
	if p.Window != w {
		return &tmux.Error{Kind: tmux.KindInvalidInput, Value: string(p.Window), Message: fmt.Sprintf("the plan is for window %s, not %s", p.Window, w)}
	}
	if err := layouts.CheckName(name); err != nil {
		return err
	}
	if _, err := tmux.CheckLayout(p.Layout); err != nil {
		return err
	}
	ids := slices.Clone(p.Order)
	if p.Active != "" {
		ids = append(ids, p.Active)
	}
	for _, f := range p.Floating {
		ids = append(ids, f.Pane)
	}
	news := 0
	for _, id := range ids {
		if id == "" {
			news++
			continue
		}
		if _, err := tmux.ParsePaneID(string(id)); err != nil {
			return err
		}
	}
	if news != len(p.Create) {
		return &tmux.Error{Kind: tmux.KindInvalidInput, Value: fmt.Sprint(len(p.Create)), Message: fmt.Sprintf("the plan makes %d new panes for %d empty places in its order", len(p.Create), news)}
	}
	return nil
}

// Create is the command list that makes the plan's new panes (nil when
// it makes none), each running nothing but the default shell in its
// slot's saved directory, and printing its id. A full-size split
// (split-window -f) has the whole window's room, and tmux puts its pane
// last in the window's list (window_add_pane), where Created expects it.
// It is a list of its own: a swap needs both panes' ids, which tmux
// gives a new pane only as it makes it.
func Create(p *layouts.Plan, w *tmux.Window) [][]string {
	split := "-v"
	if w.Width > 2*w.Height {
		split = "-h"
	}
	var cmds [][]string
	for _, s := range p.Create {
		cmd := []string{"split-window", "-d", "-f", split, "-t", string(p.Window), "-P", "-F", "#{pane_id}"}
		if s.Cwd != "" {
			// -c is a format (spawn.c): every # doubled keeps the path literal.
			cmd = append(cmd, "-c", strings.ReplaceAll(s.Cwd, "#", "##"))
		}
		cmds = append(cmds, cmd)
	}
	return cmds
}

// Created is plan p with the ids Create's answer out printed in the
// places of its new panes, in order, and window w (as read before
// Create) with those panes last, as tmux added them.
func Created(p *layouts.Plan, w *tmux.Window, out string) (*layouts.Plan, *tmux.Window, error) {
	ids := strings.Fields(out)
	if len(ids) != len(p.Create) {
		return nil, nil, &tmux.Error{Kind: tmux.KindGone, Value: string(p.Window), Message: fmt.Sprintf("window %s: tmux made %d of the %d new panes", p.Window, len(ids), len(p.Create))}
	}
	q := *p
	q.Order = slices.Clone(p.Order)
	after := *w
	after.Panes = slices.Clone(w.Panes)
	next := 0
	if n := len(w.Panes); n > 0 {
		next = w.Panes[n-1].Index + 1
	}
	for _, s := range ids {
		id, err := tmux.ParsePaneID(s)
		if err != nil {
			return nil, nil, err
		}
		i := slices.Index(q.Order, "")
		if i < 0 {
			break
		}
		q.Order[i] = id
		after.Panes = append(after.Panes, tmux.Pane{ID: id, Index: next, WindowID: w.ID})
		next++
	}
	if q.Active == "" && len(ids) == 1 {
		// The saved active slot is the one pane made (see
		// layouts.Plan.Active).
		q.Active = tmux.PaneID(ids[0])
	}
	return &q, &after, nil
}

// changedLine is what the script prints instead of applying when the
// window is no longer as read.
const changedLine = "=panemap-apply-changed"

// Script is the command list that gives window w (as read: its panes
// in index order) plan p and names it: while w still has those panes at
// those indices and its size, the swaps that put its tiled panes in
// p.Order, the layout string, the active pane and the zoom, then the
// window options. Otherwise it prints changedLine and changes nothing
// (see Refusal).
func Script(p *layouts.Plan, name string, w *tmux.Window) [][]string {
	sw := string(p.Window)
	cmds, active := swaps(w, p.Order, p.Active)
	focus := p.Active != "" && p.Active != active && !p.Zoomed
	if len(w.FloatingPanes()) > 0 {
		// The focus before the floating panes are stacked: select-pane
		// raises a floating pane.
		if focus {
			cmds = append(cmds, []string{"select-pane", "-t", string(p.Active)})
		}
		layout, _ := refloat(p, w) // checked by CheckWindow
		cmds = append(cmds, layout...)
	} else {
		cmds = append(cmds, []string{"select-layout", "-t", sw, p.Layout})
		if focus {
			cmds = append(cmds, []string{"select-pane", "-t", string(p.Active)})
		}
	}
	if p.Zoomed && p.Active != "" {
		// resize-pane -Z makes the pane it zooms active (window_zoom).
		cmds = append(cmds, []string{"resize-pane", "-Z", "-t", string(p.Active)})
	}
	cmds = append(cmds, Remember(p.Window, name)...)
	// The panes, each at its index and as floating as read (#{P:} goes
	// by pane id from 3.6, the first with floating panes), and the size.
	var fl []int
	for _, q := range w.FloatingPanes() {
		fl = append(fl, q.ID.Num())
	}
	slices.Sort(fl)
	floats := ""
	for _, n := range fl {
		floats += fmt.Sprintf("%%%d", n)
	}
	same := fmt.Sprintf("#{&&:%s,#{&&:#{==:#{window_width},%d},#{&&:#{==:#{window_height},%d},#{==:#{P:#{?pane_floating_flag,#{pane_id},}},%s}}}}",
		restoring.SamePanes(w), w.Width, w.Height, floats)
	return [][]string{scripts.IfShell(sw, same, cmds, [][]string{{"display-message", "-p", changedLine}})}
}

// Remember sets window w's options to say it has the layout name now
// (a name layouts.CheckName passed: set-option without -F stores it as
// given), with the layout it has at that moment.
func Remember(w tmux.WindowID, name string) [][]string {
	return [][]string{
		{"set-option", "-w", "-t", string(w), layouts.OptionName, name},
		{"set-option", "-w", "-F", "-t", string(w), layouts.OptionApplied, "#{window_layout}"},
	}
}

// swaps are the swap-pane commands that put w's tiled panes (in index
// order) in order, and the pane active after them, which each swap
// steers toward want (the pane to make active) where it can, so no
// select-pane is needed after: without -d the target pane becomes
// active; with -d, a swap of two panes of one window makes the source
// pane active when either was active, and leaves the focus alone
// otherwise (cmd-swap-pane.c: with both panes in one window, both of
// its checks run).
func swaps(w *tmux.Window, order []tmux.PaneID, want tmux.PaneID) ([][]string, tmux.PaneID) {
	var cur []tmux.PaneID
	var active tmux.PaneID
	for _, p := range w.Panes {
		if p.Active {
			active = p.ID
		}
		if !p.Floating {
			cur = append(cur, p.ID)
		}
	}
	var cmds [][]string
	for i, to := range order {
		j := slices.Index(cur, to)
		if i >= len(cur) || j < 0 || cur[i] == to {
			continue
		}
		a, b := to, cur[i]
		switch {
		case b == want:
			a, b = b, a
			fallthrough
		case a == want && active != want:
			// The swap moves want: it takes the focus.
			cmds = append(cmds, []string{"swap-pane", "-s", string(b), "-t", string(a)})
			active = want
		default:
			cmds = append(cmds, []string{"swap-pane", "-d", "-s", string(a), "-t", string(b)})
			if active == a || active == b {
				active = a
			}
		}
		cur[i], cur[j] = cur[j], cur[i]
	}
	return cmds, active
}

// Refusal is the error for a script whose output out says window w
// changed since it was read, or nil.
func Refusal(out string, w tmux.WindowID) error {
	if !strings.Contains(out, changedLine) {
		return nil
	}
	return &tmux.Error{Kind: tmux.KindGone, Value: string(w), Message: fmt.Sprintf("window %s changed (its panes or its size) since it was read for the layout's plan: nothing changed, read it again", w)}
}
