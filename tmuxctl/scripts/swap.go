package scripts

import (
	"slices"
	"strings"

	"github.com/panemap/panemap/tmux"
	"github.com/panemap/panemap/tmuxctl/floating"
)

// Swap exchanges the positions of two panes, in one window or
// across windows (OpSwap). Positions change, nothing else: the pane that
// was active in a window stays active (focus follows content); a window
// whose active pane left gets the pane that arrived as its active pane; a
// window's last-pane is kept where it can be; a zoomed window stays
// zoomed. It decides by tmux's state as the script runs. What swap-pane -d does to focus (tmux
// 3.2 to master, cmd-swap-pane.c): in a window whose active pane is the
// -s pane, the pane that arrives in its place becomes active; then, in a
// window whose active pane is the -t pane, the -s pane becomes active.
//
//   - In one window, with the active pane as -s, the active pane stays
//     active but the other pane becomes the last pane. When the window
//     has a last pane, select-pane -l (which needs no id) first makes it
//     active, the swap then involves no active pane and changes no focus,
//     and a second select-pane -l puts back both the active and the last
//     pane. Without a last pane there is none to keep.
//   - Across windows, a window whose active pane left gets the arriving
//     pane as its active pane, as promised above; tmux 3.4
//     and newer keep the window's last-pane history. tmux 3.2 and 3.3
//     remember one last pane and clear it there, so on those a window
//     whose active pane leaves and that has a last pane first makes that
//     pane active, and after the swap the arriving pane: the arriving
//     pane is active and the old last pane is last again.
//   - Across windows, a marked pane stays marked (see remark below).
//   - A floating pane on tmux 3.7, or a modal pane, is refused before
//     anything runs (see floating.Guard).
func Swap(a, b tmux.PaneID) [][]string {
	p := newSwapParts(a, b)
	return [][]string{IfShell(p.a, p.fastCond, [][]string{p.fast}, [][]string{p.same}), p.cross}
}

// SwapFirst is Swap for a caller that reads the answer in the same list
// (the MCP tools), with the usual cases first: two panes of one window
// neither of which is active in one if-shell and one swap-pane; the
// first pane active with a last pane in two if-shells and one, the
// second in three and one; the other same-window cases as in Swap; a
// swap across windows with no mark to keep (and on 3.2 and 3.3 no last
// pane to lose) in five and one; any other swap across windows as in
// Swap. The if-shells nest in tmux's braces (see Braced): quoted, the
// cross-window script nested five deep would take 125 kB, far over the
// 16,384 bytes tmux takes in one command message over exec.
//
// Either pane active, with a last pane (its window's, as the swap keeps
// it), takes swap-pane without -d, the active pane as -t:
// cmd-swap-pane.c then makes the -t pane active, and it is already
// (window_set_active_pane returns at once, window.c, on every version
// from 3.2a to master), so neither the active pane nor the last pane (or
// 3.4's stack of them) changes, which is what Swap's select-pane -l
// before and after the swap keep, in one command where they take five.
func SwapFirst(a, b tmux.PaneID) [][]string {
	p := newSwapParts(a, b)
	// Across windows and not refused (sameCond was false as the
	// if-shells above ran, nothing running in between): Swap's cross
	// script without its guard.
	cross := Braced(p.acrossWindows)
	rest := IfShellLine(p.a, p.keepACond, Braced([][]string{p.keepA}),
		IfShellLine(p.a, p.keepBCond, Braced([][]string{p.keepB}),
			IfShellLine(p.a, p.sameCond, Braced([][]string{p.refuseOr}),
				IfShellLine(p.a, p.crossFastCond, Braced([][]string{p.crossFast}), cross))))
	return [][]string{{"if-shell", "-F", "-t", p.a, p.fastCond, List([][]string{p.fast}), rest}}
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

// swapParts are the pieces of Swap's scripts.
type swapParts struct {
	a                                        string
	fastCond, keepACond, keepBCond, sameCond string
	crossFastCond                            string
	acrossWindows                            [][]string
	fast, keepA, keepB, refuseOr, crossFast  []string
	same, cross                              []string
}

func newSwapParts(a, b tmux.PaneID) swapParts {
	sa, sb := string(a), string(b)
	swapKeep := []string{"if-shell", "-F", "-t", sa, "#{pane_active}",
		List([][]string{{"swap-pane", "-d", "-Z", "-s", sa, "-t", sb}}),
		List([][]string{{"swap-pane", "-d", "-Z", "-s", sb, "-t", sa}})}
	lastA := []string{"select-pane", "-Z", "-l", "-t", sa}
	activeIsAB := "#{P:#{?#{&&:#{pane_active},#{||:#{==:#{pane_id}," + sa + "},#{==:#{pane_id}," + sb + "}}},1,}}"
	sameWindow := [][]string{IfShell(sa, "#{&&:"+activeIsAB+","+HasLast+"}",
		[][]string{lastA, swapKeep, lastA},
		[][]string{swapKeep})}

	swap := []string{"swap-pane", "-d", "-Z", "-s", sa, "-t", sb}
	preA := lastA
	preB := []string{"select-pane", "-Z", "-l", "-t", sb}
	postA := []string{"select-pane", "-Z", "-t", sb} // b arrived in a's window
	postB := []string{"select-pane", "-Z", "-t", sa}
	loses := "#{&&:#{pane_active}," + HasLast + "}"
	singleLastCross := [][]string{IfShell(sa, loses,
		[][]string{IfShell(sb, loses,
			[][]string{preA, preB, swap, postA, postB},
			[][]string{preA, swap, postA})},
		[][]string{IfShell(sb, loses,
			[][]string{preB, swap, postB},
			[][]string{swap})})}
	cross := IfShell(sa, SingleLast, singleLastCross, [][]string{swap})
	// tmux keeps the mark as session, window and pane together and
	// checks all three (server.c, server_check_marked): a marked pane
	// that moves into another window is marked no more, until it comes
	// back. So the pane is marked again where it lands (select-pane -m
	// marks a pane that is not the valid marked pane). tmux refuses to
	// mark a pane hidden by a zoom (cmd-select-pane.c), so a pane that
	// lands hidden in a zoomed window is marked with the window unzoomed
	// for a moment, then the window's active pane is zoomed again
	// (resize-pane -Z on a window: its active pane; no focus changes).
	hidden := "#{&&:#{window_zoomed_flag},#{!=:#{pane_active},1}}"
	unhide := "resize-pane -Z -t #{window_id} ; select-pane -m -t #{pane_id} ; resize-pane -Z -t #{window_id}"
	remark := func(p string) [][]string {
		return [][]string{cross, IfShell(p, hidden,
			[][]string{{"run-shell", "-C", "-t", p, unhide}},
			[][]string{{"select-pane", "-m", "-t", p}})}
	}
	acrossWindows := [][]string{IfShell(sa, "#{pane_marked}", remark(sa),
		[][]string{IfShell(sb, "#{pane_marked}", remark(sb), [][]string{cross})})}

	// Refused changes nothing; the swap runs in one of the two windows'
	// cases otherwise (a same-window swap leaves b in a's window).
	refused, reason := floating.SwapRefused(a, b)
	same := HasPane(b)
	// has-session fails, naming the pane, when a or b does not exist,
	// before anything else runs in its branch: an if-shell with a missing
	// target takes a branch by another pane's state (the control client's
	// current pane), or none.
	exist := [][]string{{"has-session", "-t", sa}, {"has-session", "-t", sb}}
	refuseOr := []string{"if-shell", "-F", "-t", sa, refused, List(exist) + " ; " + floating.RefusalCommand(reason), List(sameWindow)}
	// The usual same-window swap, a not active and no focus or last pane
	// to keep (sameWindow would run just this swap-pane), runs at once:
	// the if-shell that decides it and the swap are the only entries in
	// tmux's message log. A pane gone fails the swap alone.
	bActive := "#{P:#{?#{&&:#{pane_active},#{==:#{pane_id}," + sb + "}},1,}}"
	fast := "#{&&:#{?" + refused + ",,1},#{&&:" + same + ",#{?#{||:#{pane_active},#{&&:" + bActive + "," + HasLast + "}},,1}}}"
	// On pane b, from a's context (every pane of every session).
	onB := func(cond string) string {
		return "#{S:#{W:#{P:#{?#{&&:#{==:#{pane_id}," + sb + "}," + cond + "},1,}}}}"
	}
	bLoses := "#{S:#{W:#{?#{P:#{?#{&&:#{==:#{pane_id}," + sb + "},#{pane_active}},1,}}," + HasLast + ",}}}"
	return swapParts{
		a:         sa,
		fastCond:  fast,
		fast:      []string{"swap-pane", "-d", "-Z", "-s", sb, "-t", sa},
		keepACond: "#{&&:#{?" + refused + ",,1},#{&&:" + same + ",#{&&:#{pane_active}," + HasLast + "}}}",
		keepA:     []string{"swap-pane", "-Z", "-s", sb, "-t", sa},
		keepBCond: "#{&&:#{?" + refused + ",,1},#{&&:" + same + ",#{&&:" + bActive + "," + HasLast + "}}}",
		keepB:     []string{"swap-pane", "-Z", "-s", sa, "-t", sb},
		sameCond:  "#{||:" + refused + "," + same + "}",
		// Across windows (sameCond false), no mark to keep and, on 3.2
		// and 3.3, no last pane to lose: cross would run swap alone.
		crossFastCond: "#{?#{||:#{||:#{pane_marked}," + onB("#{pane_marked}") + "},#{&&:" + SingleLast + ",#{||:" + loses + "," + bLoses + "}}},,1}",
		crossFast:     swap,
		refuseOr:      refuseOr,
		same:          IfShell(sa, "#{||:"+refused+","+same+"}", [][]string{refuseOr}, nil),
		acrossWindows: slices.Concat(exist, acrossWindows),
		cross:         IfShell(sa, "#{?"+refused+",,#{?"+same+",,1}}", append(exist, acrossWindows...), nil),
	}
}
