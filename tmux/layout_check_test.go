package tmux_test

import (
	"errors"
	"fmt"
	"maps"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/panemap/panemap/internal/tmuxtest"
	"github.com/panemap/panemap/tmux"
)

// Layout strings as tmux 3.2a printed them (#{window_layout}): tiled,
// main-vertical and main-horizontal with five panes, two columns, one pane.
var tmuxLayouts = []string{
	"487f,120x40,0,0[120x12,0,0{59x12,0,0,0,60x12,60,0,1},120x12,0,13{59x12,0,13,2,60x12,60,13,3},120x14,0,26,4]",
	"3826,120x40,0,0{80x40,0,0,0,39x40,81,0[39x9,81,0,1,39x9,81,10,2,39x9,81,20,3,39x10,81,30,4]}",
	"171f,120x40,0,0[120x24,0,0,0,120x15,0,25{29x15,0,25,1,29x15,30,25,2,29x15,60,25,3,30x15,90,25,4}]",
	"8205,80x24,0,0{40x24,0,0,0,39x24,41,0,1}",
}

// withSum prefixes body with its checksum, as layout_dump does.
func withSum(body string) string {
	return fmt.Sprintf("%04x,%s", tmux.LayoutChecksum(body), body)
}

func TestLayoutChecksumMatchesTmux(t *testing.T) {
	t.Parallel()
	for _, s := range append(tmuxLayouts,
		// master's dump of a window with a floating pane.
		"3607,80x24,0,0{40x24,0,0,0,39x24,41,0,1,18x3,4,2,2}<18x3,4,2,2>") {
		if got := fmt.Sprintf("%04x", tmux.LayoutChecksum(s[5:])); got != s[:4] {
			t.Errorf("checksum of %q is %s, tmux printed %s", s[5:], got, s[:4])
		}
	}
}

func TestCheckLayoutAccepts(t *testing.T) {
	t.Parallel()
	cases := []struct {
		s    string
		want tmux.LayoutShape
	}{
		{tmuxLayouts[0], tmux.LayoutShape{Width: 120, Height: 40, Panes: 5}},
		{tmuxLayouts[1], tmux.LayoutShape{Width: 120, Height: 40, Panes: 5}},
		{tmuxLayouts[2], tmux.LayoutShape{Width: 120, Height: 40, Panes: 5}},
		{tmuxLayouts[3], tmux.LayoutShape{Width: 80, Height: 24, Panes: 2}},
		{withSum("80x24,0,0,7"), tmux.LayoutShape{Width: 80, Height: 24, Panes: 1}},
		{withSum("1x1,0,0,0"), tmux.LayoutShape{Width: 1, Height: 1, Panes: 1}},
		{withSum("3x1,0,0{1x1,0,0,1,1x1,2,0,2}"), tmux.LayoutShape{Width: 3, Height: 1, Panes: 2}},
		{withSum("10000x10000,0,0,999999999"), tmux.LayoutShape{Width: 10000, Height: 10000, Panes: 1}},
		// tmux reads the checksum with %hx: either case.
		{strings.ToUpper(tmuxLayouts[3][:4]) + tmuxLayouts[3][4:], tmux.LayoutShape{Width: 80, Height: 24, Panes: 2}},
		// A container of the same direction inside another: tmux can make it.
		{withSum("80x24,0,0{40x24,0,0,1,39x24,41,0{19x24,41,0,2,19x24,61,0,3}}"), tmux.LayoutShape{Width: 80, Height: 24, Panes: 3}},
	}
	for _, c := range cases {
		got, err := tmux.CheckLayout(c.s)
		if err != nil || got != c.want {
			t.Errorf("CheckLayout(%q) = %+v, %v; want %+v", c.s, got, err, c.want)
		}
	}
}

func TestCheckLayoutRejects(t *testing.T) {
	t.Parallel()
	deep := "1x1,0,0,0"
	for i := 1; i <= 70; i++ {
		deep = fmt.Sprintf("3x1,0,0{1x1,0,0,%d,%s}", i, deep)
	}
	cases := []struct{ s, why string }{
		{"", "does not start with a checksum"},
		{"80x24,0,0,1", "does not start with a checksum"},
		{"b25dX80x24,0,0,1", "does not start with a checksum"},
		{"0x1f,1x1,0,0,1", "does not start with a checksum"},
		{"b25d,80x24,0,0,1", "has checksum b25d but its text sums to " + fmt.Sprintf("%04x", tmux.LayoutChecksum("80x24,0,0,1"))},
		{withSum(""), "expects a number at byte 5, found the end"},
		{withSum("80x24,0,0"), "expects a pane id, '{' or '[' after cell 80x24,0,0 at byte 14, found the end"},
		{withSum("80x24,0,0,1,"), "trailing text at byte 16"},
		{withSum("80x24,0,0,1}"), "trailing text at byte 16"},
		{withSum("80x24,0,0{40x24,0,0,1,39x24,41,0,2]"), `expects '}' at byte 39, found ']'`},
		{withSum("80x24,0,0{40x24,0,0,1,39x24,41,0,2"), `expects '}' at byte 39, found the end`},
		{withSum("80x24,0,0{}"), "expects a number at byte 15, found '}'"},
		{withSum("80x24,0,0{,}"), "expects a number at byte 15, found ','"},
		{withSum("80x24,0,0{40x24,0,0,41x24,41,0,2}"), "has no pane id for cell 40x24,0,0 at byte 15"},
		{withSum("80x24,-1,0,1"), "expects a number at byte 11, found '-'"},
		{withSum("80 x24,0,0,1"), "expects 'x' at byte 7, found ' '"},
		{withSum("80x24,0,0,1<40x12,2,2,2>"), "has a floating-pane section at byte 16"},
		{withSum("80x24,0,0{40x24,0,0,0,39x24,41,0,1}<18x3,4,2,2>"), "has a floating-pane section at byte 40"},
		{withSum("10001x24,0,0,1"), "has 10001 at byte 5, over the limit of 10000"},
		{withSum("80x24,0,0,1000000000"), "has 1000000000 at byte 15, over the limit of 999999999"},
		{withSum("80x24,0,0,99999999999999999999999"), "has 999999999999… at byte 15, over the limit of 999999999"},
		{withSum("80x24\xff0,0,1"), "expects ',' at byte 10, found byte 0xff"},
		{withSum(deep), "nests cells more than 64 deep"},
		{withSum("80x24,1,0,1"), "has its outer cell 80x24,1,0 at 1,0, not at 0,0"},
		{withSum("0x24,0,0,1"), "has cell 0x24,0,0 with a zero size"},
		{withSum("80x24,0,0{0x24,0,0,1,79x24,1,0,2}"), "has cell 0x24,0,0 with a zero size"},
		{withSum("80x24,0,0{40x24,0,0,1,39x24,41,0,1}"), "names pane 1 twice (again at byte 38)"},
		{withSum("80x24,0,0{80x24,0,0,1}"), "has container 80x24,0,0{ with one child"},
		{withSum("80x24,0,0{40x24,0,0,1,39x24,41,0[39x24,41,0,2]}"), "has container 39x24,41,0[ with one child"},
		{withSum("81x24,0,0{39x24,0,0,1,40x24,40,0,2}"), "has children of 81x24,0,0 wide 39+40 plus 1 border(s), 80 in all, not 81"},
		{withSum("80x24,0,0[80x12,0,0,1,80x12,0,13,2]"), "has children of 80x24,0,0 high 12+12 plus 1 border(s), 25 in all, not 24"},
		{withSum("80x24,0,0{40x24,0,0,1,39x23,41,0,2}"), "has child 39x23,41,0 of 80x24,0,0 23 high, not 24 like its parent"},
		{withSum("80x24,0,0{40x24,0,0,1,39x24,40,0,2}"), "has overlapping cells 40x24,0,0 and 39x24,40,0: the second should start at x=41"},
		{withSum("80x24,0,0{40x24,0,0,1,39x24,42,0,2}"), "has a gap between cells 40x24,0,0 and 39x24,42,0: the second should start at x=41"},
		{withSum("80x24,0,0{40x24,1,0,1,39x24,41,0,2}"), "has child 40x24,1,0 of 80x24,0,0 at x=1, not at its parent's x=0"},
		{withSum("80x24,0,0{40x24,0,0,1,39x24,41,1,2}"), "has child 39x24,41,1 of 80x24,0,0 at y=1, not at its parent's y=0"},
		{withSum("80x24,0,0[80x12,0,0,1,80x11,0,12,2]"), "has overlapping cells 80x12,0,0 and 80x11,0,12: the second should start at y=13"},
		// The offsets inside a nested container are checked against its own.
		{withSum("80x24,0,0{40x24,0,0,1,39x24,41,0[39x12,41,0,2,39x11,40,13,3]}"), "has child 39x11,40,13 of 39x24,41,0 at x=40, not at its parent's x=41"},
		{withSum("80x24,0,0,1\xff"), "has trailing text at byte 16"},
	}
	for _, c := range cases {
		shape, err := tmux.CheckLayout(c.s)
		var e *tmux.Error
		if !errors.As(err, &e) {
			t.Errorf("CheckLayout(%q) = %+v, %v; want an *Error saying %q", c.s, shape, err, c.why)
			continue
		}
		want := "layout " + tmux.Quote(c.s) + " "
		if e.Kind != tmux.KindInvalidInput || e.Value != c.s || !strings.HasPrefix(e.Message, want) || !strings.Contains(e.Message, c.why) {
			t.Errorf("CheckLayout(%q): got %s %q (value %q); want %s saying %q", c.s, e.Kind, e.Message, e.Value, tmux.KindInvalidInput, c.why)
		}
	}
}

// TestCheckLayoutAgreesWithParseLayout: what CheckLayout accepts, the
// map's lenient parser reads as the same panes inside the same window.
func TestCheckLayoutAgreesWithParseLayout(t *testing.T) {
	t.Parallel()
	for _, s := range tmuxLayouts {
		shape, err := tmux.CheckLayout(s)
		if err != nil {
			t.Fatal(err)
		}
		cells, err := tmux.ParseLayout(s)
		if err != nil || len(cells) != shape.Panes {
			t.Fatalf("ParseLayout(%q) = %d cells, %v; CheckLayout says %d panes", s, len(cells), err, shape.Panes)
		}
	}
}

// layoutWindows builds windows whose layouts cover what tmux makes: one
// pane, plain splits each way, the presets, and splits nested three deep.
var layoutWindows = []struct {
	name  string
	build func(srv *tmuxtest.Server, win string)
}{
	{"one pane", func(*tmuxtest.Server, string) {}},
	{"columns", func(srv *tmuxtest.Server, win string) { splits(srv, win, 2, "-h", "") }},
	{"rows", func(srv *tmuxtest.Server, win string) { splits(srv, win, 2, "-v", "") }},
	{"tiled", func(srv *tmuxtest.Server, win string) { splits(srv, win, 4, "-v", "tiled") }},
	{"main-vertical", func(srv *tmuxtest.Server, win string) { splits(srv, win, 3, "-v", "main-vertical") }},
	{"main-horizontal", func(srv *tmuxtest.Server, win string) { splits(srv, win, 3, "-h", "main-horizontal") }},
	{"nested", func(srv *tmuxtest.Server, win string) {
		p0 := srv.Display(win, "#{pane_id}")
		p1 := split(srv, p0, "-h")
		p2 := split(srv, p1, "-v")
		split(srv, p2, "-h")
		split(srv, p0, "-v")
	}},
}

func split(srv *tmuxtest.Server, target, flag string) string {
	return srv.Must("split-window", "-d", flag, "-t", target, "-P", "-F", "#{pane_id}", "exec sh")
}

// splits splits win n times, applying preset (if any) after each split
// so that the panes keep room to split again.
func splits(srv *tmuxtest.Server, win string, n int, flag, preset string) {
	if n > 0 {
		srv.Must(splitList(win, n, flag, preset)...)
	}
}

// splitList is splits as one tmux command list (one tmux client, not one
// per command: tmux runs the commands in order, and stops at the first
// that fails, failing the list).
func splitList(win string, n int, flag, preset string) []string {
	var cmds []string
	for i := 0; i < n; i++ {
		if i > 0 {
			cmds = append(cmds, ";")
		}
		cmds = append(cmds, "split-window", "-d", flag, "-t", win, "-P", "-F", "#{pane_id}", "exec sh")
		if preset != "" {
			cmds = append(cmds, ";", "select-layout", "-t", win, preset)
		}
	}
	return cmds
}

// newWindow makes a window of w x h in session main, after its last
// window, and returns its id. then, if any, is a command list run after,
// in the same tmux client, on the new window as main:{end} (its output is
// dropped).
func newWindow(srv *tmuxtest.Server, w, h int, then ...string) string {
	cmds := []string{"new-window", "-a", "-d", "-t", "main:{end}", "-P", "-F", "#{window_id}", "exec sh",
		";", "resize-window", "-t", "main:{end}", "-x", strconv.Itoa(w), "-y", strconv.Itoa(h)}
	if len(then) > 0 {
		cmds = append(append(cmds, ";"), then...)
	}
	win, _, _ := strings.Cut(srv.Must(cmds...), "\n")
	return win
}

// freshWindowTakes reports whether tmux applies layout s to a new window
// with the pane count and size CheckLayout gave, and gets that size.
// Two tmux clients (three when tmux refuses s): one makes the window and
// its panes, one applies s, reads the window and kills it.
func freshWindowTakes(t *testing.T, srv *tmuxtest.Server, shape tmux.LayoutShape, s string) error {
	t.Helper()
	win := newWindow(srv, shape.Width, shape.Height, splitList("main:{end}", shape.Panes-1, "-v", "tiled")...)
	got, err := srv.Run("select-layout", "-t", win, s,
		";", "display-message", "-p", "-t", win, "#{window_width}x#{window_height} #{window_panes}",
		";", "kill-window", "-t", win)
	if err != nil { // select-layout refused s, and the list stopped there
		srv.Must("kill-window", "-t", win)
		return err
	}
	want := fmt.Sprintf("%dx%d %d", shape.Width, shape.Height, shape.Panes)
	if got = strings.TrimSuffix(got, "\n"); got != want {
		return fmt.Errorf("the window became %s, not %s", got, want)
	}
	return nil
}

// TestCheckLayoutAgreesWithTmux reads real layouts, mutates them, and
// holds CheckLayout to tmux's select-layout: whatever tmux refuses on the
// window the layout came from, CheckLayout refuses; whatever CheckLayout
// accepts, tmux applies to a fresh window of the same pane count and size.
// Mutations tmux takes and CheckLayout refuses are logged (-v).
func TestCheckLayoutAgreesWithTmux(t *testing.T) {
	t.Parallel()
	srv := tmuxtest.Start(t, 120, 40)
	// Per kind of mutation: how many were made, taken by tmux, by CheckLayout.
	type tally struct{ made, tmux, check int }
	tallies := map[string]*tally{}
	for _, lw := range layoutWindows {
		win := newWindow(srv, 120, 40)
		lw.build(srv, win)
		orig := srv.Display(win, "#{window_layout}")
		shape, err := tmux.CheckLayout(orig)
		if err != nil {
			t.Fatalf("%s: tmux %s wrote a layout CheckLayout refuses: %v", lw.name, srv.Version(), err)
		}
		want := srv.Display(win, "#{window_width}x#{window_height} #{window_panes}")
		if got := fmt.Sprintf("%dx%d %d", shape.Width, shape.Height, shape.Panes); got != want {
			t.Fatalf("%s: CheckLayout(%q) says %s, the window is %s", lw.name, orig, got, want)
		}
		if err := freshWindowTakes(t, srv, shape, orig); err != nil {
			t.Fatalf("%s: %q on a fresh window: %v", lw.name, orig, err)
		}
		for _, m := range layoutMutations(orig) {
			_, tmuxErr := srv.Run("select-layout", "-t", win, m.s)
			if tmuxErr == nil {
				if now := srv.Must("select-layout", "-t", win, orig, ";", "display-message", "-p", "-t", win, "#{window_layout}"); now != orig {
					t.Fatalf("%s: restoring after %s left %q, not %q", lw.name, m.name, now, orig)
				}
			}
			got, err := tmux.CheckLayout(m.s)
			kind := m.name[strings.LastIndexByte(m.name, ' ')+1:]
			if tallies[kind] == nil {
				tallies[kind] = &tally{}
			}
			tl := tallies[kind]
			tl.made++
			if tmuxErr == nil {
				tl.tmux++
			}
			if err == nil {
				tl.check++
			}
			switch {
			case err == nil && tmuxErr != nil:
				t.Errorf("%s, %s: CheckLayout accepts %q, tmux refuses it: %v", lw.name, m.name, m.s, tmuxErr)
			case err == nil:
				if ferr := freshWindowTakes(t, srv, got, m.s); ferr != nil {
					t.Errorf("%s, %s: CheckLayout accepts %q as %+v; on such a window tmux says %v", lw.name, m.name, m.s, got, ferr)
				}
			case tmuxErr == nil && tl.tmux-tl.check == 1:
				t.Logf("e.g. %s, %s: tmux takes it; %v", lw.name, m.name, err)
			}
			if m.name == "checksum+1" && tmuxErr == nil {
				t.Fatalf("%s: tmux took %q with a wrong checksum: select-layout is not being tested", lw.name, m.s)
			}
		}
		srv.Must("kill-window", "-t", win)
	}
	kinds := slices.Sorted(maps.Keys(tallies))
	for _, kind := range kinds {
		tl := tallies[kind]
		t.Logf("tmux %s: %d mutations %q: tmux takes %d, CheckLayout %d", srv.Version(), tl.made, kind, tl.tmux, tl.check)
	}
}

// TestCheckLayoutFloatingPanes: tmux 3.7 and later print floating panes
// as a "<...>" section after the tiled tree, and their select-layout
// refuses the string they printed; so does CheckLayout, saying why.
func TestCheckLayoutFloatingPanes(t *testing.T) {
	t.Parallel()
	if !tmuxtest.TmuxAtLeast(t, 3, 7) {
		t.Skip("floating panes are new in tmux 3.7")
	}
	srv := tmuxtest.Start(t, 80, 24)
	split(srv, "main:0", "-h")
	srv.Must("new-pane", "-d", "-t", "main:0", "-x", "20", "-y", "5", "exec sh")
	s := srv.Display("main:0", "#{window_layout}")
	if !strings.Contains(s, "<") {
		t.Fatalf("tmux %s printed no floating section: %q", srv.Version(), s)
	}
	if _, err := srv.Run("select-layout", "-t", "main:0", s); err == nil {
		t.Fatalf("tmux %s applied %q: CheckLayout's refusal is out of date", srv.Version(), s)
	}
	if _, err := tmux.CheckLayout(s); err == nil || !strings.Contains(err.Error(), "floating-pane section") {
		t.Fatalf("CheckLayout(%q) = %v, want a floating-pane refusal", s, err)
	}
}

type layoutMutation struct{ name, s string }

var cellHead = regexp.MustCompile(`(\d+)x(\d+),(\d+),(\d+)`)

// layoutMutations changes a tmux layout string one way at a time,
// recomputing the checksum after every change but the checksum's own: the
// checksum off by one; each pane one column wider and narrower; each cell
// one column right and each pane one line down; each cell but the outer
// one removed with its comma.
func layoutMutations(s string) []layoutMutation {
	sum, _ := strconv.ParseUint(s[:4], 16, 16)
	body := s[5:]
	out := []layoutMutation{{"checksum+1", fmt.Sprintf("%04x,%s", uint16(sum+1), body)}}
	add := func(name string, from, to int, repl string) {
		out = append(out, layoutMutation{name, withSum(body[:from] + repl + body[to:])})
	}
	num := func(m []int, g int) int {
		n, _ := strconv.Atoi(body[m[2*g]:m[2*g+1]])
		return n
	}
	for _, m := range cellHead.FindAllStringSubmatchIndex(body, -1) {
		head := body[m[0]:m[1]]
		leaf := m[1] < len(body) && body[m[1]] == ','
		if leaf {
			add("pane "+head+" wider", m[2], m[3], strconv.Itoa(num(m, 1)+1))
			add("pane "+head+" narrower", m[2], m[3], strconv.Itoa(num(m, 1)-1))
			add("pane "+head+" down", m[8], m[9], strconv.Itoa(num(m, 4)+1))
		}
		add("cell "+head+" right", m[6], m[7], strconv.Itoa(num(m, 3)+1))
		if m[0] == 0 {
			continue
		}
		end := cellEnd(body, m[1])
		if body[m[0]-1] == ',' {
			add("cell "+head+" removed", m[0]-1, end, "")
		} else if end < len(body) && body[end] == ',' {
			add("cell "+head+" removed", m[0], end+1, "")
		}
	}
	return out
}

// cellEnd is where the cell whose "WxH,X,Y" ends at i ends: after its
// pane id, or after its closing bracket.
func cellEnd(body string, i int) int {
	if body[i] == ',' {
		i++
		for i < len(body) && body[i] >= '0' && body[i] <= '9' {
			i++
		}
		return i
	}
	depth := 0
	for ; i < len(body); i++ {
		switch body[i] {
		case '{', '[':
			depth++
		case '}', ']':
			if depth--; depth == 0 {
				return i + 1
			}
		}
	}
	return i
}
