package termout

import (
	"bytes"
	"io"
	"strconv"
	"strings"
	"sync"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/colorprofile"
	"github.com/charmbracelet/x/ansi"
	"github.com/charmbracelet/x/term"
)

// FirstPaint writes the first map to the terminal the moment the model
// has it, rather than on the renderer's next tick. Bubble Tea writes
// frames only on its frame ticker, and its first tick comes a whole frame
// period (~33 ms at the navigator's 30 frames a second) after the program
// starts: measured in a resident's popup, the map was ready ~10 ms after
// the key press and on screen at ~35 ms, waiting for that tick.
//
// It paints only a terminal the renderer has not written to: once the
// renderer has drawn (an opening slower than its first tick), its later
// frames are drawn as differences from its own, and a paint between them
// would break them. The renderer's first frame erases the screen and
// draws every line; when that frame is the one painted, Shared drops the
// erase, so that the map never blinks out between the two (a screen read
// in between, by a person's eye or capture-pane, found it half drawn).
type FirstPaint struct {
	out     *Shared
	profile colorprofile.Profile
}

// NewFirstPaint paints on out, in the colours profile allows.
func NewFirstPaint(out *Shared, profile colorprofile.Profile) *FirstPaint {
	return &FirstPaint{out: out, profile: profile}
}

// Paint writes v, the first loaded view, if the terminal is still
// untouched: on the alternate screen (the view asks for it), cursor
// hidden, with the view's mouse reporting on (a click on the map as it
// shows must reach it), each line placed by an explicit cursor move so
// that no line can wrap or scroll, colours brought down to the
// terminal's profile as the renderer brings them, and the cursor left
// home, where the renderer's first frame starts. Once painted (or once
// the renderer has drawn), it writes nothing more: v is only noted, as
// Saw notes it.
func (f *FirstPaint) Paint(v tea.View, height int) {
	if f == nil {
		return
	}
	s := f.out
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.written || s.painted != nil {
		s.seen = &v.Content
		return
	}
	var b strings.Builder
	// No erase: nothing was written to the popup's new terminal.
	b.WriteString(ansi.SetModeAltScreenSaveCursor + ansi.HideCursor)
	switch v.MouseMode {
	case tea.MouseModeCellMotion:
		b.WriteString(ansi.SetModeMouseButtonEvent + ansi.SetModeMouseExtSgr)
	case tea.MouseModeAllMotion:
		b.WriteString(ansi.SetModeMouseAnyEvent + ansi.SetModeMouseExtSgr)
	}
	for i, line := range strings.Split(v.Content, "\n") {
		if i >= height {
			break
		}
		b.WriteString("\x1b[" + strconv.Itoa(i+1) + ";1H")
		b.WriteString(line)
	}
	b.WriteString("\x1b[0m" + ansi.CursorHomePosition)
	w := &colorprofile.Writer{Forward: s.w, Profile: f.profile}
	_, _ = io.WriteString(w, b.String())
	s.painted = &v.Content
}

// Saw notes the view the model shows now, writing nothing: whether it is
// still the one painted decides how the renderer's first frame is
// written (Shared).
func (f *FirstPaint) Saw(v tea.View) {
	if f == nil {
		return
	}
	f.out.mu.Lock()
	defer f.out.mu.Unlock()
	f.out.seen = &v.Content
}

// Shared serialises the renderer's writes and the first paint's (the
// renderer writes from its ticker's goroutine, the first paint from the
// program's), and drops the renderer's first erase over a first paint it
// is about to draw again.
type Shared struct {
	mu      sync.Mutex
	w       io.Writer
	written bool    // by the renderer
	framed  bool    // the renderer's first frame, which erases, went out
	painted *string // what the first paint drew
	seen    *string // the latest view the model showed (Saw), nil for none
}

// samePainted says whether the renderer is about to draw what the first
// paint drew: the latest view seen, when one was seen after it (a paint
// sent by a command runs after the model has moved on), is the painted
// one.
func (s *Shared) samePainted() bool {
	return s.painted != nil && (s.seen == nil || *s.seen == *s.painted)
}

// rendererErase is how the renderer's first frame clears the screen
// (ultraviolet's clearScreen).
var rendererErase = []byte(ansi.CursorHomePosition + ansi.EraseEntireScreen)

func (s *Shared) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.written = true
	if !s.framed {
		if i := bytes.Index(p, rendererErase); i >= 0 {
			s.framed = true
			if s.samePainted() {
				q := make([]byte, 0, len(p)-len(rendererErase)+len(ansi.CursorHomePosition))
				q = append(q, p[:i]...)
				q = append(q, ansi.CursorHomePosition...)
				q = append(q, p[i+len(rendererErase):]...)
				_, err := s.w.Write(q)
				return len(p), err
			}
		}
	}
	return s.w.Write(p)
}

// sharedTerminal is Shared over a terminal, which Bubble Tea must
// still see as one (its size, its resizes).
type sharedTerminal struct {
	*Shared
	f term.File
}

func (t sharedTerminal) Read(p []byte) (int, error) { return t.f.Read(p) }
func (t sharedTerminal) Close() error               { return t.f.Close() }
func (t sharedTerminal) Fd() uintptr                { return t.f.Fd() }

// Share wraps w for the renderer, a terminal staying a terminal, and
// returns the Shared under it, for a FirstPaint.
func Share(w io.Writer) (io.Writer, *Shared) {
	s := &Shared{w: w}
	if f, ok := w.(term.File); ok {
		return sharedTerminal{Shared: s, f: f}, s
	}
	return s, s
}
