package layouts

import (
	"time"

	"github.com/panemap/panemap/tmux"
)

// Version is the file format's version; a file of another version is
// listed as broken, never read as this one.
const Version = 1

// Layout is a window's arrangement as saved under a name.
type Layout struct {
	Version  int       `json:"version"`
	Name     string    `json:"name"`
	SavedAt  time.Time `json:"saved_at"`
	Tmux     string    `json:"tmux"`          // the server's version when saved
	Width    int       `json:"width"`         // the window's size when saved
	Height   int       `json:"height"`        //
	Raw      string    `json:"window_layout"` // #{window_layout} as saved (with its checksum)
	Tree     *Node     `json:"tree"`          // the tiled split tree with shares
	Slots    []Slot    `json:"slots"`         // tiled slots in the tree's reading order (tmux's cell order)
	Active   int       `json:"active"`        // index into Slots, or -1 when the active pane floated
	Zoomed   bool      `json:"zoomed"`
	Floating []Float   `json:"floating,omitempty"` // tmux 3.7+: floating panes, topmost first
}

// Node is a cell of the tiled split tree.
type Node struct {
	Split    string  `json:"split,omitempty"` // "" leaf, "h" children side by side, "v" stacked
	Share    float64 `json:"share"`           // this cell's share of its parent's size along the parent's split (1 for the root)
	Cells    int     `json:"cells"`           // its size in cells along the parent's split when saved
	Slot     int     `json:"slot"`            // leaf: index into Layout.Slots
	Children []*Node `json:"children,omitempty"`
}

// Slot is what a pane was when saved, to match a pane to it.
type Slot struct {
	Pane    string `json:"pane"` // the pane id when saved, "%3"
	Title   string `json:"title"`
	Command string `json:"command"`
	Cwd     string `json:"cwd"`
}

// Float is a floating pane: its slot and its box as shares of the
// window's size.
type Float struct {
	Slot
	Left   float64 `json:"left"`
	Top    float64 `json:"top"`
	Width  float64 `json:"width"`
	Height float64 `json:"height"`
}

// FromWindow makes a layout of w as it is (w as tmuxctl reads it: panes
// with ids, titles, commands, paths, and its Layout string).
func FromWindow(name string, w *tmux.Window, v tmux.Version, now time.Time) (*Layout, error) {
	if err := CheckName(name); err != nil {
		return nil, err
	}
	return nil, &tmux.Error{Kind: tmux.KindUnsupported, Message: "layouts.FromWindow is not written yet"}
}
