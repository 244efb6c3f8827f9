package mcp

import (
	"fmt"
	"strings"

	"github.com/panemap/panemap/geometry"
	"github.com/panemap/panemap/internal/plural"
	"github.com/panemap/panemap/tmux"
	"github.com/panemap/panemap/tmuxctl"
)

// The text half of every answer, in one place: what a model reads in a
// result's content, beside the structured view its card's schema
// describes. Every value that came from tmux or from a pane (names,
// commands, layouts) is quoted or drawn by geometry.TextMap, never
// written raw.

// selectText says where select_pane left the focus.
func selectText(from tmux.PaneID, dir tmux.Direction, p tmux.Pane, v paneView) string {
	if dir != tmux.DirNone {
		return fmt.Sprintf("Moved %s from pane %s to pane %s in window %s%s.", dir, from, p.ID, p.WindowID, describePane(v))
	}
	return fmt.Sprintf("Selected pane %s in window %s%s.", p.ID, p.WindowID, describePane(v))
}

// swapText says where swap_pane put the source pane.
func swapText(src, dst tmux.PaneID, p tmux.Pane, v paneView) string {
	if src == dst {
		return fmt.Sprintf("Pane %s swapped with itself: nothing changed.", src)
	}
	text := fmt.Sprintf("Swapped pane %s with pane %s: %s is now at index %d of window %s%s.", src, dst, p.ID, p.Index, p.WindowID, describePane(v))
	if p.Floating {
		// tmux swaps places: a floating place stays floating, whichever
		// pane comes into it.
		text += fmt.Sprintf(" It floats there: %s took the floating place %dx%d at %d,%d.", p.ID, p.Width, p.Height, p.Left, p.Top)
	}
	return text
}

// resizeText says what resize_pane changed; was is the pane before.
func resizeText(r resizeArgs, was, p tmux.Pane, w *tmux.Window, v resizeView) string {
	var b strings.Builder
	switch {
	case was.Width == p.Width && was.Height == p.Height && was.Left == p.Left && was.Top == p.Top:
		fmt.Fprintf(&b, "Pane %s stays %dx%d at %d,%d in window %s%s: tmux could not move its border %s (no pane shares a border with it that way, or the panes on the other side are at their smallest).",
			p.ID, p.Width, p.Height, p.Left, p.Top, w.ID, describePane(v.paneView), r.dir)
	default:
		fmt.Fprintf(&b, "Resized pane %s %s by up to %d: it was %dx%d at %d,%d and is now %dx%d at %d,%d in window %s%s.",
			p.ID, r.dir, r.cells, was.Width, was.Height, was.Left, was.Top, p.Width, p.Height, p.Left, p.Top, w.ID, describePane(v.paneView))
	}
	fmt.Fprintf(&b, "\nLayout: %s\n%s", w.Layout, geometry.TextMap(w, 80))
	return b.String()
}

// layoutText says which layout select_layout gave the window.
func layoutText(layout string, w *tmux.Window) string {
	var what string
	switch layout {
	case tmuxctl.LayoutNext:
		what = "tmux's next preset layout"
	case tmuxctl.LayoutPrevious:
		what = "tmux's previous preset layout"
	case tmuxctl.LayoutSpread:
		what = "its active pane and the panes beside it spread evenly"
	default:
		what = "layout " + tmux.Quote(layout)
	}
	var floats []string
	for _, p := range w.Panes {
		if p.Floating {
			floats = append(floats, string(p.ID))
		}
	}
	if len(floats) > 0 {
		what += fmt.Sprintf(" for its tiled panes; its floating panes (%s) float on where they were", strings.Join(floats, ", "))
	}
	return fmt.Sprintf("Window %s now has %s.\nLayout: %s\n%s", w.ID, what, w.Layout, geometry.TextMap(w, 80))
}

// moveText says where move_pane put the pane, and what became of the
// window (and session) it left.
func moveText(r moveArgs, beside tmux.PaneID, from *tmux.Window, p tmux.Pane, w *tmux.Window, v moveView) string {
	var b strings.Builder
	where := fmt.Sprintf("window %s (index %d, %s) of session %s", w.ID, w.Index, tmux.Quote(w.Name), w.SessionID)
	switch {
	case !v.Moved && r.to == "":
		fmt.Fprintf(&b, "Pane %s is already alone in %s: nothing changed%s.", p.ID, where, describePane(v.paneView))
	case !v.Moved:
		fmt.Fprintf(&b, "Pane %s is already in %s: nothing changed%s.", p.ID, where, describePane(v.paneView))
	case r.to == "":
		fmt.Fprintf(&b, "Moved pane %s out of window %s into a new %s%s.", p.ID, from.ID, where, describePane(v.paneView))
	case beside != "":
		fmt.Fprintf(&b, "Moved pane %s from window %s into %s, beside pane %s (its active pane floats, and tmux splits no floating pane)%s.", p.ID, from.ID, where, beside, describePane(v.paneView))
	default:
		fmt.Fprintf(&b, "Moved pane %s from window %s into %s, beside its active pane%s.", p.ID, from.ID, where, describePane(v.paneView))
	}
	if was, ok := from.Pane(r.pane); ok && was.Floating && !p.Floating && v.Moved {
		fmt.Fprintf(&b, " It floated in window %s; tmux tiles a pane it moves to another window.", from.ID)
	}
	if v.FromWindowClosed {
		fmt.Fprintf(&b, " Window %s had no other pane, so tmux closed it.", from.ID)
	}
	if v.FromSessionClosed {
		fmt.Fprintf(&b, " Session %s had no other window, so it is gone too.", from.SessionID)
	}
	b.WriteString("\n" + geometry.TextMap(w, 80))
	return b.String()
}

// listText is the text answer: the caller first, then each window as a
// character map and a line per pane saying what it is and what is around it.
func listText(v listView, l *tmuxctl.Listing) string {
	var b strings.Builder
	if c := v.Caller; c != nil {
		fmt.Fprintf(&b, "You are %s in window %s of session %s.\n\n", c.Pane, c.WindowID, c.SessionID)
	}
	if len(l.Windows) == 0 {
		b.WriteString("No panes to list.")
		return b.String()
	}
	byWindow := map[string][]listedPane{}
	for _, p := range v.Panes {
		k := string(p.SessionID) + string(p.WindowID)
		byWindow[k] = append(byWindow[k], p)
	}
	for i, w := range l.Windows {
		if i > 0 {
			b.WriteString("\n")
		}
		var flags []string
		if w.Active {
			flags = append(flags, "current")
		}
		if w.Zoomed {
			flags = append(flags, "zoomed")
		}
		state := ""
		if len(flags) > 0 {
			state = " (" + strings.Join(flags, ", ") + ")"
		}
		fmt.Fprintf(&b, "Window %s %s, index %d of session %s %s%s:\n",
			w.ID, tmux.Quote(w.Name), w.Index, w.SessionID, tmux.Quote(w.SessionName), state)
		b.WriteString(geometry.TextMap(w, 80))
		b.WriteString("\n")
		for _, p := range byWindow[string(w.SessionID)+string(w.ID)] {
			fmt.Fprintf(&b, "%s index %d at %d,%d size %dx%d%s; %s\n", p.ID, p.Index, p.Left, p.Top, p.Width, p.Height,
				describePane(p.paneView)+paneState(p), describeNeighbours(p.Neighbours))
		}
	}
	if l.Truncated {
		fmt.Fprintf(&b, "\nTruncated: %s listed; raise limit or narrow with session or window to see the rest.", plural.Count(l.Panes, "pane", "panes"))
	}
	return strings.TrimSuffix(b.String(), "\n")
}

// paneState says that a pane is dead or in a mode, and nothing otherwise.
func paneState(p listedPane) string {
	var parts []string
	switch {
	case p.Dead && p.DeadStatus != nil:
		parts = append(parts, fmt.Sprintf("dead, exit status %d", *p.DeadStatus))
	case p.Dead:
		parts = append(parts, "dead")
	}
	if p.Mode != "" {
		parts = append(parts, "in "+p.Mode)
	}
	if len(parts) == 0 {
		return ""
	}
	return " [" + strings.Join(parts, ", ") + "]"
}

// describeNeighbours says what is on each side: "up: %1 %2; down: wraps to %5".
func describeNeighbours(n neighboursView) string {
	var parts []string
	for _, side := range []struct {
		name string
		s    sideView
	}{{"up", n.Up}, {"down", n.Down}, {"left", n.Left}, {"right", n.Right}} {
		ids := make([]string, len(side.s.Panes))
		for i, p := range side.s.Panes {
			ids[i] = string(p)
		}
		what := strings.Join(ids, " ")
		switch {
		case what == "":
			what = "nothing (a move does nothing)"
		case side.s.Wraps:
			what = "wraps to " + what
		}
		parts = append(parts, side.name+": "+what)
	}
	return strings.Join(parts, "; ")
}

// describePane is the tail of a one-line description: what runs there,
// and whether it is active or this server's own pane.
func describePane(v paneView) string {
	var parts []string
	if v.Command != nil {
		parts = append(parts, "running "+tmux.Quote(*v.Command))
	}
	if v.Active {
		parts = append(parts, "active")
	}
	if v.Caller == tmuxctl.RelationSelf {
		parts = append(parts, "this server's own pane")
	}
	if len(parts) == 0 {
		return ""
	}
	return " (" + strings.Join(parts, ", ") + ")"
}
