package screen

import "slices"

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
// whose cursor is hidden: its top left shows. [Screen.Anchor] picks the
// point to pass for a screen.
func Region(paneW, paneH, cx, cy, w, h int) (x, y int) {
	return axis(paneW, cx, w), axis(paneH, cy, h)
}

// Anchor is the point of s that a region of it should hold (see
// [Region]), for a program whose cursor is at (cx, cy): the cursor,
// unless every row from the cursor down is blank while rows above it hold
// text. A program that draws at the top and parks its cursor at the
// bottom (watch, a status screen, `clear; date` then a cursor move) would
// otherwise show nothing but the empty rows around its cursor; for it the
// anchor is the start of the last row that holds text, so the region
// shows the text it drew. A shell's cursor is on its prompt, which holds
// text, so the rule leaves it where it was. A nil s anchors at (cx, cy).
func (s *Screen) Anchor(cx, cy int) (x, y int) {
	if s == nil {
		return cx, cy
	}
	last := len(s.Lines) - 1 // the last row that shows anything
	for last >= 0 && !slices.ContainsFunc(s.Lines[last], shows) {
		last--
	}
	if last < 0 || cy <= last {
		return cx, cy
	}
	return 0, last
}

// shows reports whether c draws something a reader can see: a character
// other than a space, or a background colour, reverse video or an
// underline, which show even on a space.
func shows(c Cell) bool {
	if c.Text != " " && c.Text != "" {
		return true
	}
	st := c.Style
	return st.BG.Kind != DefaultColor || st.Attrs&Reverse != 0 || st.Underline != NoUnderline
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
