package main

// The navigator in a modal pane (@panemap-open modal, tmux 3.8): opened
// with the plugin's key on a real client, driven with keys, and tmux
// asked what happened.

import (
	"bytes"
	"strings"
	"testing"

	"github.com/panemap/panemap/internal/tmuxtest"
	"github.com/panemap/panemap/tmux"
)

// modalPane is the modal pane of target's window, "" when it has none.
// moveRightAndClose types l in the modal pane over from's window, waits
// for the map to focus to, then closes it with key, keeping the move.
func moveRightAndClose(t *testing.T, n *tmuxtest.Nested, from, to, key string) {
	t.Helper()
	n.Keys("l")
	n.WaitScreen(wait, "the focus moved to "+to, func(scr string) bool { return focusedLine(scr, to) })
	n.Keys(key)
	tmuxtest.Eventually(t, wait, func() bool { return modalPane(n.Inner, from) == "" }, "%s did not close the modal pane", key)
	if a := n.Inner.Active(from); a != to {
		t.Errorf("after l and %s the active pane is %s, want %s", key, a, to)
	}
}

func modalPane(srv *tmuxtest.Server, target string) string {
	for _, line := range strings.Split(srv.Must("list-panes", "-t", target, "-F", "#{pane_modal_flag} #{pane_id}"), "\n") {
		if id, ok := strings.CutPrefix(line, "1 "); ok {
			return id
		}
	}
	return ""
}

// modalGrid is a nested server whose inner one has a grid of four
// panes and @panemap-open set to modal; the test skips with -short, and
// before tmux 3.8, which has no modal panes (new-pane -O).
func modalGrid(t *testing.T) (*tmuxtest.Nested, [4]string) {
	t.Helper()
	tmuxtest.SkipEndToEndIfShort(t)
	n := tmuxtest.StartNested(t, 120, 40)
	if !n.Inner.AtLeast(3, 8) {
		t.Skipf("tmux %s has no modal panes (new-pane -O)", n.Inner.Version())
	}
	g := n.Inner.Grid()
	n.Inner.Must("set", "-g", "@panemap-open", "modal")
	return n, g
}

// openModal presses the plugin's key and waits for the map in the modal
// pane; it returns the modal pane.
func openModal(t *testing.T, n *tmuxtest.Nested, g [4]string) string {
	t.Helper()
	n.Keys("C-b", pluginDefaultKey)
	n.WaitScreen(wait, "the map in the modal pane", func(scr string) bool {
		for _, p := range g {
			if !strings.Contains(scr, p) {
				return false
			}
		}
		return strings.Contains(scr, "NAV")
	})
	m := modalPane(n.Inner, g[0])
	if m == "" {
		t.Fatalf("the map is on screen but the window has no modal pane:\n%s", n.Inner.Must("list-panes", "-t", g[0], "-F", "#{pane_id} #{pane_floating_flag} #{pane_modal_flag}"))
	}
	return m
}

// TestE2EModalFocusSwapAndEsc: with @panemap-open modal on tmux 3.8 the
// key opens the map in a modal floating pane, centred and sized as the
// popup; the map leaves that pane out and shows the pane that was
// focused; a move is kept on the map and lands in tmux as Enter closes
// the pane (the last pane being the one focused before); a swap of two
// other panes works while the modal pane is open; Esc puts everything
// back, focus and last pane included.
func TestE2EModalFocusSwapAndEsc(t *testing.T) {
	t.Parallel()
	n, g := modalGrid(t)
	loadPlugin(t, n.Inner, tmuxtest.Panemap(t))
	if b, _ := prefixBinding(t, n.Inner, pluginDefaultKey); !strings.Contains(b, "new-pane -O") {
		t.Fatalf("prefix %s is not bound to a modal pane: %q", pluginDefaultKey, b)
	}
	tl, tr, br := g[0], g[1], g[3]
	m := openModal(t, n, g)
	if scr := n.Screen(); strings.Contains(scr, m+" ") || strings.Contains(scr, m+"\n") {
		t.Errorf("the modal pane %s is on the map:\n%s", m, scr)
	}
	// Sized and placed as the popup (80% by 75%, centred): the border
	// box of a 120x40 window is 96x30 at 12,4 (12% of 40 rows is 4).
	if geo := n.Inner.Display(m, "#{pane_width}x#{pane_height} #{pane_left},#{pane_top}"); geo != "94x28 13,5" {
		t.Errorf("the modal pane is %s, want 94x28 13,5", geo)
	}
	// l and Enter at once, maybe while the opening read is still out:
	// the move waits for it, and Enter for the move.
	n.Keys("l", "Enter")
	tmuxtest.Eventually(t, wait, func() bool { return modalPane(n.Inner, tl) == "" }, "Enter did not close the modal pane")
	if a := n.Inner.Active(tl); a != tr {
		t.Errorf("after l and Enter the active pane is %s, want %s", a, tr)
	}
	if last := n.Inner.Display(tl, "#{pane_last}"); last != "1" {
		t.Errorf("the last pane is not %s, the pane focused before", tl)
	}

	fingerprint := func() string {
		return n.Inner.Must("list-panes", "-t", tl, "-F", "#{pane_index} #{pane_id} #{pane_active} #{pane_last} #{pane_left},#{pane_top},#{pane_width}x#{pane_height}")
	}
	before := fingerprint()
	cell := func(p string) string { return n.Inner.Display(p, "#{pane_left},#{pane_top}") }
	cTR, cBR := cell(tr), cell(br)
	openModal(t, n, g)
	n.Keys("s")
	n.WaitScreen(wait, "swap mode", func(scr string) bool { return strings.Contains(scr, "SWAP") })
	n.Keys("Down")
	tmuxtest.Eventually(t, wait, func() bool { return cell(tr) == cBR && cell(br) == cTR },
		"s Down did not swap %s with %s under the modal pane: %s at %s", tr, br, tr, cell(tr))
	n.Keys("Escape")
	tmuxtest.Eventually(t, wait, func() bool { return modalPane(n.Inner, tl) == "" }, "Esc did not close the modal pane")
	tmuxtest.Eventually(t, wait, func() bool { return fingerprint() == before }, "Esc did not put everything back:\nbefore:\n%s\nafter:\n%s", before, fingerprint())
}

// TestPluginModalBeforeTmux38: @panemap-open modal on a tmux without
// new-pane -O binds the popup, and doctor says why in one line; on 3.8
// it binds new-pane -O and doctor says so.
func TestPluginModalBeforeTmux38(t *testing.T) {
	t.Parallel()
	srv := tmuxtest.Start(t, 0, 0)
	srv.Must("set", "-g", "@panemap-bin", pluginBin(t))
	srv.Must("set", "-g", "@panemap-open", "modal")
	runPlugin(t, srv)
	b, ok := prefixBinding(t, srv, pluginDefaultKey)
	if !ok {
		t.Fatalf("prefix %s is not bound", pluginDefaultKey)
	}
	var out bytes.Buffer
	d := &doctor{g: &globals{stdout: &out}}
	d.pluginOpen(t.Context(), execClient(srv), tmux.SessionID(srv.Display("main:", "#{session_id}")))
	line := out.String()
	if strings.Count(line, "\n") != 1 {
		t.Errorf("doctor: want one line, got %q", line)
	}
	if srv.AtLeast(3, 8) {
		if !strings.Contains(b, "new-pane -O") || strings.Contains(b, "display-popup") {
			t.Errorf("tmux %s: the binding is not a modal pane: %q", srv.Version(), b)
		}
		if !strings.Contains(line, "ok    plugin open: the key opens a modal pane") {
			t.Errorf("doctor: %q", line)
		}
		return
	}
	if !strings.Contains(b, "display-popup") && !strings.Contains(b, "popup --client") || strings.Contains(b, "new-pane") {
		t.Errorf("tmux %s: @panemap-open modal did not fall back to the popup: %q", srv.Version(), b)
	}
	if want := "@panemap-open modal needs tmux 3.8 (new-pane -O); this server is tmux " + srv.Version() + ", so the key opens a popup"; !strings.Contains(line, want) {
		t.Errorf("doctor: %q lacks %q", line, want)
	}
	if d.problems != 0 {
		t.Errorf("the fallback is information, not a problem")
	}
}

// TestE2EModalWindowsAndZoom: a modal pane sized in cells is cut to the
// window and centred; in
// it ] shows the next window
// on the map while tmux's current window stays (selecting it would hide
// the modal pane), z and H in the modal pane's window are refused with
// a message, and Enter closes the pane and shows the window chosen.
func TestE2EModalWindowsAndZoom(t *testing.T) {
	t.Parallel()
	n, g := modalGrid(t)
	other := n.Inner.Must("new-window", "-d", "-t", "main:1", "-P", "-F", "#{pane_id}", "exec sh")
	// Sizes in cells: run-shell -C cuts them to the window's and works
	// out the centring.
	n.Inner.Must("set", "-g", "@panemap-width", "200")
	n.Inner.Must("set", "-g", "@panemap-height", "20")
	loadPlugin(t, n.Inner, tmuxtest.Panemap(t))
	m := openModal(t, n, g)
	if geo := n.Inner.Display(m, "#{pane_width}x#{pane_height} #{pane_left},#{pane_top}"); geo != "118x18 1,11" {
		t.Errorf("the modal pane is %s, want 118x18 1,11 (a 120x20 border box, 200 cut to the window, centred in 120x40)", geo)
	}
	n.Keys("z")
	n.WaitScreen(wait, "the zoom refused", func(scr string) bool { return strings.Contains(scr, "cannot zoom") })
	if z := n.Inner.Display(g[0], "#{window_zoomed_flag}"); z != "0" {
		t.Errorf("z zoomed the window under the modal pane")
	}
	before := n.Inner.Display(g[0], "#{window_layout}")
	n.Keys("H")
	n.WaitScreen(wait, "the resize refused", func(scr string) bool { return strings.Contains(scr, "cannot resize a tiled pane") })
	if after := n.Inner.Display(g[0], "#{window_layout}"); after != before {
		t.Errorf("H resized under the modal pane: %s, was %s", after, before)
	}
	n.Keys("]")
	n.WaitScreen(wait, "the next window on the map", func(scr string) bool {
		return strings.Contains(scr, other) && !strings.Contains(scr, g[3])
	})
	if w := n.Inner.Display("main:", "#{window_index}"); w != "0" || modalPane(n.Inner, g[0]) != m {
		t.Errorf("] changed tmux's window to %s (or closed the modal pane)", w)
	}
	n.Keys("Enter")
	tmuxtest.Eventually(t, wait, func() bool { return modalPane(n.Inner, g[0]) == "" }, "Enter did not close the modal pane")
	n.Inner.WaitDisplay(wait, "main:", "#{window_index}", "1")
	if a := n.Inner.Active(g[0]); a != g[0] {
		t.Errorf("the focus in the first window moved to %s", a)
	}
}

// TestE2EModalFind: find in the modal pane leaves the pane out (its own
// screen shows the query), and a jump to a match in another window
// closes the modal pane and shows the match.
func TestE2EModalFind(t *testing.T) {
	t.Parallel()
	n, g := modalGrid(t)
	other := n.Inner.Must("new-window", "-d", "-t", "main:1", "-P", "-F", "#{pane_id}", "printf 'jump-Needle\\n'; exec cat")
	loadPlugin(t, n.Inner, tmuxtest.Panemap(t))
	openModal(t, n, g)
	typed := func(text string) { n.Outer.Must("send-keys", "-t", n.OuterPane, "-l", text) }
	n.Keys("/")
	n.WaitScreen(wait, "find", func(scr string) bool { return strings.Contains(scr, "panes: type to find") })
	typed("NAV")
	n.WaitScreen(wait, "no match in the modal pane's own screen (its map says NAV)", func(scr string) bool { return strings.Contains(scr, "0 matches in 0 panes") })
	n.Keys("C-u")
	typed("jump-Needle")
	n.WaitScreen(wait, "the match", func(scr string) bool { return strings.Contains(scr, "1 match") && strings.Contains(scr, other) })
	n.Keys("Enter")
	tmuxtest.Eventually(t, wait, func() bool { return modalPane(n.Inner, g[0]) == "" }, "the jump did not close the modal pane")
	n.Inner.WaitDisplay(wait, "main:", "#{pane_id}", other)
	if a := n.Inner.Active(g[0]); a != g[0] {
		t.Errorf("the focus in the first window moved to %s", a)
	}
}

// TestE2EModalMoveAndEsc: > moves the focused pane to the next window
// under the modal pane and the map goes with it, while tmux's current
// window stays the modal pane's; Esc puts the pane, the window and the
// focus back and closes the modal pane. So does Esc after a layout, and
// after f floats a pane.
func TestE2EModalMoveAndEsc(t *testing.T) {
	t.Parallel()
	n, g := modalGrid(t)
	other := n.Inner.Must("new-window", "-d", "-t", "main:1", "-P", "-F", "#{pane_id}", "exec sh")
	loadPlugin(t, n.Inner, tmuxtest.Panemap(t))
	fingerprint := func() string {
		return n.Inner.Must("list-panes", "-s", "-t", "main", "-F",
			"#{window_index} #{window_active} #{pane_index} #{pane_id} #{pane_active} #{pane_last} #{pane_left},#{pane_top},#{pane_width}x#{pane_height}")
	}
	before := fingerprint()
	m := openModal(t, n, g)
	n.Keys(">")
	n.Inner.WaitDisplay(wait, g[0], "#{window_index}", "1")
	n.WaitScreen(wait, "the map in the pane's new window", func(scr string) bool {
		return strings.Contains(scr, other) && strings.Contains(scr, g[0]) && !strings.Contains(scr, g[3])
	})
	if w := n.Inner.Display("main:", "#{window_index}"); w != "0" || modalPane(n.Inner, g[1]) != m {
		t.Errorf("the move changed tmux's window to %s (or closed the modal pane)", w)
	}
	n.Keys("Escape")
	tmuxtest.Eventually(t, wait, func() bool { return modalPane(n.Inner, g[1]) == "" }, "Esc did not close the modal pane")
	tmuxtest.Eventually(t, wait, func() bool { return fingerprint() == before }, "Esc did not put everything back:\nbefore:\n%s\nafter:\n%s", before, fingerprint())

	// A layout (space): tmux keeps the modal pane floating, and Esc
	// gives the tiled sizes back as the pane closes.
	openModal(t, n, g)
	layout := n.Inner.Display(g[1], "#{pane_width}x#{pane_height}")
	n.Keys("Space")
	tmuxtest.Eventually(t, wait, func() bool { return n.Inner.Display(g[1], "#{pane_width}x#{pane_height}") != layout }, "space did not change the layout")
	n.Keys("Escape")
	tmuxtest.Eventually(t, wait, func() bool { return modalPane(n.Inner, g[1]) == "" }, "Esc did not close the modal pane")
	tmuxtest.Eventually(t, wait, func() bool { return fingerprint() == before }, "Esc did not put the layout back:\nbefore:\n%s\nafter:\n%s", before, fingerprint())

	// f floats the focused pane under the modal pane; Esc tiles it back.
	openModal(t, n, g)
	n.Keys("f")
	n.Inner.WaitDisplay(wait, g[0], "#{pane_floating_flag}", "1")
	n.Keys("Escape")
	tmuxtest.Eventually(t, wait, func() bool { return modalPane(n.Inner, g[1]) == "" }, "Esc did not close the modal pane")
	tmuxtest.Eventually(t, wait, func() bool { return fingerprint() == before }, "Esc did not tile the pane back:\nbefore:\n%s\nafter:\n%s", before, fingerprint())
}

// TestE2EModalFromAPane: panemap typed in a pane, with @panemap-open
// modal on tmux 3.8, opens itself in a modal pane over that pane's
// window and returns at once; the focus chosen lands as the pane closes.
func TestE2EModalFromAPane(t *testing.T) {
	t.Parallel()
	n, g := modalGrid(t)
	n.Inner.TypeLine([]string{g[0]}, tmuxtest.Panemap(t)+"; echo EXITED=$?")
	n.WaitScreen(wait, "the map in the modal pane", func(scr string) bool { return strings.Contains(scr, g[3]) && strings.Contains(scr, "NAV") })
	if modalPane(n.Inner, g[0]) == "" {
		t.Fatalf("the map is not in a modal pane")
	}
	tmuxtest.Eventually(t, wait, func() bool {
		return strings.Contains(n.Inner.Must("capture-pane", "-p", "-t", g[0]), "EXITED=0")
	}, "panemap in the pane did not return 0 once the modal pane opened")
	moveRightAndClose(t, n, g[0], g[1], "q")
}

// TestE2EModalFallsBackToPopup: before tmux 3.8, @panemap-open modal
// opens the map in the popup, on the plugin's key and from a pane.
func TestE2EModalFallsBackToPopup(t *testing.T) {
	t.Parallel()
	tmuxtest.SkipEndToEndIfShort(t)
	n := tmuxtest.StartNested(t, 120, 40)
	if n.Inner.AtLeast(3, 8) {
		t.Skipf("tmux %s has modal panes", n.Inner.Version())
	}
	g := n.Inner.Grid()
	n.Inner.Must("set", "-g", "@panemap-open", "modal")
	loadPlugin(t, n.Inner, tmuxtest.Panemap(t))
	pressAndQuit(t, n, g, pluginDefaultKey)
	n.Inner.TypeLine([]string{g[0]}, tmuxtest.Panemap(t)+"; echo EXITED=$?")
	n.WaitScreen(wait, "the popup map from a pane", func(scr string) bool { return strings.Contains(scr, g[3]) && strings.Contains(scr, "NAV") })
	if c := n.Inner.Must("list-panes", "-t", g[0], "-F", "#{pane_id}"); len(strings.Fields(c)) != 4 {
		t.Errorf("a pane was added to the window: %q", c)
	}
	n.Keys("q")
	tmuxtest.Eventually(t, wait, func() bool {
		return strings.Contains(n.Inner.Must("capture-pane", "-p", "-t", g[0]), "EXITED=0")
	}, "panemap in the pane did not exit 0 after the popup closed")
}
