package tmuxctl

import (
	"context"
	"crypto/rand"
	"strconv"
	"strings"

	"github.com/panemap/panemap/tmux"
	"github.com/panemap/panemap/tmuxctl/capture"
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
	// Joined is, when asked for (the Joined captures), the same lines as
	// capture-pane -J -p prints them: plain text, each row that tmux
	// wrapped (GRID_LINE_WRAPPED) joined with the row after it, as the
	// program printed them. Hostile input too, and unframed by a count:
	// use it only to learn which rows join, checked against Text (package
	// panetext does). nil when not asked for or not read.
	Joined []string
}

// MaxBack bounds how far back into a pane's history a capture reaches.
const MaxBack = 100_000

// CaptureHistory captures each listed pane's screen and up to back lines
// of history above it (all there is when the pane holds fewer), in as few
// command lists as fit (see CapturePanes, whose rules for ids, gone panes and
// hostile text hold here too).
func (c *Client) CaptureHistory(ctx context.Context, panes []tmux.PaneID, back int) ([]Lines, error) {
	return c.captureHistoryBack(ctx, panes, back, false)
}

// CaptureHistoryJoined is CaptureHistory with Lines.Joined read too.
func (c *Client) CaptureHistoryJoined(ctx context.Context, panes []tmux.PaneID, back int) ([]Lines, error) {
	return c.captureHistoryBack(ctx, panes, back, true)
}

func (c *Client) captureHistoryBack(ctx context.Context, panes []tmux.PaneID, back int, joined bool) ([]Lines, error) {
	if back < 0 || back > MaxBack {
		return nil, &tmux.Error{Kind: tmux.KindInvalidInput, Value: strconv.Itoa(back),
			Message: "history lines " + strconv.Itoa(back) + " out of range: want 0 to " + strconv.Itoa(MaxBack)}
	}
	b := strconv.Itoa(back)
	// min(history_size, back)
	return c.captureHistory(ctx, panes, "#{?#{e|<:#{history_size},"+b+"},#{history_size},"+b+"}", b, joined)
}

// CaptureSince captures pane's screen and its history from line first on,
// counted from the oldest line tmux keeps (a line's number is the
// #{history_size} of the moment plus its row on the screen), so that a
// reader that saw the pane before (and noted HistorySize then) gets every
// line that scrolled off the screen since, and the screen. When tmux has
// dropped old history meanwhile (history-limit reached: it drops a tenth
// at a time), the numbers moved and the capture takes all the history
// there is. ok is false when the pane is gone, or changed size while it
// was captured: read it again.
func (c *Client) CaptureSince(ctx context.Context, pane tmux.PaneID, first int) (l Lines, ok bool, err error) {
	return c.captureSince(ctx, pane, first, false)
}

// CaptureSinceJoined is CaptureSince with Lines.Joined read too.
func (c *Client) CaptureSinceJoined(ctx context.Context, pane tmux.PaneID, first int) (l Lines, ok bool, err error) {
	return c.captureSince(ctx, pane, first, true)
}

func (c *Client) captureSince(ctx context.Context, pane tmux.PaneID, first int, joined bool) (l Lines, ok bool, err error) {
	if first < 0 {
		first = 0
	}
	f := strconv.Itoa(first)
	// history_size-first, or history_size when that is negative.
	got, err := c.captureHistory(ctx, []tmux.PaneID{pane},
		"#{?#{e|<:#{history_size},"+f+"},#{history_size},#{e|-:#{history_size},"+f+"}}", "", joined)
	if err != nil || len(got) == 0 {
		return Lines{}, false, err
	}
	return got[0], true, nil
}

// captureHistory captures panes with back (a format for the number of
// history lines, expanded in each pane's context) lines of history above
// their screens. number is the same as a plain number, which capture-pane
// clamps to the history there is, or "" when there is none.
func (c *Client) captureHistory(ctx context.Context, panes []tmux.PaneID, back, number string, joined bool) ([]Lines, error) {
	want, err := distinctPanes(panes)
	if err != nil {
		return nil, err
	}
	if f := c.flavour(ctx); f != capture.Generic && (number != "" || f != capture.Before34) {
		arg := number
		if arg == "" {
			arg = back // capture-pane expands -S from tmux 3.4
		}
		got, ok, err := c.captureHistoryListed(ctx, want, back, arg, joined)
		if err != nil || ok {
			return got, err
		}
	}
	return c.captureHistoryGeneric(ctx, want, back, joined)
}

// captureHistoryGeneric is captureHistory with the lists that work the
// version out inside tmux (historyCmds).
func (c *Client) captureHistoryGeneric(ctx context.Context, want []tmux.PaneID, back string, joined bool) ([]Lines, error) {
	nonce := rand.Text()
	cmds := func(part []tmux.PaneID) [][]string { return historyCmds(part, nonce, back, joined) }
	var all []Lines
	for _, part := range batches(want, 0, cmds) {
		out, err := c.readScript(ctx, cmds(part))
		if err != nil && tmux.KindOf(err) != tmux.KindGone {
			return nil, err
		}
		got := capture.SplitAnswer(out, nonce, part, parseHistoryHeader, func(l *Lines, text string) { l.Text = text })
		if joined {
			blocks := capture.JoinedBlocks(out, nonce, part)
			for i := range got {
				got[i].Joined = blocks[got[i].Pane]
			}
		}
		all = append(all, got...)
	}
	return all, nil
}

// historyHeader follows the marker on the line before a pane's text. back
// is its own format, so the header and the capture's -S are expanded at
// the same moment; mode is last, as it may be empty. The pane id is left
// for display-message to expand (##): run-shell -C's expansion would hand
// it a literal "%3", which display-message passes through strftime(3).
func historyHeader(back string) string {
	return " ##{pane_id} #{pane_width} #{pane_height} #{cursor_x} #{cursor_y} #{history_size} " + back + " #{pane_dead} #{pane_mode}"
}

// historyCmds is, per pane, a run-shell -C that expands the header and
// the capture's range in the pane's context at one moment, then runs
// them: run-shell -C is how tmux 3.2 and 3.3 take a format in -S (3.4
// expands one there itself, see cmds.go), and one path for every version
// keeps the header's count and the capture's range from one expansion.
// Between the expansion and the capture tmux may read more of the pane's
// output: the range then starts that many lines later, and the count is
// still right; a pane resized in between gets no trailer where the count
// says, and is left out (see capture.SplitAnswer). back must be a format made in
// this file.
func historyCmds(panes []tmux.PaneID, nonce, back string, joined bool) [][]string {
	cmds := make([][]string, 0, len(panes)+1)
	for _, p := range panes {
		id := string(p)
		inner := transport.Words("display-message", "-p", "-t", id, capture.Marker(nonce)+historyHeader(back)) + " ; " +
			transport.Words("capture-pane", "-p", "-e", "-t", id, "-S", "-"+back, "-E", "-") + " ; " +
			transport.Words("display-message", "-p", capture.Trailer(nonce, p))
		if joined {
			inner += " ; " + transport.Words("capture-pane", "-p", "-J", "-t", id, "-S", "-"+back, "-E", "-")
		}
		cmds = append(cmds, []string{"if-shell", "-F", "-t", id, "#{==:#{pane_id}," + id + "}",
			transport.Words("run-shell", "-C", "-t", id, inner)})
	}
	return append(cmds, []string{"display-message", "-p", capture.Marker(nonce)})
}

// parseHistoryHeader reads historyHeader's fields: pane width height
// cursor_x cursor_y history_size back dead mode.
func parseHistoryHeader(rest string) (Lines, tmux.PaneID, int, bool) {
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
		if err != nil || v < 0 || v > MaxBack+capture.MaxHeight {
			return Lines{}, "", 0, false
		}
		n[i] = v
	}
	l := Lines{Pane: id, Width: n[0], Height: n[1], CursorX: n[2], CursorY: n[3], HistorySize: n[4], Back: n[5],
		Dead: f[7] == "1", Mode: f[8]}
	if l.Height < 1 || l.Height > capture.MaxHeight || l.Back > l.HistorySize {
		return Lines{}, "", 0, false
	}
	return l, id, l.Back + l.Height, true
}
