package tmuxctl

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/panemap/panemap/internal/golden"
	"github.com/panemap/panemap/tmux"
)

// The golden files of what each operation sends to tmux
// (testdata/scripts/*.golden; the README there says how to regenerate
// them). Ids are fixed and readable: session $1; window @1 holds %1, %2
// and %3, window @2 holds %4.

const (
	tiledLayout = "1354,160x48,0,0{79x48,0,0,1,80x48,80,0,2}"
	tallLayout  = "f075,160x48,0,0[160x23,0,0,1,160x24,0,24,2]"
)

// goldenCase is one operation as one caller makes it, on one tmux
// server version (known to the transport; only ops that depend on it ask).
type goldenCase struct {
	name, what string
	agent      bool // an MCP tool's call, else the navigator's in session $1
	version    string
	op         Op
	// answers are the fake's answers to the lists sent (see fakeSender).
	answers map[int]func(cmds [][]string) string
}

func goldenCases() []goldenCase {
	swap := Op{Kind: OpSwap, Pane: "%1", With: "%2"}
	move := Op{Kind: OpMove, Pane: "%1", Window: "@2"}
	breakOut := Op{Kind: OpMove, Pane: "%1"}
	resize := Op{Kind: OpResize, Pane: "%1", Dir: tmux.DirRight, Cells: 5}
	layoutString := Op{Kind: OpLayout, Window: "@1", Layout: tallLayout}
	cases := []goldenCase{
		{name: "swap-same-window", what: "swap panes %1 and %2 of one window (s then an arrow on the map): focus stays with the content", op: swap},
		{name: "swap-across-windows", what: "swap pane %1 with pane %4 of another window: the mark and each window's last pane are kept (the same script as in one window; tmux decides as it runs)", op: Op{Kind: OpSwap, Pane: "%1", With: "%4"}},
		{name: "swap-marked-follow", what: "swap pane %4 with the marked pane %1 of another window and take the focus along (x on the map): the map and tmux follow the pane to its new window", op: Op{Kind: OpSwap, Pane: "%4", With: "%1", Follow: true}},
		{name: "swap-toward-right", what: "swap pane %1 with the pane on its right (s then → on the map): tmux's own select-pane -R chooses the pane, as the focus arrow's does, and the window's focus and last pane are put back before the swap", op: Op{Kind: OpSwap, Pane: "%1", Dir: tmux.DirRight}},
		{name: "swap-itself", what: "swap pane %1 with itself: nothing changes, but a gone pane fails", op: Op{Kind: OpSwap, Pane: "%1", With: "%1"}},
		{name: "select-right", what: "move the focus from %1 to the pane on its right (tmux's choice, wrapping)", op: Op{Kind: OpSelect, Pane: "%1", Dir: tmux.DirRight}},
		{name: "select-right-stop", what: "move the focus right from %1, not past the window's edge", op: Op{Kind: OpSelect, Pane: "%1", Dir: tmux.DirRight, Stop: true}},
		{name: "select-window-right", what: "move the focus right from window @1's active pane", op: Op{Kind: OpSelect, Window: "@1", Dir: tmux.DirRight}},
		{name: "select-last-stop", what: "move the focus to the last pane, doing nothing where there is none", op: Op{Kind: OpSelect, Pane: "%1", Dir: tmux.DirLast, Stop: true}},
		{name: "select-next", what: "move the focus to the next pane by index", op: Op{Kind: OpSelect, Pane: "%1", Dir: tmux.DirNext}},
		{name: "select-pane", what: "focus pane %2", op: Op{Kind: OpSelect, Pane: "%2", Dir: tmux.DirNone}},
		{name: "refocus", what: "focus %1 then %2: %2 active, %1 its last pane", op: Op{Kind: OpRefocus, Pane: "%1", With: "%2"}},
		{name: "select-window", what: "make window @2 the current window of session $1", op: Op{Kind: OpSelectWindow, Window: "@2"}},
		{name: "zoom", what: "zoom pane %1, or unzoom its window", op: Op{Kind: OpZoom, Pane: "%1"}},
		{name: "mark", what: "mark pane %1, or clear its mark", op: Op{Kind: OpMark, Pane: "%1"}},
		{name: "resize", what: "move pane %1's right edge 5 cells right, its window zoomed again when it was, refused where the window has floating panes", op: resize},
		{name: "layout-preset", what: "give window @1 the tiled layout, zoomed again when it was", op: Op{Kind: OpLayout, Window: "@1", Layout: "tiled"}},
		{name: "layout-next", what: "give window @1 tmux's next preset layout", op: Op{Kind: OpLayout, Window: "@1", Layout: LayoutNext}},
		{name: "layout-spread", what: "spread window @1's active pane and its neighbours evenly (select-layout -E)", op: Op{Kind: OpLayout, Window: "@1", Layout: LayoutSpread}},
		{name: "layout-string", what: "give window @1 a layout string, only while it fits the window", op: layoutString},
		{name: "rotate", what: "rotate window @1's panes down, the focus and last pane staying with their panes", op: Op{Kind: OpRotate, Window: "@1", Dir: tmux.DirDown}},
		{name: "move", what: "move pane %1 into window @2, beside its active pane (m on the map: the focus goes along)", op: Op{Kind: OpMove, Pane: "%1", Window: "@2", Follow: true}},
		{name: "move-quiet", what: "move pane %1 into window @2 without taking the focus along: a pane with nothing to keep joins at once", op: move},
		{name: "move-beside", what: "move pane %1 into window @2 beside pane %4 (the pane joins beside %4 while %4 is still in @2)", op: Op{Kind: OpMove, Pane: "%1", Window: "@2", Beside: "%4", Follow: true}},
		{name: "break", what: "move pane %1 out into a new window of session $1, the focus going along", op: Op{Kind: OpMove, Pane: "%1", Follow: true}},
		{name: "break-quiet", what: "move pane %1 out into a new window of session $1, the focus staying", op: breakOut},
		{name: "rename-window", what: "name window @1 \"build logs\", literally (automatic-rename goes off)", op: Op{Kind: OpRenameWindow, Window: "@1", Text: "build logs"}},
		{name: "set-title", what: "set pane %1's title to \"it's #{not} a format\", literally", op: Op{Kind: OpSetTitle, Pane: "%1", Text: "it's #{not} a format"}},
		{name: "jump", what: "show window @2 of session $2, pane %4 active, on client /dev/pts/1 (Enter in the server view)", op: Op{Kind: OpJump, Session: "$2", Window: "@2", Pane: "%4", Client: "/dev/pts/1"}},
		{name: "jump-to-line", what: "as jump, with copy mode open in %4 at history line 20 (Enter on a find match)", op: Op{Kind: OpJump, Session: "$2", Window: "@2", Pane: "%4", Client: "/dev/pts/1", Line: -20}},
		{name: "restore", what: "Esc or u: put %1 and %2 back in their places, %1 active and marked, with window @1's name (restoring.Commands and restoring.Names), only while tmux still has the positions read", op: restoreOp(false)},
		{name: "restore-across-windows", what: "Esc or u after %2 moved into window @2: read, join %2 back into @1 (restoring.Rejoin), read, then the restore of places, layout, focus and mark in @1 (restoring.Commands), and a read of the session for the map",
			op: restoreAcross(), answers: restoreAcrossAnswers()},
		// What the agents' tools send (panemap mcp): the op, then a read
		// of the window it leaves its target in.
		{name: "agent-swap", what: "swap_panes %1 %2: the swap, then a read of %1 alone", agent: true, op: swap},
		{name: "agent-select-right", what: "select_pane %1 right: the select, then a read of the window's active pane", agent: true, op: Op{Kind: OpSelect, Pane: "%1", Dir: tmux.DirRight}},
		{name: "agent-resize", what: "resize_pane %1 right 5: a read of the window before, the resize, a read after", agent: true, op: resize},
		{name: "agent-layout-preset", what: "select_layout @1 tiled", agent: true, op: Op{Kind: OpLayout, Window: "@1", Layout: "tiled"}},
		{name: "agent-layout-string", what: "select_layout @1 with a layout string: tmux checks that it fits as it applies it (layoutStringAlone), and a window it does not fit is read instead", agent: true, op: layoutString},
		{name: "agent-move", what: "move_pane %1 @2: one if-shell joins a pane with nothing to keep; a window whose active pane floats is read instead, for a second list (moveFirst)", agent: true, op: move},
		{name: "agent-move-beside-floating", what: "move_pane %1 @2 where @2's active pane %5 floats (tmux 3.7+): the first list reads @2 instead of joining, and a second joins %1 beside tiled pane %4", agent: true, op: move,
			answers: map[int]func([][]string) string{1: floatingActiveAnswer}},
		{name: "agent-break", what: "move_pane %1 to a new window: in the pane's own session", agent: true, op: breakOut},
		{name: "agent-rename-window", what: "rename_window @1 \"build logs\"", agent: true, op: Op{Kind: OpRenameWindow, Window: "@1", Text: "build logs"}},
	}
	cases = append(cases, applyCases()...)
	// What differs by tmux version (the server's, known to the transport): the op or a refusal.
	for _, v := range []struct{ name, version string }{{"3.7", "3.7c"}, {"3.8", "next-3.8"}} {
		cases = append(cases,
			goldenCase{name: "float-" + v.name, what: "float tiled pane %1 (tmux 3.8)", version: v.version, op: Op{Kind: OpFloat, Pane: "%1"}},
			goldenCase{name: "tile-" + v.name, what: "tile floating pane %1 (tmux 3.8)", version: v.version, op: Op{Kind: OpTile, Pane: "%1"}},
			goldenCase{name: "float-move-" + v.name, what: "move floating pane %1 3 cells left (tmux 3.8)", version: v.version, op: Op{Kind: OpFloatMove, Pane: "%1", Dir: tmux.DirLeft, Cells: 3}},
			goldenCase{name: "float-resize-" + v.name, what: "grow floating pane %1 2 rows down (tmux 3.8)", version: v.version, op: Op{Kind: OpFloatResize, Pane: "%1", Dir: tmux.DirDown, Cells: 2}},
			goldenCase{name: "restore-floating-" + v.name, what: "Esc or u where %2 floated: on 3.8 its state, place and size come back too", version: v.version, op: restoreOp(true)},
		)
	}
	for _, v := range []struct{ name, version string }{{"3.3", "3.3a"}, {"3.7", "3.7c"}} {
		cases = append(cases, goldenCase{name: "set-title-backslash-" + v.name, what: `set pane %1's title to "C:\temp", which tmux 3.7 and later would store with the backslash doubled`, version: v.version, op: Op{Kind: OpSetTitle, Pane: "%1", Text: `C:\temp`}})
	}
	for _, v := range []struct{ name, version string }{{"3.4", "3.4"}, {"3.5", "3.5a"}} {
		cases = append(cases, goldenCase{name: "rename-window-dollar-" + v.name, what: `name window @1 "$HOME", which tmux before 3.5 would store as \$HOME`, version: v.version, op: Op{Kind: OpRenameWindow, Window: "@1", Text: "$HOME"}})
	}
	return cases
}

// restoreOp is the restore of session $1 from a swap of %1 and %2 (and
// a name and a mark since), with %2 floating in what it restores when
// floating.
func restoreOp(floating bool) Op {
	want := goldenState("%1", "%2", "logs")
	want.Marked = "%1"
	want.Windows[0].Panes[0].Marked = true
	from := goldenState("%2", "%1", "build")
	if floating {
		p := &want.Windows[0].Panes[1]
		p.Floating, p.Left, p.Top, p.Width, p.Height = true, 10, 5, 40, 12
	}
	return Op{Kind: OpRestore, Want: want, From: from, Names: map[string]bool{"@1": true}}
}

// restoreAcross is the restore of goldenState after %2 moved into @2.
func restoreAcross() Op {
	want := goldenState("%1", "%2", "logs")
	return Op{Kind: OpRestore, Want: want, From: movedState(), Names: map[string]bool{}}
}

// movedState is goldenState with %2 moved into @2, beside %4.
func movedState() *tmux.State {
	st := goldenState("%1", "%2", "logs")
	w1, w2 := st.Windows[0], st.Windows[1]
	moved := w1.Panes[1]
	moved.WindowID, moved.Index, moved.Left = "@2", 1, 81
	w1.Panes, w1.Layout = w1.Panes[:1], "b25e,160x48,0,0,1"
	w1.Panes[0].Width = 160
	w2.Panes = append(w2.Panes, moved)
	w2.Panes[0].Width, w2.Layout = 80, "1354,160x48,0,0{79x48,0,0,4,80x48,80,0,2}"
	return st
}

// restoreAcrossAnswers answers restoreAcross's reads: the moved state
// until the join, then %2 back in @1 but first, before %1.
func restoreAcrossAnswers() map[int]func([][]string) string {
	back := goldenState("%2", "%1", "logs")
	back.Windows[0].Panes[0].Active, back.Windows[0].Panes[1].Active = false, true
	moved := stateAnswer(movedState())
	return map[int]func([][]string) string{1: moved, 2: moved, 4: stateAnswer(back), 5: stateAnswer(back), 7: stateAnswer(goldenState("%1", "%2", "logs"))}
}

// goldenState is session $1 with window @1 named name, panes first
// (active) and second side by side, and window @2 with %4.
func goldenState(first, second tmux.PaneID, name string) *tmux.State {
	w1 := &tmux.Window{ID: "@1", Index: 1, Name: name, SessionID: "$1", Width: 160, Height: 48, Active: true, Layout: tiledLayout, Panes: []tmux.Pane{
		{ID: first, Index: 0, WindowID: "@1", Active: true, Width: 79, Height: 48},
		{ID: second, Index: 1, WindowID: "@1", Left: 80, Width: 80, Height: 48},
	}}
	w2 := &tmux.Window{ID: "@2", Index: 2, Name: "shell", SessionID: "$1", Width: 160, Height: 48, Last: true, Layout: "b25f,160x48,0,0,4", Panes: []tmux.Pane{
		{ID: "%4", Index: 0, WindowID: "@2", Active: true, Width: 160, Height: 48},
	}}
	return &tmux.State{Session: "$1", Windows: []*tmux.Window{w1, w2}, Current: "@1", LastWindow: "@2"}
}

// floatingActiveAnswer answers an agent's move's first list (cmds) as
// tmux does where window @2's active pane floats: the read of %1's
// window ends at the marker (what it read is not used here), then
// besideLine and @2's read: %4 tiled, %5 floating and active.
func floatingActiveAnswer(cmds [][]string) string {
	read := cmds[0][len(cmds[0])-1]
	marker := read[strings.LastIndex(read, "=panemap-"):]
	w := &tmux.Window{ID: "@2", Index: 2, Name: "shell", SessionID: "$1", Width: 160, Height: 48, Layout: "b25f,160x48,0,0,4", Panes: []tmux.Pane{
		{ID: "%4", WindowID: "@2", Last: true, Width: 160, Height: 48},
		{ID: "%5", Index: 1, WindowID: "@2", Active: true, Floating: true, Left: 10, Top: 5, Width: 40, Height: 12},
	}}
	return "\n" + marker + "\n" + besideLine + " " + windowRecords(w) + "\n"
}

// stateAnswer is the answer to a read of st's session (readStateCmds).
func stateAnswer(st *tmux.State) func([][]string) string {
	return func([][]string) string {
		var b strings.Builder
		for _, w := range st.Windows {
			b.WriteString(windowRecords(w))
		}
		if st.Marked != "" {
			p, _, _ := st.FindPane(st.Marked)
			fmt.Fprintf(&b, "M\t%s\t%s;", p.ID, p.WindowID)
		}
		return b.String() + "\n"
	}
}

// windowRecords is w as tmux prints records.WindowFormat and each
// pane's records.PaneFormat (free text as records.ExactVar prints it).
func windowRecords(w *tmux.Window) string {
	flag := func(b bool) int {
		if b {
			return 1
		}
		return 0
	}
	var b strings.Builder
	fmt.Fprintf(&b, "%s\t%d\t%d\t%d\t%d\t%d\t%d\t%s\t%s\t0\t0\t0\t0\tmain\\.%s\\.", w.ID, w.Index, w.Width, w.Height,
		flag(w.Zoomed), flag(w.Active), flag(w.Last), w.SessionID, w.Layout, w.Name)
	for _, p := range w.Panes {
		fmt.Fprintf(&b, "%s\t%s\t%d\t%d\t%d\t%d\t0\t%d\t%d\t%d\t%d\t\t\t%d\t%d\tbash\\.\\./\\.", p.ID, p.WindowID, p.Index,
			flag(p.Active), flag(p.Last), flag(p.Marked), p.Left, p.Top, p.Width, p.Height, flag(p.Floating), p.Z)
	}
	return b.String()
}

// TestScriptGolden: what each operation sends to tmux, command list by
// command list, matches its golden file, laid out and as the flat line
// tmux receives: a change to a script fails here until the files are
// rewritten with -update, so it shows in review as a diff of them.
func TestScriptGolden(t *testing.T) {
	t.Parallel()
	for _, c := range goldenCases() {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			f := &fakeSender{version: c.version, answers: c.answers}
			var err error
			caller := "the navigator, in session $1"
			if c.agent {
				caller = "an agent (panemap mcp)"
				_, err = fakeClient(f).ActForAgent(t.Context(), c.op)
			} else {
				_, err = fakeClient(f).Act(t.Context(), "$1", c.op)
			}
			got := fmt.Sprintf("# What panemap sends to tmux for: %s.\n# Caller: %s.\n", c.what, caller)
			if c.version != "" {
				got += fmt.Sprintf("# tmux version: %s (the server's #{version}, known to the transport from a command sent anyway: the op depends on it).\n", c.version)
			}
			got += "# Regenerate: go test ./tmuxctl -run TestScriptGolden -update\n"
			refused := tmux.KindOf(err) == tmux.KindUnsupported || tmux.KindOf(err) == tmux.KindInvalidInput
			if len(f.sent) == 0 && !refused {
				t.Fatalf("nothing sent: %v", err)
			}
			body, terr := f.transcript()
			if terr != nil {
				t.Fatal(terr)
			}
			got += body
			if refused {
				got += "\n=== refused, nothing more sent ===\n" + err.Error() + "\n"
			}
			golden.Check(t, filepath.Join("scripts", c.name), got)
		})
	}
}

// TestScriptGoldenFilesHaveCases: every golden file under
// testdata/scripts is one TestScriptGolden writes, so none is left over
// from a case that is gone.
func TestScriptGoldenFilesHaveCases(t *testing.T) {
	t.Parallel()
	names := map[string]bool{}
	for _, c := range goldenCases() {
		names[c.name+".golden"] = true
	}
	files, err := filepath.Glob(filepath.Join("testdata", "scripts", "*.golden"))
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range files {
		if !names[filepath.Base(f)] {
			t.Errorf("%s has no case in goldenCases (remove it)", f)
		}
	}
	if _, err := os.Stat(filepath.Join("testdata", "scripts", "README.md")); err != nil {
		t.Error(err)
	}
}
