package ui

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"sync"
	"testing"

	"github.com/panemap/panemap/tmux"
)

// fakePreviews serves captures recorded from real tmux (testdata/captures:
// capture-pane -e -p of panes that printed coloured text, and their
// cursors) as the screens of the fake's panes, %N getting recording
// N mod 8. It counts what it was asked for. It never says which panes
// printed (package previews tests the batches that notices make).
type fakePreviews struct {
	noNotices
	mu    sync.Mutex
	core  *fakeCore
	text  map[tmux.PaneID]string // overrides the recording
	asked [][]tmux.PaneID
	rec   []recording
}

// noNotices is the part of a preview source that never says which panes
// printed: the map polls it.
type noNotices struct{}

func (noNotices) Notices() bool                                     { return false }
func (noNotices) WaitPrinted(context.Context) ([]tmux.PaneID, bool) { return nil, false }
func (noNotices) CapturePrinted(context.Context, []tmux.PaneID, []tmux.PaneID) ([]tmux.PaneScreen, bool, error) {
	return nil, false, nil
}

type recording struct {
	text   string
	cx, cy int
}

func newFakePreviews(t *testing.T, core *fakeCore) *fakePreviews {
	t.Helper()
	f := &fakePreviews{core: core, text: map[tmux.PaneID]string{}}
	for i := 0; i < 8; i++ {
		text, err := os.ReadFile(filepath.Join("testdata", "captures", fmt.Sprintf("pane%d.ansi", i)))
		if err != nil {
			t.Fatal(err)
		}
		cur, err := os.ReadFile(filepath.Join("testdata", "captures", fmt.Sprintf("pane%d.cursor", i)))
		if err != nil {
			t.Fatal(err)
		}
		var r recording
		if _, err := fmt.Sscanf(string(cur), "%d %d", &r.cx, &r.cy); err != nil {
			t.Fatal(err)
		}
		r.text = string(text)
		f.rec = append(f.rec, r)
	}
	return f
}

func (f *fakePreviews) Capture(ctx context.Context, panes []tmux.PaneID) ([]tmux.PaneScreen, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.asked = append(f.asked, append([]tmux.PaneID(nil), panes...))
	st := f.core.State()
	var out []tmux.PaneScreen
	for _, id := range panes {
		if _, _, ok := st.FindPane(id); !ok && !f.core.inOthers(id) {
			continue // gone: left out, as tmuxctl does
		}
		var n int
		_, _ = fmt.Sscanf(string(id), "%%%d", &n)
		r := f.rec[n%len(f.rec)]
		ps := tmux.PaneScreen{Pane: id, Width: 80, Height: 24, CursorX: r.cx, CursorY: r.cy,
			CursorVisible: true, Text: r.text}
		if t, ok := f.text[id]; ok {
			ps.Text, ps.CursorX, ps.CursorY = t, 0, 0
		}
		out = append(out, ps)
	}
	return out, nil
}

func (f *fakePreviews) set(id tmux.PaneID, text string) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.text[id] = text
}

func (f *fakePreviews) calls() [][]tmux.PaneID {
	f.mu.Lock()
	defer f.mu.Unlock()
	return append([][]tmux.PaneID(nil), f.asked...)
}
