package capture

import (
	"strconv"
	"strings"

	"github.com/panemap/panemap/tmux"
	"github.com/panemap/panemap/tmuxctl/transport"
)

// Lines is a pane's own screen and some of the history above it, as
// CaptureHistory and CaptureSince read it: what the pane's program printed, whatever
// mode the pane is in (a copy mode's view is not what an agent waits
// for or searches).
type Lines struct {
	Pane             tmux.PaneID
	Width, Height    int
	CursorX, CursorY int    // the program's cursor, on the screen
	HistorySize      int    // lines of history the pane held above its screen
	Back             int    // how many of those Text starts with
	Dead             bool   // the program exited; tmux keeps the pane
	Mode             string // "" or tmux's #{pane_mode}
	// Text is Back+Height lines, each ending in "\n", as capture-pane -e
	// -p prints them: SGR kept, trailing spaces cut. It is the pane's
	// text, hostile input: read it through package screen.
	Text string
	// Joined is, when asked for (CaptureHistory with joined, and
	// CaptureSince), the same lines as capture-pane -J -p prints them:
	// plain text, each row that tmux
	// wrapped (GRID_LINE_WRAPPED) joined with the row after it, as the
	// program printed them. Hostile input too, and unframed by a count:
	// use it only to learn which rows join, checked against Text (package
	// panetext does). nil when not asked for or not read.
	Joined []string
}

// MaxBack bounds how far back into a pane's history a capture reaches.
const MaxBack = 100_000

// HistoryHeader follows the marker on the line before a pane's text. back
// is its own format, so the header and the capture's -S are expanded at
// the same moment; mode is last, as it may be empty. The pane id is left
// for display-message to expand (##): run-shell -C's expansion would hand
// it a literal "%3", which display-message passes through strftime(3).
func HistoryHeader(back string) string {
	return " ##{pane_id} #{pane_width} #{pane_height} #{cursor_x} #{cursor_y} #{history_size} " + back + " #{pane_dead} #{pane_mode}"
}

// GenericHistoryCmds is, per pane, a run-shell -C that expands the header and
// the capture's range in the pane's context at one moment, then runs
// them: run-shell -C is how tmux 3.2 and 3.3 take a format in -S (3.4
// expands one there itself, see cmds.go), and one path for every version
// keeps the header's count and the capture's range from one expansion.
// Between the expansion and the capture tmux may read more of the pane's
// output: the range then starts that many lines later, and the count is
// still right; a pane resized in between gets no trailer where the count
// says, and is left out (see SplitAnswer). back must be a format made in
// this file.
func GenericHistoryCmds(panes []tmux.PaneID, nonce, back string, joined bool) [][]string {
	cmds := make([][]string, 0, len(panes)+1)
	for _, p := range panes {
		id := string(p)
		inner := transport.Words("display-message", "-p", "-t", id, Marker(nonce)+HistoryHeader(back)) + " ; " +
			transport.Words("capture-pane", "-p", "-e", "-t", id, "-S", "-"+back, "-E", "-") + " ; " +
			transport.Words("display-message", "-p", Trailer(nonce, p))
		if joined {
			inner += " ; " + transport.Words("capture-pane", "-p", "-J", "-t", id, "-S", "-"+back, "-E", "-")
		}
		cmds = append(cmds, []string{"if-shell", "-F", "-t", id, "#{==:#{pane_id}," + id + "}",
			transport.Words("run-shell", "-C", "-t", id, inner)})
	}
	return append(cmds, []string{"display-message", "-p", Marker(nonce)})
}

// ParseHistoryHeader reads HistoryHeader's fields: pane width height
// cursor_x cursor_y history_size back dead mode.
func ParseHistoryHeader(rest string) (Lines, tmux.PaneID, int, bool) {
	f := strings.SplitN(rest, " ", 9)
	if len(f) != 9 {
		return Lines{}, "", 0, false
	}
	id, err := tmux.ParsePaneID(f[0])
	if err != nil {
		return Lines{}, "", 0, false
	}
	var n [6]int
	for i := range n {
		v, err := strconv.Atoi(f[1+i])
		if err != nil || v < 0 || v > MaxBack+MaxHeight {
			return Lines{}, "", 0, false
		}
		n[i] = v
	}
	l := Lines{Pane: id, Width: n[0], Height: n[1], CursorX: n[2], CursorY: n[3], HistorySize: n[4], Back: n[5],
		Dead: f[7] == "1", Mode: f[8]}
	if l.Height < 1 || l.Height > MaxHeight || l.Back > l.HistorySize {
		return Lines{}, "", 0, false
	}
	return l, id, l.Back + l.Height, true
}
