package screen

// Region picks the w x h part to show of a paneW x paneH pane whose
// cursor is at (cx, cy), and returns its top-left corner: the part that
// holds the cursor and as much as fits above and to the left of it, so a
// shell's prompt and its latest output are what shows. Like tmux's own
// preview (choose-tree: screen-write.c, screen_write_preview) it is the
// region around the cursor, pushed back inside the pane, and a region as
// big as the pane shows all of it. tmux puts the cursor a third of the way
// in from the top and the left; that shows two thirds of nothing below a
// prompt near the top of a freshly cleared pane, and cuts the start of
// every line in a box narrower than the prompt's column, so here the
// cursor sits on the region's last row, and the region moves sideways only
// when the cursor would fall off its right edge. Pass (0, 0) for a pane
// whose cursor is hidden: its top left shows.
func Region(paneW, paneH, cx, cy, w, h int) (x, y int) {
	return axis(paneW, cx, w), axis(paneH, cy, h)
}

// axis is the rule along one axis: size is the pane's, at the cursor's
// position, n the region's. The cursor ends up at the region's far edge
// (last row or column) when it would otherwise be outside.
func axis(size, at, n int) int {
	if n <= 0 || n >= size {
		return 0
	}
	at = min(max(at, 0), size-1)
	return min(max(at-n+1, 0), size-n)
}
