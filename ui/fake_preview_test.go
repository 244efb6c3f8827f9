package ui

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"sync"
	"testing"

	"github.com/panemap/panemap/tmux"
)

// fakePreviews serves captures recorded from real tmux (testdata/captures:
// capture-pane -e -p of panes that printed coloured text, and their
// cursors) as the screens of the fake's panes, %N getting recording
// N mod 8. It counts what it was asked for.
type fakePreviews struct {
	mu    sync.Mutex
	core  *fakeCore
	text  map[tmux.PaneID]string // overrides the recording
	asked [][]tmux.PaneID
	rec   []recording

	// Change notices, once notices is set: printed is what WaitPrinted
	// and CapturePrinted take; wake is signalled by print. more is what
	// CapturePrinted answers (panes still printing).
	notices bool
	printed []tmux.PaneID
	wake    chan struct{}
	more    bool
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
	f := &fakePreviews{core: core, text: map[tmux.PaneID]string{}, wake: make(chan struct{}, 1)}
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

func (f *fakePreviews) Notices() bool {
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.notices
}

// WaitPrinted blocks until print (do not let the synchronous harness
// run it).
func (f *fakePreviews) WaitPrinted(ctx context.Context) ([]tmux.PaneID, bool) {
	for {
		if p := f.TakePrinted(); p != nil {
			return p, true
		}
		select {
		case <-f.wake:
		case <-ctx.Done():
			return nil, false
		}
	}
}

// CapturePrinted captures printed and what has printed since, in that
// order.
func (f *fakePreviews) CapturePrinted(ctx context.Context, _, printed []tmux.PaneID) ([]tmux.PaneScreen, bool, error) {
	var panes []tmux.PaneID
	for _, p := range slices.Concat(printed, f.TakePrinted()) {
		if !slices.Contains(panes, p) {
			panes = append(panes, p)
		}
	}
	screens, err := f.Capture(ctx, panes)
	f.mu.Lock()
	defer f.mu.Unlock()
	return screens, f.more, err
}

func (f *fakePreviews) TakePrinted() []tmux.PaneID {
	f.mu.Lock()
	defer f.mu.Unlock()
	p := f.printed
	f.printed = nil
	return p
}

// print notes that panes printed.
func (f *fakePreviews) print(panes ...tmux.PaneID) {
	f.mu.Lock()
	f.printed = append(f.printed, panes...)
	f.mu.Unlock()
	select {
	case f.wake <- struct{}{}:
	default:
	}
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
