package scripts

import (
	"strings"

	"github.com/panemap/panemap/tmux"
)

// SwapToward swaps pane a with the pane that `select-pane -t a` with
// dirFlag ("-U", "-D", "-L" or "-R") makes active: tmux's own choice, wrap
// and most recently used included (window.c, window_pane_find_up and
// friends and window_pane_choose_best, alike from 3.2a to master), so the
// swap arrows walk a pane to the pane the focus arrows go to. tmux keeps
// that choice to itself: the recency it goes by (wp->active_point) is no
// format on any version, and the {right-of} style targets start from the
// client's current pane, not from a. So the script asks select-pane:
//
//  1. run-shell -C, in a's context, notes the window's active and last
//     panes, then runs select-pane -Z -t a with dirFlag (tmux picks the
//     neighbour; nothing runs after it when there is none).
//  2. a second run-shell -C, in a's context, reads the neighbour as the
//     window's active pane now, selects the noted last pane (when there
//     was one) and then the noted active pane, so focus, last pane and
//     zoom are as before, and runs Swap(a, neighbour), which keeps them.
//
// What it cannot put back is the recency itself: the neighbour, the
// last pane and the active pane were selected, in that order, so the
// neighbour ranks just below them afterwards (the order of every other
// pane is kept), and on tmux 3.4 and newer the neighbour is in the
// window's last-pane history below the last pane. The cost is five
// entries in tmux's message log before Swap's own (the two run-shells
// and three select-panes; four with no last pane): the swap arrow of a
// window whose active pane has a last pane adds 8 where a swap by ids
// adds 3 (measured on 3.3a). The swap_pane tool swaps by ids, and pays
// none of it.
func SwapToward(a tmux.PaneID, dirFlag string) [][]string {
	const (
		neighbour = "PANEMAPNEIGHBOUR" // Swap's b, until the second run-shell
		keep      = "PANEMAPKEEP"      // the selects, until the first one
		activeID  = "#{P:#{?pane_active,#{pane_id},}}"
		lastID    = "#{P:#{?pane_last,#{pane_id},}}"
	)
	sa := string(a)
	swap := strings.ReplaceAll(Literal(List(Swap(a, neighbour))), neighbour, activeID)
	second := List([][]string{
		{"select-pane", "-Z", "-t", sa, dirFlag},
		{"run-shell", "-C", "-t", sa, keep + swap},
	})
	selects := "#{?" + HasLast + ",select-pane -Z -t " + lastID + " ; ,}select-pane -Z -t " + activeID + " ; "
	return [][]string{RunIn(a, strings.ReplaceAll(Literal(second), keep, selects))}
}
