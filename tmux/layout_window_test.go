package tmux_test

import (
	"errors"
	"fmt"
	"strconv"
	"strings"
	"testing"

	"github.com/panemap/panemap/internal/tmuxtest"
	"github.com/panemap/panemap/tmux"
)

var (
	master = tmux.Version{Raw: "next-3.8", Major: 3, Minor: 8, Dev: true}
	v37    = tmux.Version{Raw: "3.7c", Major: 3, Minor: 7}
	v36    = tmux.Version{Raw: "3.6b", Major: 3, Minor: 6}
)

// floatingLayouts are #{window_layout}s master printed (tmux -L, -f
// /dev/null): two tiled panes and floating ones made with new-pane, the
// same after select-pane raised %2, floating panes at negative offsets and
// past the window's edge, a container left with no tiled pane after its
// tiled one was killed, and a window of one floating pane.
var floatingLayouts = []struct {
	s     string
	float []int // floating panes, topmost first
}{
	{"a496,160x46,0,0{80x46,0,0,0,80x11,4,2,2,79x46,81,0,1}<80x11,4,2,2>", []int{2}},
	{"75f8,160x46,0,0{80x46,0,0,0,80x11,4,2,2,79x46,81,0,1,28x6,101,31,3}<28x6,101,31,3,80x11,4,2,2>", []int{3, 2}},
	{"fb2d,160x46,0,0{80x46,0,0,0,80x11,4,2,2,79x46,81,0,1,28x6,101,31,3}<80x11,4,2,2,28x6,101,31,3>", []int{2, 3}},
	{"0648,160x46,0,0[160x46,0,0,10,28x8,151,41,12,18x4,-9,-2,11]<28x8,151,41,12,18x4,-9,-2,11>", []int{12, 11}},
	{"f1de,160x46,0,0[28x8,151,41,12,18x4,-9,-2,11]<28x8,151,41,12,18x4,-9,-2,11>", []int{12, 11}},
	{"c3e0,28x8,151,41,12<28x8,151,41,12>", []int{12}},
	// The example.
	{"52c3,160x46,0,0{80x46,0,0,2,79x46,81,0,1,80x11,4,2,0}<80x11,4,2,0>", []int{0}},
}

func TestParseWindowLayoutReadsFloatingPanes(t *testing.T) {
	t.Parallel()
	for _, c := range floatingLayouts {
		for _, v := range []tmux.Version{master, v37, {Raw: "master", Dev: true}} {
			l, err := tmux.ParseWindowLayout(v, c.s)
			if err != nil {
				t.Fatalf("ParseWindowLayout(%s, %q): %v", v, c.s, err)
			}
			if got := l.String(); got != c.s {
				t.Errorf("%q reads back as %q", c.s, got)
			}
			var stack []int
			for i, f := range l.Floating {
				stack = append(stack, f.Pane)
				if n, ok := l.Stack(f.Pane); !ok || n != i || !f.Floating {
					t.Errorf("%q: pane %d: Stack = %d, %v; Floating %v", c.s, f.Pane, n, ok, f.Floating)
				}
			}
			if fmt.Sprint(stack) != fmt.Sprint(c.float) {
				t.Errorf("%q: floating panes %v, want %v", c.s, stack, c.float)
			}
			// Every floating pane is in the tree, marked, where the
			// section says; the tiled ones are not in the stack.
			for id, r := range l.Panes() {
				n, floating := l.Stack(id)
				if floating && l.Floating[n].Rect != r {
					t.Errorf("%q: pane %d at %+v in the tree, %+v floating", c.s, id, r, l.Floating[n].Rect)
				}
			}
		}
	}
	l, _ := tmux.ParseWindowLayout(master, floatingLayouts[3].s)
	if r := l.Panes()[11]; r != (tmux.Rect{Left: -9, Top: -2, Width: 18, Height: 4}) {
		t.Errorf("pane 11 at %+v, want -9,-2 18x4", r)
	}
	// The map's lenient parser (tmuxctl's zoom fix) reads the same panes.
	for _, c := range floatingLayouts {
		l, _ := tmux.ParseWindowLayout(master, c.s)
		cells, err := tmux.ParseLayout(c.s)
		if err != nil || fmt.Sprint(cells) != fmt.Sprint(l.Panes()) {
			t.Errorf("ParseLayout(%q) = %v, %v; ParseWindowLayout says %v", c.s, cells, err, l.Panes())
		}
	}
}

// Tiled layouts read the same on every version, and back byte for byte.
func TestParseWindowLayoutTiled(t *testing.T) {
	t.Parallel()
	for _, s := range tmuxLayouts {
		for _, v := range []tmux.Version{v36, master, tmux.MinVersion} {
			l, err := tmux.ParseWindowLayout(v, s)
			if err != nil || l.String() != s || len(l.Floating) != 0 {
				t.Fatalf("ParseWindowLayout(%s, %q) = %v, %v", v, s, l, err)
			}
			want, _ := tmux.ParseLayout(s)
			got := l.Panes()
			if fmt.Sprint(got) != fmt.Sprint(want) {
				t.Errorf("%q: panes %v, ParseLayout says %v", s, got, want)
			}
		}
	}
}

func TestParseWindowLayoutRejects(t *testing.T) {
	t.Parallel()
	two := "80x24,0,0{40x24,0,0,0,39x24,41,0,1,18x3,4,2,2}"
	cases := []struct {
		v      tmux.Version
		s, why string
	}{
		{v36, withSum(two + "<18x3,4,2,2>"), "has a floating-pane section at byte 51, which tmux 3.6b never prints"},
		{master, withSum(two + "<>"), "has an empty floating-pane section at byte 51"},
		{master, withSum(two + "<"), "expects a number at byte 52, found the end"},
		{master, withSum(two + "<18x3,4,2,2"), "expects '>' at byte 62, found the end"},
		{master, withSum(two + "<18x3,4,2,2>x"), "has trailing text at byte 63"},
		{master, withSum(two + "<18x3,4,2{9x3,4,2,2,8x3,14,2,3}>"), "has a container 18x3,4,2{ in its floating-pane section at byte 52"},
		{master, withSum(two + "<18x3,4,2,2,18x3,4,2,2>"), "names pane 2 twice"},
		{master, withSum(two + "<18x3,4,2,7>"), "lists pane 7 as floating, but its tree has no such pane"},
		{master, withSum(two + "<18x3,5,2,2>"), "has floating pane 2 at 18x3,4,2 in its tree but at 18x3,5,2 in its floating-pane section"},
		// A floating cell left out of the section is a tiled one that
		// does not fit, and a tiled one put in it leaves a gap.
		{master, withSum(two), "has child 18x3,4,2 of 80x24,0,0 3 high, not 24 like its parent"},
		{master, withSum("80x24,0,0{40x24,0,0,0,39x24,41,0,1}<39x24,41,0,1>"), "has children of 80x24,0,0 wide 40 plus 0 border(s), 40 in all, not 80"},
		{master, withSum("80x24,0,0{40x24,0,0,0,39x24,41,0,1,0x3,4,2,2}<0x3,4,2,2>"), "has cell 0x3,4,2 with a zero size"},
		{master, withSum("80x24,0,0{40x24,0,0,0,39x24,41,0,1,18x0,4,2,2}<18x0,4,2,2>"), "has cell 18x0,4,2 with a zero size"},
		// Only a floating cell may start left of or above the window.
		{master, withSum("80x24,0,0{40x24,0,0,0,39x24,-41,0,1}"), "has overlapping cells 40x24,0,0 and 39x24,-41,0"},
		{master, withSum("80x24,-1,0,1"), "has its outer cell 80x24,-1,0 at -1,0, not at 0,0"},
		{master, withSum("80x24,0,0,1<18x3,--4,2,2>"), "expects a number at byte 23, found '-'"},
		{master, withSum("80x24,0,0,1<-18x3,4,2,2>"), "expects a number at byte 17, found '-'"},
		{master, withSum("80x24,0,0{40x24,0,0,0,39x24,41,0,1,18x3,-10001,2,2}<18x3,-10001,2,2>"), "over the limit of 10000"},
		// What tmux reads but never writes cannot come back byte for byte.
		{master, withSum("080x24,0,0,1"), `is not spelled as tmux writes layouts: it means "` + withSum("80x24,0,0,1")},
		{master, strings.ToUpper(floatingLayouts[0].s[:4]) + floatingLayouts[0].s[4:], "is not spelled as tmux writes layouts"},
		{master, withSum("80x24,0,0{40x24,0,0,0,39x24,41,0,1,18x3,-0,2,2}<18x3,-0,2,2>"), "is not spelled as tmux writes layouts"},
		{master, "a497" + floatingLayouts[0].s[4:], "has checksum a497 but its text sums to a496"},
	}
	for _, c := range cases {
		l, err := tmux.ParseWindowLayout(c.v, c.s)
		var e *tmux.Error
		if !errors.As(err, &e) {
			t.Errorf("ParseWindowLayout(%s, %q) = %v, %v; want an *Error saying %q", c.v, c.s, l, err, c.why)
			continue
		}
		if e.Kind != tmux.KindInvalidInput || e.Value != c.s || !strings.HasPrefix(e.Message, "layout "+tmux.Quote(c.s)+" ") || !strings.Contains(e.Message, c.why) {
			t.Errorf("ParseWindowLayout(%s, %q): got %s %q; want one saying %q", c.v, c.s, e.Kind, e.Message, c.why)
		}
	}
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

// TestParseWindowLayoutAgreesWithTmux makes floating panes on a real tmux
// (3.7+) and reads its layout: back byte for byte, the floating panes
// those #{pane_floating_flag} marks, in #{pane_z} order, at tmux's
// geometry.
func TestParseWindowLayoutAgreesWithTmux(t *testing.T) {
	t.Parallel()
	if !tmuxtest.TmuxAtLeast(t, 3, 7) {
		t.Skip("floating panes are new in tmux 3.7")
	}
	srv := tmuxtest.Start(t, 120, 40)
	v, err := tmux.ParseVersion("tmux " + srv.Version())
	if err != nil {
		t.Fatal(err)
	}
	split(srv, "main:0", "-h")
	srv.Must("new-pane", "-d", "-t", "main:0.0", "-x", "30", "-y", "8", "exec sh")
	srv.Must("new-pane", "-d", "-t", "main:0", "-X", "-5", "-Y", "30", "-x", "20", "-y", "20", "exec sh")
	srv.Must("new-pane", "-d", "-t", "main:0", "-X", "110", "-Y", "2", "exec sh")
	for round := range 3 {
		s := srv.Display("main:0", "#{window_layout}")
		l, err := tmux.ParseWindowLayout(v, s)
		if err != nil {
			t.Fatalf("round %d: %v", round, err)
		}
		if l.String() != s {
			t.Fatalf("round %d: %q reads back as %q", round, s, l.String())
		}
		cells := l.Panes()
		for _, line := range strings.Split(srv.Must("list-panes", "-t", "main:0", "-F", "#{pane_id} #{pane_floating_flag} #{pane_z} #{pane_left} #{pane_top} #{pane_width} #{pane_height}"), "\n") {
			var id string
			var floating, z int
			var r tmux.Rect
			if _, err := fmt.Sscan(line, &id, &floating, &z, &r.Left, &r.Top, &r.Width, &r.Height); err != nil {
				t.Fatal(err)
			}
			n, _ := strconv.Atoi(id[1:])
			stack, ok := l.Stack(n)
			if ok != (floating == 1) || ok && stack != z || cells[n] != r {
				t.Errorf("round %d: %s: tmux says floating %d, z %d, %+v; %q says %v, %d, %+v", round, id, floating, z, r, s, ok, stack, cells[n])
			}
		}
		// Raise the bottom floating pane: the order changes.
		bottom := l.Floating[len(l.Floating)-1].Pane
		srv.Must("select-pane", "-t", "%"+strconv.Itoa(bottom))
	}
}

// MarkFloating says what #{pane_floating_flag} and #{pane_z} would, from
// the layout alone, and FloatingPanes lists the floating panes top first.
func TestMarkFloating(t *testing.T) {
	t.Parallel()
	l, err := tmux.ParseWindowLayout(master, floatingLayouts[1].s) // <%3, %2>
	if err != nil {
		t.Fatal(err)
	}
	w := &tmux.Window{Panes: []tmux.Pane{{ID: "%0", Z: 9}, {ID: "%1"}, {ID: "%2"}, {ID: "%3"}}}
	w.MarkFloating(l)
	var got []string
	for _, p := range w.Panes {
		got = append(got, fmt.Sprintf("%s %v %d", p.ID, p.Floating, p.Z))
	}
	if want := "[%0 false 0 %1 false 0 %2 true 1 %3 true 0]"; fmt.Sprint(got) != want {
		t.Errorf("MarkFloating: %v, want %s", got, want)
	}
	var order []tmux.PaneID
	for _, p := range w.FloatingPanes() {
		order = append(order, p.ID)
	}
	if fmt.Sprint(order) != "[%3 %2]" {
		t.Errorf("FloatingPanes: %v, want [%%3 %%2]", order)
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
	if tmux.KindOf(err) != tmux.KindInvalidInput || err.Error() != "window @3 has floating panes (%2, %4): a layout string would tile them, so it takes none" {
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
