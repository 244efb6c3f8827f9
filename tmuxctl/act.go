package tmuxctl

import (
	"context"
	"crypto/rand"
	"fmt"
	"strings"
)

// OpKind names one of the changes Act makes.
type OpKind int

const (
	OpSelect       OpKind = iota + 1 // select Pane, or move from it (or from Window's active pane) in Dir
	OpSwap                           // swap Pane and With, focus staying with the content (see SwapPane)
	OpSelectWindow                   // make Window the current window of the session
	OpZoom                           // zoom Pane, or unzoom its window
	OpMark                           // mark Pane, or clear the mark when it is the marked pane
	OpRestore                        // turn From into Want (see Restore)
	OpRefocus                        // select Pane, then With: With active and Pane its last pane
	OpResize                         // move Pane's edge in Dir by Cells (resize-pane)
	OpLayout                         // give Window the layout Layout (see ParseLayoutChoice)
	OpRotate                         // rotate Window's panes, Dir down or up (rotate-window)
	OpMove                           // move Pane into Window, or into a new window when Window is "" (see Follow)
)

// Op is one change to a session, for Act.
type Op struct {
	Kind   OpKind
	Pane   PaneID
	With   PaneID
	Window WindowID
	Dir    Direction
	// Stop keeps a directional move from wrapping around the window's
	// edge: at the edge nothing moves.
	Stop bool
	// Follow makes OpMove take the focus along to the pane's new window
	// even when the pane did not have it (see moveScript).
	Follow bool
	// Cells is how far OpResize moves the edge.
	Cells int
	// Layout is OpLayout's choice: a preset name, LayoutNext,
	// LayoutPrevious, LayoutSpread or a layout string.
	Layout string
	// Want is what OpRestore restores, and From the state it starts from:
	// the caller's latest read of the session.
	Want, From *State
}

// Act makes one change to session s between two reads of it, and answers
// with the state just before and just after. All of it is one command
// list (one tmux process, or one control-mode round trip), in which tmux
// decides what depends on its state at that moment (which pane is active,
// which is at an edge, whether a window has a last pane). Over a transport
// that runs no scripts the change is made from the state read just before
// it, in three calls.
//
// When the change fails, before may still be set and after is nil.
func (c *Client) Act(ctx context.Context, s SessionID, op Op) (before, after *State, err error) {
	if _, err := ParseSessionID(string(s)); err != nil {
		return nil, nil, err
	}
	if err := op.check(); err != nil {
		return nil, nil, err
	}
	if op.Kind == OpRestore && moved(op.From, op.Want) {
		return c.restoreInSteps(ctx, s, op.Want)
	}
	nonce := rand.Text()
	var cmds [][]string
	cmds = append(cmds, readStateCmds(s)...)
	cmds = append(cmds, answerMarker(nonce+"F"), foreignCmd(s), answerMarker(nonce+"O"))
	cmds = append(cmds, op.script(s)...)
	cmds = append(cmds, answerMarker(nonce+"A"))
	cmds = append(cmds, readStateCmds(s)...)
	cmds = append(cmds, answerMarker(nonce+"G"), foreignCmd(s))
	out, ran, err := c.script(ctx, cmds)
	if !ran {
		return c.actInSteps(ctx, s, op)
	}
	parts := splitMarkers(out, nonce, "F", "O", "A", "G")
	before, readErr := stateFromParts(s, parts[0], parts[1])
	switch {
	case readErr != nil && err != nil: // the session itself is gone, or tmux
		return nil, nil, c.nameGone(err, string(s))
	case readErr != nil:
		return nil, nil, readErr
	case err != nil: // the change failed
		return before, nil, c.nameGone(err, op.from())
	case op.Kind == OpRestore && positions(before) != positions(op.From):
		// The panes moved since the caller's read: the guarded swaps
		// did not run. Restore reads and works it out again.
		if err := c.Restore(ctx, op.Want); err != nil {
			return before, nil, err
		}
		after, err = c.ReadState(ctx, s)
		return before, after, err
	}
	after, err = stateFromParts(s, parts[3], parts[4])
	return before, after, err
}

// restoreInSteps is a restore that moves panes between windows: reads
// between its steps (see RestoreAll). after.Recreated names the windows
// it had to recreate.
func (c *Client) restoreInSteps(ctx context.Context, s SessionID, want *State) (*State, *State, error) {
	before, err := c.ReadState(ctx, s)
	if err != nil {
		return nil, nil, err
	}
	recreated, err := c.RestoreAll(ctx, want)
	if err != nil {
		return before, nil, err
	}
	after, err := c.ReadState(ctx, s)
	if after != nil {
		after.Recreated = recreated
	}
	return before, after, err
}

func (c *Client) actInSteps(ctx context.Context, s SessionID, op Op) (*State, *State, error) {
	before, err := c.ReadState(ctx, s)
	if err != nil {
		return nil, nil, err
	}
	cmds, err := op.plain(s, before)
	if err != nil {
		return before, nil, err
	}
	if len(cmds) > 0 {
		if _, err := c.run(ctx, cmds...); err != nil {
			return before, nil, c.nameGone(err, op.from())
		}
	}
	after, err := c.ReadState(ctx, s)
	return before, after, err
}

// foreignCmd reads the marked pane's window and panes, when there is a
// marked pane (it may lie outside the session).
func foreignCmd(s SessionID) []string {
	return ifShell(string(s), "#{pane_marked_set}", [][]string{
		{"display-message", "-p", "-t", "{marked}", windowFormat},
		{"list-panes", "-t", "{marked}", "-F", paneFormat},
	}, nil)
}

// splitMarkers cuts out at the markers nonce+k, in order: one part before
// each marker and the rest after the last; a missing marker leaves its
// part and those after it empty.
func splitMarkers(out, nonce string, keys ...string) []string {
	parts := make([]string, 0, len(keys)+1)
	for _, k := range keys {
		before, after, ok := strings.Cut(out, "=panemap-"+nonce+k+"\n")
		if !ok {
			before, after = out, ""
		}
		parts = append(parts, before)
		out = after
	}
	return append(parts, out)
}

// stateFromParts reads a session read and its foreign-window read.
func stateFromParts(s SessionID, main, foreign string) (*State, error) {
	st, markedWin, err := parseState(s, main)
	if err != nil {
		return nil, err
	}
	if markedWin != "" {
		if l, err := parseListing(foreign); err == nil {
			for _, w := range l.windows {
				if w.ID == markedWin {
					st.Foreign = w
				}
			}
		}
	}
	return st, nil
}

// check validates every id the op carries before tmux sees any of them.
func (op Op) check() error {
	need := func(ids ...string) error {
		for _, id := range ids {
			var err error
			switch kindName(id) {
			case "pane":
				_, err = ParsePaneID(id)
			case "window":
				_, err = ParseWindowID(id)
			default:
				err = &Error{Kind: KindInvalidInput, Value: id, Message: fmt.Sprintf("invalid target %s", Quote(id))}
			}
			if err != nil {
				return err
			}
		}
		return nil
	}
	switch op.Kind {
	case OpSelect:
		if _, err := ParseDirection(string(op.Dir)); err != nil {
			return err
		}
		if op.Pane == "" {
			return need(string(op.Window))
		}
		return need(string(op.Pane))
	case OpSwap, OpRefocus:
		return need(string(op.Pane), string(op.With))
	case OpSelectWindow:
		return need(string(op.Window))
	case OpZoom, OpMark:
		return need(string(op.Pane))
	case OpResize:
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
		if op.Dir != DirUp && op.Dir != DirDown {
			return &Error{Kind: KindInvalidInput, Value: string(op.Dir), Message: fmt.Sprintf("invalid rotation %s: want up or down", Quote(string(op.Dir)))}
		}
		return need(string(op.Window))
	case OpMove:
		if op.Window == "" {
			return need(string(op.Pane))
		}
		return need(string(op.Pane), string(op.Window))
	case OpRestore:
		if op.Want == nil || op.From == nil {
			return &Error{Kind: KindInvalidInput, Message: "restore needs the state to restore and the state to start from"}
		}
		return nil
	}
	return &Error{Kind: KindInvalidInput, Value: fmt.Sprint(op.Kind), Message: fmt.Sprintf("unknown operation %d", op.Kind)}
}

// from is the pane (or window, meaning its active pane) a select starts
// at, and the id a gone error about the op names.
func (op Op) from() string {
	if op.Pane != "" {
		return string(op.Pane)
	}
	return string(op.Window)
}

var edgeFormat = map[Direction]string{DirUp: "pane_at_top", DirDown: "pane_at_bottom", DirLeft: "pane_at_left", DirRight: "pane_at_right"}

// script is the op as a script, deciding by tmux's state as it runs.
func (op Op) script(s SessionID) [][]string {
	switch op.Kind {
	case OpSelect:
		from := op.from()
		switch op.Dir {
		case DirNext, DirPrevious:
			return stepScript(from, op.Dir)
		case DirLast:
			return [][]string{
				{"has-session", "-t", from},
				ifShell(from, "#{||:"+fmtHasLast+",#{==:#{window_panes},2}}", [][]string{selectCmd(from, DirLast)}, nil),
			}
		case DirNone:
			return [][]string{selectCmd(from, DirNone)}
		}
		if op.Stop {
			return [][]string{
				{"has-session", "-t", from},
				ifShell(from, "#{?"+edgeFormat[op.Dir]+",0,1}", [][]string{selectCmd(from, op.Dir)}, nil),
			}
		}
		return [][]string{selectCmd(from, op.Dir)}
	case OpSwap:
		return swapScript(op.Pane, op.With)
	case OpResize:
		return resizeScript(op.Pane, op.Dir, op.Cells)
	case OpLayout:
		return layoutScript(op.Window, op.Layout)
	case OpRotate:
		return rotateScript(op.Window, op.Dir)
	case OpMove:
		if op.Window == "" {
			return breakScript(op.Pane, s, op.Follow)
		}
		return moveScript(op.Pane, op.Window, op.Follow)
	case OpRestore:
		// The swaps that restore are worked out from From's positions;
		// they run only while tmux still has those positions.
		return [][]string{ifShell(string(s), samePositions(op.From), restoreCmds(op.From, op.Want), nil)}
	}
	cmds, _ := op.plain(s, nil)
	return cmds
}

// plain is the op as plain commands, decided on before (the state read
// just before; only selects and swaps need it).
func (op Op) plain(s SessionID, before *State) ([][]string, error) {
	switch op.Kind {
	case OpSelect:
		if op.Dir == DirNone {
			return [][]string{selectCmd(op.from(), DirNone)}, nil
		}
		w, a, err := op.start(before)
		if err != nil {
			return nil, err
		}
		switch op.Dir {
		case DirNext, DirPrevious:
			return [][]string{selectCmd(string(stepPane(w, a.ID, op.Dir)), DirNone)}, nil
		case DirLast:
			if _, ok := w.LastPane(); !ok && len(w.Panes) != 2 {
				return nil, nil
			}
		default:
			if op.Stop && AtEdge(w, a, op.Dir) {
				return nil, nil
			}
		}
		return [][]string{selectCmd(string(a.ID), op.Dir)}, nil
	case OpSwap:
		if op.Pane == op.With {
			return nil, nil
		}
		return swapCmds(focusOf(before, op.Pane, op.With), op.Pane, op.With), nil
	case OpSelectWindow:
		return [][]string{{"select-window", "-t", string(s) + ":" + string(op.Window)}}, nil
	case OpZoom:
		return [][]string{{"resize-pane", "-Z", "-t", string(op.Pane)}}, nil
	case OpMark:
		return [][]string{{"select-pane", "-m", "-t", string(op.Pane)}}, nil
	case OpRestore:
		if before != nil { // read just now: fresher than From
			return restoreCmds(before, op.Want), nil
		}
		return restoreCmds(op.From, op.Want), nil
	case OpRefocus:
		return [][]string{selectCmd(string(op.Pane), DirNone), selectCmd(string(op.With), DirNone)}, nil
	case OpResize, OpLayout, OpRotate, OpMove:
		return op.script(s), nil
	}
	return nil, op.check()
}

// start finds the window and pane a select starts from in st.
func (op Op) start(st *State) (*Window, Pane, error) {
	for _, w := range st.allWindows() {
		if op.Pane == "" {
			if w.ID == op.Window {
				if a, ok := w.ActivePane(); ok {
					return w, a, nil
				}
			}
			continue
		}
		if p, ok := w.Pane(op.Pane); ok {
			return w, p, nil
		}
	}
	return nil, Pane{}, goneErr(kindName(op.from()), op.from())
}

// focusOf is what swapCmds needs to know of the windows of a and b.
func focusOf(st *State, a, b PaneID) map[PaneID]*focusWindow {
	byPane := map[PaneID]*focusWindow{}
	if st == nil {
		return byPane
	}
	for _, w := range st.allWindows() {
		_, hasA := w.Pane(a)
		_, hasB := w.Pane(b)
		if !hasA && !hasB {
			continue
		}
		fw := &focusWindow{id: w.ID}
		for _, p := range w.Panes {
			fw.panes = append(fw.panes, p.ID)
			if p.Active {
				fw.active = p.ID
			}
			if p.Last {
				fw.last = p.ID
			}
		}
		for _, p := range []PaneID{a, b} {
			if _, ok := w.Pane(p); ok && byPane[p] == nil {
				byPane[p] = fw
			}
		}
	}
	return byPane
}

// samePositions is a format that, in the context of st's session, is "1"
// when the session has st's windows with as many panes each, and every
// pane is where st has it. It holds no matter in which order tmux loops:
// #{P:} goes by pane index before tmux 3.6 and by pane id from 3.6 on.
func samePositions(st *State) string {
	var windows, panes strings.Builder
	for _, w := range st.Windows {
		fmt.Fprintf(&windows, "<%s.%d>", w.ID, len(w.Panes))
		for _, p := range w.Panes {
			fmt.Fprintf(&panes, "<%s.%s.%d>", p.ID, w.ID, p.Index)
		}
	}
	// One x for each window or pane st does not have there.
	strays := "#{W:#{?#{m:*<#{window_id}.#{window_panes}>*," + windows.String() + "},,x}" +
		"#{P:#{?#{m:*<#{pane_id}.#{window_id}.#{pane_index}>*," + panes.String() + "},,x}}}"
	return "#{==:" + strays + "#{session_windows}," + fmt.Sprint(len(st.Windows)) + "}"
}

// positions is where each pane of st's session windows is, in st's order.
func positions(st *State) string {
	var b strings.Builder
	for _, w := range st.Windows {
		for _, p := range w.Panes {
			fmt.Fprintf(&b, "%s.%s.%d ", p.ID, w.ID, p.Index)
		}
	}
	return b.String()
}
