package layouts

import "github.com/panemap/panemap/tmux"

// Plan fits a layout to a window as it is now.
type Plan struct {
	Window   tmux.WindowID
	Layout   string        // the tiled layout string (with checksum) to give the window, built for its size now
	Order    []tmux.PaneID // the window's tiled panes in the order they must be ("" where Create makes one)
	Moves    []Move        // which pane goes to which slot
	Create   []Slot        // slots to make new panes for (create only), at Order's "" places
	Dropped  []int         // slots closed (fewer panes than slots): their room went to a neighbour
	Extra    []tmux.PaneID // panes beyond the slots: each got a share of the largest slot
	Active   tmux.PaneID
	Zoomed   bool
	Floating []FloatPlace // floating panes back to their places, in cells for the window's size now
	LeftOut  []string     // what could not be applied, in words
}

// Move is a pane going to a slot, and what matched it: "id", "title",
// "command", "cwd" or "place".
type Move struct {
	Pane tmux.PaneID
	Slot int
	From string
}

// FloatPlace is a floating pane's place and size in cells.
type FloatPlace struct {
	Pane                     tmux.PaneID
	Left, Top, Width, Height int
}

// MakePlan fits l to window w as it is now. floatingOK: the server takes
// floating panes (3.8+).
func MakePlan(l *Layout, w *tmux.Window, create, floatingOK bool) (*Plan, error) {
	return nil, notYet("MakePlan")
}

// After is the window as the plan leaves it.
func (p *Plan) After(w *tmux.Window) *tmux.Window { return w }

// Preview is l drawn into a width×height window.
func (l *Layout) Preview(width, height int) *tmux.Window {
	return &tmux.Window{Width: width, Height: height}
}
