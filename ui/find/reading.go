package find

import (
	"context"
	"time"

	tea "charm.land/bubbletea/v2"

	"github.com/panemap/panemap/screen/search"
	"github.com/panemap/panemap/tmux"
)

// The panes' text is read once as find opens (in as few command lists as
// fit), into an index a keystroke matches without asking tmux; while find
// is open, the panes whose previews changed are read again, and, once a
// second, those of every window that printed elsewhere.

// Source reads panes' text for find: *panetext.Reader.
type Source interface {
	FindText(ctx context.Context, windows []*tmux.Window, panes []tmux.PaneID) ([]search.Pane, error)
}

// Env is how find's reads reach tmux, as the navigator lends it.
type Env struct {
	Ctx     context.Context
	Timeout time.Duration // bounds each read; the opening read gets four
	// Track runs a command that talks to tmux, counted while it runs so
	// that the navigator waits for it as it ends.
	Track func(func() tea.Msg) tea.Cmd
	Text  Source
	// Windows lists every window of the server, with its panes.
	Windows func(ctx context.Context) ([]*tmux.Window, error)
	// ActiveSince is the panes whose windows printed at or after since
	// (Unix seconds).
	ActiveSince func(ctx context.Context, since int64) ([]tmux.PaneID, error)
}

// ReadMsg answers the read as find opens, or of panes that printed.
type ReadMsg struct {
	// Err is the opening read's failure: find cannot open.
	Err error
	// Since, when not 0, is the Unix second the read began: what printed
	// elsewhere is checked from then on.
	Since   int64
	windows []*tmux.Window // the listing, as find opens
	index   *search.Index
	read    bool // panes' text was read into index: match the query again
}

// ReadAll reads the server's listing and every pane's text, as find
// opens; find's later reads go through env too.
func (m *Model) ReadAll(env Env) tea.Cmd {
	m.env, m.reading = env, true
	ctx, timeout := env.Ctx, env.Timeout
	return env.Track(func() tea.Msg {
		ctx, cancel := context.WithTimeout(ctx, 4*timeout)
		defer cancel()
		since := time.Now().Unix()
		windows, err := env.Windows(ctx)
		if err != nil {
			return ReadMsg{Err: err}
		}
		var panes []tmux.PaneID
		for _, w := range windows {
			for _, p := range w.Panes {
				panes = append(panes, p.ID)
			}
		}
		x := search.New()
		if _, err := readInto(ctx, env.Text, windows, panes, x); err != nil {
			return ReadMsg{Err: err}
		}
		return ReadMsg{windows: windows, index: x, read: true, Since: since}
	})
}

// Idle reports whether the text has been read and no read is in flight:
// a read of what changed can start.
func (m Model) Idle() bool { return m.index != nil && !m.reading }

// ReadActive reads again the panes of every window that printed since
// (Unix seconds): the panes of other sessions and windows, which the
// live previews do not watch. Call it only when Idle.
func (m *Model) ReadActive(since int64) tea.Cmd {
	return m.startRead(func(ctx context.Context, env Env, windows []*tmux.Window, x *search.Index) ReadMsg {
		now := time.Now().Unix()
		panes, err := env.ActiveSince(ctx, since)
		switch {
		case err != nil:
			return ReadMsg{index: x} // ask from the same second next time
		case len(panes) == 0:
			return ReadMsg{index: x, Since: now}
		}
		read, _ := readInto(ctx, env.Text, windows, panes, x)
		return ReadMsg{index: x, read: read, Since: now}
	})
}

// ReadPanes reads again the panes whose previews changed; nil unless
// Idle.
func (m *Model) ReadPanes(panes []tmux.PaneID) tea.Cmd {
	if !m.Idle() || len(panes) == 0 {
		return nil
	}
	return m.startRead(func(ctx context.Context, env Env, windows []*tmux.Window, x *search.Index) ReadMsg {
		read, _ := readInto(ctx, env.Text, windows, panes, x)
		return ReadMsg{index: x, read: read}
	})
}

// startRead marks a read of what changed in flight and runs read, under
// the operations' timeout, on the listing and the index held now.
func (m *Model) startRead(read func(ctx context.Context, env Env, windows []*tmux.Window, x *search.Index) ReadMsg) tea.Cmd {
	m.reading = true
	env, windows, x := m.env, m.windows, m.index
	return env.Track(func() tea.Msg {
		ctx, cancel := context.WithTimeout(env.Ctx, env.Timeout)
		defer cancel()
		return read(ctx, env, windows, x)
	})
}

// readInto reads panes' text (as listed in windows) into x, and answers
// whether anything was read. A failed read keeps what x held.
func readInto(ctx context.Context, src Source, windows []*tmux.Window, panes []tmux.PaneID, x *search.Index) (bool, error) {
	text, err := src.FindText(ctx, windows, panes)
	if err != nil {
		return false, err
	}
	for _, p := range text {
		x.Set(p)
	}
	return len(text) > 0, nil
}

// read takes a read's answer (a failed opening read is the navigator's
// to handle: find closes).
func (m *Model) read(msg ReadMsg) {
	m.reading = false
	if msg.windows != nil {
		m.SetWindows(msg.windows)
	}
	if msg.read {
		m.SetIndex(msg.index) // nothing new otherwise: the matches stand
	}
}
