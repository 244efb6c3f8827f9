package tmux_test

import (
	"strings"
	"testing"

	"github.com/panemap/panemap/internal/tmuxtest"
	"github.com/panemap/panemap/tmux"
)

// floatingLayouts are #{window_layout}s master printed (tmux -L, -f
// /dev/null): two tiled panes and floating ones made with new-pane, the
// same after select-pane raised %2, floating panes at negative offsets and
// past the window's edge, a container left with no tiled pane after its
// tiled one was killed, and a window of one floating pane.
var floatingLayouts = []string{
	"a496,160x46,0,0{80x46,0,0,0,80x11,4,2,2,79x46,81,0,1}<80x11,4,2,2>",
	"75f8,160x46,0,0{80x46,0,0,0,80x11,4,2,2,79x46,81,0,1,28x6,101,31,3}<28x6,101,31,3,80x11,4,2,2>",
	"fb2d,160x46,0,0{80x46,0,0,0,80x11,4,2,2,79x46,81,0,1,28x6,101,31,3}<80x11,4,2,2,28x6,101,31,3>",
	"0648,160x46,0,0[160x46,0,0,10,28x8,151,41,12,18x4,-9,-2,11]<28x8,151,41,12,18x4,-9,-2,11>",
	"f1de,160x46,0,0[28x8,151,41,12,18x4,-9,-2,11]<28x8,151,41,12,18x4,-9,-2,11>",
	"c3e0,28x8,151,41,12<28x8,151,41,12>",
	// The example.
	"52c3,160x46,0,0{80x46,0,0,2,79x46,81,0,1,80x11,4,2,0}<80x11,4,2,0>",
}

// TestCheckLayoutRefusesFloating: whatever a floating cell looks like,
// select-layout refuses the string on every version (layout_parse stops
// at the tree: "invalid layout"), and so does CheckLayout, before tmux
// sees it. A floating cell left in the tree without a section is a tiled
// cell that does not fit, which tmux refuses too ("size mismatch").
func TestCheckLayoutRefusesFloating(t *testing.T) {
	t.Parallel()
	two := "80x24,0,0{40x24,0,0,0,39x24,41,0,1"
	for _, c := range []struct{ name, body, why string }{
		{"as tmux writes it", two + ",18x3,4,2,2}<18x3,4,2,2>", "floating-pane section"},
		{"out of the window", two + ",18x3,70,20,2}<18x3,70,20,2>", "floating-pane section"},
		{"at a negative offset", two + ",18x3,-4,2,2}<18x3,-4,2,2>", "expects a number at byte 45, found '-'"},
		{"overlapping another", two + ",18x3,4,2,2,18x3,5,3,3}<18x3,4,2,2,18x3,5,3,3>", "floating-pane section"},
		{"of zero size", two + ",0x3,4,2,2}<0x3,4,2,2>", "floating-pane section"},
		{"more cells than panes", two + ",18x3,4,2,2}<18x3,4,2,2,9x3,1,1,3>", "floating-pane section"},
		{"nested", two + ",18x3,4,2,2}<18x3,4,2{9x3,4,2,2,8x3,14,2,3}>", "floating-pane section"},
		{"an empty section", two + "}<>", "floating-pane section"},
		{"a pane in both parts", two + "}<39x24,41,0,1>", "floating-pane section"},
		{"only in the tree", two + ",18x3,4,2,2}", "has child 18x3,4,2 of 80x24,0,0 3 high"},
		{"only in the section", two + "}<18x3,4,2,2>", "floating-pane section"},
		{"alone", "18x3,4,2,2<18x3,4,2,2>", "floating-pane section"},
	} {
		s := withSum(c.body)
		if _, err := tmux.CheckLayout(s); err == nil || !strings.Contains(err.Error(), c.why) {
			t.Errorf("%s: CheckLayout(%q) = %v, want a refusal saying %q", c.name, s, err, c.why)
		}
	}
}

// A layout string never goes to a window with floating panes; one with
// none takes it.
func TestCheckLayoutTarget(t *testing.T) {
	t.Parallel()
	w := &tmux.Window{ID: "@3", Panes: []tmux.Pane{{ID: "%0"}, {ID: "%1"}}}
	if err := tmux.CheckLayoutTarget(w); err != nil {
		t.Fatalf("tiled window: %v", err)
	}
	w.Panes = append(w.Panes, tmux.Pane{ID: "%4", Floating: true, Z: 1}, tmux.Pane{ID: "%2", Floating: true})
	err := tmux.CheckLayoutTarget(w)
	if tmux.KindOf(err) != tmux.KindInvalidInput || err.Error() != "window @3 has floating panes (%2, %4): a layout string without their \"<…>\" part would tile them, so it takes none (the window's own layout string, as tmux prints it, has that part)" {
		t.Fatalf("window with floating panes: %v", err)
	}
}

// TestLayoutStringTilesFloatingPanes pins the tmux behaviour that
// CheckLayoutTarget guards against: a layout string with a cell for every
// pane, floating ones included, is applied and tiles them, and
// select-layout -o cannot undo it; a named layout keeps them floating
// from 3.8 (3.7c tiles them too).
func TestLayoutStringTilesFloatingPanes(t *testing.T) {
	t.Parallel()
	if !tmuxtest.TmuxAtLeast(t, 3, 7) {
		t.Skip("floating panes are new in tmux 3.7")
	}
	srv := tmuxtest.Start(t, 80, 24)
	split(srv, "main:0", "-h")
	srv.Must("new-pane", "-d", "-t", "main:0", "exec sh")
	floating := "#{P:#{pane_floating_flag}}"
	srv.Must("select-layout", "-t", "main:0", "even-vertical")
	if got := srv.Display("main:0", floating); srv.AtLeast(3, 8) && got != "001" {
		t.Fatalf("tmux %s: after a named layout, floating flags %q, want 001", srv.Version(), got)
	}
	if got := srv.Display("main:0", floating); got != "001" {
		srv.Must("kill-pane", "-t", "main:0.2")
		srv.Must("new-pane", "-d", "-t", "main:0", "exec sh")
	}
	s := withSum("80x24,0,0{26x24,0,0,0,26x24,27,0,1,26x24,54,0,2}")
	if _, err := tmux.CheckLayout(s); err != nil {
		t.Fatal(err)
	}
	srv.Must("select-layout", "-t", "main:0", s)
	if got := srv.Display("main:0", floating); got != "000" {
		t.Fatalf("tmux %s: after a layout string, floating flags %q, want 000 (all tiled)", srv.Version(), got)
	}
	if _, err := srv.Run("select-layout", "-t", "main:0", "-o"); err == nil {
		t.Fatalf("tmux %s: select-layout -o undid a layout that had floating panes", srv.Version())
	}
}
