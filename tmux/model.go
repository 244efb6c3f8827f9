package tmux

import (
	"cmp"
	"slices"
)

// Pane is one pane as tmux reported it. Geometry is in cells of the window;
// in a zoomed window it is the unzoomed layout's (what the map should draw),
// not the stale or full-window values tmux reports for zoomed windows. A
// floating pane's geometry is where it floats, inside its border: it may
// start left of or above the window (negative Left, Top) or reach past it.
type Pane struct {
	ID       PaneID
	Index    int
	WindowID WindowID
	Active   bool // the window's active pane
	Last     bool // the window's last pane (where select-pane -l goes)
	Marked   bool // the server's marked pane
	Dead     bool
	// DeadStatus is a dead pane's exit status, -1 when tmux has none
	// (a live pane, or one a signal ended).
	DeadStatus int
	Mode       string // "" or tmux's #{pane_mode}: copy-mode, view-mode, …
	// Floating is set for a floating pane (tmux 3.7+): one drawn over the tiled panes at its own
	// position and size, with a border of its own. tmux says so in
	// #{pane_floating_flag} (1), and lists its cell in the "<…>" section
	// of #{window_layout} (FloatingLayout.Floating).
	Floating bool
	// Z is a floating pane's place in the window's stacking order, 0 on
	// top: a pane is drawn over those with a higher Z, and selecting a
	// floating pane brings it to 0. It is #{pane_z} (3.7+), which for a
	// floating pane is its place in #{window_layout}'s "<…>" section
	// (FloatingLayout.Floating, topmost first). 0 for a tiled pane, whatever #{pane_z} says (tmux
	// gives every tiled pane the number of floating panes plus one).
	Z       int
	Left    int
	Top     int
	Width   int
	Height  int
	Command string
	Path    string
	Title   string
}

// Right and Bottom are the last column and row the pane covers.
func (p Pane) Right() int  { return p.Left + p.Width - 1 }
func (p Pane) Bottom() int { return p.Top + p.Height - 1 }

// Window is a window and its panes in tmux's order (by pane index).
type Window struct {
	ID          WindowID
	Index       int
	Name        string
	SessionID   SessionID
	SessionName string
	Width       int
	Height      int
	Zoomed      bool
	Active      bool // the session's current window
	Last        bool // the session's last window
	Layout      string
	AutoRename  bool // tmux names the window after its active pane's command
	// The session's alerts on the window (window_bell_flag and so on):
	// a bell, activity or silence that monitor-bell, monitor-activity
	// or monitor-silence watch for, not yet seen in that session.
	Bell, Activity, Silence bool
	Panes                   []Pane
}

// Pane finds a pane of the window by id.
func (w *Window) Pane(id PaneID) (Pane, bool) {
	return w.paneWhere(func(p Pane) bool { return p.ID == id })
}

// ActivePane is the window's active pane.
func (w *Window) ActivePane() (Pane, bool) {
	return w.paneWhere(func(p Pane) bool { return p.Active })
}

// LastPane is the window's last pane, if tmux has one.
func (w *Window) LastPane() (Pane, bool) {
	return w.paneWhere(func(p Pane) bool { return p.Last })
}

// paneWhere is the window's first pane that is.
func (w *Window) paneWhere(is func(Pane) bool) (Pane, bool) {
	if i := slices.IndexFunc(w.Panes, is); i >= 0 {
		return w.Panes[i], true
	}
	return Pane{}, false
}

// FloatingPanes is the window's floating panes in stacking order, the
// topmost first (the order of #{window_layout}'s "<…>" section).
func (w *Window) FloatingPanes() []Pane {
	var out []Pane
	for _, p := range w.Panes {
		if p.Floating {
			out = append(out, p)
		}
	}
	slices.SortStableFunc(out, func(a, b Pane) int { return cmp.Compare(a.Z, b.Z) })
	return out
}

// FixZoomedGeometry replaces the geometry of a zoomed window's panes with
// the unzoomed layout's (#{window_layout}), which is what a map of the
// window should show: tmux reports the zoomed pane at the window's full
// size and the hidden ones with stale geometry.
func (w *Window) FixZoomedGeometry() {
	if !w.Zoomed {
		return
	}
	cells, err := ParseLayout(w.Layout)
	if err != nil {
		return
	}
	for i := range w.Panes {
		if r, ok := cells[w.Panes[i].ID.Num()]; ok {
			w.Panes[i].Left, w.Panes[i].Top, w.Panes[i].Width, w.Panes[i].Height = r.Left, r.Top, r.Width, r.Height
		}
	}
}

// JoinBeside is the pane that a pane moved into w goes beside: its active
// pane, unless that floats (tmux 3.7+ split no floating pane,
// layout_get_tiled_cell in layout.c): then its last pane when that is
// tiled, else its first tiled pane. False when it has no tiled pane.
func (w *Window) JoinBeside() (Pane, bool) {
	a, ok := w.ActivePane()
	if ok && !a.Floating {
		return a, true
	}
	if l, ok := w.LastPane(); ok && !l.Floating {
		return l, true
	}
	return w.paneWhere(func(p Pane) bool { return !p.Floating })
}

// State is everything panemap can change in one session, read at one
// moment: the session's windows with their panes, which window is current
// and last, and the server's marked pane. Restore puts a State back.
type State struct {
	Session     SessionID
	SessionName string
	Windows     []*Window // the session's windows in index order
	Current     WindowID  // the session's current window
	LastWindow  WindowID  // the session's last window, or ""
	Marked      PaneID    // the server's marked pane, or ""
	// Foreign holds the window of a marked pane outside the session, so a
	// swap with it can be undone too.
	Foreign *Window
	// Recreated is set on the state a restore answers with when it had to
	// recreate windows a move had closed: the old id of each, and the new
	// id tmux gave it. States kept from before name the old ids; see
	// RenameWindows.
	Recreated map[WindowID]WindowID
}

// Window returns the window with the given id, including Foreign.
func (s *State) Window(id WindowID) (*Window, bool) {
	for _, w := range s.Windows {
		if w.ID == id {
			return w, true
		}
	}
	if s.Foreign != nil && s.Foreign.ID == id {
		return s.Foreign, true
	}
	return nil, false
}

// FindPane looks a pane up in every window of the state.
func (s *State) FindPane(id PaneID) (Pane, *Window, bool) {
	for _, w := range s.AllWindows() {
		if p, ok := w.Pane(id); ok {
			return p, w, true
		}
	}
	return Pane{}, nil, false
}

func (s *State) AllWindows() []*Window {
	if s.Foreign == nil {
		return s.Windows
	}
	return append(append([]*Window(nil), s.Windows...), s.Foreign)
}

// RenameWindows returns a copy of s with window ids renamed by m (old id
// to new), wherever s names them.
func (s *State) RenameWindows(m map[WindowID]WindowID) *State {
	if len(m) == 0 {
		return s
	}
	rename := func(id WindowID) WindowID {
		if n, ok := m[id]; ok {
			return n
		}
		return id
	}
	out := *s
	out.Current, out.LastWindow = rename(s.Current), rename(s.LastWindow)
	out.Windows = make([]*Window, len(s.Windows))
	for i, w := range s.Windows {
		out.Windows[i] = w.renamed(rename)
	}
	if s.Foreign != nil {
		out.Foreign = s.Foreign.renamed(rename)
	}
	return &out
}

func (w *Window) renamed(rename func(WindowID) WindowID) *Window {
	c := *w
	c.ID = rename(w.ID)
	c.Panes = make([]Pane, len(w.Panes))
	for i, p := range w.Panes {
		p.WindowID = rename(p.WindowID)
		c.Panes[i] = p
	}
	return &c
}
