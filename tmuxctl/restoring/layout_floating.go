package restoring

import (
	"fmt"
	"slices"
	"strings"

	"github.com/panemap/panemap/tmux"
)

// FloatingLayout is the command list that gives window w the layout
// string layout, which has floating panes (tmux's select-layout refuses
// its "<…>" part), as a restore gives them back (Refloat), or why it
// cannot: a string for another window, or one whose tiled cells are not
// in w's pane order. It changes nothing itself; the list is to run only
// while SamePanes(w) holds, since the stand-ins are placed by pane order.
func FloatingLayout(layout string, w *tmux.Window) ([][]string, error) {
	fl, err := tmux.CheckFloatingLayout(layout)
	if err != nil {
		return nil, err
	}
	bad := func(format string, args ...any) error {
		return &tmux.Error{Kind: tmux.KindInvalidInput, Value: layout,
			Message: fmt.Sprintf("layout %s ", tmux.Quote(layout)) + fmt.Sprintf(format, args...) + ". Nothing changed"}
	}
	if fl.Width != w.Width || fl.Height != w.Height {
		return nil, bad("is for a %dx%d window; window %s is %dx%d", fl.Width, fl.Height, w.ID, w.Width, w.Height)
	}
	have := make([]string, len(w.Panes))
	for i, p := range w.Panes {
		have[i] = string(p.ID)
	}
	named, _ := tmux.ParseLayout(layout)
	var names []string
	for id := range named {
		names = append(names, fmt.Sprintf("%%%d", id))
	}
	slices.Sort(have)
	slices.Sort(names)
	if !slices.Equal(have, names) {
		return nil, bad("names panes %s; window %s has %s (a layout with floating panes says by id which float)", strings.Join(names, ", "), w.ID, strings.Join(have, ", "))
	}
	want := *w
	want.Layout = layout
	want.Panes = slices.Clone(w.Panes)
	for i := range want.Panes {
		p := &want.Panes[i]
		p.Floating, p.Z = false, 0
		if z := slices.IndexFunc(fl.Floating, func(c tmux.FloatingCell) bool { return c.ID == p.ID }); z >= 0 {
			b := fl.Floating[z]
			p.Floating, p.Z, p.Left, p.Top, p.Width, p.Height = true, z, b.Left, b.Top, b.Width, b.Height
		}
	}
	cmds, err := Refloat(&want)
	if err != nil {
		return nil, bad("cannot be given back to window %s: %v", w.ID, err)
	}
	if w.Zoomed { // select-layout unzoomed it
		cmds = append(cmds, []string{"resize-pane", "-Z", "-t", string(w.ID)})
	}
	return cmds, nil
}

// SamePanes is a format that, in window w's context, is "1" while w has
// exactly w's panes, each at its index.
func SamePanes(w *tmux.Window) string {
	var list strings.Builder
	for _, p := range w.Panes {
		fmt.Fprintf(&list, "<%s.%d>", p.ID, p.Index)
	}
	strays := "#{P:#{?#{m:*<#{pane_id}.#{pane_index}>*," + list.String() + "},,x}}"
	return fmt.Sprintf("#{==:%s#{window_panes},%d}", strays, len(w.Panes))
}
