package ui

import (
	"context"
	"fmt"
	"strings"
	"sync"
	"testing"

	"github.com/panemap/panemap/layouts"
	"github.com/panemap/panemap/tmux"
	"github.com/panemap/panemap/tmuxctl"
)

// layoutCore is the fake with what the named layouts need beyond Core:
// the server's version, the window's user options (read as values), and
// OpApplyLayout, done as the plan says (Plan.After) with the options set
// as tmuxctl sets them. A restore leaves the options, as tmux's does.
type layoutCore struct {
	*fakeCore
	mu      sync.Mutex
	opts    map[string]string
	optsRds int
}

func (c *layoutCore) RequireVersion(context.Context) (tmux.Version, error) {
	return tmux.Version{Raw: "3.3a", Major: 3, Minor: 3}, nil
}

func (c *layoutCore) UserOptions(_ context.Context, _ tmux.SessionID, names []string) (map[string]string, error) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.optsRds++
	out := map[string]string{}
	for _, n := range names {
		if v, ok := c.opts[n]; ok {
			out[n] = v
		}
	}
	return out, nil
}

func (c *layoutCore) NameLayout(_ context.Context, w tmux.WindowID, name string) error {
	st := c.State()
	win, _ := st.Window(w)
	c.mu.Lock()
	defer c.mu.Unlock()
	c.opts = map[string]string{layouts.OptionName: name, layouts.OptionApplied: win.Layout}
	return nil
}

func (c *layoutCore) Act(ctx context.Context, s tmux.SessionID, op tmuxctl.Op) (tmuxctl.Result, error) {
	if op.Kind != tmuxctl.OpApplyLayout {
		return c.fakeCore.Act(ctx, s, op)
	}
	var r tmuxctl.Result
	r.Before = c.State()
	c.edit(func(st *tmux.State) {
		for i, w := range st.Windows {
			if w.ID == op.Window {
				st.Windows[i] = op.Plan.After(w)
				c.mu.Lock()
				c.opts = map[string]string{layouts.OptionName: op.Text, layouts.OptionApplied: st.Windows[i].Layout}
				c.mu.Unlock()
			}
		}
		c.record("apply %s %s", op.Window, op.Text)
	})
	r.After = c.State()
	return r, nil
}

// layoutState is a session of one 80x24 window of three panes laid out
// as body.
func layoutState(body string) *tmux.State {
	s := fmt.Sprintf("%04x,%s", tmux.LayoutChecksum(body), body)
	cells, _ := tmux.ParseLayout(s)
	w := &tmux.Window{ID: "@1", Name: "dev", SessionID: "$1", Width: 80, Height: 24, Active: true, Layout: s}
	for i, n := range []int{1, 2, 3} {
		r := cells[n]
		w.Panes = append(w.Panes, tmux.Pane{ID: tmux.PaneID(fmt.Sprintf("%%%d", n)), Index: i, WindowID: "@1", Active: i == 0,
			Left: r.Left, Top: r.Top, Width: r.Width, Height: r.Height, Command: []string{"vim", "make", "bash"}[i], Path: "/src"})
	}
	return &tmux.State{Session: "$1", SessionName: "s", Windows: []*tmux.Window{w}, Current: "@1"}
}

const (
	savedBody     = "80x24,0,0{50x24,0,0,1,29x24,51,0[29x12,51,0,2,29x11,51,13,3]}"
	scrambledBody = "80x24,0,0[80x8,0,0,3,80x7,0,9,1,80x7,0,17,2]"
)

// newLayoutHarness is the navigator on layoutCore, with the layouts
// stored under a temporary XDG_CONFIG_HOME.
func newLayoutHarness(t *testing.T, body string, opts map[string]string) (*harness, *layoutCore) {
	t.Helper()
	t.Setenv("XDG_CONFIG_HOME", t.TempDir())
	core := &layoutCore{fakeCore: newFake(layoutState(body)), opts: opts}
	h := newHarnessOn(t, core.fakeCore, testOptions(), 100, 40)
	h.m.core = core
	h.send(shownMsg{}) // the mark is read once the core can
	return h, core
}

func (h *harness) layout() string {
	w, _ := h.core.State().Window("@1")
	return w.Layout
}

// TestLayoutsSaveApplyUndo: S saves the window under a name; after a
// scramble, o and Enter apply it through Act (the window's layout is
// the saved one again, and the title names it); u gives the scrambled
// layout back exactly, and the title says the window changed since.
func TestLayoutsSaveApplyUndo(t *testing.T) {
	h, _ := newLayoutHarness(t, savedBody, nil)
	saved := h.layout()
	h.keys("S", "d", "e", "v", "enter")
	store, _ := layouts.DefaultStore()
	if l, err := store.Load("dev"); err != nil || l.Raw != saved {
		t.Fatalf("S saved %+v, %v", l, err)
	}
	h.keys("esc")
	if h.m.layouts != nil {
		t.Fatal("esc left the layouts view open")
	}
	if top := strings.SplitN(h.screen(), "\n", 2)[0]; !strings.HasSuffix(strings.TrimSpace(top), "layout dev") {
		t.Errorf("after the save the title does not name the layout: %q", top)
	}
	h.core.edit(func(st *tmux.State) { st.Windows[0] = layoutState(scrambledBody).Windows[0] })
	h.fireLast() // the poll reads the scrambled window
	scrambled := h.layout()
	if !strings.Contains(h.screen(), "layout dev changed") {
		t.Errorf("after a scramble the title does not say changed:\n%s", h.screen())
	}
	h.keys("o")
	if !strings.Contains(h.screen(), "enter applies dev") {
		t.Fatalf("no plan on the list:\n%s", h.screen())
	}
	h.keys("enter")
	if got := h.layout(); got != saved {
		t.Fatalf("after apply the window is %s, want %s", got, saved)
	}
	if !strings.Contains(h.screen(), "layout dev ") || strings.Contains(h.screen(), "dev changed") {
		t.Errorf("title does not name the layout:\n%s", h.screen())
	}
	h.keys("u")
	if got := h.layout(); got != scrambled {
		t.Fatalf("after u the window is %s, want %s", got, scrambled)
	}
	if !strings.Contains(h.screen(), "layout dev changed") {
		t.Errorf("title does not say the window changed:\n%s", h.screen())
	}
}

// TestLayoutsTitle: the title names the window's layout from its
// options, and says when the window's layout is no longer the one it
// had right after; a window without the options shows nothing.
func TestLayoutsTitle(t *testing.T) {
	scrambled := layoutState(scrambledBody).Windows[0].Layout
	for _, c := range []struct {
		opts map[string]string
		want string
	}{
		{map[string]string{layouts.OptionName: "dev", layouts.OptionApplied: scrambled}, "layout dev "},
		{map[string]string{layouts.OptionName: "dev", layouts.OptionApplied: "x"}, "layout dev changed"},
		{nil, ""},
	} {
		h, core := newLayoutHarness(t, scrambledBody, c.opts)
		top := strings.SplitN(h.screen(), "\n", 2)[0]
		if c.want == "" && strings.Contains(top, "layout") || !strings.Contains(top, c.want) {
			t.Errorf("%v: title %q, want %q", c.opts, top, c.want)
		}
		h.keys("right", "left", "tab")
		if core.optsRds != 1 {
			t.Errorf("%v: the options were read %d times, want once", c.opts, core.optsRds)
		}
	}
}
