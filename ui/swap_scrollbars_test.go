package ui

import (
	"strings"
	"testing"

	"github.com/panemap/panemap/tmux"
	"github.com/panemap/panemap/tmuxctl"
)

// TestSwapModeBesideScrollbars: with pane scrollbars (tmux 3.6+) the
// panes of a row are a scrollbar and a border apart; a window known
// without its layout string, whose cells hold the scrollbars, shows no
// pane on the right, and the swap arrow asks tmux all the same (it picks
// the pane as select-pane does) instead of saying there is none. At the
// window's edge with wrap off it still says so without asking.
func TestSwapModeBesideScrollbars(t *testing.T) {
	t.Parallel()
	// tmux 3.7c, pane-scrollbars on: %0 49 wide, its scrollbar at
	// column 49, the border at 50, %1 from 51.
	w := window("@1", 0, "bars", 100, 30,
		paneSpec{"%0", 0, 0, 0, 49, 30, "sh", "/tmp", "host"},
		paneSpec{"%1", 1, 51, 0, 48, 30, "sh", "/tmp", "host"},
	)
	w.Active = true
	st := &tmux.State{Session: "$1", SessionName: "main", Windows: []*tmux.Window{w}, Current: "@1"}
	dec, err := swapDir("@1", tmux.DirRight, false, 1)(st)
	if err != nil || dec.op == nil || dec.op.Kind != tmuxctl.OpSwap || dec.op.Pane != "%0" || dec.op.Dir != tmux.DirRight || dec.op.With != "" {
		t.Errorf("s then → beside a scrollbar: %+v, %v; want tmux asked to swap %%0 right", dec, err)
	}
	if dec, _ := swapDir("@1", tmux.DirLeft, false, 1)(st); dec.op != nil || !strings.Contains(dec.note, "left edge") {
		t.Errorf("s then ← at the left edge, wrap off: %+v; want the edge's nudge", dec)
	}
	one := window("@1", 0, "one", 100, 30, paneSpec{"%0", 0, 0, 0, 100, 30, "sh", "/tmp", "host"})
	one.Active = true
	st = &tmux.State{Session: "$1", SessionName: "main", Windows: []*tmux.Window{one}, Current: "@1"}
	if dec, _ := swapDir("@1", tmux.DirRight, true, 1)(st); dec.op != nil || dec.note != "no pane to swap with there" {
		t.Errorf("s then → in a window of one pane: %+v; want no pane there", dec)
	}
}
