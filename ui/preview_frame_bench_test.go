package ui

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"github.com/panemap/panemap/tmux"
	"github.com/panemap/panemap/ui/previews"
)

// nopPreviews is a preview source that is never asked.
type nopPreviews struct{ noNotices }

func (nopPreviews) Capture(context.Context, []tmux.PaneID) ([]tmux.PaneScreen, error) {
	return nil, nil
}

// BenchmarkPreviewFrame is the navigator's own work for one refresh of
// live previews where every pane printed: nine new captures of a 3x3
// window (coloured lines, as BenchmarkPreviewsLiveCPU's panes print)
// parsed and the map drawn anew at 120x40, with the frame Bubble Tea
// asks for. No tmux, no terminal.
//
//	go test -run '^$' -bench PreviewFrame ./ui/
func BenchmarkPreviewFrame(b *testing.B) {
	var specs []paneSpec
	for i := range 9 {
		specs = append(specs, paneSpec{fmt.Sprintf("%%%d", i), i, (i % 3) * 54, (i / 3) * 16, 53, 15, "sh", "/tmp", "host"})
	}
	w := window("@1", 0, "tiled", 160, 46, specs...)
	w.Active = true
	st := &tmux.State{Session: "$1", SessionName: "main", Windows: []*tmux.Window{w}, Current: "@1"}
	opts := testOptions()
	opts.Previews = nopPreviews{}
	m := New(newFake(st), opts)
	m.after = func(time.Duration, func(time.Time) tea.Msg) tea.Cmd { return nil }
	next, _ := m.Update(tea.WindowSizeMsg{Width: 120, Height: 40})
	next, _ = next.(Model).Update(stateMsg{seq: 1, state: st})
	m = next.(Model)
	var panes []tmux.PaneID
	for _, p := range m.window().Panes {
		panes = append(panes, p.ID)
	}
	screens := func(n int) []tmux.PaneScreen {
		out := make([]tmux.PaneScreen, len(panes))
		for i, p := range panes {
			var t strings.Builder
			for l := range 15 {
				fmt.Fprintf(&t, "\x1b[32mline\x1b[m %d\n", n*100+l)
			}
			out[i] = tmux.PaneScreen{Pane: p, Width: 53, Height: 15, CursorY: 14, CursorVisible: true, Text: t.String()}
		}
		return out
	}
	b.ResetTimer()
	for i := range b.N {
		next, _ := m.Update(previews.CapturedMsg{Screens: screens(i)})
		m = next.(Model)
		_ = m.View()
	}
	if !strings.Contains(ansi.Strip(m.View().Content), fmt.Sprintf("line %d", (b.N-1)*100+14)) {
		b.Fatalf("the last captures are not on the map:\n%s", ansi.Strip(m.View().Content))
	}
}
