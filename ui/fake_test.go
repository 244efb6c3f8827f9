package ui

import (
	"context"
	"fmt"
	"sort"
	"sync"

	"github.com/panemap/panemap/tmuxctl"
)

// fakeCore implements Core over an in-memory State, for the UI's unit
// tests only (tmuxctl is tested against real tmux). Directional moves use
// tmuxctl.Neighbour with wrap, as tmux wraps; swaps exchange the contents
// of two slots; every call is recorded.
type fakeCore struct {
	mu    sync.Mutex
	st    *tmuxctl.State
	calls []string
	reads int              // ReadState calls from the navigator
	acts  int              // Act calls: each is one tmux command list
	fail  map[string]error // the next call of that name fails
	gone  bool             // the server is gone: everything fails
}

func newFake(st *tmuxctl.State) *fakeCore {
	return &fakeCore{st: st, fail: map[string]error{}}
}

func (f *fakeCore) record(format string, args ...any) {
	f.calls = append(f.calls, fmt.Sprintf(format, args...))
}

func (f *fakeCore) check(name string) error {
	if f.gone {
		return &tmuxctl.Error{Kind: tmuxctl.KindServerGone, Message: "no tmux server answers on the socket"}
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

func (f *fakeCore) State() *tmuxctl.State {
	f.mu.Lock()
	defer f.mu.Unlock()
	return cloneState(f.st)
}

func (f *fakeCore) edit(fn func(st *tmuxctl.State)) {
	f.mu.Lock()
	defer f.mu.Unlock()
	fn(f.st)
}

func (f *fakeCore) ReadState(ctx context.Context, s tmuxctl.SessionID) (*tmuxctl.State, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.reads++
	if err := f.check("read"); err != nil {
		return nil, err
	}
	if s != f.st.Session {
		return nil, &tmuxctl.Error{Kind: tmuxctl.KindGone, Message: "session gone"}
	}
	return cloneState(f.st), nil
}

func (f *fakeCore) find(p tmuxctl.PaneID) (*tmuxctl.Window, int, bool) {
	for _, w := range allWindows(f.st) {
		for i := range w.Panes {
			if w.Panes[i].ID == p {
				return w, i, true
			}
		}
	}
	return nil, 0, false
}

func paneGone(p tmuxctl.PaneID) error {
	return &tmuxctl.Error{Kind: tmuxctl.KindGone, Value: string(p), Message: fmt.Sprintf("pane %s is gone", p)}
}

func (f *fakeCore) SelectPane(ctx context.Context, p tmuxctl.PaneID, d tmuxctl.Direction) (tmuxctl.Pane, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.record("select %s %s", p, dirName(d))
	if err := f.check("select"); err != nil {
		return tmuxctl.Pane{}, err
	}
	w, i, ok := f.find(p)
	if !ok {
		return tmuxctl.Pane{}, paneGone(p)
	}
	target := p
	switch d {
	case tmuxctl.DirUp, tmuxctl.DirDown, tmuxctl.DirLeft, tmuxctl.DirRight:
		if n, ok := tmuxctl.Neighbour(w, p, d, true); ok {
			target = n
		}
	case tmuxctl.DirLast:
		if l, ok := w.LastPane(); ok {
			target = l.ID
		} else if len(w.Panes) == 2 {
			target = w.Panes[1-i].ID
		} else {
			return tmuxctl.Pane{}, &tmuxctl.Error{Kind: tmuxctl.KindRefused, Message: "no last pane"}
		}
	case tmuxctl.DirNext:
		target = w.Panes[(i+1)%len(w.Panes)].ID
	case tmuxctl.DirPrevious:
		target = w.Panes[(i-1+len(w.Panes))%len(w.Panes)].ID
	}
	setActive(w, target)
	a, _ := w.ActivePane()
	return a, nil
}

func setActive(w *tmuxctl.Window, target tmuxctl.PaneID) {
	old, _ := w.ActivePane()
	if old.ID == target {
		return
	}
	for i := range w.Panes {
		w.Panes[i].Last = w.Panes[i].ID == old.ID
		w.Panes[i].Active = w.Panes[i].ID == target
	}
}

func (f *fakeCore) SwapPane(ctx context.Context, a, b tmuxctl.PaneID) (tmuxctl.Pane, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.record("swap %s %s", a, b)
	if err := f.check("swap"); err != nil {
		return tmuxctl.Pane{}, err
	}
	wa, ia, ok1 := f.find(a)
	wb, ib, ok2 := f.find(b)
	if !ok1 {
		return tmuxctl.Pane{}, paneGone(a)
	}
	if !ok2 {
		return tmuxctl.Pane{}, paneGone(b)
	}
	pa, pb := &wa.Panes[ia], &wb.Panes[ib]
	swapContent := func(x, y *tmuxctl.Pane, flags bool) {
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
	for _, w := range []*tmuxctl.Window{wa, wb} {
		for i := range w.Panes {
			w.Panes[i].WindowID = w.ID
		}
	}
	_, j, _ := f.find(a)
	w, _, _ := f.find(a)
	return w.Panes[j], nil
}

func (f *fakeCore) SelectWindow(ctx context.Context, s tmuxctl.SessionID, w tmuxctl.WindowID) error {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.record("window %s", w)
	if err := f.check("window"); err != nil {
		return err
	}
	if _, ok := f.st.Window(w); !ok {
		return &tmuxctl.Error{Kind: tmuxctl.KindGone, Message: "window gone"}
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

func (f *fakeCore) ToggleZoom(ctx context.Context, p tmuxctl.PaneID) error {
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

func (f *fakeCore) ToggleMark(ctx context.Context, p tmuxctl.PaneID) error {
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

func (f *fakeCore) Restore(ctx context.Context, st *tmuxctl.State) error {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.record("restore")
	if err := f.check("restore"); err != nil {
		return err
	}
	f.st = cloneState(st)
	return nil
}

func dirName(d tmuxctl.Direction) string {
	if d == tmuxctl.DirNone {
		return "none"
	}
	return string(d)
}

func allWindows(st *tmuxctl.State) []*tmuxctl.Window {
	ws := append([]*tmuxctl.Window(nil), st.Windows...)
	if st.Foreign != nil {
		ws = append(ws, st.Foreign)
	}
	return ws
}

func cloneState(st *tmuxctl.State) *tmuxctl.State {
	c := *st
	c.Windows = make([]*tmuxctl.Window, len(st.Windows))
	for i, w := range st.Windows {
		c.Windows[i] = cloneWindow(w)
	}
	if st.Foreign != nil {
		c.Foreign = cloneWindow(st.Foreign)
	}
	return &c
}

func cloneWindow(w *tmuxctl.Window) *tmuxctl.Window {
	c := *w
	c.Panes = append([]tmuxctl.Pane(nil), w.Panes...)
	return &c
}

// paneSpec is one pane of a test layout: id, index, geometry.
type paneSpec struct {
	id                       string
	index                    int
	left, top, width, height int
	cmd, path, title         string
}

func window(id string, index int, name string, w, h int, panes ...paneSpec) *tmuxctl.Window {
	win := &tmuxctl.Window{ID: tmuxctl.WindowID(id), Index: index, Name: name, SessionID: "$1", SessionName: "main", Width: w, Height: h}
	for _, p := range panes {
		win.Panes = append(win.Panes, tmuxctl.Pane{
			ID: tmuxctl.PaneID(p.id), Index: p.index, WindowID: win.ID,
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
func gridState() *tmuxctl.State {
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
	return &tmuxctl.State{Session: "$1", SessionName: "main", Windows: []*tmuxctl.Window{grid, mv, logs}, Current: "@1"}
}

// rowState is one window of n side-by-side panes (for labels >= 10).
func rowState(n int) *tmuxctl.State {
	var panes []paneSpec
	x := 0
	for i := 0; i < n; i++ {
		panes = append(panes, paneSpec{fmt.Sprintf("%%%d", 10+i), i, x, 0, 9, 40, "sh", "/tmp", ""})
		x += 10
	}
	w := window("@1", 0, "row", x-1, 40, panes...)
	w.Active = true
	return &tmuxctl.State{Session: "$1", SessionName: "many", Windows: []*tmuxctl.Window{w}, Current: "@1"}
}

// Act makes op between two reads, as tmuxctl.Client.Act does: through
// the fake's own operations, so the calls they record stay the record of
// what the navigator asked for.
func (f *fakeCore) Act(ctx context.Context, s tmuxctl.SessionID, op tmuxctl.Op) (before, after *tmuxctl.State, err error) {
	f.mu.Lock()
	f.acts++
	f.reads-- // the reads inside Act are part of its one command list
	f.mu.Unlock()
	if before, err = f.ReadState(ctx, s); err != nil {
		return nil, nil, err
	}
	switch op.Kind {
	case tmuxctl.OpSelect:
		from := op.Pane
		if from == "" {
			w, ok := before.Window(op.Window)
			if !ok {
				return before, nil, paneGone(from)
			}
			a, _ := w.ActivePane()
			from = a.ID
			if op.Stop && tmuxctl.AtEdge(w, a, op.Dir) {
				break
			}
			if _, ok := w.LastPane(); op.Dir == tmuxctl.DirLast && !ok && len(w.Panes) != 2 {
				break
			}
		}
		_, err = f.SelectPane(ctx, from, op.Dir)
	case tmuxctl.OpSwap:
		_, err = f.SwapPane(ctx, op.Pane, op.With)
	case tmuxctl.OpSelectWindow:
		err = f.SelectWindow(ctx, s, op.Window)
	case tmuxctl.OpZoom:
		err = f.ToggleZoom(ctx, op.Pane)
	case tmuxctl.OpMark:
		err = f.ToggleMark(ctx, op.Pane)
	case tmuxctl.OpRestore:
		err = f.Restore(ctx, op.Want)
	case tmuxctl.OpRefocus:
		if _, err = f.SelectPane(ctx, op.Pane, tmuxctl.DirNone); err == nil {
			_, err = f.SelectPane(ctx, op.With, tmuxctl.DirNone)
		}
	case tmuxctl.OpResize, tmuxctl.OpLayout, tmuxctl.OpRotate, tmuxctl.OpMove:
		err = f.rearrange(op)
	default:
		err = fmt.Errorf("fake: unknown op %d", op.Kind)
	}
	if err != nil {
		return before, nil, err
	}
	f.mu.Lock()
	f.reads--
	f.mu.Unlock()
	after, err = f.ReadState(ctx, s)
	return before, after, err
}
