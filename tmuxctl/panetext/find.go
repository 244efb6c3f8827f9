package panetext

import (
	"context"

	"github.com/panemap/panemap/screen/search"
	"github.com/panemap/panemap/tmux"
)

// FindHistory is how many lines of history above each pane's screen the
// navigator's find searches.
const FindHistory = 2000

// FindText reads, for the navigator's find, each of panes listed in
// windows (a server listing; a pane of a window linked into several
// sessions is named after its first link): its screen and up to
// FindHistory lines above it as plain text (screen.Lines), with the
// names find also matches: command, title, working directory, window
// and session name. Every pane is captured in as few command lists as
// fit tmux's command-line limit (see tmuxctl.Client.CaptureHistory); a pane gone
// meanwhile is left out.
func (r *Reader) FindText(ctx context.Context, windows []*tmux.Window, panes []tmux.PaneID) ([]search.Pane, error) {
	_, at := firstLinks(windows)
	var want []tmux.PaneID
	for _, p := range panes {
		if at[p] != nil {
			want = append(want, p)
		}
	}
	if len(want) == 0 {
		return nil, nil
	}
	got, err := r.c.CaptureHistory(ctx, want, FindHistory, true)
	if err != nil {
		return nil, err
	}
	out := make([]search.Pane, 0, len(got))
	for _, c := range got {
		w := at[c.Pane]
		p, _ := w.Pane(c.Pane)
		lines, starts := printed(c)
		var rows []int
		onScreen := 0
		if len(lines) != c.Back+c.Height || len(lines) != len(starts) {
			// Some rows were joined: say where each line starts.
			rows = make([]int, len(starts))
			for i, r := range starts {
				rows[i] = r - c.Back
				if r >= c.Back {
					onScreen++
				}
			}
		} else {
			onScreen = min(c.Height, len(lines))
		}
		out = append(out, search.Pane{
			ID: string(c.Pane),
			Fields: []search.Field{
				{Name: "command", Text: p.Command},
				{Name: "title", Text: p.Title},
				{Name: "path", Text: p.Path},
				{Name: "window", Text: w.Name},
				{Name: "session", Text: w.SessionName},
			},
			Lines:  lines,
			Screen: onScreen,
			Rows:   rows,
		})
	}
	return out, nil
}
