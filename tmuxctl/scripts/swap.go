package scripts

import (
	"strings"

	"github.com/panemap/panemap/tmux"
	"github.com/panemap/panemap/tmuxctl/floating"
)

// Swap exchanges the positions of two panes, in one window or
// across windows (OpSwap). Positions change, nothing else: the pane that
// was active in a window stays active (focus follows content); a window
// whose active pane left gets the pane that arrived as its active pane; a
// window's last-pane is kept where it can be; a zoomed window stays
// zoomed. It decides by tmux's state as the script runs. What swap-pane
// does to focus (tmux 3.2 to master, cmd-swap-pane.c): with -d, in a
// window whose active pane is the -s pane, the pane that arrives in its
// place becomes active; then, in a window whose active pane is the -t
// pane, the -s pane becomes active. Without -d, in one window, the -t
// pane becomes active.
//
//   - In one window with neither pane active, swap-pane -d changes no
//     focus.
//   - In one window with either pane active and a last pane, swap-pane
//     without -d, the active pane as -t: tmux makes the -t pane active,
//     and it is already (window_set_active_pane returns at once,
//     window.c, on every version from 3.2a to master), so neither the
//     active pane nor the last pane (or 3.4's stack of them) changes.
//     Without a last pane there is none to keep: swap-pane -d with the
//     active pane as -s keeps it active (and makes the other pane the
//     last pane).
//   - Across windows, a window whose active pane left gets the arriving
//     pane as its active pane, as promised above; tmux 3.4
//     and newer keep the window's last-pane history. tmux 3.2 and 3.3
//     remember one last pane and clear it there, so on those a window
//     whose active pane leaves and that has a last pane first makes that
//     pane active, and after the swap the arriving pane: the arriving
//     pane is active and the old last pane is last again.
//   - Across windows, a marked pane stays marked (see crossKeep).
//   - A floating pane on tmux 3.7, or a modal pane, is refused before
//     anything runs (see floating.Guard).
//
// The usual cases come first, each decided as the script runs, so that
// few commands reach tmux's message log: two panes of one window neither
// of which is active, or a swap across windows with no mark to keep (and
// on 3.2 and 3.3 no last pane to lose), take one if-shell and one
// swap-pane; the first pane active with a last pane two if-shells and
// one, the second three and one; any other swap across windows four,
// then crossKeep's run-shell -C and what it emits. The if-shells nest in
// tmux's braces (see Braced): quoted, each level would triple the
// script (five levels took 125 kB), far over the 16,384 bytes tmux takes
// in one command message over exec.
func Swap(a, b tmux.PaneID) [][]string {
	sa, sb := string(a), string(b)
	swapKeep := []string{"if-shell", "-F", "-t", sa, "#{pane_active}",
		List([][]string{{"swap-pane", "-d", "-Z", "-s", sa, "-t", sb}}),
		List([][]string{{"swap-pane", "-d", "-Z", "-s", sb, "-t", sa}})}

	// Refused changes nothing; the swap runs in one of the two windows'
	// cases otherwise (a same-window swap leaves b in a's window).
	refused, reason := swapRefused(b) // in a's context
	same := HasPane(b)
	// has-session fails, naming the pane, when a or b does not exist,
	// before anything else runs in its branch: an if-shell with a missing
	// target takes a branch by another pane's state (the control client's
	// current pane), or none.
	exist := [][]string{{"has-session", "-t", sa}, {"has-session", "-t", sb}}
	refuseOr := []string{"if-shell", "-F", "-t", sa, refused, List(exist) + " ; " + floating.RefusalCommand(reason), List([][]string{swapKeep})}
	// The usual swaps run at once: the if-shell that decides them and
	// the swap are the only entries in tmux's message log. In one window,
	// a not active and no focus or last pane to keep; across windows, no
	// mark to keep and, on 3.2 and 3.3, no last pane to lose (crossKeep
	// would emit the swap alone; swap-pane -d across windows does the
	// same with -s and -t exchanged, cmd-swap-pane.c treating the two
	// windows alike). A pane gone fails the swap alone.
	bActive := "#{P:#{?#{&&:#{pane_active},#{==:#{pane_id}," + sb + "}},1,}}"
	notRefused := "#{?" + refused + ",,1}"
	bLoses := "#{S:#{W:#{?#{P:#{?#{&&:#{==:#{pane_id}," + sb + "},#{pane_active}},1,}}," + HasLast + ",}}}"
	calmHere := "#{&&:" + same + ",#{?#{||:#{pane_active},#{&&:" + bActive + "," + HasLast + "}},,1}}"
	calmAcross := "#{?#{||:#{||:" + same + ",#{||:#{pane_marked}," + OnPane(b, "#{pane_marked}") + "}},#{&&:" + SingleLast + ",#{||:" + losesLast + "," + bLoses + "}}},,1}"
	fast := "#{&&:" + notRefused + ",#{||:" + calmHere + "," + calmAcross + "}}"
	keepA := "#{&&:" + notRefused + ",#{&&:" + same + ",#{&&:#{pane_active}," + HasLast + "}}}"
	keepB := "#{&&:" + notRefused + ",#{&&:" + same + ",#{&&:" + bActive + "," + HasLast + "}}}"
	// Across windows and not refused (refused or same was false as the
	// if-shells above ran, nothing running in between): a mark or a last
	// pane to keep.
	rest := IfShellLine(sa, keepA, Braced([][]string{{"swap-pane", "-Z", "-s", sb, "-t", sa}}),
		IfShellLine(sa, keepB, Braced([][]string{{"swap-pane", "-Z", "-s", sa, "-t", sb}}),
			IfShellLine(sa, "#{||:"+refused+","+same+"}", Braced([][]string{refuseOr}), Braced([][]string{crossKeep(a, b)}))))
	return [][]string{{"if-shell", "-F", "-t", sa, fast, List([][]string{{"swap-pane", "-d", "-Z", "-s", sb, "-t", sa}}), rest}}
}

// Follow takes the focus along to pane p, after a swap that may have
// taken it into another window of session s: that window becomes s's
// current window and p its active pane, with -Z keeping a zoom, as the
// navigator's focused pane goes (OpSwap with Follow). Where p is in s's
// current window already, or in no window of s (a marked pane in
// another session was swapped with it), nothing runs: select-pane of
// the active pane and select-window of the current window change
// nothing in tmux either (cmd-select-pane.c, session_set_current), but
// each would add to the message log.
func Follow(p tmux.PaneID, s tmux.SessionID) []string {
	sp, ss := string(p), string(s)
	elsewhere := "#{S:#{?#{==:#{session_id}," + ss + "},#{W:#{?window_active,,#{P:#{?#{==:#{pane_id}," + sp + "},1,}}}},}}"
	return RunIn(p, "#{?"+elsewhere+","+List([][]string{{"select-window", "-t", ss + ":"}})+"#{window_id} ; "+
		List([][]string{{"select-pane", "-Z", "-t", sp}})+",}")
}

// Braced renders a command list in tmux's braces, "{ cmd ; cmd }", for
// a branch of an if-shell inside another's branch (see IfShellLine).
// tmux's parser reads braces as commands (cmd-parse.y, from 3.0; 3.2 and
// 3.3 turn them back into a string, with every argument escaped, for
// if-shell to parse again), so a braced list is not quoted again where
// it nests: a script nested n deep grows with n, not threefold a level
// as quoting it would.
func Braced(cmds [][]string) string {
	return "{ " + List(cmds) + " }"
}

// IfShellLine is IfShell rendered as a command line whose branches are
// braced lists or other IfShellLines: then and otherwise are Braced (or
// "" for no else branch), or an IfShellLine, which is braced here.
func IfShellLine(target, cond, then, otherwise string) string {
	line := List([][]string{{"if-shell", "-F", "-t", target, cond}}) + " " + brace(then)
	if otherwise != "" {
		line += " " + brace(otherwise)
	}
	return line
}

// brace braces a branch that is a line of its own (an IfShellLine).
func brace(branch string) string {
	if strings.HasPrefix(branch, "{ ") {
		return branch
	}
	return "{ " + branch + " }"
}

// swapRefused is a condition, in the other pane's context, that is true
// when that pane or pane b is modal, or floats on tmux 3.7; and reason is
// which, for floating.RefusalCommand.
func swapRefused(b tmux.PaneID) (cond, reason string) {
	modal := "#{||:#{pane_modal_flag}," + OnPane(b, "#{pane_modal_flag}") + "}"
	floats := "#{||:" + floating.CondSwapFloating + "," + OnPane(b, floating.CondSwapFloating) + "}"
	return "#{||:" + modal + "," + floats + "}", "#{?" + modal + "," + floating.ReasonModal + "," + floating.ReasonSwapFloating + "}"
}
