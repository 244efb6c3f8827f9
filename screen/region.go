package screen

// Region picks the w x h part to show of a paneW x paneH pane whose
// cursor is at (cx, cy), and returns its top-left corner. It is tmux's
// own rule for the choose-tree preview (screen-write.c,
// screen_write_preview, which window-tree.c's window_tree_draw_window and
// window_tree_draw call for each pane): the cursor goes a third of the way
// in from the left and from the top, then the region is pushed back inside
// the pane, so a prompt on the last line shows at the bottom with the
// output above it, and a region as big as the pane shows all of it. tmux
// shows the top left of a pane whose cursor is hidden; pass (0, 0) for
// that.
func Region(paneW, paneH, cx, cy, w, h int) (x, y int) {
	return axis(paneW, cx, w), axis(paneH, cy, h)
}

// axis is the rule along one axis: size is the pane's, at the cursor's
// position, n the region's.
func axis(size, at, n int) int {
	if n <= 0 {
		return 0
	}
	at = min(max(at, 0), max(size-1, 0))
	p := max(at-n/3, 0)
	if p+n > size {
		if n > size {
			return 0
		}
		p = size - n
	}
	return p
}
