package floating

import (
	"fmt"
	"strings"

	"github.com/panemap/panemap/tmux"
	"github.com/panemap/panemap/tmuxctl/transport"
)

// What tmux 3.7 and 3.8 refuse, or do unasked, with floating and modal
// panes, checked inside the command list that would make the change (so
// that nothing runs before the refusal and no other client can slip a
// change in between a read and the act):
//   - 3.7 refuses to swap a floating pane ("cannot swap floating panes",
//     cmd-swap-pane.c:82), and a swap script changes the focus before
//     its swap-pane: the guard refuses first.
//   - master refuses to swap a modal pane ("pane is modal",
//     cmd-swap-pane.c:79 on master), also after the script's focus
//     changes.
//   - 3.7 tiles every floating pane on a named layout, next-layout and
//     previous-layout (layout-set.c), and its select-layout -E resizes a
//     floating pane as if it were tiled, leaving the tiled cells short of
//     the window: the guard refuses any layout on a 3.7 window with
//     floating panes. master keeps floating panes floating through all
//     of them (layout-set.c:139).

// Reasons a guard refuses for.
const (
	ReasonSwapFloating   = "swap-floating"   // tmux 3.7 and a floating pane
	ReasonModal          = "modal"           // a modal pane (3.8)
	ReasonLayoutFloating = "layout-floating" // tmux 3.7 and a window with floating panes
	ReasonResizeFloating = "resize-floating" // tmux 3.7 and a resize in a window with floating panes
	// ReasonResizeLayout is followed by ":" and the window's layout: a
	// tiled resize in a window with floating panes (3.8), for the caller
	// to judge by the layout tree (see tmux.ResizeReachesFloating) and,
	// when it reaches no floating cell, to run again on that layout
	// alone (CondLayoutIs).
	ReasonResizeLayout = "resize-layout"
)

// Conditions for Guard, in a pane's (or window's) context.
const (
	// CondSwapFloating: the pane floats and tmux is 3.7.
	CondSwapFloating = "#{&&:#{m:3.7*,#{version}},#{pane_floating_flag}}"
	// CondLayoutFloating: the window has a floating pane and tmux is 3.7.
	CondLayoutFloating = "#{&&:#{m:3.7*,#{version}},#{P:#{?pane_floating_flag,1,}}}"
	// CondResizeFloating: the pane's window has a floating pane, and the
	// pane is tiled or tmux is 3.7 (which resizes every pane as tiled).
	// tmux 3.7 and master keep a floating pane's cell in the tree beside
	// the tiled ones, and resize-pane takes room from, or gives it to,
	// the next or previous cell whether it floats or not
	// (layout_resize_pane_grow and _shrink, layout.c:1000 and 1041 on
	// master): the floating pane shrinks or grows and the tiled cells no
	// longer fill the window (a pane reaches past it, or a gap opens).
	// Which container holds a floating leaf only the layout tree says, so
	// every such resize is refused.
	CondResizeFloating = "#{&&:#{P:#{?pane_floating_flag,1,}},#{||:#{?pane_floating_flag,,1},#{m:3.7*,#{version}}}}"
	// CondResize37: the pane's window has a floating pane and tmux is
	// 3.7, which resizes every pane as tiled: refused.
	CondResize37 = "#{&&:#{m:3.7*,#{version}},#{P:#{?pane_floating_flag,1,}}}"
	// CondResizeTiled: the pane is tiled and its window has a floating
	// pane (on 3.8, where CondResize37 is false).
	CondResizeTiled = "#{&&:#{P:#{?pane_floating_flag,1,}},#{?pane_floating_flag,,1}}"
)

// CondLayoutIs is true while the window's #{window_layout} is layout
// (tmux's printing, of the characters a layout string has: its commas
// and closing braces are escaped, the format's own syntax).
func CondLayoutIs(layout string) string {
	esc := strings.NewReplacer(",", "#,", "}", "#}").Replace(layout)
	return "#{==:#{window_layout}," + esc + "}"
}

// ResizeLayout is the layout a ReasonResizeLayout refusal in a script's
// output out carries, and true; or false.
func ResizeLayout(out string) (string, bool) {
	i := strings.Index(out, refusedLine+ReasonResizeLayout+":")
	if i < 0 {
		return "", false
	}
	line, _, _ := strings.Cut(out[i+len(refusedLine)+len(ReasonResizeLayout)+1:], "\n")
	layout, _, _ := strings.Cut(line, " ")
	return layout, true
}

// refusedLine starts the line a guard prints instead of running its
// commands: then the reason and tmux's version.
const refusedLine = "=panemap-refused "

// Guard is an if-shell that, in target's context, prints the refusal
// line for reason (a Reason, or a format that expands to one) when cond
// is true, and runs then otherwise. target must exist (a missing target
// takes the else branch): check it before.
func Guard(target, cond, reason string, then [][]string) []string {
	run, err := transport.CommandLine(then)
	if err != nil {
		panic("floating: guarded command cannot be quoted: " + err.Error())
	}
	return []string{"if-shell", "-F", "-t", target, cond, refusalAt(target, reason), run}
}

// RefusalCommand is the command, rendered for tmux's parser, that prints
// the refusal line for reason (a Reason, or a format that expands to
// one), for a script that prints it in a branch of its own.
func RefusalCommand(reason string) string { return refusal(reason) }

// refusal is the command that prints the refusal line for reason.
func refusal(reason string) string {
	return transport.Words("display-message", "-p", refusedLine+reason+" #{version}")
}

// refusalAt is refusal with reason's formats expanded in target's
// context.
func refusalAt(target, reason string) string {
	return transport.Words("display-message", "-p", "-t", target, refusedLine+reason+" #{version}")
}

// Refusal is the error for a guard's refusal in a script's output out,
// where subject names what the change was about (panes or a window) and
// layout is the layout asked for; nil when no guard refused.
func Refusal(out, subject, layout string) error {
	i := strings.Index(out, refusedLine)
	if i < 0 {
		return nil
	}
	line, _, _ := strings.Cut(out[i+len(refusedLine):], "\n")
	reason, version, _ := strings.Cut(line, " ")
	e := &tmux.Error{Kind: tmux.KindUnsupported, Value: version}
	if strings.HasPrefix(reason, ReasonResizeLayout+":") {
		reason = ReasonResizeLayout
	}
	switch reason {
	case ReasonSwapFloating:
		e.Message = fmt.Sprintf("tmux %s cannot swap a floating pane (%s): swap-pane takes floating panes from tmux 3.8. Nothing changed", version, subject)
	case ReasonModal:
		e.Kind, e.Value = tmux.KindRefused, subject
		e.Message = fmt.Sprintf("%s: one of them is a modal pane, and tmux %s swaps no modal pane. Nothing changed", subject, version)
	case ReasonLayoutFloating:
		e.Message = fmt.Sprintf("window %s has floating panes, and tmux %s would tile them all for layout %s (3.8 keeps them floating). Nothing changed", subject, version, tmux.Quote(layout))
	case ReasonResizeFloating:
		e.Kind, e.Value = tmux.KindRefused, subject
		e.Message = fmt.Sprintf("pane %s not resized: tile the floating panes or move them to another window first (tmux %s resizes floating panes as if tiled). Nothing changed", subject, version)
	case ReasonResizeLayout:
		e.Kind, e.Value = tmux.KindRefused, subject
		e.Message = fmt.Sprintf("pane %s not resized that way: tile the floating panes or move them to another window first (here tmux %s's resize-pane would resize a floating pane's cell instead of a tiled neighbour's). Nothing changed", subject, version)
	default:
		e.Message = fmt.Sprintf("tmux %s refused %s (%s). Nothing changed", version, subject, reason)
	}
	return e
}
