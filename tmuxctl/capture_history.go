package tmuxctl

import (
	"context"
	"crypto/rand"
	"strconv"

	"github.com/panemap/panemap/tmux"
	"github.com/panemap/panemap/tmuxctl/capture"
)

// Lines is a pane's own screen and some of the history above it, as
// CaptureHistory and CaptureSince read it (see capture.Lines).
type Lines = capture.Lines

// MaxBack bounds how far back into a pane's history a capture reaches.
const MaxBack = capture.MaxBack

// CaptureHistory captures each listed pane's screen and up to back lines
// of history above it (all there is when the pane holds fewer), in as few
// command lists as fit (see CapturePanes, whose rules for ids, gone panes and
// hostile text hold here too). With joined, Lines.Joined is read too.
func (c *Client) CaptureHistory(ctx context.Context, panes []tmux.PaneID, back int, joined bool) ([]Lines, error) {
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
// line that scrolled off the screen since, and the screen, with
// Lines.Joined. When tmux has
// dropped old history meanwhile (history-limit reached: it drops a tenth
// at a time), the numbers moved and the capture takes all the history
// there is. ok is false when the pane is gone, or changed size while it
// was captured: read it again.
func (c *Client) CaptureSince(ctx context.Context, pane tmux.PaneID, first int) (l Lines, ok bool, err error) {
	if first < 0 {
		first = 0
	}
	f := strconv.Itoa(first)
	// history_size-first, or history_size when that is negative.
	got, err := c.captureHistory(ctx, []tmux.PaneID{pane},
		"#{?#{e|<:#{history_size},"+f+"},#{history_size},#{e|-:#{history_size},"+f+"}}", "", true)
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
// version out inside tmux (capture.GenericHistoryCmds).
func (c *Client) captureHistoryGeneric(ctx context.Context, want []tmux.PaneID, back string, joined bool) ([]Lines, error) {
	nonce := rand.Text()
	_, all, err := capture.RunCmds(want, nil, nonce, c.scriptRunner(ctx),
		func(part []tmux.PaneID) [][]string { return capture.GenericHistoryCmds(part, nonce, back, joined) },
		func(out string, part []tmux.PaneID) []Lines {
			got := capture.SplitAnswer(out, nonce, part, capture.ParseHistoryHeader, func(l *Lines, text string) { l.Text = text })
			if joined {
				blocks := capture.JoinedBlocks(out, nonce, part)
				for i := range got {
					got[i].Joined = blocks[got[i].Pane]
				}
			}
			return got
		})
	return all, err
}
