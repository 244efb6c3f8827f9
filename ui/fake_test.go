package ui

import (
	"context"
	"fmt"
	"sort"
	"sync"

	"github.com/panemap/panemap/tmux"
	"github.com/panemap/panemap/tmuxctl"
)

// fakeCore implements Core over an in-memory State, for the UI's unit
// tests only (tmuxctl is tested against real tmux). Directional moves use
// tmux.Neighbour with wrap, as tmux wraps; swaps exchange the contents
// of two slots; every call is recorded.
type fakeCore struct {
	mu         sync.Mutex
	st         *tmux.State
	calls      []string
	reads      int              // ReadState calls from the navigator
	acts       int              // Act calls: each is one tmux command list
	fail       map[string]error // the next call of that name fails
	gone       bool             // the server is gone: everything fails
	noFloating bool             // floating ops are refused, as before tmux 3.8
	// others are the other sessions' windows, for List; active is what
	// ActiveSince answers.
	others []*tmux.Window
	active []tmux.PaneID
	// stamp, when set, is what Stamp answers; stamps counts its calls.
	stamp  *tmuxctl.Stamp
	stamps int
}

func newFake(st *tmux.State) *fakeCore {
	return &fakeCore{st: st, fail: map[string]error{}}
}

func (f *fakeCore) record(format string, args ...any) {
	f.calls = append(f.calls, fmt.Sprintf(format, args...))
}

func (f *fakeCore) check(name string) error {
	if f.gone {
		return &tmux.Error{Kind: tmux.KindServerGone, Message: "no tmux server answers on the socket"}
	}
	if err, ok := f.fail[name]; ok {
		delete(f.fail, name)
		return err
	}
	return nil
}

// Calls returns the recorded calls, without reads.
func (f *fakeCore) Calls() []string {
	f.mu.Lock()
	defer f.mu.Unlock()
	return append([]string(nil), f.calls...)
}

func (f *fakeCore) State() *tmux.State {
	f.mu.Lock()
	defer f.mu.Unlock()
	return cloneState(f.st)
}

func (f *fakeCore) edit(fn func(st *tmux.State)) {
	f.mu.Lock()
	defer f.mu.Unlock()
	fn(f.st)
}

// Stamp is never the same twice unless a test sets stamp: every poll
// then reads, as a poll without the check would.
func (f *fakeCore) Stamp(ctx context.Context, s tmux.SessionID) (tmuxctl.Stamp, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	if err := f.check("stamp"); err != nil {
		return tmuxctl.Stamp{}, err
	}
	if f.stamp != nil {
		return *f.stamp, nil
	}
	f.stamps++
	return tmuxctl.Stamp{Text: fmt.Sprint(f.stamps)}, nil
}

func (f *fakeCore) ReadState(ctx context.Context, s tmux.SessionID) (*tmux.State, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.reads++
	if err := f.check("read"); err != nil {
		return nil, err
	}
	if s != f.st.Session {
		return nil, &tmux.Error{Kind: tmux.KindGone, Message: "session gone"}
	}
	return cloneState(f.st), nil
}

func (f *fakeCore) find(p tmux.PaneID) (*tmux.Window, int, bool) {
	for _, w := range allWindows(f.st) {
		for i := range w.Panes {
			if w.Panes[i].ID == p {
				return w, i, true
			}
		}
	}
	return nil, 0, false
}

func paneGone(p tmux.PaneID) error {
	return &tmux.Error{Kind: tmux.KindGone, Value: string(p), Message: fmt.Sprintf("pane %s is gone", p)}
}

func (f *fakeCore) SelectPane(ctx context.Context, p tmux.PaneID, d tmux.Direction) (tmux.Pane, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.record("select %s %s", p, dirName(d))
	if err := f.check("select"); err != nil {
		return tmux.Pane{}, err
	}
	w, i, ok := f.find(p)
	if !ok {
		return tmux.Pane{}, paneGone(p)
	}
	target := p
	switch d {
	case tmux.DirUp, tmux.DirDown, tmux.DirLeft, tmux.DirRight:
		if n, ok := tmux.Neighbour(w, p, d, true); ok {
			target = n
		}
	case tmux.DirLast:
		if l, ok := w.LastPane(); ok {
			target = l.ID
		} else if len(w.Panes) == 2 {
			target = w.Panes[1-i].ID
		} else {
			return tmux.Pane{}, &tmux.Error{Kind: tmux.KindRefused, Message: "no last pane"}
		}
	case tmux.DirNext:
		target = w.Panes[(i+1)%len(w.Panes)].ID
	case tmux.DirPrevious:
		target = w.Panes[(i-1+len(w.Panes))%len(w.Panes)].ID
	}
	setActive(w, target)
	a, _ := w.ActivePane()
	return a, nil
}

func setActive(w *tmux.Window, target tmux.PaneID) {
	old, _ := w.ActivePane()
	if old.ID == target {
		return
	}
	for i := range w.Panes {
		w.Panes[i].Last = w.Panes[i].ID == old.ID
		w.Panes[i].Active = w.Panes[i].ID == target
	}
}

func (f *fakeCore) SwapPane(ctx context.Context, a, b tmux.PaneID) (tmux.Pane, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.record("swap %s %s", a, b)
	if err := f.check("swap"); err != nil {
		return tmux.Pane{}, err
	}
	wa, ia, ok1 := f.find(a)
	wb, ib, ok2 := f.find(b)
	if !ok1 {
		return tmux.Pane{}, paneGone(a)
	}
	if !ok2 {
		return tmux.Pane{}, paneGone(b)
	}
	pa, pb := &wa.Panes[ia], &wb.Panes[ib]
	swapContent := func(x, y *tmux.Pane, flags bool) {
		x.ID, y.ID = y.ID, x.ID
		x.Command, y.Command = y.Command, x.Command
		x.Path, y.Path = y.Path, x.Path
		x.Title, y.Title = y.Title, x.Title
		x.Marked, y.Marked = y.Marked, x.Marked
		x.Dead, y.Dead = y.Dead, x.Dead
		if flags { // in one window, focus follows content
			x.Active, y.Active = y.Active, x.Active
			x.Last, y.Last = y.Last, x.Last
		}
	}
	swapContent(pa, pb, wa == wb)
	for _, w := range []*tmux.Window{wa, wb} {
		for i := range w.Panes {
			w.Panes[i].WindowID = w.ID
		}
	}
	_, j, _ := f.find(a)
	w, _, _ := f.find(a)
	return w.Panes[j], nil
}

func (f *fakeCore) SelectWindow(ctx context.Context, s tmux.SessionID, w tmux.WindowID) error {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.record("window %s", w)
	if err := f.check("window"); err != nil {
		return err
	}
	if _, ok := f.st.Window(w); !ok {
		return &tmux.Error{Kind: tmux.KindGone, Message: "window gone"}
	}
	if f.st.Current != w {
		f.st.LastWindow, f.st.Current = f.st.Current, w
	}
	for _, x := range f.st.Windows {
		x.Active = x.ID == f.st.Current
		x.Last = x.ID == f.st.LastWindow
	}
	return nil
}

func (f *fakeCore) ToggleZoom(ctx context.Context, p tmux.PaneID) error {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.record("zoom %s", p)
	if err := f.check("zoom"); err != nil {
		return err
	}
	w, _, ok := f.find(p)
	if !ok {
		return paneGone(p)
	}
	if w.Zoomed {
		w.Zoomed = false
	} else {
		setActive(w, p)
		w.Zoomed = true
	}
	return nil
}

func (f *fakeCore) ToggleMark(ctx context.Context, p tmux.PaneID) error {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.record("mark %s", p)
	if err := f.check("mark"); err != nil {
		return err
	}
	if _, _, ok := f.find(p); !ok {
		return paneGone(p)
	}
	if f.st.Marked == p {
		f.st.Marked = ""
	} else {
		f.st.Marked = p
	}
	for _, w := range allWindows(f.st) {
		for i := range w.Panes {
			w.Panes[i].Marked = w.Panes[i].ID == f.st.Marked
		}
	}
	return nil
}

func (f *fakeCore) Restore(ctx context.Context, st *tmux.State) error {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.record("restore")
	if err := f.check("restore"); err != nil {
		return err
	}
	f.st = cloneState(st)
	return nil
}

// Events: the fake has no notifications (eventCore feeds some); the
// navigator polls.
func (f *fakeCore) Events(ctx context.Context) (<-chan tmux.Event, bool) { return nil, false }

func (f *fakeCore) FollowSession(ctx context.Context, s tmux.SessionID) error { return nil }
func (f *fakeCore) FollowAgents(ctx context.Context) error                    { return nil }

func dirName(d tmux.Direction) string {
	if d == tmux.DirNone {
		return "none"
	}
	return string(d)
}

func allWindows(st *tmux.State) []*tmux.Window {
	ws := append([]*tmux.Window(nil), st.Windows...)
	if st.Foreign != nil {
		ws = append(ws, st.Foreign)
	}
	return ws
}

func cloneState(st *tmux.State) *tmux.State {
	c := *st
	c.Windows = make([]*tmux.Window, len(st.Windows))
	for i, w := range st.Windows {
		c.Windows[i] = cloneWindow(w)
	}
	if st.Foreign != nil {
		c.Foreign = cloneWindow(st.Foreign)
	}
	return &c
}

func cloneWindow(w *tmux.Window) *tmux.Window {
	c := *w
	c.Panes = append([]tmux.Pane(nil), w.Panes...)
	return &c
}

// paneSpec is one pane of a test layout: id, index, geometry.
type paneSpec struct {
	id                       string
	index                    int
	left, top, width, height int
	cmd, path, title         string
}

func window(id string, index int, name string, w, h int, panes ...paneSpec) *tmux.Window {
	win := &tmux.Window{ID: tmux.WindowID(id), Index: index, Name: name, SessionID: "$1", SessionName: "main", Width: w, Height: h}
	for _, p := range panes {
		win.Panes = append(win.Panes, tmux.Pane{
			ID: tmux.PaneID(p.id), Index: p.index, WindowID: win.ID,
			Left: p.left, Top: p.top, Width: p.width, Height: p.height,
			Command: p.cmd, Path: p.path, Title: p.title,
		})
	}
	sort.Slice(win.Panes, func(i, j int) bool { return win.Panes[i].Index < win.Panes[j].Index })
	win.Panes[0].Active = true
	return win
}

// gridState is session main with three windows: @1 "grid" a 2x2 grid
// (current; %0 top-left active), @2 "editor" main-vertical, @3 "logs" a
// single pane. tmux numbers the grid's panes in layout order: top-left 0,
// bottom-left 1, top-right 2, bottom-right 3.
func gridState() *tmux.State {
	grid := window("@1", 0, "grid", 80, 24,
		paneSpec{"%0", 0, 0, 0, 40, 12, "sh", "/home/u/src/panemap", "host"},
		paneSpec{"%1", 1, 0, 13, 40, 11, "htop", "/home/u", "host"},
		paneSpec{"%2", 2, 41, 0, 39, 12, "vim", "/home/u/src/panemap/ui", "editing model.go"},
		paneSpec{"%3", 3, 41, 13, 39, 11, "go", "/var/log/a/very/long/path/that/needs/eliding/somewhere", "host"},
	)
	grid.Active = true
	mv := window("@2", 1, "editor", 80, 24,
		paneSpec{"%4", 0, 0, 0, 50, 24, "nvim", "/home/u/src/panemap", "host"},
		paneSpec{"%5", 1, 51, 0, 29, 12, "sh", "/home/u/src/panemap", "host"},
		paneSpec{"%6", 2, 51, 13, 29, 11, "make", "/home/u/src/panemap", "host"},
	)
	logs := window("@3", 2, "logs", 80, 24, paneSpec{"%7", 0, 0, 0, 80, 24, "tail", "/var/log", "host"})
	return &tmux.State{Session: "$1", SessionName: "main", Windows: []*tmux.Window{grid, mv, logs}, Current: "@1"}
}

// rowState is one window of n side-by-side panes (for labels >= 10).
func rowState(n int) *tmux.State {
	var panes []paneSpec
	x := 0
	for i := 0; i < n; i++ {
		panes = append(panes, paneSpec{fmt.Sprintf("%%%d", 10+i), i, x, 0, 9, 40, "sh", "/tmp", ""})
		x += 10
	}
	w := window("@1", 0, "row", x-1, 40, panes...)
	w.Active = true
	return &tmux.State{Session: "$1", SessionName: "many", Windows: []*tmux.Window{w}, Current: "@1"}
}

// Act makes op between two reads, as tmuxctl.Client.Act does: through
// the fake's own operations, so the calls they record stay the record of
// what the navigator asked for.
func (f *fakeCore) Act(ctx context.Context, s tmux.SessionID, op tmuxctl.Op) (r tmuxctl.Result, err error) {
	f.mu.Lock()
	f.acts++
	f.reads-- // the reads inside Act are part of its one command list
	f.mu.Unlock()
	before, err := f.ReadState(ctx, s)
	if err != nil {
		return r, err
	}
	r.Before = before
	switch op.Kind {
	case tmuxctl.OpSelect:
		from := op.Pane
		if from == "" {
			w, ok := before.Window(op.Window)
			if !ok {
				return r, paneGone(from)
			}
			a, _ := w.ActivePane()
			from = a.ID
			if op.Stop && tmux.AtEdge(w, a, op.Dir) {
				break
			}
			if _, ok := w.LastPane(); op.Stop && op.Dir == tmux.DirLast && !ok && len(w.Panes) != 2 {
				break
			}
		}
		_, err = f.SelectPane(ctx, from, op.Dir)
	case tmuxctl.OpSwap:
		with := op.With
		if with == "" { // with the pane select-pane picks in op.Dir: the fake predicts it
			if w, _, ok := f.find(op.Pane); ok {
				with, _ = tmux.Neighbour(w, op.Pane, op.Dir, true)
			}
		}
		if _, err = f.SwapPane(ctx, op.Pane, with); err == nil && op.Follow {
			f.follow(op.Pane)
		}
	case tmuxctl.OpSelectWindow:
		err = f.SelectWindow(ctx, s, op.Window)
	case tmuxctl.OpZoom:
		err = f.ToggleZoom(ctx, op.Pane)
	case tmuxctl.OpMark:
		err = f.ToggleMark(ctx, op.Pane)
	case tmuxctl.OpRestore:
		err = f.restoreNamed(ctx, op.Want, op.Names)
	case tmuxctl.OpRenameWindow, tmuxctl.OpSetTitle:
		err = f.setName(op)
	case tmuxctl.OpJump:
		err = f.jump(op)
	case tmuxctl.OpRefocus:
		if _, err = f.SelectPane(ctx, op.Pane, tmux.DirNone); err == nil {
			_, err = f.SelectPane(ctx, op.With, tmux.DirNone)
		}
	case tmuxctl.OpResize, tmuxctl.OpLayout, tmuxctl.OpRotate, tmuxctl.OpMove, tmuxctl.OpFloat, tmuxctl.OpTile, tmuxctl.OpFloatMove, tmuxctl.OpFloatResize:
		err = f.rearrange(op)
	default:
		err = fmt.Errorf("fake: unknown op %d", op.Kind)
	}
	if err != nil {
		return r, err
	}
	f.mu.Lock()
	f.reads--
	f.mu.Unlock()
	r.After, err = f.ReadState(ctx, s)
	return r, err
}
