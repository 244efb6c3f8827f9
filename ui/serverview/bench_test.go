package serverview

import (
	"fmt"
	"testing"

	"github.com/panemap/panemap/tmux"
)

// BenchmarkServerViewFirstFrame: the server view's first frame for 60
// panes (4 sessions of 5 windows of 3 panes) on a 160x46 popup: the
// listing laid out, every window's map drawn, the frame assembled. The
// budget is 50 ms of the navigator's own work.
func BenchmarkServerViewFirstFrame(b *testing.B) {
	var ws []*tmux.Window
	for s := range 4 {
		sid := tmux.SessionID(fmt.Sprintf("$%d", s))
		for i := range 5 {
			n := s*5 + i
			w := win(sid, fmt.Sprintf("project-%d", s), tmux.WindowID(fmt.Sprintf("@%d", n)), i, fmt.Sprintf("win%d", n), 3*n, 3)
			for j := range w.Panes {
				w.Panes[j].Path, w.Panes[j].Title = "/home/u/src/project", "host"
			}
			ws = append(ws, w)
		}
	}
	b.ReportAllocs()
	for b.Loop() {
		m := New(ws, Target{"$0", "@0", "%0"}, DefaultStyles(true))
		m.SetSize(160, 46)
		_ = m.View()
	}
}
