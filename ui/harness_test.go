package ui

import (
	"strings"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"github.com/panemap/panemap/tmux"
)

// harness drives a Model synchronously: it sends a message, runs the
// returned commands (expanding batches) and feeds their messages back
// until nothing is left. Timers are not run; they are kept in timers to
// be fired by hand.
type harness struct {
	t      *testing.T
	m      Model
	core   *fakeCore
	quit   bool
	timers []func(time.Time) tea.Msg
}

func testOptions() Options {
	o := DefaultOptions("$1")
	o.Env = []string{"TERM=xterm-256color", "HOME=/home/u"}
	o.Hostname = "host"
	return o
}

func newHarness(t *testing.T, st *tmux.State, opts Options, w, h int) *harness {
	t.Helper()
	return newHarnessOn(t, newFake(st), opts, w, h)
}

// newHarnessOn is newHarness on a fake made already (to give options
// that need it, such as previews).
func newHarnessOn(t *testing.T, core *fakeCore, opts Options, w, h int) *harness {
	t.Helper()
	hs := &harness{t: t, core: core}
	hs.m = New(hs.core, opts)
	hs.m.after = func(d time.Duration, fn func(time.Time) tea.Msg) tea.Cmd {
		hs.timers = append(hs.timers, fn)
		return nil
	}
	hs.send(tea.WindowSizeMsg{Width: w, Height: h})
	hs.run(hs.m.Init())
	if !hs.m.loaded {
		t.Fatalf("model did not load: fatal=%v", hs.m.fatal)
	}
	return hs
}

// send delivers msg and everything that follows from it.
func (h *harness) send(msgs ...tea.Msg) {
	h.t.Helper()
	for _, msg := range msgs {
		m, cmd := h.m.Update(msg)
		h.m = m.(Model)
		h.run(cmd)
	}
}

// sendOnly delivers msg and returns its command without running it.
func (h *harness) sendOnly(msg tea.Msg) tea.Cmd {
	m, cmd := h.m.Update(msg)
	h.m = m.(Model)
	return cmd
}

// run runs cmd and the commands its messages lead to, breadth first.
func (h *harness) run(cmd tea.Cmd) {
	h.t.Helper()
	queue := []tea.Cmd{cmd}
	for steps := 0; len(queue) > 0; steps++ {
		if steps > 10000 {
			h.t.Fatal("commands did not settle")
		}
		c := queue[0]
		queue = queue[1:]
		if c == nil {
			continue
		}
		switch msg := c().(type) {
		case nil:
		case tea.BatchMsg:
			queue = append(queue, msg...)
		case tea.QuitMsg:
			h.quit = true
		default:
			m, next := h.m.Update(msg)
			h.m = m.(Model)
			queue = append(queue, next)
		}
	}
}

// fireLast fires the most recent timer.
func (h *harness) fireLast() {
	h.t.Helper()
	if len(h.timers) == 0 {
		h.t.Fatal("no timer")
	}
	fn := h.timers[len(h.timers)-1]
	h.send(fn(time.Time{}))
}

func (h *harness) active() tmux.PaneID {
	h.t.Helper()
	st := h.core.State()
	w, ok := st.Window(h.m.win)
	if !ok {
		h.t.Fatalf("window %s not in state", h.m.win)
	}
	a, _ := w.ActivePane()
	return a.ID
}

// screen is the view without ANSI sequences.
func (h *harness) screen() string {
	return ansi.Strip(h.m.View().Content)
}

func (h *harness) wantCalls(want ...string) {
	h.t.Helper()
	got := h.core.Calls()
	if strings.Join(got, "; ") != strings.Join(want, "; ") {
		h.t.Errorf("calls:\n got %q\nwant %q", got, want)
	}
}

func (h *harness) wantActive(want tmux.PaneID) {
	h.t.Helper()
	if got := h.active(); got != want {
		h.t.Errorf("tmux's active pane = %s, want %s", got, want)
	}
	if w := h.m.window(); w != nil {
		if a, _ := w.ActivePane(); a.ID != want {
			h.t.Errorf("the map's focused pane = %s, want %s (map out of date)", a.ID, want)
		}
	}
}

func (h *harness) wantStatus(sub string) {
	h.t.Helper()
	if !strings.Contains(h.m.status.text, sub) {
		h.t.Errorf("status = %q, want it to contain %q", h.m.status.text, sub)
	}
	if !strings.Contains(h.screen(), sub) {
		h.t.Errorf("screen does not show %q:\n%s", sub, h.screen())
	}
}

func keyPress(s string) tea.KeyPressMsg {
	switch s {
	case "up":
		return tea.KeyPressMsg{Code: tea.KeyUp}
	case "down":
		return tea.KeyPressMsg{Code: tea.KeyDown}
	case "left":
		return tea.KeyPressMsg{Code: tea.KeyLeft}
	case "right":
		return tea.KeyPressMsg{Code: tea.KeyRight}
	case "tab":
		return tea.KeyPressMsg{Code: tea.KeyTab}
	case "shift+tab":
		return tea.KeyPressMsg{Code: tea.KeyTab, Mod: tea.ModShift}
	case "enter":
		return tea.KeyPressMsg{Code: tea.KeyEnter}
	case "esc":
		return tea.KeyPressMsg{Code: tea.KeyEscape}
	case "ctrl+c":
		return tea.KeyPressMsg{Code: 'c', Mod: tea.ModCtrl}
	case "space":
		return tea.KeyPressMsg{Code: tea.KeySpace, Text: " "}
	case "shift+space":
		return tea.KeyPressMsg{Code: tea.KeySpace, Mod: tea.ModShift}
	case "shift+left":
		return tea.KeyPressMsg{Code: tea.KeyLeft, Mod: tea.ModShift}
	case "shift+right":
		return tea.KeyPressMsg{Code: tea.KeyRight, Mod: tea.ModShift}
	case "shift+up":
		return tea.KeyPressMsg{Code: tea.KeyUp, Mod: tea.ModShift}
	case "shift+down":
		return tea.KeyPressMsg{Code: tea.KeyDown, Mod: tea.ModShift}
	}
	r := []rune(s)
	if len(r) != 1 {
		panic("keyPress: unknown key " + s)
	}
	return tea.KeyPressMsg{Code: r[0], Text: s}
}

// keys sends each key in turn.
func (h *harness) keys(ks ...string) {
	h.t.Helper()
	for _, k := range ks {
		h.send(keyPress(k))
	}
}

// tabX is where window id's tab starts on the top line.
func (h *harness) tabX(id tmux.WindowID) (int, bool) {
	for x := 0; x < h.m.width; x++ {
		if got, ok := h.m.header.TabAt(x, 0); ok && got == id {
			return x, true
		}
	}
	return 0, false
}

// paneCenter is the screen position of the middle of a pane's box.
func (h *harness) paneCenter(id tmux.PaneID) (int, int) {
	h.t.Helper()
	for y := 0; y < h.m.height; y++ {
		for x := 0; x < h.m.width; x++ {
			if got, ok := h.m.mapv.PaneAt(x, y); ok && got == id {
				// the first cell found is the top-left corner; step inside
				return x + 2, y + h.m.mapTop + 1
			}
		}
	}
	h.t.Fatalf("pane %s not on the map", id)
	return 0, 0
}
