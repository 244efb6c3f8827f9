package scripts

import (
	"strconv"

	"github.com/panemap/panemap/tmux"
)

// MaxHistoryLine bounds OpJump's Line: far more than any history-limit
// in use, and an int tmux's strtonum takes.
const MaxHistoryLine = 1 << 30

// Jump makes window w the current window of session s (and pane p its
// active pane, when set), then switches client c to that session: what
// choose-tree does on Enter. The client's last session becomes the one
// it showed, so tmux's switch-client -l goes back. line, when above 0,
// opens copy mode in p with that history line at the top (see CopyAt).
func Jump(s tmux.SessionID, w tmux.WindowID, p tmux.PaneID, c string, line int) [][]string {
	cmds := [][]string{{"select-window", "-t", string(s) + ":" + string(w)}}
	if p != "" {
		cmds = append(cmds, []string{"select-pane", "-Z", "-t", string(p)})
	}
	if line > 0 {
		cmds = append(cmds, CopyAt(p, line)...)
	}
	return append(cmds, []string{"switch-client", "-c", c, "-t", string(s)})
}

// CopyAt opens copy mode in pane p with the history line n lines
// above its screen (n >= 1) at the top of the view and the cursor on it.
//
// copy-mode -t p enters copy mode (or keeps the copy mode p is in), then
// send-keys -X goto-line scrolls and top-line puts the cursor on the
// view's top row; both exist from 3.2a to master (window-copy.c).
// goto-line's argument is what differs: up to 3.6 and, from 3.7, with
// copy-mode-line-numbers off or default, it is the scroll offset (lines
// of history above the view's top: n); from 3.7 with that option
// absolute, relative or hybrid it is a line number counted from the
// oldest history line, 1 first, and the offset becomes history_size -
// (N - 1) (window_copy_goto_line, window_copy_line_number_is_absolute),
// so N is history_size + 1 - n. tmux works out which in the pane's own
// context (run-shell -C expands the format there; the option reads
// empty before 3.7). Nothing but p, fixed words and numbers reaches
// tmux.
func CopyAt(p tmux.PaneID, n int) [][]string {
	k := strconv.Itoa(n)
	opt := "#{copy-mode-line-numbers}"
	absolute := "#{||:#{==:" + opt + ",absolute},#{||:#{==:" + opt + ",relative},#{==:" + opt + ",hybrid}}}"
	arg := "#{?" + absolute + ",#{e|-:#{e|+:#{history_size},1}," + k + "}," + k + "}"
	return [][]string{
		{"copy-mode", "-t", string(p)},
		{"run-shell", "-C", "-t", string(p), "send-keys -t #{pane_id} -X goto-line " + arg + " ; send-keys -t #{pane_id} -X top-line"},
	}
}
