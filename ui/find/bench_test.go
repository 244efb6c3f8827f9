package find

import (
	"fmt"
	"runtime"
	"testing"

	tea "charm.land/bubbletea/v2"

	"github.com/panemap/panemap/screen/search"
	"github.com/panemap/panemap/tmux"
)

// findServer is 200 panes (40 windows of 5) of 2,000 lines each, the
// issue's budget case, and the listing they are in.
func findServer() ([]*tmux.Window, *search.Index) {
	x := search.New()
	var ws []*tmux.Window
	for w := range 40 {
		win := &tmux.Window{ID: tmux.WindowID(fmt.Sprintf("@%d", w)), Index: w, Name: fmt.Sprintf("w%d", w),
			SessionID: tmux.SessionID(fmt.Sprintf("$%d", w/8)), SessionName: fmt.Sprintf("project-%d", w/8), Width: 200, Height: 50}
		for p := range 5 {
			id := fmt.Sprintf("%%%d", w*5+p)
			win.Panes = append(win.Panes, tmux.Pane{ID: tmux.PaneID(id), Index: p, Width: 40, Height: 50})
			lines := make([]string, 2000)
			for i := range lines {
				lines[i] = fmt.Sprintf("2026-12-02T05:%02d:%02d INFO worker-%d handled request %d in %d ms for /api/v1/items/%d", i%60, i%60, p, i, i%97, i*7)
			}
			lines[1234] = "ERROR: Connection refused by upstream host db-17"
			x.Set(search.Pane{ID: id, Lines: lines, Screen: 50, Fields: []search.Field{{Name: "window", Text: win.Name}}})
		}
		ws = append(ws, win)
	}
	return ws, x
}

// BenchmarkFindKeystroke: one key typed into find over 200 panes x 2,000
// lines, as the navigator handles it: the query edited, the whole index
// matched, the matches drawn. Its budget is 16 ms of own work. The
// reported heap MB holds the index.
func BenchmarkFindKeystroke(b *testing.B) {
	ws, x := findServer()
	runtime.GC()
	var ms runtime.MemStats
	runtime.ReadMemStats(&ms)
	for _, q := range []string{"e", "conn", "Connection refused", "zzzz"} {
		b.Run(fmt.Sprintf("%q", q), func(b *testing.B) {
			m := New(ws, DefaultStyles(true))
			m.SetIndex(x)
			m.SetSize(160, 40)
			prefix, last := q[:len(q)-1], q[len(q)-1:]
			for _, r := range prefix {
				m, _ = m.Update(tea.KeyPressMsg{Code: r, Text: string(r)})
			}
			b.ReportAllocs()
			for b.Loop() {
				typed, _ := m.Update(tea.KeyPressMsg{Code: rune(last[0]), Text: last})
				_ = typed.View()
			}
			b.ReportMetric(float64(ms.HeapAlloc)/(1<<20), "heap-MB")
		})
	}
}

// BenchmarkFindPaste: a whole query at once (a paste, or the first key
// after the index changed): every pane scanned, nothing carried over
// from the previous query.
func BenchmarkFindPaste(b *testing.B) {
	ws, x := findServer()
	for _, q := range []string{"Connection refused", "request 1999 ", "ZZZZ", "zzzz"} {
		b.Run(fmt.Sprintf("%q", q), func(b *testing.B) {
			m := New(ws, DefaultStyles(true))
			m.SetIndex(x)
			m.SetSize(160, 40)
			b.ReportAllocs()
			for b.Loop() {
				typed, _ := m.Update(tea.PasteMsg{Content: q})
				_ = typed.View()
			}
		})
	}
}
