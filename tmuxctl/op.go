package tmuxctl

import (
	"fmt"

	"github.com/panemap/panemap/layouts"
	"github.com/panemap/panemap/tmux"
	"github.com/panemap/panemap/tmuxctl/applying"
	"github.com/panemap/panemap/tmuxctl/floating"
	"github.com/panemap/panemap/tmuxctl/label"
	"github.com/panemap/panemap/tmuxctl/restoring"
	"github.com/panemap/panemap/tmuxctl/scripts"
)

// OpKind names one of the changes Act makes.
type OpKind int

const (
	OpSelect       OpKind = iota + 1 // select Pane, or move from it (or from Window's active pane) in Dir
	OpSwap                           // swap Pane and With, focus staying with the content (see scripts.Swap); With "" and Dir up, down, left or right: with the pane select-pane in Dir from Pane picks (see scripts.SwapToward)
	OpSelectWindow                   // make Window the current window of the session
	OpZoom                           // zoom Pane, or unzoom its window
	OpMark                           // mark Pane, or clear the mark when it is the marked pane
	OpRestore                        // turn From into Want (see Restore)
	OpRefocus                        // select Pane, then With: With active and Pane its last pane
	OpResize                         // move Pane's edge in Dir by Cells (resize-pane)
	OpLayout                         // give Window the layout Layout (see ParseLayoutChoice)
	OpRotate                         // rotate Window's panes, Dir down or up (rotate-window)
	OpMove                           // move Pane into Window, or into a new window when Window is "" (see Follow)
	OpRenameWindow                   // name Window Text, literally, never empty (label.NewName); automatic-rename goes off (see label.Window)
	OpSetTitle                       // set Pane's title to Text, literally (see label.Title)
	OpJump                           // show Session's Window (with Pane active, when set) on Client (see scripts.Jump)
	OpFloat                          // float tiled Pane, on top and active (tmux 3.8; see floating.Float)
	OpTile                           // tile floating Pane, active (tmux 3.8; see floating.Tile)
	OpFloatMove                      // move floating Pane by Cells in Dir (tmux 3.8)
	OpFloatResize                    // resize floating Pane by Cells, its top-left staying: Dir right and down grow it, left and up shrink it (tmux 3.8)
	OpApplyLayout                    // give Window Plan, the layout named Text (see applying.Script)
)

// MaxLabelLen is the most characters a window name or a pane title may
// have (see label.MaxLen).
const MaxLabelLen = label.MaxLen

// Op is one change to a session, for Act.
type Op struct {
	Kind   OpKind
	Pane   tmux.PaneID
	With   tmux.PaneID
	Window tmux.WindowID
	Dir    tmux.Direction
	// Stop keeps a directional move from wrapping around the window's
	// edge: at the edge nothing moves; and a move to the last pane where
	// there is none from failing: nothing moves.
	Stop bool
	// Beside is, for OpMove into Window, the pane of Window to join
	// beside when it is not Window's active pane (see
	// tmux.Window.JoinBeside); it is used only while still in Window.
	Beside tmux.PaneID
	// Follow makes OpMove and OpSwap take the focus along to the pane's
	// new window: Pane becomes its active pane and the window session s's
	// current window (see moveScript and scripts.Follow). The navigator
	// sets it, for a session, where its focused pane may land in another
	// window, and its map follows the pane.
	Follow bool
	// Cells is how far OpResize moves the edge.
	Cells int
	// Layout is OpLayout's choice: a preset name, LayoutNext,
	// LayoutPrevious, LayoutSpread or a layout string.
	Layout string
	// Want is what OpRestore restores, and From the state it starts from:
	// the caller's latest read of the session.
	Want, From *tmux.State
	// Names are the windows and panes (by id) whose names, titles and
	// automatic-rename OpRestore gives back too: those the caller changed
	// (see restoring.Names).
	Names map[string]bool
	// floatOps makes OpRestore give floating panes back their state and
	// geometry (see restoring.Commands): Act sets it where tmux can.
	floatOps bool
	// judged is, for OpResize of a tiled pane in a window with floating
	// panes (3.8), the window's layout in which the resize reaches no
	// floating pane's cell: the resize runs while the layout is still
	// that (see resizeScript, Op.rejudge).
	judged string
	// second is the second command list of an op whose first asked
	// for one (see Op.rest).
	second bool
	// Text is OpRenameWindow's name, OpSetTitle's title and
	// OpApplyLayout's layout name.
	Text string
	// Plan is OpApplyLayout's plan (layouts.MakePlan), and read the
	// window it starts from (see Client.readForApply).
	Plan *layouts.Plan
	read *tmux.Window
	// Session is the session OpJump shows, and Client the client it
	// switches (tmux's client name): "" is the most recently active
	// client attached to the session Act is given.
	Session tmux.SessionID
	Client  string
	// Line, for OpJump with Pane, when below 0, is a line of Pane's
	// history, counted up from its screen's top as a find match counts
	// it (-1 the line just above the screen): copy mode opens in Pane
	// with that line at the top and the cursor on it (see scripts.CopyAt).
	Line int
}

// Check validates every id and text the op carries before tmux sees any
// of them; Act checks again (a caller may check first, to refuse bad
// input without asking tmux anything).
func (op Op) Check() error {
	need := func(ids ...string) error {
		for _, id := range ids {
			var err error
			switch kindName(id) {
			case "pane":
				_, err = tmux.ParsePaneID(id)
			case "window":
				_, err = tmux.ParseWindowID(id)
			default:
				err = &tmux.Error{Kind: tmux.KindInvalidInput, Value: id, Message: fmt.Sprintf("invalid target %s", tmux.Quote(id))}
			}
			if err != nil {
				return err
			}
		}
		return nil
	}
	switch op.Kind {
	case OpSelect:
		if _, err := tmux.ParseDirection(string(op.Dir)); err != nil {
			return err
		}
		if op.Pane == "" {
			return need(string(op.Window))
		}
		return need(string(op.Pane))
	case OpSwap:
		if op.With == "" && op.Dir != tmux.DirLast && tmuxDirFlag[op.Dir] != "" {
			return need(string(op.Pane))
		}
		return need(string(op.Pane), string(op.With))
	case OpRefocus:
		return need(string(op.Pane), string(op.With))
	case OpSelectWindow:
		return need(string(op.Window))
	case OpZoom, OpMark, OpFloat, OpTile:
		return need(string(op.Pane))
	case OpResize, OpFloatMove, OpFloatResize:
		if _, err := ParseResize(string(op.Dir), op.Cells); err != nil {
			return err
		}
		return need(string(op.Pane))
	case OpLayout:
		if _, err := ParseLayoutChoice(op.Layout); err != nil {
			return err
		}
		return need(string(op.Window))
	case OpRotate:
		if op.Dir != tmux.DirUp && op.Dir != tmux.DirDown {
			return &tmux.Error{Kind: tmux.KindInvalidInput, Value: string(op.Dir), Message: fmt.Sprintf("invalid rotation %s: want up or down", tmux.Quote(string(op.Dir)))}
		}
		return need(string(op.Window))
	case OpMove:
		if op.Window == "" {
			return need(string(op.Pane))
		}
		if op.Beside != "" {
			return need(string(op.Pane), string(op.Window), string(op.Beside))
		}
		return need(string(op.Pane), string(op.Window))
	case OpRenameWindow:
		if _, err := label.Window(op.Window, op.Text); err != nil {
			return err
		}
		return label.NewName(op.Text)
	case OpSetTitle:
		_, err := label.Title(op.Pane, op.Text)
		return err
	case OpJump:
		if _, err := tmux.ParseSessionID(string(op.Session)); err != nil {
			return err
		}
		if op.Client != "" {
			if _, err := tmux.ParseTarget(op.Client); err != nil {
				return err
			}
		}
		if op.Line > 0 || op.Line < -scripts.MaxHistoryLine || op.Line < 0 && op.Pane == "" {
			return &tmux.Error{Kind: tmux.KindInvalidInput, Value: fmt.Sprint(op.Line), Message: fmt.Sprintf("invalid history line %d: want a pane and -1 to -%d", op.Line, scripts.MaxHistoryLine)}
		}
		if op.Pane != "" {
			return need(string(op.Window), string(op.Pane))
		}
		return need(string(op.Window))
	case OpApplyLayout:
		return applying.Check(op.Window, op.Plan, op.Text)
	case OpRestore:
		if op.Want == nil || op.From == nil {
			return &tmux.Error{Kind: tmux.KindInvalidInput, Message: "restore needs the state to restore and the state to start from"}
		}
		return nil
	}
	return &tmux.Error{Kind: tmux.KindInvalidInput, Value: fmt.Sprint(op.Kind), Message: fmt.Sprintf("unknown operation %d", op.Kind)}
}

// from is the pane (or window, meaning its active pane) a select starts
// at, and the id a gone error about the op names.
func (op Op) from() string {
	if op.Pane != "" {
		return string(op.Pane)
	}
	return string(op.Window)
}

var edgeFormat = map[tmux.Direction]string{tmux.DirUp: "pane_at_top", tmux.DirDown: "pane_at_bottom", tmux.DirLeft: "pane_at_left", tmux.DirRight: "pane_at_right"}

// script is the op's command list. What depends on tmux's state as it
// runs (which pane is active or at an edge, whether a window has a last
// pane, where the panes are) tmux decides in it (see script.go). s is
// who the op is for: the navigator, with s its session, or an agent
// (s ""), whose moves into a window and layout strings are built for a
// caller that read nothing first (and a move's second list, for an op
// second: see Op.rest).
func (op Op) script(who caller, s tmux.SessionID) [][]string {
	switch op.Kind {
	case OpSelect:
		from := op.from()
		switch op.Dir {
		case tmux.DirNext, tmux.DirPrevious:
			return stepScript(from, op.Dir)
		case tmux.DirLast:
			if !op.Stop { // tmux's refusal is the answer
				return [][]string{selectCmd(from, tmux.DirLast)}
			}
			return [][]string{
				{"has-session", "-t", from},
				ifShell(from, "#{||:"+fmtHasLast+",#{==:#{window_panes},2}}", [][]string{selectCmd(from, tmux.DirLast)}, nil),
			}
		case tmux.DirNone:
			return [][]string{selectCmd(from, tmux.DirNone)}
		}
		if op.Stop {
			return [][]string{
				{"has-session", "-t", from},
				ifShell(from, "#{?"+edgeFormat[op.Dir]+",0,1}", [][]string{selectCmd(from, op.Dir)}, nil),
			}
		}
		return [][]string{selectCmd(from, op.Dir)}
	case OpSwap:
		if op.With == "" {
			return scripts.SwapToward(op.Pane, tmuxDirFlag[op.Dir])
		}
		if op.Pane == op.With { // changes nothing, but fails when the pane is gone
			return [][]string{{"has-session", "-t", string(op.Pane)}}
		}
		if op.Follow {
			return append(scripts.Swap(op.Pane, op.With), scripts.Follow(op.Pane, s))
		}
		return scripts.Swap(op.Pane, op.With)
	case OpResize:
		return resizeScript(op.Pane, op.Dir, op.Cells, op.judged)
	case OpLayout:
		if who == agent && isLayoutString(op.Layout) { // no read of the window before
			return layoutStringAlone(op.Window, op.Layout)
		}
		return layoutScript(op.Window, op.Layout)
	case OpRotate:
		return scripts.Rotate(op.Window, op.Dir)
	case OpMove:
		if op.Window == "" {
			return breakScript(op.Pane, s, op.Follow)
		}
		if op.Beside != "" {
			// Beside p while it is still in the window; else beside the
			// window's active pane, as tmux would.
			return [][]string{{"has-session", "-t", string(op.Beside)}, ifShell(string(op.Beside), "#{==:#{window_id},"+string(op.Window)+"}",
				moveScript(op.Pane, op.Window, op.Beside, op.Follow, false), moveScript(op.Pane, op.Window, "", op.Follow, false))}
		}
		if who == agent && !op.Follow && !op.second {
			return moveFirst(op.Pane, op.Window)
		}
		return moveScript(op.Pane, op.Window, "", op.Follow, !op.second)
	case OpRestore:
		// The swaps that restore are worked out from From's positions;
		// they run only while tmux still has those positions.
		return [][]string{ifShell(string(s), restoring.SamePositions(op.From), op.restoreCmds(op.From), nil)}
	case OpSelectWindow:
		return [][]string{{"select-window", "-t", string(s) + ":" + string(op.Window)}}
	case OpZoom:
		return [][]string{{"resize-pane", "-Z", "-t", string(op.Pane)}}
	case OpMark:
		return [][]string{{"select-pane", "-m", "-t", string(op.Pane)}}
	case OpRenameWindow:
		cmds, _ := label.Window(op.Window, op.Text) // checked in check
		return cmds
	case OpSetTitle:
		cmds, _ := label.Title(op.Pane, op.Text) // checked in check
		return cmds
	case OpJump:
		return scripts.Jump(op.Session, op.Window, op.Pane, op.Client, -op.Line)
	case OpRefocus:
		return [][]string{selectCmd(string(op.Pane), tmux.DirNone), selectCmd(string(op.With), tmux.DirNone)}
	case OpApplyLayout:
		return applying.Script(op.Plan, op.Text, op.read)
	case OpFloat:
		return floating.Float(op.Pane)
	case OpTile:
		return floating.Tile(op.Pane)
	case OpFloatMove:
		dx, dy := floating.Delta(op.Dir, op.Cells)
		return floating.Move(op.Pane, dx, dy)
	case OpFloatResize:
		dx, dy := floating.Delta(op.Dir, op.Cells)
		return floating.Resize(op.Pane, dx, dy)
	}
	return nil
}

// floatingWhat is what a floating op does, for a refusal; "" for the
// other ops.
var floatingWhat = map[OpKind]string{OpFloat: "float a pane", OpTile: "tile a floating pane", OpFloatMove: "move a floating pane", OpFloatResize: "resize a floating pane"}

// restoreCmds is OpRestore's command list from cur.
func (op Op) restoreCmds(cur *tmux.State) [][]string {
	return append(restoring.Commands(cur, op.Want, op.floatOps, nil), restoring.Names(cur, op.Want, op.Names)...)
}
