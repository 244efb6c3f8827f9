// Package floating makes the commands that float a tiled pane, tile a
// floating one, and move and resize floating panes: what tmux 3.8 (master,
// next-3.8) added to break-pane, join-pane, move-pane and resize-pane.
// tmux 3.7 has floating panes but none of this (its resize-pane and
// join-pane treat every pane as tiled), so Supported says where it works.
//
// What master does, read in its sources:
//   - break-pane -W floats the pane where it is, at the geometry it had
//     when it was last tiled or else half the window's width and a quarter
//     of its height at 4,2 (cmd-break-pane.c, cmd_break_pane_float;
//     layout.c, layout_floating_args_parse); it refuses a pane that
//     floats already and a zoomed window. It puts the pane on top of the
//     stack and, without -d, makes it active.
//   - join-pane with the same pane as source and target tiles a floating
//     pane (cmd-join-pane.c, cmd_join_pane_tile), after unzooming, and
//     keeps its floating geometry for the next break-pane -W.
//   - move-pane -L/-R/-U/-D N moves a floating pane by N cells
//     (cmd_join_pane_move); N may be negative, and the absolute -X/-Y
//     count the border (the pane's left is -X plus one).
//   - resize-pane -R/-D N grows a floating pane right and down, -L/-U N
//     grow it left and up, moving its corner (layout.c,
//     layout_resize_floating_pane); a negative N shrinks. resize-pane
//     takes the pane's layout cell before it unzooms, and a zoomed
//     window's panes have none: it crashes the server there, so every
//     command here unzooms first.
package floating

import (
	"fmt"
	"strconv"

	"github.com/panemap/panemap/tmux"
	"github.com/panemap/panemap/tmuxctl/transport"
)

// Supported reports whether tmux v floats, tiles, moves and resizes
// panes (3.8 and master).
func Supported(v tmux.Version) bool { return v.AtLeast(3, 8) }

// Unsupported is the refusal of what (for example "float a pane") on
// tmux v.
func Unsupported(v tmux.Version, what string) error {
	return &tmux.Error{Kind: tmux.KindUnsupported, Value: v.Raw,
		Message: fmt.Sprintf("tmux %s cannot %s: floating panes are floated, tiled, moved and resized from tmux 3.8", v.Raw, what)}
}

// script runs cmd on pane p once its window is unzoomed; it fails when p
// is gone. Whether the window is zoomed is decided by if-shell -F, whose
// commands run next, before any other client's: resize-pane in a zoomed
// window crashes master (see tmuxctl's zoomedResize), and run-shell -C
// would leave another client a turn to zoom it after the check.
func script(p tmux.PaneID, cmd ...string) [][]string {
	if cmd[0] == "move-pane" && len(cmd) == 3 {
		// A move-pane with no -L/-R/-U/-D is a join-pane of the marked
		// pane into p: a change of nothing is only the check.
		return [][]string{{"has-session", "-t", string(p)}}
	}
	sp := string(p)
	return [][]string{
		{"has-session", "-t", sp},
		{"if-shell", "-F", "-t", sp, "#{window_zoomed_flag}", transport.Words("resize-pane", "-Z", "-t", sp) + " ; " + transport.Words(cmd...), transport.Words(cmd...)},
	}
}

// Float floats tiled pane p (break-pane -W), on top of the others, and
// makes it the active pane.
func Float(p tmux.PaneID) [][]string {
	return script(p, "break-pane", "-W", "-s", string(p))
}

// Tile tiles floating pane p (join-pane onto itself) and makes it the
// active pane.
func Tile(p tmux.PaneID) [][]string {
	return script(p, "join-pane", "-s", string(p), "-t", string(p))
}

// Move moves floating pane p by dx columns and dy rows.
func Move(p tmux.PaneID, dx, dy int) [][]string {
	return script(p, append([]string{"move-pane", "-t", string(p)}, by("-R", dx, "-D", dy)...)...)
}

// Resize makes floating pane p dw columns wider and dh rows taller (fewer
// when negative), its top-left corner staying where it is.
func Resize(p tmux.PaneID, dw, dh int) [][]string {
	return script(p, append([]string{"resize-pane", "-t", string(p)}, by("-R", dw, "-D", dh)...)...)
}

// by is the flags for a change of dx and dy: xflag and yflag with the
// signed amount attached ("-R-2": a separate "-2" would do too, but
// attached it can never be read as a flag), and none for a zero.
func by(xflag string, dx int, yflag string, dy int) []string {
	var out []string
	if dx != 0 {
		out = append(out, xflag+strconv.Itoa(dx))
	}
	if dy != 0 {
		out = append(out, yflag+strconv.Itoa(dy))
	}
	return out
}

// Delta is cells in direction d as a change of x and y: right and down
// count up.
func Delta(d tmux.Direction, cells int) (dx, dy int) {
	switch d {
	case tmux.DirLeft:
		return -cells, 0
	case tmux.DirRight:
		return cells, 0
	case tmux.DirUp:
		return 0, -cells
	}
	return 0, cells
}
