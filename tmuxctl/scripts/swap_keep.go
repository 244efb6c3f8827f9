package scripts

import "github.com/panemap/panemap/tmux"

// losesLast is, in a pane's context, whether the pane is the active pane
// of a window that has a last pane: on tmux 3.2 and 3.3 a swap that
// takes it into another window clears that window's last pane.
const losesLast = "#{&&:#{pane_active}," + HasLast + "}"

// crossKeep is Swap's swap across windows when a mark, or on tmux 3.2
// and 3.3 a window's last pane, is to be kept: one run-shell -C in a's
// context whose format decides, from the state the if-shells before it
// saw (run-shell expands it as it runs, right after them), what the swap
// needs, and emits those commands alone, so that tmux's message log gets
// the run-shell and what it emits (the swap and a select-pane -m for a
// marked pane), not the if-shells that decided each part before.
//
//   - On 3.2 and 3.3, a window whose active pane leaves and that has a
//     last pane first makes that pane active, and after the swap the
//     arriving pane (see Swap).
//   - tmux keeps the mark as session, window and pane together and checks
//     all three (server.c, server_check_marked): a marked pane that moves
//     into another window is marked no more, until it comes back. So the
//     pane is marked again where it lands (select-pane -m marks a pane
//     that is not the valid marked pane). tmux refuses to mark a pane
//     hidden by a zoom (cmd-select-pane.c), so a pane that lands hidden
//     in a zoomed window is marked with the window unzoomed for a moment,
//     then the window's active pane is zoomed again (resize-pane -Z on a
//     window: its active pane; no focus changes). The pane lands hidden
//     when the pane whose place it takes is hidden: swap-pane -d -Z keeps
//     each window's zoom and makes the arriving pane active only where
//     the leaving one was.
//
// The emitted commands run after one turn of tmux's event loop
// (cmd-run-shell.c, event_active then cmd_parse_and_insert), as the
// unzoom and re-mark of a hidden pane did before: what they need must
// still be there then, so none of them fails unless a pane is gone by
// then (and names it); a or b gone already fails has-session, naming
// it, before anything runs: a run-shell whose -t pane does not exist
// expands its format in another pane's context, which the format sees.
// Every target is a or b, or a pane or window id that tmux prints; no
// text but theirs is expanded.
func crossKeep(a, b tmux.PaneID) []string {
	sa, sb := string(a), string(b)
	cmd := func(words ...string) string { return List([][]string{words}) }
	aLoses := "#{&&:" + SingleLast + "," + losesLast + "}"
	bLoses := "#{&&:" + SingleLast + "," + OnPane(b, losesLast) + "}"
	// The last pane by its id, not select-pane -l: the commands run a
	// turn of tmux's event loop after the format decided, and another
	// client may have changed the window's history meanwhile (then -l
	// could fail with "no last pane", and the swap after it would not
	// run); an id fails only when that pane is gone.
	aLast := "#{P:#{?pane_last,#{pane_id},}}"
	bLast := once("#{S:#{W:#{?" + HasPane(b) + ",#{P:#{?pane_last,#{pane_id} ,}},}}}")
	pre := "#{?" + aLoses + "," + cmd("select-pane", "-Z", "-t") + " " + aLast + " ; ,}" +
		"#{?" + bLoses + "," + cmd("select-pane", "-Z", "-t") + " " + bLast + " ; ,}"
	post := "#{?" + aLoses + ", ; " + cmd("select-pane", "-Z", "-t", sb) + ",}" +
		"#{?" + bLoses + ", ; " + cmd("select-pane", "-Z", "-t", sa) + ",}"
	// remark marks p again; hidden (in a's context) says p lands hidden
	// in window w (an id, or a format that prints one).
	remark := func(p, hidden, w string) string {
		mark := cmd("select-pane", "-m", "-t", p)
		unzoom := cmd("resize-pane", "-Z", "-t") + " " + w
		return "#{?" + hidden + ", ; " + unzoom + " ; " + mark + " ; " + unzoom + ", ; " + mark + "}"
	}
	hidden := "#{&&:#{window_zoomed_flag},#{!=:#{pane_active},1}}"
	bWindow := once("#{S:#{W:#{?" + HasPane(b) + ",#{window_id} ,}}}")
	marks := "#{?#{pane_marked}," + remark(sa, OnPane(b, hidden), bWindow) + ",}" +
		"#{?" + OnPane(b, "#{pane_marked}") + "," + remark(sb, hidden, "#{window_id}") + ",}"
	keep := pre + cmd("swap-pane", "-d", "-Z", "-s", sa, "-t", sb) + post + marks
	bExists := "#{S:#{W:" + HasPane(b) + "}}"
	return RunIn(a, "#{?"+bExists+","+keep+","+cmd("has-session", "-t", sb)+"}")
}

// once is the first of the words, each followed by a space, that format
// prints: a loop over every session's windows (#{S:#{W:…}}) looks at a
// window linked in several sessions, or twice in one, once for each link,
// and prints what it finds there as many times.
func once(format string) string {
	return "#{s/ .*//:" + format + "}"
}
