package restoring

import (
	"fmt"
	"slices"
	"strings"

	"github.com/panemap/panemap/tmux"
	"github.com/panemap/panemap/tmuxctl/scripts"
	"github.com/panemap/panemap/tmuxctl/transport"
)

// Floating panes (tmux 3.7+) in a restore. select-layout refuses a layout
// with a "<…>" section on 3.7 and master (layout-custom.c, layout_parse),
// so a window that is to have floating panes never gets its layout
// string back that way. On tmux 3.8, which can float, tile, move and
// resize them (see tmuxctl/floating), the floating panes get back their
// state, place, size and stacking order one by one:
//   - the swaps have put every pane back at its index; a pane's floating
//     cell went with the index, not with the pane (swap-pane exchanges
//     cells), so the place at each index says what to change;
//   - a pane tiled there and floating in want floats (break-pane -W), one
//     floating there and tiled in want is tiled (join-pane onto itself);
//   - each floating pane moves and resizes to where want has it
//     (move-pane -X/-Y, resize-pane -x/-y);
//   - then each goes to its place in the stack (move-pane -z), top first,
//     after the focus is restored: select-pane raises a floating pane.
//
// The tiled part is left as these leave it: exact when only floating
// panes moved, were resized or restacked, when a swap is undone, when a
// pane tmux tiled is floated back (tmux keeps its floating geometry and
// its leaf in the tree), and when a floated pane is tiled again in a
// window that is to have no floating panes (select-layout then). A pane
// tiled again while other panes float would get the sizes join-pane
// gives it, and resize-pane cannot set them back (master takes the room
// from a floating leaf that shares the tiled pane's container; layout.c,
// layout_resize_pane). So there every pane is tiled by select-layout into
// want's cells and stand-ins, and the floating ones floated again (see
// tmux.StandInLayout); only where tmux keeps their zero-size cells in its
// tree may differ. So is a window a pane was moved back into (see
// Joined): the move back split the whole window for it (join-pane -f),
// which neither break-pane -W nor the swaps undo. A window that is to have no floating panes gets its
// layout string back as before: select-layout tiles the panes that float
// (layout_assign), on 3.7 as on 3.8.

// HasFloating reports whether a window of st has floating panes.
func HasFloating(st *tmux.State) bool {
	for _, w := range st.AllWindows() {
		if floats(w) {
			return true
		}
	}
	return false
}

// floats reports whether window w has floating panes.
func floats(w *tmux.Window) bool {
	return strings.Contains(w.Layout, "<") || slices.ContainsFunc(w.Panes, func(p tmux.Pane) bool { return p.Floating })
}

// floatCmds gives window ww's floating panes back their state, place,
// size and stacking order in window cw as the swaps left it (see above).
// It is only for tmux 3.8. swapped says the swaps touched the window:
// swap-pane changes the stack too. joined says panes were moved back
// into it (see Joined).
func floatCmds(cw, ww *tmux.Window, swapped, joined bool) [][]string {
	at := map[int]tmux.Pane{} // what the place at each index is now
	for _, p := range cw.Panes {
		at[p.Index] = p
	}
	// A pane is tiled: the floating panes are all put back in place, as
	// the tiled sizes change under them (their cells are leaves of the
	// tree).
	tiled := slices.ContainsFunc(ww.Panes, func(p tmux.Pane) bool { return at[p.Index].Floating && !p.Floating })
	if !tiled && !joined {
		return placeBack(at, cw, ww, swapped, false)
	}
	// join-pane gives a tiled-again pane sizes of its own, and so does a
	// join of a pane moved back into the window (a split of the whole
	// window, which break-pane -W does not undo).
	refloat, err := Refloat(ww)
	switch {
	case err != nil:
		return placeBack(at, cw, ww, swapped, tiled)
	case tiled:
		return refloat
	}
	// A window with a modal pane (the modal navigator's own) gets its
	// tiled cells back as that pane closes (tmuxctl/modal), and here
	// select-layout would tile the modal pane, which break-pane -W then
	// refuses ("pane is modal"): tmux says which (window_modal_pane).
	return [][]string{scripts.IfShell(string(ww.ID), "#{?window_modal_pane,0,1}", refloat, placeBack(at, cw, ww, swapped, false))}
}

// placeBack is floatCmds without select-layout: the floating panes
// floated or tiled by index (at, cw's panes by index), then placed and
// stacked; with tiled, every floating pane is placed, as the tiled
// sizes change under them.
func placeBack(at map[int]tmux.Pane, cw, ww *tmux.Window, swapped, tiled bool) [][]string {
	var state, geometry [][]string
	var stack []tmux.Pane // want's floating panes
	changed := false      // a pane floats or tiles: the stack changes
	for _, p := range ww.Panes {
		place, ok := at[p.Index]
		if !ok {
			continue
		}
		id := string(p.ID)
		switch {
		case place.Floating && !p.Floating:
			state = append(state, []string{"join-pane", "-d", "-s", id, "-t", id})
			changed = true
		case !place.Floating && p.Floating:
			state = append(state, []string{"break-pane", "-W", "-d", "-s", id})
			changed = true
		}
		if !p.Floating {
			continue
		}
		stack = append(stack, p)
		if !tiled && place.Floating && place.Left == p.Left && place.Top == p.Top && place.Width == p.Width && place.Height == p.Height {
			continue
		}
		geometry = append(geometry, placeCmds(p)...)
	}
	slices.SortStableFunc(stack, func(a, b tmux.Pane) int { return a.Z - b.Z })
	cmds := state
	cmds = append(cmds, geometry...)
	if len(stack) < 2 || !changed && !swapped && sameStack(cw, ww) {
		return cmds
	}
	return append(cmds, stackCmds(stack)...)
}

// Refloat gives window w, as it is to be, its tiled cells and its
// floating panes' places, sizes and stacking order, whatever its panes
// are now (tmux 3.8): select-layout tiles every pane into w's cells and
// stand-ins, and the floating panes float again (see
// tmux.StandInLayout). A cell of a pane that w does not list is left
// out: the layout is for a window without it (the navigator's modal pane,
// killed first). It fails where StandInLayout cannot make the layout.
func Refloat(w *tmux.Window) ([][]string, error) {
	layout, floated, err := tmux.StandInLayout(w.Layout, w.Panes)
	if err != nil {
		return nil, err
	}
	cmds := [][]string{{"select-layout", "-t", string(w.ID), layout}}
	for _, id := range slices.Backward(floated) {
		cmds = append(cmds, []string{"break-pane", "-W", "-d", "-s", string(id)})
	}
	stack := w.FloatingPanes()
	for _, p := range stack {
		cmds = append(cmds, placeCmds(p)...)
	}
	if len(stack) > 1 {
		cmds = append(cmds, stackCmds(stack)...)
	}
	return cmds, nil
}

// placeCmds put floating pane p at its place and size. -X/-Y and -x/-y
// count the border, one cell around the pane (layout_floating_args_parse).
// Absolute places and sizes need no run-shell -C, which would leave
// another client a turn to zoom the window before the resize: master
// crashes on resize-pane in a zoomed window. The window is unzoomed
// before (Commands), unless another client zoomed it since the read:
// then the resize unzooms it first itself.
func placeCmds(p tmux.Pane) [][]string {
	id := string(p.ID)
	resize := transport.Words("resize-pane", "-t", id, "-x", fmt.Sprint(p.Width+2), "-y", fmt.Sprint(p.Height+2))
	return [][]string{
		{"move-pane", "-t", id, "-X", fmt.Sprint(p.Left - 1), "-Y", fmt.Sprint(p.Top - 1)},
		{"if-shell", "-F", "-t", id, "#{window_zoomed_flag}", transport.Words("resize-pane", "-Z", "-t", id) + " ; " + resize, resize},
	}
}

// stackCmds stack floating panes (topmost first) in that order
// (move-pane -z).
func stackCmds(stack []tmux.Pane) [][]string {
	var cmds [][]string
	for i, p := range stack {
		cmds = append(cmds, []string{"move-pane", "-t", string(p.ID), "-z", fmt.Sprint(i)})
	}
	return cmds
}

// sameStack reports whether the floating places of cw, by index, are
// stacked as ww's floating panes are.
func sameStack(cw, ww *tmux.Window) bool {
	order := func(w *tmux.Window) []int {
		fl := w.FloatingPanes()
		out := make([]int, len(fl))
		for i, p := range fl {
			out[i] = p.Index
		}
		return out
	}
	return slices.Equal(order(cw), order(ww))
}
